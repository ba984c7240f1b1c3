import Foundation
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2

/// A window that shows a layer tree: SDL2 underneath, Core Animation's threading on top, and a
/// `FrameScheduler` running every frame's phases.
///
/// Threads: the thread that calls `run()` (the main thread) owns SDL and is the render thread: it
/// pumps the window's events, and for each frame predicts when the frame will be on screen
/// (`FramePredictor`, from the monotonic clock and the measured presents), evaluates the committed
/// tree for that time, rasterises what changed, uploads it and presents. App code runs on its own
/// app thread, which receives the events, runs the app's turns and commits, fires display links and
/// delivers animation callbacks after each frame: it can block and the animations already committed
/// keep moving, as on iOS, where the render server is another process.
///
/// An idle window costs nothing: when no animation is running or waiting to start, no display link
/// is active and nothing was committed, the render thread draws and presents nothing and sleeps
/// until an event, a commit, or the time the next animation starts; the app thread sleeps until
/// input, its next due time (`nextAppTime`, animation callbacks) or at most 0.1 s (`onTick`'s
/// polling interval while idle).
///
/// Who owns what (each piece has one owning thread; only `shared` is touched by several):
/// - The main thread (the one that makes the window and calls `run()`) owns the `WindowHost`: the
///   settings (`virtualTime`, `virtualFramePeriod`, `keepsLastFrame`, `screenshotFolder`,
///   `onRestart`) and hooks (`onEvent`, `onTick`, `nextAppTime`) are set there before `run()`.
///   `WindowHost` is not `Sendable`: other threads use its `handle` (`WindowHandle`).
/// - While `run()` runs, that thread is the render thread and runs only the `RenderLoop`: SDL, the
///   renderers and the loop's own state, with no lock and no reference to the host.
/// - While `run()` runs, the app thread borrows the host for its app side: the window's layers,
///   the hooks' calls, the time controls and the `AppLoopState`. `run()` returns only after the app
///   thread has finished, so the host is the main thread's again then.
/// - What both threads touch is in `shared` (`WindowShared`, one mutex); the scheduler's two sides
///   share its own mutex, and the committed-tree stores theirs.
public final class WindowHost {
    /// Why a window could not be opened.
    public enum HostError: Error, CustomStringConvertible {
        /// There is no display to open a window on (SDL's message).
        case noDisplay(String)
        /// SDL failed (its message).
        case sdl(String)
        /// One line for the user.
        public var description: String {
            switch self {
            case .noDisplay(let m): return "no display (\(m))"
            case .sdl(let m): return "SDL: \(m)"
            }
        }
    }

    /// The SDL window (render thread, which is the thread that made it).
    let window: OpaquePointer
    /// What the render and app threads both touch while the window runs.
    let shared: WindowShared
    /// What any thread may use: stop, retitle, resize, simulate input, read the counts.
    public let handle: WindowHandle
    /// What only the app side touches (app thread while running).
    var app = AppLoopState()
    /// The render loop (the thread that calls `run()`, which renders); kept between runs.
    let renderLoop: RenderLoop
    /// The SDL event type that wakes the render thread (a commit happened on another thread).
    var wakeEventType: UInt32 { shared.wakeEventType }
    var commitObserver: Int?
    /// The display's refresh rate in Hz (60 when SDL does not know).
    public let refreshRate: Double
    /// The SDL video driver the window opened on ("x11", "wayland", or "offscreen" when asked for).
    public let videoDriver: String
    /// The frame scheduler: its app-side phases run on the app thread, its render-side phases on
    /// the render thread.
    public let scheduler: FrameScheduler
    /// The scene's root: the app's layer (what recordings, screenshots and `lastFrame` show).
    let hostRoot = CALayer()
    /// The window's own layers, drawn by their own renderer on top of the scene's frame when the
    /// window shows it, never into the scene: the statistics and help overlay, the banner, the
    /// toast and the time-control badge.
    let overlayRoot = CALayer()
    let overlay = CATextLayer()
    let banner = CATextLayer()
    let toast = CATextLayer()
    let badge = CATextLayer()
    /// A small mark at the top right for as long as a recording runs (`showRecordingMark`).
    let recordingMark = CATextLayer()
    /// The committed trees the window draws: the scene's (under `hostRoot`) and its own layers'
    /// (under `overlayRoot`). Commits publish into them; the render thread's renderers read them.
    let sceneTrees = CommittedTreeStore()
    let overlayTrees = CommittedTreeStore()
    /// Screenshots being written.
    var screenshotWrites: DispatchGroup { renderLoop.screenshotWrites }
    /// The inspection overlays (under the text overlays), the inspector's outline and panel.
    let inspectionRoot = CALayer()
    let inspectorOutline = CALayer()
    let inspectorPanel = CATextLayer()
    /// The timeline strip's layers.
    let timelineRoot = CALayer()
    let timelineLabel = CATextLayer()
    let timelineBars = CALayer()
    let timelinePlayhead = CALayer()
    /// Called on the app thread when the restart key (F10) is pressed: re-create the scene from its
    /// start (the gallery re-creates the open demo, `lamina run` reloads the scene file). Nil: the
    /// key only says it has nothing to restart. Set before `run()`.
    public var onRestart: (() -> Void)?
    /// Where the screenshot key (F12) writes lamina-screenshot-<n>.png (default: the current folder).
    /// Set before `run()`.
    public var screenshotFolder: URL?

