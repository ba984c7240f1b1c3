import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes
import Lottie

/// Loads a scene on virtual time 0 (its animations start at 0), printing a located error on failure.
func loadScene(_ path: String) throws -> Scene {
    AppRunner.installResources()
    Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
    Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
    CAMediaClock.manualTime = 0
    do {
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: BundledScenes.resolve(path)))
        CATransaction.flush()
        LottieOptions.printDiagnostics(of: scene)
        return scene
    } catch let e as SceneError {
        StandardError.print("\(e)")
        throw ExitCode(65)
    } catch let e as LottieLoadError {
        StandardError.print("\(e)")
        throw ExitCode(65)
    }
}

/// Refuses a media time that is not a finite, non-negative number of seconds, naming the option.
func validateMediaTime(_ t: Double, option: String) throws {
    guard t.isFinite else { throw ValidationError("\(option) \(t) is not a time: give a finite number of seconds") }
    guard t >= 0 else { throw ValidationError("\(option) \(t) is before the scene starts: give 0 or more seconds") }
}

/// `lamina render SCENE|DEMO --at T -o frame.png`: one frame on virtual time.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render one frame of a scene or demo at a time, headless, to a PNG or JPEG file.")
    @Argument(help: "A scene file, a bundled scene's name (lamina scenes) or a demo's name (lamina demo --list).") var scene: String
    @Option(parsing: .unconditional, help: "Media time in seconds (a Lottie file: seconds from its first frame, frame = ip + seconds x fr).") var at = 0.0
    @Option(parsing: .unconditional, help: "A Lottie file (or a scene's first lottie: layer): show this frame, held (as currentFrame = N).") var frame: Double?
    @Option(name: .shortAndLong, help: "Output image: .png or .jpg.") var output = "frame.png"
    @Option(help: "Output size WIDTHxHEIGHT in pixels, the source's shape (default: its size in points); for a Lottie file, a box the composition is fitted in.") var size: String?
    @Option(help: "For a scene: interactions to replay first, \"click@T:X,Y key@T:NAME swipe@T:left|right\" (space-separated).") var after: String?
    @Flag(help: "For a demo: click the centre at the start (starts most demos).") var click = false
    @Option(help: "Rasteriser threads, 1...16 (default: the cores, at most 2; each band of a large frame holds its own part of every offscreen group); the pixels are the same for any count.") var threads: Int?
    @OptionGroup var images: ImageBudgetOption

    func validate() throws {
        if let threads, !(1...16).contains(threads) { throw ValidationError("--threads must be 1...16") }
        try validateMediaTime(at, option: "--at")
        if let frame { guard frame.isFinite else { throw ValidationError("--frame \(frame) is not a frame number") } }
        _ = try OutputFormat.image(output)
        if let after { _ = try SceneReplay.parse(after) }
    }

    func run() throws {
        try images.apply()
        let format = try OutputFormat.image(output)
        let source = try FrameSource(scene)
        let pixels = try size.map { try source.pixelSize($0) }
        let scale = source.scale(for: pixels)
        let r = CARenderer(size: source.canvasSize(for: pixels, scale: scale), scale: scale)
        // Bands on several threads draw what one thread draws, bit for bit (large shadows too: see
        // LargeShadowBandTests), so a frame is split whatever its content.
        r.threads = threads ?? min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 2)
        r.layer = source.root
        if let s = source.scene {
            if let frame { try LottieOptions.hold(frame: frame, in: s) }
            let replay = try SceneReplay(scene: s, events: after, renderer: r)
            guard replay.lastEventTime <= at else { throw ValidationError("--after has events later than --at \(at)") }
            try replay.frame(at: at)
        } else {
            guard after == nil else { throw ValidationError("--after replays a scene's interactions; \(scene) is a demo (use --click)") }
            guard frame == nil else { throw ValidationError("--frame is for a Lottie file; \(scene) is a demo (use --at)") }
            let scheduler = source.demoScheduler(renderer: r, framePeriod: 1.0 / 60, click: click)
            scheduler.advance(to: at, step: 1.0 / 60)
            try scheduler.frame()
        }
        try ImageFileWriter.write(r.makeImage(), to: output, format: format)
        let when = frame.map { "frame \($0.formatted())" } ?? "t = \(at) s"
        print(TerminalText.escaped("wrote \(output) (\(r.pixelSize.width)x\(r.pixelSize.height), \(when))"))
    }
}

