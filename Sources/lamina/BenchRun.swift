import ArgumentParser
import Foundation
import LaminaRecording

/// `lamina bench SCENE|DEMO` (also `lamina bench run ...` and the older `lamina bench window ...`):
/// the real window loop for N frames, then the frame-interval statistics (min, median, p95, p99,
/// max, missed vsyncs) and the time per frame phase (commit, evaluate, rasterise, present), as text
/// or JSON. A benchmark: figures printed with the machine, never pass/fail.
struct BenchRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scene or demo in the real window for N frames; print frame intervals and phase times (the default: lamina bench SCENE|DEMO).",
        aliases: ["window"]
    )
    @Argument(help: "A scene file or a demo name (lamina demo --list).") var source = "stress"
    @Option(help: "Frames to measure.") var frames = 300
    @Option(help: "Frames to run first, not measured.") var warmup = 30
    @Option(help: "Window size in points, WIDTHxHEIGHT (default: the scene's, or 960x640 for a demo).") var size: String?
    @Option(help: "Display units per point: 2 draws the window at two pixels per point on X11 (a Retina-like 4K desktop).") var scale: Double = 1
    @Option(help: "Record the window's presented frames, with their true timestamps, to this video (.mp4, .webm, .mkv, .mov, .gif).") var record: String?
    @Flag(help: "Click the centre once at the start (starts most demos' animations).") var click = false
    @Flag(help: "Print the figures as JSON.") var json = false
    @OptionGroup var images: ImageBudgetOption

    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10") }
        guard warmup >= 0 else { throw ValidationError("--warmup must not be negative") }
        guard scale >= 0.25 && scale <= 8 else { throw ValidationError("--scale must be between 0.25 and 8") }
        if let record, !FFmpegPipe.isVideo(record) {
            throw ValidationError("--record wants a video file name ending in " + FFmpegPipe.videoExtensions.map { "." + $0 }.joined(separator: ", "))
        }
    }

    func run() throws {
        try images.apply()
        let src = try BenchSource.open(source, size: try size.map(parseSize))
        let loadBefore = MachineLoad.line()
        let result = try BenchLoop.run(src, frames: frames, warmup: warmup, scale: scale, record: record, click: click)
        if let r = result.recording { StandardError.print("lamina: \(r)") }
        if json {
            print(try result.json(machine: MachineDescription.current(), display: BenchLoop.display))
        } else {
            print(MachineDescription.current())
            print("# before: \(loadBefore)")
            print("# after: \(MachineLoad.line())")
            print(result.text(display: BenchLoop.display))
        }
    }
}
