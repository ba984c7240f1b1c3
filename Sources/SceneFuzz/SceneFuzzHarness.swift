import Foundation
@_spi(LaminaInternal) import Scenes
@_spi(LaminaInternal) import QuartzCore

/// Runs one fuzz input through everything a scene file reaches: `Scene.parse`, and when it parses,
/// frames rendered by `CARenderer` at 64x48 pixels at three media times (on virtual time,
/// `CAMediaClock.manualTime`), clicks on the window's centre and on named layers, the keys and
/// swipes the interactions listen for, timers (`tick`), and `SceneFormatter.format`. Thrown errors
/// are the expected outcome of bad input; anything else (a trap, a hang, memory that grows) is a
/// bug. A testing aid.
@_spi(LaminaInternal) public enum SceneFuzzHarness {
    /// The media times frames are rendered at.
    public static let times: [CFTimeInterval] = [0.37, 2.5, 1234.5]

    /// Exercises `text` (image paths resolve in `directory` and `Scene.assetsDirectory`); true when
    /// it parsed, false when it threw.
    @discardableResult
    public static func exercise(_ text: String, directory: URL?) -> Bool {
        CAMediaClock.manualTime = 0
        defer { CATransaction.flush() }
        let scene: Scene
        do { scene = try Scene.parse(text, file: "fuzz.yaml", directory: directory) } catch { return false }
        // Frames through a frame scheduler on virtual time, as a window runs them: the scene's
        // timers at their times, the input in the app turn after the first frame. Where a layer's
        // time cannot be mapped back exactly, time steps by a second (a fuzz input may loop a
        // layer's timeline; stepping 1/60 s to the last frame would cost 74,000 stops).
        let scale = min(64 / scene.size.width, 48 / scene.size.height)
        let renderer = CARenderer(size: scene.size, scale: scale)
        renderer.layer = scene.root
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: renderer)
        scheduler.fallbackStep = 1
        var input: [() -> Void] = []
        scheduler.onAppTurn = { t in
            scene.tick(t)
            let queued = input
            input = []
            for e in queued { e() }
        }
        scheduler.nextAppTime = { _ in scene.nextTimerTime() }
        try? scheduler.frame(at: times[0])
        input.append { scene.handle(.click(CGPoint(x: scene.size.width / 2, y: scene.size.height / 2))) }
        for name in scene.order.prefix(4) {
            guard let l = scene.layers[name] else { continue }
            input.append { scene.handle(.click(scene.root.convert(CGPoint(x: l.bounds.midX, y: l.bounds.midY), from: l))) }
        }
        var keys = Set(["Space"])
        for i in scene.interactions.prefix(16) { if case .key(let k) = i.trigger { keys.insert(k) } }
        for k in keys.sorted() { input.append { scene.handle(.key(k)) } }
        input.append { scene.handle(.swipe("left")); scene.handle(.swipe("right")) }
        scheduler.settle()
        for t in times.dropFirst() { try? scheduler.frame(at: t) }
        _ = try? SceneFormatter.format(text, file: "fuzz.yaml")
        return true
    }

    /// The resident memory of this process in KiB (VmRSS in /proc/self/status), 0 when unknown,
    /// after freed heap pages are handed back to the system (malloc_trim), so that what remains is
    /// memory still in use rather than the high-water mark of the largest input.
    public static func residentKiB() -> Int {
        _ = glibcMallocTrim(0)
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// glibc's malloc_trim (not in the Glibc module's headers): returns free heap pages to the system.
@_silgen_name("malloc_trim") func glibcMallocTrim(_ pad: Int) -> Int32
