import Foundation
import Synchronization
import CSDL2
@_spi(LaminaInternal) import QuartzCore

/// What a window's threads all touch, behind one mutex (held only to read or change these values,
/// never while app code, rendering or SDL runs), and the signals by which one thread wakes another:
/// the app thread's semaphores and the render (main, SDL) thread's wake-up event. Everything else a
/// window holds belongs to one thread: SDL and the render loop (`RenderLoop`) to the render thread,
/// the window's layers, hooks and the app loop's state (`AppLoopState`) to the app thread while it
/// runs (to the main thread before and after).
final class WindowShared: Sendable {
    /// The values both threads touch; the comment on each says who writes it.
    struct State {
        /// Whether `run()` goes on: cleared by `stop()` (any thread) and by `run()` at the end.
        var running = true
        /// The window's content in points: the render thread (SDL's resize) and `setContentSize` (any thread).
        var pointSize: CGSize
        /// The presenter's name, once the render loop chose it (render thread).
        var presenterName = ""
        /// The render thread's timings (render thread; read for statistics).
        var times = WindowHost.FrameTimes()
        /// Frames presented (render thread).
        var framesRendered = 0
        /// The virtual clock's host time (virtual time only; render thread).
        var virtualHostNow: Double = 0
        /// Screenshots asked for and not yet taken (app thread asks, render thread takes).
        var screenshotRequests = 0
        /// The last presented scene frame and overlay frame, with `keepsLastFrame` (render thread).
        var lastFrame: CGImage?
        var lastOverlayFrame: CGImage?
        /// `onPresent` (set from any thread, called on the render thread).
        var onPresent: (@Sendable (CGImage, CFTimeInterval) -> Void)?
        /// The window's title (the main thread sets it, with SDL's).
        var title = ""
        /// Work other threads left for the main thread (`onMainThread`), in order.
        var mainThreadWork: [@Sendable () -> Void] = []
        /// The app's extra overlay line (any thread).
        var overlayHelp = ""
        /// The inspection overlay shown (app thread) and the scene's damage since the app's last
        /// turn, for the flash overlay (render thread appends, app thread takes).
        var inspection = WindowHost.Inspection.off
        var damageSeen: [CGRect] = []
        /// Seconds the app side spent since the last frame (app thread adds, render thread takes).
        var appSideSinceFrame: Double = 0
        /// When the toast hides (host seconds; any thread sets, app thread clears).
        var toastUntil: Double?
        /// Messages to show in a toast on the app thread's next turn (from other threads).
        var pendingToasts: [(text: String, seconds: Double)] = []
        /// Input for the app thread (render thread appends, app thread takes).
        var pendingEvents: [HostEvent] = []
        /// Frames presented and not yet followed by the app's post-frame phase: (present time,
        /// target) (render thread appends, app thread takes).
        var pendingFrames: [(timestamp: CFTimeInterval, target: CFTimeInterval)] = []
        /// Frames the app thread has taken its turn on (app thread), and frames handed to it under
        /// virtual time (render thread).
        var appTurns = 0
        var framesSentToApp = 0
    }

    let state: Mutex<State>
    /// The SDL event type that wakes the render thread (a commit, a stop, work for the main thread).
    let wakeEventType: UInt32
    /// Wakes the app thread: input, a frame, a toast, or a stop.
    let appWake = DispatchSemaphore(value: 0)
    /// Wakes the render thread waiting for the app's turn on a frame (virtual time), or a stop.
    let turnTaken = DispatchSemaphore(value: 0)

    /// The wake event's code that means "work is waiting for the main thread".
    static let mainThreadWorkCode: Int32 = 0x4D41_494E

    init(pointSize: CGSize, title: String, wakeEventType: UInt32) {
        var s = State(pointSize: pointSize)
        s.title = title
        state = Mutex(s)
        self.wakeEventType = wakeEventType
    }

    /// Runs `body` on the state under the mutex.
    func withLock<R: Sendable>(_ body: (inout State) -> R) -> R {
        state.withLock { body(&$0) }
    }

    /// Whether `run()` goes on.
    var isRunning: Bool { withLock { $0.running } }

    /// Queues `event` for the app thread and wakes it.
    func post(_ event: HostEvent) {
        withLock { $0.pendingEvents.append(event) }
        appWake.signal()
    }

    /// Queues a toast for the app thread's next turn and wakes it (from a thread that must not
    /// touch the window's layers itself).
    func postToast(_ text: String, seconds: Double) {
        withLock { $0.pendingToasts.append((text, seconds)) }
        appWake.signal()
    }

    /// Ends the run: both threads wake and see it.
    func stop() {
        withLock { $0.running = false }
        appWake.signal()
        turnTaken.signal()
    }

    /// Wakes the render thread if it sleeps (any thread).
    func wake(code: Int32 = 0) {
        var e = SDL_Event()
        e.type = wakeEventType
        e.user.code = code
        SDL_PushEvent(&e)
    }

    /// Runs `action` on the main (SDL) thread: at once when called there; otherwise when the main
    /// thread next handles its events, in the order asked for.
    func onMainThread(_ action: @escaping @Sendable () -> Void) {
        if Thread.isMainThread { action(); return }
        withLock { $0.mainThreadWork.append(action) }
        wake(code: WindowShared.mainThreadWorkCode)
    }

    /// On the main thread: runs the work other threads left (`onMainThread`).
    func runMainThreadWork() {
        let work = withLock { s in
            defer { s.mainThreadWork.removeAll() }
            return s.mainThreadWork
        }
        for action in work { action() }
    }
}
