import Foundation
@_spi(LaminaInternal) import Scenes
@_spi(LaminaInternal) import QuartzCore
import CoreGraphics
import Synchronization

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
    public static func exercise(_ text: String, directory: URL?) -> Bool { run(text, directory: directory).parsed }

    /// What one input did: whether it parsed, and the first line of output it made (its error,
    /// a diagnostic as printed, the formatter's text) that holds a raw control character a terminal
    /// would act on (nil when none did: every message must quote input escaped).
    public struct Outcome {
        /// Whether the input parsed.
        public var parsed: Bool
        /// The first output line with a raw control character, escaped for the report.
        public var unsafeOutput: String?
    }

    /// The first line of `text` holding a control character (`TerminalText.isControl`; line feeds
    /// separate lines), escaped; nil when there is none.
    public static func unsafeLine(_ text: String) -> String? {
        text.split(separator: "\n", omittingEmptySubsequences: false).first { !TerminalText.isSafe($0) }.map { TerminalText.escaped($0) }
    }

    /// Exercises `text` as `exercise` does, and checks what it would print: its error's message,
    /// every diagnostic as `LaminaDiagnostics` writes it, and the formatter's output.
    public static func run(_ text: String, directory: URL?) -> Outcome {
        CAMediaClock.manualTime = 0
        defer { CATransaction.flush() }
        let printed = Mutex<String?>(nil)
        @Sendable func check(_ output: String, _ what: String) {
            guard let line = unsafeLine(output) else { return }
            printed.withLock { if $0 == nil { $0 = "\(what): \(line)" } }
        }
        let previous = LaminaDiagnostics.handler
        LaminaDiagnostics.handler = { check(LaminaDiagnostics.printed($0), "a diagnostic") }
        defer { LaminaDiagnostics.handler = previous }
        let scene: Scene
        do { scene = try Scene.parse(text, file: "fuzz.yaml", directory: directory) } catch {
            check("\(error)", "its error")
            return Outcome(parsed: false, unsafeOutput: printed.withLock { $0 })
        }
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
        do { check(try SceneFormatter.format(text, file: "fuzz.yaml"), "the formatted scene") } catch { check("\(error)", "the formatter's error") }
        return Outcome(parsed: true, unsafeOutput: printed.withLock { $0 })
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
