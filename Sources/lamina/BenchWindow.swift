import ArgumentParser
import Foundation
import QuartzCore
import SDLHost
import Demos

/// `lamina bench window DEMO`: the real window loop for N frames, then the frame-interval statistics
/// and the time per frame phase (a benchmark: figures, never pass/fail).
struct BenchWindow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open a demo in the real window for N frames and print frame intervals and phase times."
    )
    @Argument(help: "The demo (see lamina demo --list).") var demo = "stress"
    @Option(help: "Frames to run.") var frames = 300
    @Option(help: "Window size in points, WIDTHxHEIGHT.") var size = "960x640"
    @Flag(help: "Click the demo's centre once at the start (starts most demos' animations).") var click = false

    func validate() throws {
        guard DemoCatalog.named(demo) != nil else { throw ValidationError("no demo named \"\(demo)\"") }
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10") }
    }

    func run() throws {
        AppRunner.installResources()
        let sz = try parseSize(size)
        let host: WindowHost
        do { host = try WindowHost(title: "Lamina bench — \(demo)", size: sz) } catch {
            throw ValidationError("lamina bench window needs a display (\(error)); try Xvfb :99 & DISPLAY=:99 lamina bench window \(demo)")
        }
        let shell = DemoShell(size: sz, open: demo)
        host.layer = shell.root
        host.onTick = { t in shell.tick(t) }
        if click { host.simulate(.mouseDown(CGPoint(x: sz.width / 2, y: sz.height / 2), button: 1)) }
        host.onEvent = { e in if case .mouseDown(let p, _) = e { shell.handle(.mouseDown(p)) } }
        host.run(frames: frames)
        let t = host.times
        func stats(_ a: [Double]) -> (min: Double, med: Double, p95: Double, p99: Double, max: Double) {
            let s = a.sorted().map { $0 * 1000 }
            guard !s.isEmpty else { return (0, 0, 0, 0, 0) }
            func q(_ f: Double) -> Double { s[min(s.count - 1, Int(Double(s.count - 1) * f))] }
            return (s.first!, q(0.5), q(0.95), q(0.99), s.last!)
        }
        print(MachineDescription.current())
        print(String(format: "# %@, %d frames, display %.0f Hz, %@", demo, host.frameCount, host.refreshRate,
                     ProcessInfo.processInfo.environment["DISPLAY"] ?? "?"))
        let i = stats(t.intervals)
        print(String(format: "interval_ms min %.2f median %.2f p95 %.2f p99 %.2f max %.2f missed %d", i.min, i.med, i.p95, i.p99, i.max, t.missed))
        for (name, values) in [("evaluate", t.evaluate), ("rasterise", t.rasterise), ("present", t.present)] {
            let s = stats(values)
            print(String(format: "%@_ms min %.2f median %.2f p95 %.2f max %.2f", name, s.min, s.med, s.p95, s.max))
        }
    }
}
