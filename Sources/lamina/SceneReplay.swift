import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// A scene driven on virtual time through a `FrameScheduler`, as a window would drive it: the
/// scene's timers fire and replayed events (`--after`) run at their exact times, and completion
/// blocks (`then` steps) run when their animations end, however far time jumps. Used by eval,
/// render and record.
final class SceneReplay {
    /// The scene being driven.
    let scene: Scene
    /// Events to replay, by media time, sorted.
    private(set) var events: [(time: CFTimeInterval, event: SceneEvent)]
    private var next = 0
    /// The scheduler driving the scene's frames (virtual clock).
    let scheduler: FrameScheduler

    /// A replay of `events` (text in the `--after` syntax: "click@T:X,Y key@T:NAME swipe@T:left|right",
    /// space-separated) on a virtual clock starting at the current media time, drawing with `renderer`
    /// when frames are drawn.
    init(scene: Scene, events text: String?, renderer: CARenderer? = nil) throws {
        self.scene = scene
        self.events = try SceneReplay.parse(text ?? "")
        scheduler = FrameScheduler(clock: .virtual, renderer: renderer)
        scheduler.onAppTurn = { [unowned self] t in self.turn(at: t) }
        scheduler.nextAppTime = { [unowned self] _ in
            min(self.next < self.events.count ? self.events[self.next].time : .infinity, self.scene.nextTimerTime())
        }
    }

    /// The app's turn at `t`: timers due, then the replayed events due, in order.
    private func turn(at t: CFTimeInterval) {
        scene.tick(t)
        while next < events.count && events[next].time <= t { scene.handle(events[next].event); next += 1 }
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
            case "key":
                if let problem = SceneKeyNames.problem(with: String(rest[1])) { throw ValidationError("--after: \(problem) in \"\(item)\"") }
                events.append((t, .key(String(rest[1]))))
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

    /// Moves media time to `t` and runs the frame there (drawn when the scheduler has a renderer):
    /// everything due on the way runs at its time; with `step`, the replay also stops every `step`
    /// seconds (a frame-by-frame replay, as a window would run it).
    func frame(at t: CFTimeInterval, step: CFTimeInterval? = nil) throws {
        if t > scheduler.time { scheduler.advance(to: t, step: step) }
        try scheduler.frame()
    }
}
