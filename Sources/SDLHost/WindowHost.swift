import Foundation
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2

/// A window that shows a layer tree: SDL2 underneath, Core Animation's threading on top. The
/// calling (main) thread owns SDL: it pumps the window's events and renders each frame at its target
/// time (evaluating the committed tree, rasterising what changed on two threads, uploading it to a
/// streaming texture, presenting), paced to the display's refresh. App code runs on its own app
/// thread, which receives the events, commits transactions and ticks: it can block and running
/// animations keep moving, as on iOS, where the render server is another process.
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

    /// Per-frame timings, for the overlay and `lamina bench`: one entry per presented frame in each
    /// phase array (`intervals` has one fewer: it starts at the second frame).
    public struct FrameTimes {
        /// Seconds between successive presents.
        public var intervals: [Double] = []
        /// Seconds the app thread spent in its transaction work (flushing CATransaction, `onTick`,
        /// flushing again) since the previous present, summed over its iterations.
        public var commit: [Double] = []
        /// Seconds spent evaluating (snapshot, render tree, damage), rasterising and presenting.
        public var evaluate: [Double] = [], rasterise: [Double] = [], present: [Double] = []
        /// Refresh periods skipped.
        public var missed = 0
        /// No frames yet (also for tests of what reads the timings).
        public init() {}

        /// Most frames kept per series (an hour at 60 Hz); older ones are dropped, so a window left
        /// open for days does not grow. `missed` counts the whole run.
        public static let kept = 216_000

        /// Drops the oldest frames past `kept` (in batches, so the cost is spread thin).
        mutating func trim() {
            guard intervals.count > FrameTimes.kept + FrameTimes.kept / 8 else { return }
            for path in [\FrameTimes.intervals, \.commit, \.evaluate, \.rasterise, \.present] {
                let extra = self[keyPath: path].count - FrameTimes.kept
                if extra > 0 { self[keyPath: path].removeFirst(extra) }
            }
        }
    }

    private let window: OpaquePointer
    private let lock = NSLock()
    private var running = true
    private var pointSize: CGSize
    private var pixelScale: CGFloat = 1
    private var _layer: CALayer?
    private var _times = FrameTimes()
    private var framesRendered = 0
    private var swipe = SwipeRecognizer()
    private var buttonsDown = 0
    /// The display's refresh rate in Hz (60 when SDL does not know).
    public let refreshRate: Double

    /// The layer tree shown (its position places it in the window's point space).
    public var layer: CALayer? {
        get { lock.lock(); defer { lock.unlock() }; return _layer }
        set {
            lock.lock(); let old = _layer; _layer = newValue; lock.unlock()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            old?.removeFromSuperlayer()
            if let l = newValue { hostRoot.insertSublayer(l, at: 0) }
            CATransaction.commit()
        }
    }
    /// The window's own root: the app's layer, then the overlay and the banner above it.
    private let hostRoot = CALayer()
    private let overlay = CATextLayer()
    private let banner = CATextLayer()
    private var overlayUpdated: CFTimeInterval = 0
    private var links: [CADisplayLink] = []
    private var pendingFrames: [(timestamp: CFTimeInterval, target: CFTimeInterval)] = []
    private var commitSinceFrame: Double = 0
    private var _onPresent: ((CGImage, CFTimeInterval) -> Void)?

    /// Called on the render (SDL) thread after every present with a private copy of the frame (the
    /// pixels the window shows, premultiplied, in pixels of the drawable) and the frame's timestamp
    /// (the media time it was presented; the virtual time under `virtualTime`). Used for recording.
    /// The copy is made outside the timed phases; when nil (the default) a frame costs nothing more.
    /// The closure must return quickly: hand the frame to another thread.
    public var onPresent: ((CGImage, CFTimeInterval) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return _onPresent }
        set { lock.lock(); _onPresent = newValue; lock.unlock() }
    }

    /// An extra line for the overlay (keys the app adds, e.g. the gallery's recording key); empty for none.
    public var overlayHelp: String {
        get { lock.lock(); defer { lock.unlock() }; return _overlayHelp }
        set { lock.lock(); _overlayHelp = newValue; lock.unlock() }
    }
    private var _overlayHelp = ""

    /// When true, every presented frame is kept as `lastFrame` (screenshots, tests, recording).
    public var keepsLastFrame = false
    private var _lastFrame: CGImage?
    /// The last presented frame while `keepsLastFrame` is on.
    public var lastFrame: CGImage? { lock.lock(); defer { lock.unlock() }; return _lastFrame }

    /// Frames advance a virtual clock by one refresh period each and never wait (tests, recording):
    /// `CAMediaClock.manualTime` is set to each frame's target time.
    public var virtualTime = false
    /// With `virtualTime`, the virtual time between frames (default: the display's refresh period).
    public var virtualFramePeriod: Double?

    /// The key that shows and hides the overlay (frames per second, frame time and the time spent in
    /// commit, evaluation, rasterisation and present).
    public static let overlayKey = "F1"

    /// Whether the overlay is shown.
    public var showsOverlay: Bool {
        get { !overlay.isHidden }
        set { CATransaction.begin(); CATransaction.setDisableActions(true); overlay.isHidden = !newValue; CATransaction.commit() }
    }

    /// Shows a one-line error banner at the top of the window (nil hides it); used by live reload.
    public func showBanner(_ text: String?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        banner.string = text ?? ""
        banner.isHidden = text == nil
        CATransaction.commit()
    }

    /// Adds a display link: its closure runs on the app thread once per presented frame.
    public func add(_ link: CADisplayLink) {
        appSignal.lock(); links.append(link); appSignal.unlock()
        link.attach { [weak self, weak link] in
            guard let self, let link else { return }
            self.appSignal.lock(); self.links.removeAll { $0 === link }; self.appSignal.unlock()
        }
    }

    /// Removes a display link.
    public func remove(_ link: CADisplayLink) { link.invalidate() }
    /// Called on the app thread for every input event.
    public var onEvent: (HostEvent) -> Void = { _ in }
    /// Called on the app thread about every 4 ms (and after each batch of events), with the media time.
    public var onTick: (CFTimeInterval) -> Void = { _ in }
    /// The window's title.
    public var title: String { didSet { SDL_SetWindowTitle(window, title) } }
    /// A copy of the render thread's timings so far.
    public var times: FrameTimes { lock.lock(); defer { lock.unlock() }; return _times }
    /// Frames presented so far.
    public var frameCount: Int { lock.lock(); defer { lock.unlock() }; return framesRendered }

    /// Opens a resizable, high-DPI aware window of `size` points. Throws `.noDisplay` when there is no
    /// display (then the caller can work headless).
    public init(title: String, size: CGSize) throws {
        SDL_SetMainReady()
        let env = ProcessInfo.processInfo.environment
        let chosenDriver = env["SDL_VIDEODRIVER"]
        if chosenDriver == nil && env["DISPLAY"] == nil && env["WAYLAND_DISPLAY"] == nil {
            throw HostError.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 && SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
            throw HostError.noDisplay(WindowHost.sdlError())
        }
        // SDL falls back to its offscreen or dummy driver when no display answers: that is no display,
        // unless asked for by name (tests run the host on the offscreen driver).
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if (driver == "offscreen" || driver == "dummy") && chosenDriver?.lowercased() != driver {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw HostError.noDisplay("no display answered; SDL offered its \(driver) driver")
        }
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let w = SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                       Int32(size.width), Int32(size.height), flags) else {
            throw HostError.sdl(WindowHost.sdlError())
        }
        window = w
        self.title = title
        pointSize = size
        var mode = SDL_DisplayMode()
        refreshRate = SDL_GetCurrentDisplayMode(0, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hostRoot.anchorPoint = .zero
        hostRoot.bounds = CGRect(origin: .zero, size: size)
        for (l, colour) in [(overlay, CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0.7)), (banner, CGColor(srgbRed: 0.7, green: 0.1, blue: 0.1, alpha: 0.92))] {
            l.anchorPoint = .zero
            l.fontSize = 13
            l.foregroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            l.backgroundColor = colour
            l.isWrapped = true
            l.isHidden = true
            l.zPosition = 1000
            hostRoot.addSublayer(l)
        }
        overlay.position = CGPoint(x: 8, y: 8)
        overlay.bounds = CGRect(x: 0, y: 0, width: 330, height: 76)
        banner.position = CGPoint(x: 0, y: 0)
        banner.bounds = CGRect(x: 0, y: 0, width: size.width, height: 40)
        CATransaction.commit()
    }

    deinit {
        SDL_DestroyWindow(window)
    }

    /// SDL's last error message.
    static func sdlError() -> String {
        guard let e = SDL_GetError() else { return "unknown error" }
        let s = String(cString: e)
        return s.isEmpty ? "unknown error" : s
    }

    /// Runs the window until it is closed, `stop()` is called, or `frames` frames have been presented.
    /// This (main) thread owns SDL: it pumps events and renders and presents frames paced to the
    /// display. App code runs on a separate app thread: `onEvent` and `onTick` are called there, and
    /// its transactions are committed there, so an app thread that blocks never stops a frame.
    public func run(frames: Int? = nil) {
        CATransaction.flush()
        lock.lock(); running = true; lock.unlock()
        let app = Thread { [unowned self] in self.appLoop() }
        app.name = "lamina.app"
        appThread = app
        app.start()
        renderLoop(frames: frames)
        lock.lock(); running = false; appSignal.signal(); lock.unlock()
        while !(appThread?.isFinished ?? true) { usleep(1000) }
    }

    private var appThread: Thread?
    private var pendingEvents: [HostEvent] = []
    private let appSignal = NSCondition()
    /// Frames the app thread has taken its turn on (guarded by appSignal).
    private var appTurns = 0

    /// The app thread: handles queued events, commits, ticks, about every 4 ms or at once on input.
    private func appLoop() {
        while isRunning {
            appSignal.lock()
            if virtualTime {
                // Lockstep: one app turn per rendered frame, so virtual runs are repeatable.
                while isRunning && pendingFrames.isEmpty { _ = appSignal.wait(until: Date(timeIntervalSinceNow: 0.05)) }
            } else if pendingEvents.isEmpty {
                _ = appSignal.wait(until: Date(timeIntervalSinceNow: 0.004))
            }
            let events = pendingEvents
            pendingEvents.removeAll()
            let frames = pendingFrames
            pendingFrames.removeAll()
            let currentLinks = links
            appSignal.unlock()
            for e in events {
                if case .key(let k) = e, k == WindowHost.overlayKey { showsOverlay.toggle() }
                if case .resize(let size) = e { resizeHostLayers(size) }
                onEvent(e)
            }
            if let f = frames.last {
                let period = 1 / refreshRate
                for link in currentLinks { link.fire(timestamp: f.timestamp, targetTimestamp: f.target + period, duration: period) }
            }
            let c0 = CACurrentMediaTime()
            CATransaction.flush()
            onTick(CACurrentMediaTime())
            CATransaction.flush()
            let c1 = CACurrentMediaTime()
            lock.lock(); commitSinceFrame += c1 - c0; lock.unlock()
            if !frames.isEmpty { appSignal.lock(); appTurns += frames.count; appSignal.signal(); appSignal.unlock() }
            if showsOverlay && c1 - overlayUpdated > 0.5 { overlayUpdated = c1; updateOverlay() }
        }
    }

    private func resizeHostLayers(_ size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hostRoot.bounds = CGRect(origin: .zero, size: size)
        banner.bounds.size.width = size.width
        CATransaction.commit()
    }

    /// Medians of the last second of frames, shown in the overlay.
    private func updateOverlay() {
        let t = times
        let help = overlayHelp
        func med(_ a: [Double]) -> Double { let s = a.suffix(60).sorted(); return s.isEmpty ? 0 : s[s.count / 2] * 1000 }
        let interval = med(t.intervals)
        let fps = interval > 0 ? 1000 / interval : 0
        var text = String(format: "%.1f fps  frame %.2f ms  missed %d\ncommit %.2f  evaluate %.2f  rasterise %.2f  present %.2f ms\n(%@ hides this)",
                          fps, interval, t.missed, med(t.commit), med(t.evaluate), med(t.rasterise), med(t.present), WindowHost.overlayKey)
        if !help.isEmpty { text += "\n" + help }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        overlay.string = text
        overlay.bounds.size.height = help.isEmpty ? 76 : 94
        CATransaction.commit()
    }

    private func post(_ e: HostEvent) {
        appSignal.lock()
        pendingEvents.append(e)
        appSignal.signal()
        appSignal.unlock()
    }

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
            e.button.x = Int32(p.x); e.button.y = Int32(p.y)
            e.button.windowID = SDL_GetWindowID(window)
        case .mouseMoved(let p, _):
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.x = Int32(p.x); e.motion.y = Int32(p.y)
            e.motion.windowID = SDL_GetWindowID(window)
        case .key(let name):
            e.type = SDL_KEYDOWN.rawValue
            e.key.keysym.sym = SDL_GetKeyFromName(name)
            e.key.windowID = SDL_GetWindowID(window)
        case .quit:
            e.type = SDL_QUIT.rawValue
        default:
            return
        }
        SDL_PushEvent(&e)
    }

    /// Drains SDL's event queue into the app thread's queue.
    private func pumpEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { handle(&event) }
    }

    /// Ends `run()` (from any thread).
    public func stop() { lock.lock(); running = false; lock.unlock() }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }

    private func handle(_ e: inout SDL_Event) {
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            post(.quit)
        case SDL_WINDOWEVENT where e.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            let size = CGSize(width: CGFloat(e.window.data1), height: CGFloat(e.window.data2))
            lock.lock(); pointSize = size; lock.unlock()
            post(.resize(size))
        case SDL_MOUSEBUTTONDOWN:
            let p = CGPoint(x: CGFloat(e.button.x), y: CGFloat(e.button.y))
            buttonsDown += 1
            swipe.down(p)
            post(.mouseDown(p, button: Int(e.button.button)))
        case SDL_MOUSEBUTTONUP:
            let p = CGPoint(x: CGFloat(e.button.x), y: CGFloat(e.button.y))
            buttonsDown = max(0, buttonsDown - 1)
            post(.mouseUp(p, button: Int(e.button.button)))
            if let s = swipe.up(p) { post(.swipe(s)) }
        case SDL_MOUSEMOTION:
            post(.mouseMoved(CGPoint(x: CGFloat(e.motion.x), y: CGFloat(e.motion.y)), dragging: buttonsDown > 0))
        case SDL_MOUSEWHEEL:
            post(.wheel(dx: CGFloat(e.wheel.preciseX), dy: CGFloat(e.wheel.preciseY)))
        case SDL_KEYDOWN:
            if let name = SDL_GetKeyName(e.key.keysym.sym) { post(.key(String(cString: name))) }
        default:
            break
        }
    }

    // MARK: - Frames (on the SDL thread)

    private func renderLoop(frames: Int?) {
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) ?? SDL_CreateRenderer(window, -1, 0) else {
            FileHandle.standardError.write(Data("lamina: SDL could not create a renderer: \(WindowHost.sdlError())\n".utf8))
            return
        }
        defer { SDL_DestroyRenderer(renderer) }
        var texture: OpaquePointer? = nil
        var textureSize = (0, 0)
        defer { if let t = texture { SDL_DestroyTexture(t) } }
        var pacer = FramePacer(hz: virtualTime ? 1 / (virtualFramePeriod ?? 1 / refreshRate) : refreshRate)
        var ca: CARenderer? = nil
        var lastPresent: Double? = nil
        while isRunning {
            pumpEvents()
            if let n = frames, frameCount >= n { break }
            let lastTarget = pacer.lastTarget
            let now = virtualTime ? (lastTarget ?? CACurrentMediaTime()) : CACurrentMediaTime()
            let target = pacer.nextTarget(now: now)
            if virtualTime { CAMediaClock.manualTime = target }
            if let lt = lastTarget {
                let m = pacer.missed(previous: lt, current: target)
                if m > 0 { lock.lock(); _times.missed += m; lock.unlock() }
            }
            // The output size in pixels and the points it shows.
            var pw: Int32 = 0, ph: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &pw, &ph)
            lock.lock(); let size = pointSize; lock.unlock()
            let root: CALayer? = hostRoot
            let scale = size.width > 0 ? max(1, CGFloat(pw) / size.width) : 1
            if ca == nil || ca!.scale != scale {
                ca = CARenderer(size: size, scale: scale)
                ca!.threads = 2
            }
            let r = ca!
            r.bounds = CGRect(origin: .zero, size: size)
            r.layer = root
            if texture == nil || textureSize != (Int(pw), Int(ph)) {
                if let t = texture { SDL_DestroyTexture(t) }
                texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pw, ph)
                textureSize = (Int(pw), Int(ph))
                r.addUpdate(r.bounds)
            }
            guard let tex = texture else { break }
            let t0 = CACurrentMediaTime()
            r.beginFrame(atTime: target, timeStamp: nil)
            let t1 = CACurrentMediaTime()
            r.render()
            let damage = r.damageRect
            r.endFrame()
            let t2 = CACurrentMediaTime()
            if !damage.isEmpty {
                let buffer = r.pixelBuffer
                let w = min(buffer.width, textureSize.0), h = min(buffer.height, textureSize.1)
                let d = damage.intersection(IntRect(x: 0, y: 0, width: w, height: h))
                if !d.isEmpty {
                    var rect = SDL_Rect(x: Int32(d.x), y: Int32(d.y), w: Int32(d.width), h: Int32(d.height))
                    buffer.pixels.withUnsafeBytes { raw in
                        _ = SDL_UpdateTexture(tex, &rect, raw.baseAddress! + (d.y * buffer.width + d.x) * 4, Int32(buffer.width * 4))
                    }
                }
            }
            if keepsLastFrame {
                let b = r.pixelBuffer
                let image = CGImage(width: b.width, height: b.height, premultipliedARGB: b.pixels)
                lock.lock(); _lastFrame = image; lock.unlock()
            }
            SDL_RenderCopy(renderer, tex, nil, nil)
            let t3 = CACurrentMediaTime()
            SDL_RenderPresent(renderer)
            let t4 = CACurrentMediaTime()
            pacer.recordPresent(duration: t4 - t3)
            if pacer.mustSleep && !virtualTime {
                let wait = target - CACurrentMediaTime()
                if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
            }
            let presented = CACurrentMediaTime()
            lock.lock()
            if let lp = lastPresent { _times.intervals.append(presented - lp) }
            _times.commit.append(commitSinceFrame); commitSinceFrame = 0
            _times.evaluate.append(t1 - t0); _times.rasterise.append(t2 - t1); _times.present.append(t4 - t2)
            _times.trim()
            framesRendered += 1
            let presentHook = _onPresent
            lock.unlock()
            if let presentHook {
                let b = r.pixelBuffer
                // A real copy now (not a shared array the next frame's rasterisation would copy on write).
                let pixels = b.pixels.withUnsafeBufferPointer { Array($0) }
                presentHook(CGImage(width: b.width, height: b.height, premultipliedARGB: pixels), presented)
            }
            appSignal.lock()
            pendingFrames.append((presented, target))
            appSignal.signal()
            let framesSent = framesRendered
            // Under virtual time the next frame waits for the app thread's turn on this one.
            while virtualTime && isRunning && appTurns < framesSent { _ = appSignal.wait(until: Date(timeIntervalSinceNow: 0.05)) }
            appSignal.unlock()
            lastPresent = presented
        }
    }
}
