import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes
import Lottie
import Demos

/// What `lamina bench` runs in the window: a scene file (loaded on the real clock, its animations
/// starting when the window first commits; its timers ticked) or a demo in the gallery shell.
final class BenchSource {
    /// The scene's file name or the demo's name.
    let name: String
    /// "scene" or "demo".
    let kind: String
    /// The window size in points.
    let size: CGSize
    /// The layer tree shown.
    let root: CALayer
    /// Called on the app thread on every tick with the media time.
    let tick: (CFTimeInterval) -> Void
    /// Called on the app thread for every input event.
    let handle: (HostEvent) -> Void
    /// When the source next needs a turn of its own (a scene's next timer), on the app thread.
    let nextAppTime: (CFTimeInterval) -> CFTimeInterval

    private init(name: String, kind: String, size: CGSize, root: CALayer, tick: @escaping (CFTimeInterval) -> Void,
                 handle: @escaping (HostEvent) -> Void, nextAppTime: @escaping (CFTimeInterval) -> CFTimeInterval = { _ in .infinity }) {
        self.name = name; self.kind = kind; self.size = size; self.root = root; self.tick = tick; self.handle = handle
        self.nextAppTime = nextAppTime
    }

    /// Opens `spec`: an existing file is a scene, otherwise a demo name. `size` overrides the window
    /// size (a scene's own size, 960x640 for demos, by default). Throws a clear error for a name
    /// that is neither, and prints a scene's located error (exit status 65) when it does not load.
    static func open(_ spec: String, size: CGSize? = nil) throws -> BenchSource {
        AppRunner.installResources()
        if FileManager.default.fileExists(atPath: spec) {
            Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
            let url = URL(fileURLWithPath: spec)
            let scene: Scene
            do { scene = try Scene.load(contentsOf: url) } catch let e as SceneError {
                StandardError.print("\(e)")
                throw ExitCode(65)
            } catch let e as LottieLoadError {
                StandardError.print("\(e)")
                throw ExitCode(65)
            }
            return BenchSource(name: spec, kind: "scene", size: size ?? scene.size, root: scene.root,
                               tick: { scene.tick($0) },
                               handle: { e in
                                   switch e {
                                   case .mouseDown(let p, _): scene.handle(.click(p))
                                   case .key(let k): scene.handle(.key(k))
                                   case .swipe(let s): scene.handle(.swipe(s == .left ? "left" : "right"))
                                   default: break
                                   }
                               },
                               nextAppTime: { _ in scene.nextTimerTime() })
        }
        let demo = DemoCatalog.named(spec)
        guard demo != nil || spec == "gallery" else {
            throw ValidationError("\"\(spec)\" is neither a scene file, a demo nor the gallery; the demos are: " + DemoCatalog.all.map { $0.name }.joined(separator: ", "))
        }
        let s = size ?? CGSize(width: 960, height: 640)
        let shell = DemoShell(size: s, open: demo?.name)
        return BenchSource(name: demo?.name ?? "gallery", kind: demo == nil ? "gallery" : "demo", size: s, root: shell.root, tick: { shell.tick($0) },
                           handle: { e in
                               switch e {
                               case .mouseDown(let p, _): shell.handle(.mouseDown(p))
                               case .mouseUp(let p, _): shell.handle(.mouseUp(p))
                               case .key(let k): shell.handle(.key(k))
                               default: break
                               }
                           })
    }
}
