import Foundation
import QuartzCore
import SDLHost
import LaminaRecording

/// A window that shows your own layer tree, animates it on the display's clock and hands you its
/// input: the public face of Lamina's window host (SDL2 underneath; no SDL type appears here).
///
///     let window = try LayerWindow(title: "Hello", size: CGSize(width: 480, height: 320))
///     window.rootLayer = root
///     window.onEvent = { event in
///         if case .mouseDown(let p, _) = event, let hit = window.hitTest(p) { ... }
///     }
///     window.run()          // until the window is closed or stop() is called
///
/// The window's own keys work as in `lamina`'s windows (function keys, so they do not clash with
/// your letters, digits, Space, Return, Escape and arrows; each still reaches `onEvent`):
/// - F1 (or a typed `?`): the overlay: frame rate, frame time, the time spent in commit, evaluation, rasterisation
///   and present, and the list of these keys.
/// - F2: the timeline strip: media time, your running animations as bars, a playhead; while
///   paused, dragging in it scrubs media time (mouse events in the strip do not reach `onEvent`).
/// - F3: the layer inspector: the layer under the pointer outlined, its name, class, and the model
///   and presentation values of its animated key paths.
/// - F4: inspection overlays in turn: flash updated regions, colour offscreen-rendered (yellow),
///   blended (red) and opaque (green) layers, off.
/// - F5: starts and stops recording the scene to `lamina-recording-<n>.mp4` in `recordingFolder`
///   (needs ffmpeg; a failure shows in the window's banner).
/// - F6 pauses and resumes media time; F7 and F8 step one frame back and forward while paused; F9
///   cycles its speed (×1, ×2, ×1/10, ×1/2). This is media time itself (`CACurrentMediaTime()`), so
///   commits, animations, display-link timestamps, your timers and recordings all see it. A step
///   back moves media time back one frame: animations show the earlier time, but what already
///   happened (an animation removed when it ended, a completion block, a timer) is not undone.
/// - F10 restarts: calls `onRestart` (re-create your scene there).
/// - F12 saves the scene's frame to `lamina-screenshot-<n>.png` in `screenshotFolder`.
/// The overlays, the banner and the window's messages are drawn over the scene on the screen only:
/// recordings, screenshots and `lastFrame` show the scene alone.
///
/// Without a display, `init` throws `LayerWindow.Error.noDisplay`; catch it and render headless
/// with `CARenderer` on virtual time instead (see "Rendering without a window" in the QuartzCore
/// documentation).
///
/// Threads (Core Animation's contract, run by Lamina's frame scheduler):
/// - Create the window, set its hooks and call `run()` on the main thread. That thread becomes the
///   render thread: it reads input and draws each frame of the committed layer tree for the time
///   it will be on screen. It never runs your code.
/// - `onEvent`, `onFrame` and `nextAppTime` run on the window's app thread, one at a time. Change
///   layers there: the changes of each turn are committed right after it, and the render thread
///   draws them. The app thread may block; animations already committed keep moving.
/// - `rootLayer`, `title`, `stop()`, `simulate(_:)`, `showsOverlay` and `hitTest(_:)` may be used
///   from any thread; set the hooks, `closesOnRequest`, `recordsOnF5`, `recordingFolder`,
///   `screenshotFolder` and `virtualTime` before `run()`.
public final class LayerWindow: @unchecked Sendable {  // unchecked: its documented any-thread members reach the main-thread WindowHost (stop and simulate through its Sendable handle); the rest follow the threads listed above
    let host: WindowHost
    private var recording: RecordingToggle?

    /// Opens a resizable window of `size` points titled `title`, `scale` display units per point
    /// (see `WindowHost.scale`: 2 draws two pixels per point on an X11 4K desktop). Throws
    /// `Error.noDisplay` when there is no display (no `DISPLAY` or `WAYLAND_DISPLAY`, or none
    /// answered), `Error.cannotOpen` when the window system refused the window.
    public init(title: String, size: CGSize, scale: CGFloat = 1) throws {
        do {
            host = try WindowHost(title: title, size: size, scale: scale)
        } catch WindowHost.HostError.noDisplay(let reason) {
            throw Error.noDisplay(reason)
        } catch {
            throw Error.cannotOpen("\(error)")
        }
    }

    /// The layer tree the window shows: its frame is in window points (origin at the top left, y
    /// down). Nil shows an empty window. Any thread; the change shows at its commit.
    public var rootLayer: CALayer? {
        get { host.layer }
        set { host.layer = newValue }
    }

