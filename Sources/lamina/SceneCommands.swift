import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes

/// Loads a scene on virtual time 0 (its animations start at 0), printing a located error on failure.
func loadScene(_ path: String) throws -> Scene {
    AppRunner.installResources()
    Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
    Scene.assetsDirectory = SDLFontProvider.assetsDirectory
    CAMediaClock.manualTime = 0
    do {
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: BundledScenes.resolve(path)))
        CATransaction.flush()
        return scene
    } catch let e as SceneError {
        FileHandle.standardError.write(Data("\(e)\n".utf8))
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
    @Option(parsing: .unconditional, help: "Media time in seconds.") var at = 0.0
    @Option(name: .shortAndLong, help: "Output image: .png or .jpg.") var output = "frame.png"
    @Option(help: "Output size WIDTHxHEIGHT in pixels, the source's shape (default: its size in points).") var size: String?
    @Option(help: "For a scene: interactions to replay first, \"click@T:X,Y key@T:NAME swipe@T:left|right\" (space-separated).") var after: String?
    @Flag(help: "For a demo: click the centre at the start (starts most demos).") var click = false

    func validate() throws {
        try validateMediaTime(at, option: "--at")
        _ = try OutputFormat.image(output)
        if let after { _ = try SceneReplay.parse(after) }
    }

    func run() throws {
        let format = try OutputFormat.image(output)
        let source = try FrameSource(scene)
        let scale = source.scale(for: try size.map { try parsePixelSize($0, for: source.pointSize) })
        let r = CARenderer(size: source.pointSize, scale: scale)
        r.layer = source.root
        if let s = source.scene {
            let replay = try SceneReplay(scene: s, events: after, renderer: r)
            guard replay.lastEventTime <= at else { throw ValidationError("--after has events later than --at \(at)") }
            try replay.frame(at: at)
        } else {
            guard after == nil else { throw ValidationError("--after replays a scene's interactions; \(scene) is a demo (use --click)") }
            let scheduler = source.demoScheduler(renderer: r, framePeriod: 1.0 / 60, click: click)
            scheduler.advance(to: at, step: 1.0 / 60)
            try scheduler.frame()
        }
        try ImageFileWriter.write(r.makeImage(), to: output, format: format)
        print("wrote \(output) (\(r.pixelSize.width)x\(r.pixelSize.height), t = \(at) s)")
    }
}

/// `lamina eval SCENE --at T`: the presentation values of every named layer, as JSON (valid for
/// every scene: see `SceneJSON` for how numbers are printed and why a value may be null).
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "eval", abstract: "Print the presentation values of a scene's named layers at a time, as JSON.")
    @Argument(help: "The scene file.") var scene: String
    @Option(help: "Media time in seconds.") var at = 0.0
    @Option(help: "Interactions to replay first: click@T:X,Y key@T:NAME swipe@T:left|right, space-separated (e.g. \"click@0.5:300,200 key@1:Space\").") var after: String?

    func validate() throws { try validateMediaTime(at, option: "--at") }

    func run() throws {
        let s = try loadScene(scene)
        let replay = try SceneReplay(scene: s, events: after)
        guard replay.lastEventTime <= at else { throw ValidationError("--after has events later than --at \(at)") }
        try replay.frame(at: at)
        let document = SceneJSON.document(of: s, at: at)
        print(document.text)
        // JSON has no infinities or NaN: those values are printed as null, and named here.
        for (path, value) in document.nonFinite {
            FileHandle.standardError.write(Data("lamina: eval: \(path) is \(value), not a finite number; printed as null\n".utf8))
        }
    }
}
