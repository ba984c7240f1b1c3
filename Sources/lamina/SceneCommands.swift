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
        let scene = try Scene.load(contentsOf: URL(fileURLWithPath: path))
        CATransaction.flush()
        return scene
    } catch let e as SceneError {
        FileHandle.standardError.write(Data("\(e)\n".utf8))
        throw ExitCode(65)
    }
}

/// `lamina render SCENE --at T -o frame.png`: one frame on virtual time.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render one frame of a scene at a time, headless.")
    @Argument(help: "The scene file.") var scene: String
    @Option(help: "Media time in seconds.") var at = 0.0
    @Option(name: .shortAndLong, help: "Output PNG.") var output = "frame.png"
    @Option(help: "Output size WIDTHxHEIGHT in pixels (default: the scene's window size).") var size: String?
    @Option(help: "Interactions to replay first: \"click@T:X,Y key@T:NAME swipe@T:left|right\" (space-separated).") var after: String?

    func run() throws {
        let s = try loadScene(scene)
        var replay = try SceneReplay(scene: s, events: after)
        guard replay.lastEventTime <= at else { throw ValidationError("--after has events later than --at \(at)") }
        var scale: CGFloat = 1
        if let size {
            let px = try parseSize(size)
            scale = min(px.width / s.size.width, px.height / s.size.height)
        }
        replay.advance(to: at)
        let r = CARenderer(size: s.size, scale: scale)
        r.layer = s.root
        r.beginFrame(atTime: at, timeStamp: nil); r.render(); r.endFrame()
        try PNGCodec.write(r.makeImage(), to: URL(fileURLWithPath: output))
        print("wrote \(output) (\(r.pixelSize.width)x\(r.pixelSize.height), t = \(at) s)")
    }
}

/// `lamina eval SCENE --at T`: the presentation values of every named layer, as JSON.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "eval", abstract: "Print the presentation values of a scene's named layers at a time, as JSON.")
    @Argument(help: "The scene file.") var scene: String
    @Option(help: "Media time in seconds.") var at = 0.0
    @Option(help: "Interactions to replay first: click@T:X,Y key@T:NAME swipe@T:left|right, space-separated (e.g. \"click@0.5:300,200 key@1:Space\").") var after: String?

    func run() throws {
        let s = try loadScene(scene)
        var replay = try SceneReplay(scene: s, events: after)
        guard replay.lastEventTime <= at else { throw ValidationError("--after has events later than --at \(at)") }
        replay.advance(to: at)
        print(SceneJSON.presentation(of: s, at: at))
    }
}
