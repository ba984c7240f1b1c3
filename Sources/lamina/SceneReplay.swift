import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// A scene driven on virtual time as a window would drive it: time moves in frames of `step`
/// seconds (and stops exactly at each replayed event), and at every stop the scene's timers fire,
/// due events run, and the transaction is flushed, so completion blocks (`then` steps) start on the
/// frame after their transaction ends, as in a window. Used by eval, render and record.
struct SceneReplay {
    /// The scene being driven.
    let scene: Scene
    /// Events to replay, by media time, sorted.
    private(set) var events: [(time: CFTimeInterval, event: SceneEvent)]
    /// Seconds between stops (one display frame).
    var step: CFTimeInterval = 1.0 / 60
    private var next = 0
    private var now: CFTimeInterval

    /// A replay of `events` (text in the `--after` syntax: "click@T:X,Y key@T:NAME swipe@T:left|right",
    /// space-separated), starting at the current media time.
    init(scene: Scene, events text: String?) throws {
        self.scene = scene
        self.events = try SceneReplay.parse(text ?? "")
        now = CACurrentMediaTime()
    }

    /// Reads the `--after` syntax; errors name the item and say what was expected.
    static func parse(_ text: String) throws -> [(time: CFTimeInterval, event: SceneEvent)] {
        var events: [(time: CFTimeInterval, event: SceneEvent)] = []
        for item in text.split(separator: " ") {
            let parts = item.split(separator: "@", maxSplits: 1)
            let rest = parts.count == 2 ? parts[1].split(separator: ":", maxSplits: 1) : []
            guard rest.count == 2, let t = Double(rest[0]), t >= 0, t.isFinite else {
                throw ValidationError("cannot read the event \"\(item)\"; expected click@T:X,Y, key@T:NAME or swipe@T:left|right")
            }
            switch parts[0] {
            case "click":
                let xy = rest[1].split(separator: ",").compactMap { Double($0) }
                guard xy.count == 2, xy.allSatisfy(\.isFinite) else { throw ValidationError("click wants X,Y in \"\(item)\"") }
                events.append((t, .click(CGPoint(x: xy[0], y: xy[1]))))
            case "key": events.append((t, .key(String(rest[1]))))
            case "swipe":
                guard ["left", "right"].contains(rest[1]) else { throw ValidationError("swipe wants left or right in \"\(item)\"") }
                events.append((t, .swipe(String(rest[1]))))
            default: throw ValidationError("unknown event \"\(parts[0])\" in \"\(item)\"; expected click, key or swipe")
            }
        }
        return events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The last event's time (0 without events).
    var lastEventTime: CFTimeInterval { events.last?.time ?? 0 }

    /// Moves media time to `t`, stopping at every frame and event on the way.
    mutating func advance(to t: CFTimeInterval) {
        repeat {
            var stop = min(t, now + step)
            if next < events.count { stop = min(stop, max(now, events[next].time)) }
            now = stop
            CAMediaClock.manualTime = now
            CATransaction.flush()
            scene.tick(now)
            while next < events.count && events[next].time <= now { scene.handle(events[next].event); next += 1 }
            CATransaction.flush()
        } while now < t
    }
}
