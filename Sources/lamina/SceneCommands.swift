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

    func run() throws {
        let s = try loadScene(scene)
        var scale: CGFloat = 1
        if let size {
            let px = try parseSize(size)
            scale = min(px.width / s.size.width, px.height / s.size.height)
        }
        CAMediaClock.manualTime = at
        CATransaction.flush()
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
    @Option(help: "Interactions to replay first, comma-separated: click@T:X,Y key@T:NAME swipe@T:left|right (e.g. \"click@0.5:300,200 key@1:Space\", space-separated).") var after: String?

    func run() throws {
        let s = try loadScene(scene)
        var events: [(CFTimeInterval, SceneEvent)] = []
        for item in (after ?? "").split(separator: " ") {
            let parts = item.split(separator: "@", maxSplits: 1)
            guard parts.count == 2, let rest = Optional(parts[1].split(separator: ":", maxSplits: 1)), rest.count == 2,
                  let t = Double(rest[0]), t >= 0, t <= at else {
                throw ValidationError("cannot read the event \"\(item)\"; expected click@T:X,Y, key@T:NAME or swipe@T:left|right with T <= --at")
            }
            switch parts[0] {
            case "click":
                let xy = rest[1].split(separator: ",").compactMap { Double($0) }
                guard xy.count == 2 else { throw ValidationError("click wants X,Y in \"\(item)\"") }
                events.append((t, .click(CGPoint(x: xy[0], y: xy[1]))))
            case "key": events.append((t, .key(String(rest[1]))))
            case "swipe": events.append((t, .swipe(String(rest[1]))))
            default: throw ValidationError("unknown event \"\(parts[0])\" in \"\(item)\"; expected click, key or swipe")
            }
        }
        events.sort { $0.0 < $1.0 }
        // Step virtual time through the events (and timers) up to --at.
        let timers = s.interactions.compactMap { i -> CFTimeInterval? in
            if case .timer(let t) = i.trigger, s.loadTime + t <= at { return s.loadTime + t }
            return nil
        }
        var times = events.map(\.0) + timers + [at]
        times = Array(Set(times)).sorted()
        var next = 0
        for t in times {
            CAMediaClock.manualTime = t
            CATransaction.flush()
            s.tick(t)
            while next < events.count && events[next].0 <= t { s.handle(events[next].1); next += 1 }
            CATransaction.flush()
        }
        print(SceneJSON.presentation(of: s, at: at))
    }
}