    /// The layer tree shown (its position places it in the window's point space). Set it before
    /// `run()` or on the app thread.
    public var layer: CALayer? {
        get { app.layer }
        set {
            let old = app.layer
            app.layer = newValue
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            old?.removeFromSuperlayer()
            if let l = newValue { hostRoot.insertSublayer(l, at: 0) }
            CATransaction.commit()
        }
    }

    /// Called on the render (SDL) thread after every present with a private copy of the scene's frame
    /// (the pixels the window shows without its overlays, premultiplied, in pixels of the drawable)
    /// and the frame's timestamp (the media time when its present returned, through the time
    /// controls; the virtual media time under `virtualTime`). Used for recording.
    /// The copy is made outside the timed phases; when nil (the default) a frame costs nothing more.
    /// The closure must return quickly: hand the frame to another thread.
    public var onPresent: (@Sendable (CGImage, CFTimeInterval) -> Void)? {
        get { shared.withLock { $0.onPresent } }
        set { shared.withLock { $0.onPresent = newValue } }
    }

    /// An extra line for the overlay (keys the app adds, e.g. the gallery's recording key); empty for none.
    public var overlayHelp: String {
        get { shared.withLock { $0.overlayHelp } }
        set { shared.withLock { $0.overlayHelp = newValue } }
    }

    /// When true, every presented frame is kept as `lastFrame` (screenshots, tests, recording).
    public var keepsLastFrame = false
    /// The last presented frame of the scene (without the window's overlays) while `keepsLastFrame` is on.
    public var lastFrame: CGImage? { shared.withLock { $0.lastFrame } }
    /// The window's overlays of the last presented frame (premultiplied, transparent where the scene
    /// shows through) while `keepsLastFrame` is on; nil before any overlay was shown.
    package var lastOverlayFrame: CGImage? { shared.withLock { $0.lastOverlayFrame } }

    /// Frames advance a virtual clock by one refresh period each and never wait (tests, recording):
    /// the host moves `CAMediaClock.manualTime` to each frame's time before the app's turn on it,
    /// and the app thread takes exactly one turn per frame, so a virtual run repeats exactly. Every
    /// frame is drawn (no idle skipping). Set before `run()`.
    public var virtualTime = false
    /// With `virtualTime`, the virtual time between frames (default: the display's refresh period).
    public var virtualFramePeriod: Double?

    /// The key that shows and hides the overlay (frames per second, frame time and the time spent in
    /// commit, evaluation, rasterisation and present, and the list of the window's keys).
    public static let overlayKey = "F1"

    /// Whether the overlay is shown.
    public var showsOverlay: Bool {
        get { !overlay.isHidden }
        set { CATransaction.begin(); CATransaction.setDisableActions(true); overlay.isHidden = !newValue; CATransaction.commit() }
    }

    /// Shows a one-line error banner at the top of the window (nil hides it); used by live reload.
    /// Control characters in `text` are shown escaped (`\u{1B}`, see `TerminalText`).
    public func showBanner(_ text: String?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        bannerText.string = text.map { TerminalText.escaped($0) } ?? ""
        banner.isHidden = text == nil
        CATransaction.commit()
    }

    /// Shows a small mark at the top right of the window (nil hides it), below the time-control
    /// badge and clear of the statistics overlay, for as long as a recording runs: the messages
    /// that say where it records go after a few seconds. Drawn over the scene on the screen only,
    /// never into what is recorded. The app thread, or the main thread outside `run()`.
    public func showRecordingMark(_ text: String?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        recordingMark.string = text.map { TerminalText.escaped($0) } ?? ""
        recordingMark.isHidden = text == nil
        CATransaction.commit()
    }

    /// Adds a display link: its closure runs on the app thread once per presented frame (and
    /// keeps the window drawing while it is active).
    public func add(_ link: CADisplayLink) { scheduler.add(link); wake() }