    /// The window's title. Main thread.
    public var title: String {
        get { host.title }
        set { host.title = newValue }
    }

    /// The size of the window's content in points (the size it opened with, then the last resize).
    public var size: CGSize { host.contentSize }

    /// The display's refresh rate in Hz (60 when the window system does not say).
    public var refreshRate: Double { host.refreshRate }

    /// Called on the app thread for every input event, in order. Set before `run()`.
    public var onEvent: (WindowEvent) -> Void = { _ in }

    /// Called on the app thread at every app turn with the media time: once per frame presented,
    /// after each batch of input, at `nextAppTime`, and at least every 0.1 s while the window is
    /// idle. Changes made here are committed right after. Set before `run()`.
    public var onFrame: (CFTimeInterval) -> Void = { _ in }

    /// When the app next needs a turn (a timer of its own), given the current media time; the app
    /// thread wakes then even if nothing else happens. Called on the app thread. Default: never.
    public var nextAppTime: (CFTimeInterval) -> CFTimeInterval = { _ in .infinity }

    /// Whether the window's close button ends `run()` (after `.close` reached `onEvent`). When
    /// false, the app decides: call `stop()` to close. Default true.
    public var closesOnRequest = true

    /// Whether F5 starts and stops recording the window (default true).
    public var recordsOnF5 = true

    /// Where F5 recordings go (default: the current folder when `run()` starts).
    public var recordingFolder: URL?

    /// Called on the app thread when F10 is pressed: re-create your scene from its start (a hot
    /// restart). Nil: F10 only says there is nothing to restart. Set before `run()`.
    public var onRestart: (() -> Void)? {
        get { host.onRestart }
        set { host.onRestart = newValue }
    }

    /// Where F12 screenshots go (default: the current folder). Set before `run()`.
    public var screenshotFolder: URL? {
        get { host.screenshotFolder }
        set { host.screenshotFolder = newValue }
    }

    /// Whether media time is paused (F6).
    public var isPaused: Bool { host.isPaused }

    /// Whether a recording is running now (F5's or `startRecording(to:)`'s).
    public var isRecording: Bool {
        recordingLock.lock(); defer { recordingLock.unlock() }
        return recorder != nil || (recording?.isRecording ?? false)
    }

    /// Starts recording what the window presents to `url` (.mp4, .mov, .mkv, .webm or .gif): the
    /// frames the window showed with their true timestamps, at the display's rate (a missed
    /// refresh repeats the frame it showed), as `lamina run --record` does; the window's overlays
    /// are not in it. Any thread, before or during `run()`; it records until `stopRecording()`
    /// (a `run()` that returns does not stop it). Throws a `RecordingError` when a recording is
    /// already running (this one or F5's), the name is not a video's, its folder does not exist,
    /// or ffmpeg is not installed.
    public func startRecording(to url: URL) throws {
        recordingLock.lock(); defer { recordingLock.unlock() }
        guard recorder == nil, !(recording?.isRecording ?? false) else {
            throw RecordingError(description: "cannot record to \(url.path): a recording is already running")
        }
        let r = try LiveRecorder(url: url, fps: host.refreshRate)
        r.attach(to: host)
        recorder = r
    }

    /// Stops the recording `startRecording(to:)` started, waits until ffmpeg has finished the file,
    /// and checks it (every frame encoded and in the file) before it is saved under its name;
    /// returns the video's frame count, or nil when no recording was running. Throws a
    /// `RecordingError` (and saves nothing) when the window presented no frame meanwhile or
    /// ffmpeg failed. Any thread.
    @discardableResult
    public func stopRecording() throws -> Int? {
        recordingLock.lock()
        let r = recorder
        recorder = nil
        recordingLock.unlock()
        guard let r else { return nil }
        return try r.finish().videoFrames
    }

    /// Whether a recording of `startRecording(to:)` is running.
    private var recordingByCall: Bool { recordingLock.lock(); defer { recordingLock.unlock() }; return recorder != nil }

    /// The recording started by `startRecording(to:)` (guarded by `recordingLock`).
    private var recorder: LiveRecorder?
    private let recordingLock = NSLock()

    /// Runs frames on a virtual clock instead of the display's (tests, deterministic recordings):
    /// every frame advances `CAMediaClock.manualTime` by one refresh period and the app thread takes
    /// exactly one turn per frame, so a run repeats exactly. When `run()` returns the clock stays at
    /// the last frame's time (so what the run left can be inspected); set `CAMediaClock.manualTime`
    /// to nil to go back to the wall clock. Set before `run()`.
    public var virtualTime: Bool {
        get { host.virtualTime }
        set { host.virtualTime = newValue }
    }