/// `lamina eval SCENE --at T`: the presentation values of every named layer, as JSON (valid for
/// every scene: see `SceneJSON` for how numbers are printed and why a value may be null). With
/// `--from A --to B --step S`: a time series (`EvalSeries`), as JSON or CSV, and `--plot` draws it.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "eval", abstract: "Print the presentation values of a scene's named layers at a time (JSON), or over time (JSON or CSV, and a plot).")
    @Argument(help: "The scene file, or a bundled scene's name (lamina scenes).") var scene: String
    @Option(parsing: .unconditional, help: "Media time in seconds (a Lottie file: seconds from its first frame).") var at: Double?
    @Option(parsing: .unconditional, help: "A Lottie file (or a scene's first lottie: layer): hold this frame (as currentFrame = N).") var frame: Double?
    @Option(parsing: .unconditional, help: "A time series from this time (seconds)...") var from: Double?
    @Option(parsing: .unconditional, help: "...to this time...") var to: Double?
    @Option(parsing: .unconditional, help: "...every this many seconds.") var step: Double?
    @Option(help: "For a time series: only these layers (names, comma-separated).") var layer: String?
    @Option(help: "For a time series: only these key paths (position, opacity, transform..., comma-separated; default: those that change).") var key: String?
    @Option(help: "For a time series: json or csv.") var format = "json"
    @Option(help: "For a time series: also draw it to this PNG file (value against time, a panel a key path).") var plot: String?
    @Option(help: "Interactions to replay first: click@T:X,Y key@T:NAME swipe@T:left|right, space-separated (e.g. \"click@0.5:300,200 key@1:Space\").") var after: String?
    @OptionGroup var images: ImageBudgetOption

    /// The most samples a series may have.
    static let maxSamples = 100_000

    var isSeries: Bool { from != nil || to != nil || step != nil }

    func validate() throws {
        if let after { _ = try SceneReplay.parse(after) }
        if let frame {
            guard frame.isFinite else { throw ValidationError("--frame \(frame) is not a frame number") }
            guard !isSeries else { throw ValidationError("--frame holds one frame; a time series takes --from, --to and --step instead") }
        }
        guard isSeries else {
            try validateMediaTime(at ?? 0, option: "--at")
            for (name, given) in [("--layer", layer != nil), ("--key", key != nil), ("--plot", plot != nil), ("--format", format != "json")] where given {
                throw ValidationError("\(name) is for a time series: give --from, --to and --step")
            }
            return
        }
        guard at == nil else { throw ValidationError("--at is one time; a time series takes --from, --to and --step instead") }
        guard let from, let to, let step else { throw ValidationError("a time series needs all of --from, --to and --step") }
        try validateMediaTime(from, option: "--from")
        try validateMediaTime(to, option: "--to")
        guard step.isFinite, step > 0 else { throw ValidationError("--step \(step) is not a positive, finite number of seconds") }
        guard to >= from else { throw ValidationError("--to \(to) is before --from \(from)") }
        guard (to - from) / step < Double(EvalCommand.maxSamples) else {
            throw ValidationError("--from \(from) --to \(to) --step \(step) is more than \(EvalCommand.maxSamples) samples: take a larger step")
        }
        guard ["json", "csv"].contains(format) else { throw ValidationError("--format \(format): give json or csv") }
        if let plot { guard OutputFormat(path: plot) == .png else { throw ValidationError("--plot \(plot): the plot is a .png file") } }
    }

    func run() throws {
        try images.apply()
        let s = try loadScene(scene)
        if let frame { try LottieOptions.hold(frame: frame, in: s) }
        let replay = try SceneReplay(scene: s, events: after)
        // One time: the events must come before it. A series replays the events on its way, each
        // at its time between the samples, so they may come up to its last time.
        let end = isSeries ? to! : (at ?? 0)
        guard replay.lastEventTime <= end else { throw ValidationError("--after has events later than \(isSeries ? "--to" : "--at") \(end)") }
        guard isSeries else {
            try replay.frame(at: end)
            let document = SceneJSON.document(of: s, at: end)
            print(document.text)
            // JSON has no infinities or NaN: those values are printed as null, and named here.
            for (path, value) in document.nonFinite {
                StandardError.print("lamina: eval: \(path) is \(value), not a finite number; printed as null")
            }
            return
        }
        func list(_ s: String?) -> [String]? { s.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } }
        let series = try EvalSeries.sample(replay, times: EvalSeries.times(from: from!, to: to!, step: step!), layers: list(layer), keys: list(key))
        print(format == "csv" ? series.csv : series.json, terminator: "")
        if let plot {
            let size = try EvalPlot.write(series, to: plot)
            StandardError.print("lamina: eval: plotted \(series.series.count) key path\(series.series.count == 1 ? "" : "s") to \(plot) (\(size.width)x\(size.height))")
        }
    }
}
