import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// `lamina bench soak [SCENE]`: a stress scene rendered headless for many frames on virtual time
/// (CAMediaClock.manualTime stepping 1/60 s, CATransaction flushed and the scene ticked every
/// frame, CARenderer drawing what changed), printing resident memory (VmRSS) at the start, every
/// 10% and at the end, and whether it grew: the end is compared with the memory after the warm-up
/// (caches and buffers fill during the first frames), allowing a small slack. Exit status 1 when
/// memory grew beyond the slack.
struct BenchSoak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Render a scene headless for many frames on virtual time and check resident memory does not grow."
    )
    @Argument(help: "The scene file.") var scene = "scenes/bench/layers-400.yaml"
    @Option(help: "Frames to render (1/60 s of virtual time each).") var frames = 100_000
    @Option(help: "Frames after which memory is the baseline.") var warmup = 1_000
    @Option(help: "Output size WIDTHxHEIGHT in pixels (default: the scene's window size).") var size: String?
    @Option(help: "Rasteriser threads.") var threads = 2
    @Option(help: "Growth allowed before it counts, MiB.") var slack = 2.0
    @OptionGroup var images: ImageBudgetOption

    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10") }
        guard warmup >= 1, warmup < frames else { throw ValidationError("--warmup must be in 1..<frames") }
        guard (1...16).contains(threads) else { throw ValidationError("--threads must be 1...16") }
        guard slack >= 0 else { throw ValidationError("--slack must not be negative") }
        guard FileManager.default.fileExists(atPath: scene) else {
            throw ValidationError("no scene file \(scene) (run from the repository's root, or name a scene)")
        }
    }

    func run() throws {
        try images.apply()
        let outcome = try BenchSoak.soak(scene: scene, frames: frames, warmup: warmup, size: try size.map(parseSize), threads: threads,
                                         slack: slack) { print($0); fflush(nil) }
        if outcome.grew { throw ExitCode(1) }
    }

    /// What a soak measured, in bytes.
    struct Outcome {
        /// Resident memory before the first frame, after the warm-up and at the end.
        var start: Int, afterWarmup: Int, end: Int
        /// Whether the end exceeds the warm-up's figure by more than the slack.
        var grew: Bool
    }

    /// Loads `scene` on virtual time 0 and renders `frames` frames 1/60 s apart, reporting through
    /// `log`; restores the real clock afterwards.
    static func soak(scene path: String, frames: Int, warmup: Int, size: CGSize? = nil, threads: Int = 2, slack: Double = 2,
                     log: (String) -> Void) throws -> Outcome {
        defer { CAMediaClock.manualTime = nil }
        let scene = try loadScene(path)
        var scale: CGFloat = 1
        if let size { scale = min(size.width / scene.size.width, size.height / scene.size.height) }
        let renderer = CARenderer(size: scene.size, scale: scale)
        renderer.threads = threads
        renderer.layer = scene.root
        let (w, h) = renderer.pixelSize
        log(MachineDescription.current())
        log("# " + MachineLoad.line())
        log("# soak: \(path), \(frames) frames of 1/60 s on virtual time, \(w)x\(h) px, \(threads) rasteriser threads")
        func rss() -> Int { ResidentMemory.current() ?? 0 }
        // Real time for the speed column (media time is virtual).
        func realNow() -> CFTimeInterval { CAMediaClock.monotonicSeconds() }
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: renderer)
        scheduler.onAppTurn = { t in scene.tick(t) }
        scheduler.nextAppTime = { _ in scene.nextTimerTime() }
        let start = rss()
        log("frame 0 rss_mib \(ResidentMemory.mib(start))")
        var afterWarmup = start
        let step = max(1, frames / 10)
        var lapStart = realNow(), lapFrames = 0
        for k in 1...frames {
            try scheduler.frame(at: Double(k) / 60)
            lapFrames += 1
            if k == warmup {
                afterWarmup = rss()
                log("frame \(k) rss_mib \(ResidentMemory.mib(afterWarmup)) (after the warm-up: the baseline)")
            }
            if k % step == 0 || k == frames {
                let now = realNow()
                let ms = (now - lapStart) / Double(max(1, lapFrames)) * 1000
                lapStart = now; lapFrames = 0
                log(String(format: "frame %d rss_mib %@ ms_per_frame %.2f", k, ResidentMemory.mib(rss()), ms))
            }
        }
        let end = rss()
        let grewBy = Double(end - afterWarmup) / 1_048_576
        let grew = grewBy > slack
        log(String(format: "rss_mib start %@ after_warmup %@ end %@: %@ by %.1f MiB from the warm-up (slack %.1f MiB): %@",
                   ResidentMemory.mib(start), ResidentMemory.mib(afterWarmup), ResidentMemory.mib(end),
                   grewBy >= 0 ? "grew" : "shrank", abs(grewBy), slack, grew ? "MEMORY GREW" : "did not grow"))
        return Outcome(start: start, afterWarmup: afterWarmup, end: end, grew: grew)
    }
}
