import Foundation
import QuartzCore
import CSDL2

/// The part of a window any thread may use while it runs: stop it, retitle or resize it, put input
/// into its queue, show a message, read its counts. `WindowHost` itself belongs to the main thread
/// (and its app side to the app thread while it runs); hand this to other threads instead.
///
/// Threads: any. It holds only immutable values and the window's shared state (`WindowShared`, one
/// mutex); SDL's window calls it asks for run on the main thread (`SDL_PushEvent` is thread-safe).
public final class WindowHandle: Sendable {
    /// What the window's threads share.
    let shared: WindowShared
    /// SDL's id of the window (the main thread finds the window by it).
    let windowID: UInt32
    /// Window units per point.
    let scale: CGFloat

    init(shared: WindowShared, windowID: UInt32, scale: CGFloat) {
        self.shared = shared
        self.windowID = windowID
        self.scale = scale
    }

    /// Sets (or with nil removes) the hook called after every present: `WindowHost.onPresent`,
    /// from any thread (a recorder detaching itself).
    package func setOnPresent(_ hook: (@Sendable (CGImage, CFTimeInterval) -> Void)?) {
        shared.withLock { $0.onPresent = hook }
    }

    /// Ends `run()`.
    public func stop() {
        shared.stop()
        shared.wake()
    }

    /// Sets the window's title: at once on the main thread, otherwise when the main thread next
    /// handles its events. The gallery retitles its window from the app thread when a demo opens.
    public func setTitle(_ newTitle: String) {
        let shared = shared, id = windowID
        shared.onMainThread {
            guard let window = SDL_GetWindowFromID(id) else { return }
            shared.withLock { $0.title = newTitle }
            SDL_SetWindowTitle(window, newTitle)
        }
    }

    /// Resizes the window to `size` points (`size` × `scale` in the display's units) (for a scene
    /// file whose window size changed on reload): the next frame is drawn at the new size; SDL's
    /// window is resized on the main thread (at once there, otherwise when it next handles its events).
    public func setContentSize(_ size: CGSize) {
        let w = max(1, Int32(size.width.rounded())), h = max(1, Int32(size.height.rounded()))
        shared.withLock { $0.pointSize = CGSize(width: CGFloat(w), height: CGFloat(h)) }
        let units = (Int32((CGFloat(w) * scale).rounded()), Int32((CGFloat(h) * scale).rounded()))
        let id = windowID
        shared.onMainThread { if let window = SDL_GetWindowFromID(id) { SDL_SetWindowSize(window, units.0, units.1) } }
    }

    /// Shows `text` in the window's toast at the app thread's next turn (for `seconds`).
    public func showToast(_ text: String, seconds: Double = 2.5) {
        shared.postToast(text, seconds: seconds)
    }

    /// Frames presented so far.
    public var frameCount: Int { shared.withLock { $0.framesRendered } }

    /// A copy of the render thread's timings so far.
    public var times: WindowHost.FrameTimes { shared.withLock { $0.times } }

    /// Puts a synthetic input event into SDL's queue, so that it travels the same path as real input
    /// (SDL event → host conversion → app thread). Mouse events and keys (by SDL key name).
    public func simulate(_ event: HostEvent) {
        var e = SDL_Event()
        switch event {
        case .mouseDown(let p, let b), .mouseUp(let p, let b):
            let down: Bool = { if case .mouseDown = event { return true } else { return false } }()
            e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            e.button.button = UInt8(b)
            e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
            e.button.x = Int32((p.x * scale).rounded(.down)); e.button.y = Int32((p.y * scale).rounded(.down))
            e.button.windowID = windowID
        case .mouseMoved(let p, _):
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.x = Int32((p.x * scale).rounded(.down)); e.motion.y = Int32((p.y * scale).rounded(.down))
            e.motion.windowID = windowID
        case .key("?"):
            e.type = SDL_TEXTINPUT.rawValue
            withUnsafeMutableBytes(of: &e.text.text) { $0[0] = UInt8(ascii: "?"); $0[1] = 0 }
            e.text.windowID = windowID
        case .key(let name):
            e.type = SDL_KEYDOWN.rawValue
            e.key.keysym.sym = SDL_GetKeyFromName(name)
            e.key.windowID = windowID
        case .quit:
            e.type = SDL_QUIT.rawValue
        default:
            return
        }
        SDL_PushEvent(&e)
    }
}
