import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes

/// `lamina run SCENE`: the scene in a window, reloaded whenever its file is saved. A save that does
/// not parse leaves the last good scene running and shows the error in the window's banner and on
/// stderr; the next good save clears it.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open a scene in a window and reload it on every save.")
    @Argument(help: "The scene file.") var scene: String
    @Option(help: "Quit after this many frames (for scripts).") var frames: Int?

    func run() throws {
        AppRunner.installResources()
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        let url = URL(fileURLWithPath: scene)
        var current: Scene
        do { current = try Scene.load(contentsOf: url) } catch let e as SceneError {
            FileHandle.standardError.write(Data("\(e)\n".utf8))
            throw ExitCode(65)
        }
        let host: WindowHost
        do { host = try WindowHost(title: "Lamina — \(url.lastPathComponent)", size: current.size) } catch {
            throw ValidationError("lamina run needs a display (\(error)); lamina render and lamina eval work headless")
        }
        host.layer = current.root
        let watcher = FileWatcher(url: url)
        host.onTick = { now in
            current.tick(now)
            guard watcher.poll(now: now) else { return }
            do {
                let next = try Scene.load(contentsOf: url)
                current = next
                host.layer = next.root
                host.showBanner(nil)
                print("lamina: reloaded \(url.lastPathComponent)")
            } catch {
                host.showBanner("\(error)")
                FileHandle.standardError.write(Data("\(error)\n".utf8))
            }
        }
        host.onEvent = { e in
            switch e {
            case .quit: host.stop()
            case .mouseDown(let p, _): current.handle(.click(p))
            case .key(let k): current.handle(.key(k))
            case .swipe(let s): current.handle(.swipe(s == .left ? "left" : "right"))
            default: break
            }
        }
        host.run(frames: frames)
        _ = current
    }
}
