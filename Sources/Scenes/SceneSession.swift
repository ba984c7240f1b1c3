import Foundation
import QuartzCore

/// A scene file kept live: loaded once, then reloaded whenever the file or an asset it reads is
/// saved, keeping the state of layers whose names match (see `Scene.adoptState(from:)`). A save
/// that does not load keeps the last good scene and reports the error; the next good save clears
/// it. Nothing here stops on bad input. Poll it once a frame with the media time.
public final class SceneSession {
    /// What a poll found.
    public enum Outcome: Equatable {
        /// No settled change.
        case unchanged
        /// The file changed and the new scene replaced the old.
        case reloaded
        /// The file changed but did not load; the last good scene runs on. The text is the located error.
        case failed(String)
    }

    /// The scene file.
    public let url: URL
    /// The scene running now (the last good one).
    public private(set) var scene: Scene
    /// The error of the last save, while it is not fixed.
    public private(set) var error: String?
    /// How many saves reloaded the scene, and how many failed.
    public private(set) var reloads = 0, failures = 0
    private let watcher: FileWatcher

    /// Loads the scene (throwing its located error) and starts watching it and its assets.
    public init(url: URL) throws {
        self.url = url
        scene = try Scene.load(contentsOf: url)
        watcher = FileWatcher(url: url, also: scene.assets)
    }

    /// Opens `url` even when it does not load (a window can then show the error and wait for a good
    /// save): the scene is an empty one of `placeholderSize` points, `error` holds the located
    /// error, and the next save that loads replaces it (`poll` returns `.reloaded`).
    public init(opening url: URL, placeholderSize: CGSize = CGSize(width: 640, height: 480)) {
        self.url = url
        do { scene = try Scene.load(contentsOf: url) } catch {
            self.error = "\(error)"
            failures = 1
            let w = max(1, Int(placeholderSize.width)), h = max(1, Int(placeholderSize.height))
            // A fixed, valid text: parsing it cannot fail.
            scene = try! Scene.parse("window:\n  size: [\(w), \(h)]\nlayers: []\n", file: url.path)
        }
        watcher = FileWatcher(url: url, also: scene.assets)
    }

    /// How long a file must be quiet before it is read (seconds).
    public var settle: Double {
        get { watcher.settle }
        set { watcher.settle = newValue }
    }

    /// Fires due timers, then reloads if the file or an asset changed and has settled by `now`.
    @discardableResult
    public func poll(now: CFTimeInterval) -> Outcome {
        scene.tick(now)
        guard watcher.poll(now: now) else { return .unchanged }
        return reload()
    }

    /// Reads the file again now, whatever the watcher says. With `fresh`, the scene starts from
    /// its beginning (a window's restart key) instead of keeping the state of its layers.
    @discardableResult
    public func reload(fresh: Bool = false) -> Outcome {
        do {
            let next = try Scene.load(contentsOf: url)
            if !fresh { next.adoptState(from: scene) }
            scene = next
            watcher.watch(also: next.assets)
            error = nil
            reloads += 1
            return .reloaded
        } catch {
            let text = "\(error)"
            self.error = text
            failures += 1
            return .failed(text)
        }
    }
}
