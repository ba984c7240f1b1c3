import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost

/// `lamina bench idle [gallery|DEMO|SCENE] --seconds 30`: the window left alone, and what it costs:
/// the CPU time of the whole process (every thread, from /proc/self/stat) over the measured seconds,
/// as a percentage of one core, with the frames it drew meanwhile. A benchmark: figures, not
/// pass/fail.
struct BenchIdle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idle",
        abstract: "Leave a window (the gallery by default) idle and print the CPU it uses, from /proc/self/stat."
    )
    @Argument(help: "gallery, a demo name or a scene file.") var source = "gallery"
    @Option(help: "Seconds to measure.") var seconds = 30.0
    @Option(help: "Seconds to let the window settle first (not measured).") var settle = 2.0
    @OptionGroup var images: ImageBudgetOption

    func validate() throws {
        guard seconds.isFinite, seconds >= 1, seconds <= 3600 else { throw ValidationError("--seconds must be 1...3600") }
        guard settle.isFinite, settle >= 0, settle <= 600 else { throw ValidationError("--settle must be 0...600") }
    }

    func run() throws {
        try images.apply()
        let src = try BenchSource.open(source)
        let host: WindowHost
        do { host = try WindowHost(title: "Lamina bench idle — \(src.name)", size: src.size) } catch {
            throw BenchError(description: "lamina bench idle needs a display (\(error)); under Xvfb: Xvfb :99 -screen 0 1280x800x24 & DISPLAY=:99 lamina bench idle")
        }
        host.layer = src.root
        host.onTick = src.tick
        host.nextAppTime = src.nextAppTime
        host.onEvent = { e in if case .quit = e { host.stop() }; src.handle(e) }
        host.run(seconds: settle)
        let framesBefore = host.frameCount, idleBefore = host.times.idleRefreshes
        guard let cpu0 = ProcessCPUTime.current() else { throw BenchError(description: "cannot read /proc/self/stat") }
        let wall0 = CAMediaClock.monotonicSeconds()
        host.run(seconds: seconds)
        let wall1 = CAMediaClock.monotonicSeconds()
        guard let cpu1 = ProcessCPUTime.current() else { throw BenchError(description: "cannot read /proc/self/stat") }
        let percent = (cpu1 - cpu0) / (wall1 - wall0) * 100
        print(MachineDescription.current())
        print("# " + MachineLoad.line())
        print(String(format: "# idle: %@ (%@) left alone for %.1f s after %.1f s to settle, display %.0f Hz, %@",
                     src.name, src.kind, wall1 - wall0, settle, host.refreshRate, BenchLoop.display))
        print(String(format: "cpu_percent_of_one_core %.2f (%.3f s of CPU)", percent, cpu1 - cpu0))
        print("frames_presented \(host.frameCount - framesBefore) idle_refreshes \(host.times.idleRefreshes - idleBefore)")
    }
}