    /// Removes a display link.
    public func remove(_ link: CADisplayLink) { link.invalidate() }
    /// Called on the app thread for every input event.
    public var onEvent: (HostEvent) -> Void = { _ in }
    /// Called on the app thread at every app turn, with the media time: once per presented frame,
    /// after each batch of input, when `nextAppTime` comes, and at least every 0.1 s while the
    /// window is idle (for polling, such as live reload). The changes it makes are committed right after.
    public var onTick: (CFTimeInterval) -> Void = { _ in }
    /// When the app next needs a turn of its own (a timer), given the current media time; the app
    /// thread wakes then even if nothing else happens. Called on the app thread. Default: never.
    public var nextAppTime: (CFTimeInterval) -> CFTimeInterval = { _ in .infinity }
    /// The window's title. Main thread (other threads: `handle.setTitle(_:)`).
    public var title: String {
        get { shared.withLock { $0.title } }
        set {
            shared.withLock { $0.title = newValue }
            SDL_SetWindowTitle(window, newValue)
        }
    }
    /// A copy of the render thread's timings so far.
    public var times: FrameTimes { handle.times }
    /// How frames reach the window, once `run()` has started: "window surface" (only changed
    /// rectangles copied into the window's framebuffer) or "texture (DRIVER[, GL RENDERER])" (an SDL
    /// renderer); empty before. `LAMINA_PRESENT=texture|surface` chooses; see `FramePresenters`.
    public var presentation: String { shared.withLock { $0.presenterName } }

    /// Frames presented so far.
    public var frameCount: Int { handle.frameCount }

    /// The window's size in the display's window units per point: 1 unless opened with another.
    /// On X11, where SDL does no high-DPI scaling, 2 shows a 960x640-point scene in a 1920x1280
    /// window drawn at two pixels per point, as a Retina display does on macOS; input and resizes
    /// are converted back to points. Where SDL already scales (Wayland, macOS) the two multiply.
    public let scale: CGFloat

