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
        CATransaction.flush()
        render(scene, at: times[0])
        scene.handle(.click(CGPoint(x: scene.size.width / 2, y: scene.size.height / 2)))
        for name in scene.order.prefix(4) {
            guard let l = scene.layers[name] else { continue }
            scene.handle(.click(scene.root.convert(CGPoint(x: l.bounds.midX, y: l.bounds.midY), from: l)))
        }
        var keys = Set(["Space"])
        for i in scene.interactions.prefix(16) { if case .key(let k) = i.trigger { keys.insert(k) } }
        for k in keys.sorted() { scene.handle(.key(k)) }
        scene.handle(.swipe("left")); scene.handle(.swipe("right"))
        for t in times.dropFirst() {
            CAMediaClock.manualTime = t
            scene.tick(t)
            CATransaction.flush()
            render(scene, at: t)
        }
        _ = try? SceneFormatter.format(text, file: "fuzz.yaml")
        return true
    }

    /// One frame of the whole window, scaled to fit 64x48 pixels.
    static func render(_ scene: Scene, at t: CFTimeInterval) {
        let scale = min(64 / scene.size.width, 48 / scene.size.height)
        let r = CARenderer(size: scene.size, scale: scale)
        r.layer = scene.root
        r.beginFrame(atTime: t, timeStamp: nil)
        r.render()
        r.endFrame()
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
