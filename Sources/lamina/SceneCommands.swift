import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes

/// Loads a scene on virtual time 0 (its animations start at 0), printing a located error on failure.
func loadScene(_ path: String) throws -> Scene {
    AppRunner.installResources()
    Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
    Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
    CAMediaClock.manualTime = 0
    do {
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: path))
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

/// `lamina render SCENE --at T -o frame.png`: one frame on virtual time.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render one frame of a scene at a time, headless.")
    @Argument(help: "The scene file.") var scene: String
    @Option(help: "Media time in seconds.") var at = 0.0
    @Option(name: .shortAndLong, help: "Output PNG.") var output = "frame.png"
    @Option(help: "Output size WIDTHxHEIGHT in pixels (default: the scene's window size).") var size: String?
    @Option(help: "Interactions to replay first: \"click@T:X,Y key@T:NAME swipe@T:left|right\" (space-separated).") var after: String?

    func validate() throws { try validateMediaTime(at, option: "--at") }

    func run() throws {
        let s = try loadScene(scene)
        var scale: CGFloat = 1
        if let size {
            let px = try parseSize(size)
            scale = min(px.width / s.size.width, px.height / s.size.height)
        }
        let r = CARenderer(size: s.size, scale: scale)
        r.layer = s.root
        let replay = try SceneReplay(scene: s, events: after, renderer: r)
        guard replay.lastEventTime <= at else { throw ValidationError("--after has events later than --at \(at)") }
        try replay.frame(at: at)
        try PNGCodec.write(r.makeImage(), to: URL(fileURLWithPath: output))
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