    /// Opens a resizable, high-DPI aware window of `size` points, `scale` display units per point
    /// (clamped to 0.25...8). Throws `.noDisplay` when there is no display (then the caller can
    /// work headless).
    public init(title: String, size: CGSize, scale: CGFloat = 1) throws {
        let scale = scale.isFinite ? min(max(scale, 0.25), 8) : 1
        self.scale = scale
        SDL_SetMainReady()
        let env = ProcessInfo.processInfo.environment
        let chosenDriver = env["SDL_VIDEODRIVER"]
        if chosenDriver == nil && env["DISPLAY"] == nil && env["WAYLAND_DISPLAY"] == nil {
            throw HostError.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        // SDL falls back to its offscreen or dummy driver when no display answers: that is no display,
        // unless asked for by name (tests run the host on the offscreen driver). A busy display is
        // tried again a few times first (`DisplayOpening`).
        videoDriver = try DisplayOpening.open(chosen: chosenDriver, start: {
            if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 && SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
                return .failure(HostError.noDisplay(WindowHost.sdlError()))
            }
            return .success(SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "")
        }, stop: { SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO)) })
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let w = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                       Int32((size.width * scale).rounded()), Int32((size.height * scale).rounded()), flags) else {
            throw HostError.sdl(WindowHost.sdlError())
        }
        window = w
        shared = WindowShared(pointSize: size, title: title, wakeEventType: SDL_RegisterEvents(1))
        handle = WindowHandle(shared: shared, windowID: SDL_GetWindowID(w), scale: scale)
        var mode = SDL_DisplayMode()
        refreshRate = SDL_GetCurrentDisplayMode(0, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
        scheduler = FrameScheduler(clock: .system, framePeriod: 1 / refreshRate)
        renderLoop = RenderLoop(window: w, shared: shared, scheduler: scheduler, sceneTrees: sceneTrees,
                                overlayTrees: overlayTrees, scale: scale, screenshotWrites: DispatchGroup())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hostRoot.anchorPoint = .zero
        hostRoot.bounds = CGRect(origin: .zero, size: size)
        overlayRoot.anchorPoint = .zero
        overlayRoot.bounds = CGRect(origin: .zero, size: size)
        // Dark enough to read over any scene (0.7 let a white title show through).
        let dark = CGColor(srgbRed: 0.06, green: 0.06, blue: 0.07, alpha: 0.88)
        inspectionRoot.anchorPoint = .zero
        overlayRoot.addSublayer(inspectionRoot)
        inspectorOutline.borderWidth = 2
        inspectorOutline.borderColor = CGColor(srgbRed: 0, green: 0.9, blue: 1, alpha: 1)
        inspectorOutline.isHidden = true
        overlayRoot.addSublayer(inspectorOutline)
        setUpTimeline()
        for (l, colour) in [(overlay, dark), (banner, CGColor(srgbRed: 0.7, green: 0.1, blue: 0.1, alpha: 0.92)), (toast, dark), (badge, dark), (inspectorPanel, dark),
                            (recordingMark, CGColor(srgbRed: 0.75, green: 0.08, blue: 0.08, alpha: 0.9))] {
            l.anchorPoint = .zero
            l.fontSize = 13
            l.foregroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            l.backgroundColor = colour
            l.isWrapped = true
            l.isHidden = true
            overlayRoot.addSublayer(l)
        }
        overlay.position = CGPoint(x: 8, y: 8)
        overlay.bounds = CGRect(x: 0, y: 0, width: 330, height: 76)
        banner.position = CGPoint(x: 0, y: 0)
        banner.bounds = CGRect(x: 0, y: 0, width: size.width, height: 40)
        layoutToastAndBadge(size)
        layoutInspection(size)
        CATransaction.commit()
        sceneTrees.follow(hostRoot)
        overlayTrees.follow(overlayRoot)
    }

    deinit {
        if let t = commitObserver { CATransaction.removeCommitObserver(t) }
        renderLoop.closePresenter()
        SDL_DestroyWindow(window)
    }

    /// SDL's last error message.
    static func sdlError() -> String {
        guard let e = SDL_GetError() else { return "unknown error" }
        let s = String(cString: e)
        return s.isEmpty ? "unknown error" : s
    }

    /// Runs the window until it is closed, `stop()` is called, the window's display refreshes since
    /// it opened reach `frames` (frames presented, plus refreshes missed or slept through while
    /// idle; under `virtualTime` every refresh presents a frame), or `seconds` have passed in this
    /// run on the host's clock (real seconds, or virtual ones under `virtualTime`; pausing or
    /// slowing media time does not stretch them). This (main) thread owns SDL and renders; app code runs on the app thread.
    public func run(frames: Int? = nil, seconds: Double? = nil) {
        CATransaction.flush()
        shared.withLock { $0.running = true }
        if commitObserver == nil {
            let type = wakeEventType
            commitObserver = CATransaction.addCommitObserver {
                var e = SDL_Event()
                e.type = type
                SDL_PushEvent(&e)
            }
        }
        if app.sceneStart == nil { app.sceneStart = CACurrentMediaTime() }
        // Everything the app thread reads is written here, before it starts: the scheduler's
        // settings (the frame period, the app's turn, under virtual time the clock and its start)
        // and the render loop's settings, fixed for the run.
        let period = virtualTime ? (virtualFramePeriod ?? 1 / refreshRate) : 1 / refreshRate
        scheduler.framePeriod = period
        scheduler.onAppTurn = { [unowned self] t in self.onTick(t) }
        var settings = RenderSettings(virtualTime: virtualTime, framePeriod: period, virtualStart: nil,
                                      keepsLastFrame: keepsLastFrame, screenshotFolder: screenshotFolder)
        // Frames are presented while the next one is rasterised, unless LAMINA_PIPELINE=0 (to compare).
        settings.pipelined = ProcessInfo.processInfo.environment["LAMINA_PIPELINE"] != "0"
        if virtualTime {
            scheduler.clock = .virtual
            let host = CACurrentMediaTime()
            let media = CAMediaClock.updateTimeBase { $0.anchor(host: host, media: host) }.mediaTime(atHost: host)
            shared.withLock { $0.virtualHostNow = host }
            scheduler.setVirtualTime(media)
            settings.virtualStart = host
        }
        // From here until the app thread finishes (waited for below), the app side of this window
        // (its layers, hooks and `app` state) is the app thread's; this thread runs only the render
        // loop, which holds no reference to the host.
        nonisolated(unsafe) let borrowed = self  // unchecked: the app thread borrows the host until run() joins it below; this thread meanwhile runs only `renderLoop`
        let appThread = Thread { borrowed.appLoop() }
        appThread.name = "lamina.app"
        appThread.start()
        renderLoop.run(frames: frames, seconds: seconds, settings: settings)
        shared.stop()
        while !appThread.isFinished { usleep(1000) }
        waitForScreenshots()
    }

    /// Ends `run()` (this thread or the app thread; other threads: `handle.stop()`).
    public func stop() { handle.stop() }

    var isRunning: Bool { shared.isRunning }

    /// Wakes the render thread if it sleeps.
    func wake() { shared.wake() }

    /// Puts a synthetic input event into SDL's queue, so that it travels the same path as real input
    /// (SDL event → host conversion → app thread). Mouse events and keys (by SDL key name).
    public func simulate(_ event: HostEvent) { handle.simulate(event) }

    /// Sets the window's title: at once on the main thread, otherwise when the main thread next
    /// handles its events (see `WindowHandle.setTitle(_:)`).
    public func setTitle(_ newTitle: String) { handle.setTitle(newTitle) }

    /// Resizes the window to `size` points (see `WindowHandle.setContentSize(_:)`).
    public func setContentSize(_ size: CGSize) { handle.setContentSize(size) }
}