    /// Whether the overlay (F1) is shown. Any thread.
    public var showsOverlay: Bool {
        get { host.showsOverlay }
        set { host.showsOverlay = newValue }
    }

    /// Frames presented so far.
    public var frameCount: Int { host.frameCount }

    /// When true, every presented frame is kept as `lastFrame` (screenshots, tests). Set before `run()`.
    public var keepsLastFrame: Bool {
        get { host.keepsLastFrame }
        set { host.keepsLastFrame = newValue }
    }

    /// The last presented frame of your scene (pixels of the window without its overlays,
    /// premultiplied) while `keepsLastFrame` is on.
    public var lastFrame: CGImage? { host.lastFrame }

    /// The model layer of `rootLayer`'s tree shown at `point` (window points), hit-tested on the
    /// presentation tree: where the layers are on screen now, animations included (hidden and
    /// fully transparent layers are skipped). Nil outside the tree. Any thread.
    public func hitTest(_ point: CGPoint) -> CALayer? { host.hitTest(point) }

    /// Shows a one-line message in a banner at the top of the window (nil hides it). Any thread.
    public func showBanner(_ text: String?) { host.showBanner(text) }

    /// Adds a display link: its closure runs on the app thread once per frame presented, and the
    /// window keeps drawing while it is active.
    public func add(_ link: CADisplayLink) { host.add(link) }

    /// Removes a display link.
    public func remove(_ link: CADisplayLink) { host.remove(link) }

    /// Runs the window on this (main) thread until it is closed (with `closesOnRequest`), `stop()`
    /// is called, or `frames` display refreshes have passed since it opened (frames presented plus
    /// refreshes an idle window slept through; for scripts and tests). Your code runs on the app
    /// thread meanwhile. A recording started with F5 is finished and saved before it returns.
    public func run(frames: Int? = nil) {
        let toggle = recordsOnF5
            ? RecordingToggle(host: host, folder: recordingFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            : nil
        recording = toggle
        host.overlayHelp = toggle == nil ? "" : RecordingToggle.help
        let onEvent = self.onEvent, onFrame = self.onFrame, closes = closesOnRequest
        host.onEvent = { [host, unowned self] e in
            guard let event = WindowEvent(e) else { return }
            // F5 does nothing while a recording of `startRecording(to:)` runs (both would record the same frames).
            if case .key(let k) = event, k == RecordingToggle.key, self.recordingByCall == false { toggle?.toggle() }
            onEvent(event)
            if event == .close && closes { host.stop() }
        }
        host.onTick = { t in
            toggle?.tick(t)
            onFrame(t)
        }
        host.nextAppTime = nextAppTime
        host.run(frames: frames)
        toggle?.stop()
    }

    /// Ends `run()` (any thread).
    public func stop() { host.handle.stop() }

    /// Puts a synthetic input event into the window's queue, where it travels the path real input
    /// does (the window system's queue, then the app thread): mouse buttons, pointer moves, keys
    /// and `.close`. Scrolls, swipes and resizes are not synthesised (a swipe comes from a simulated
    /// press, move and release). Any thread.
    public func simulate(_ event: WindowEvent) {
        switch event {
        case .mouseDown(let p, let b): host.handle.simulate(.mouseDown(p, button: b))
        case .mouseUp(let p, let b): host.handle.simulate(.mouseUp(p, button: b))
        case .mouseMoved(let p, let d): host.handle.simulate(.mouseMoved(p, dragging: d))
        case .key(let k): host.handle.simulate(.key(k))
        case .close: host.handle.simulate(.quit)
        case .scroll, .swipe, .resize: break
        }
    }
}

extension WindowEvent {
    /// The window event for a host event.
    init?(_ e: HostEvent) {
        switch e {
        case .mouseDown(let p, let b): self = .mouseDown(p, button: b)
        case .mouseUp(let p, let b): self = .mouseUp(p, button: b)
        case .mouseMoved(let p, let d): self = .mouseMoved(p, dragging: d)
        case .wheel(let dx, let dy): self = .scroll(dx: dx, dy: dy)
        case .swipe(let s): self = .swipe(s == .left ? .left : .right)
        case .key(let k): self = .key(k)
        case .resize(let s): self = .resize(s)
        case .quit: self = .close
        }
    }
}
