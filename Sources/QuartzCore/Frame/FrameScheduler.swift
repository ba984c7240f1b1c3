import Foundation
import Synchronization

/// Owns the frame: runs the phases of `FramePhase` in order at each frame's media time, on one
/// clock (Lamina). Every driver of frames goes through it: the window host, headless `render`,
/// `eval` and `record`, `bench soak`, the fuzz harness, the gallery's tour and the tests.
///
/// The clock is injected. `.system` reads the system's monotonic clock through
/// `CAMediaClock.timeBase` (`CACurrentMediaTime()` with `CAMediaClock.manualTime` unset; a window's
/// time controls pause, step and slow it there, so every reader sees the same media time): a window, where the host predicts each frame's time from
/// the display. `.virtual` is `CAMediaClock.manualTime`, moved only by `advance(to:)` (and the
/// convenience `frame(at:)`), never as a side effect of drawing: tests, headless rendering and
/// recording, exact and repeatable.
///
/// Virtual time jumps: `advance(to:)` stops only where something is due (an app timer or a replayed
/// event, as the app reports through `nextAppTime`; an animation starting or ending, for its
/// delegate and the completion blocks waiting for it; a display link's frame), so evaluating a scene
/// at t = 1e9 s costs the events on the way, not t divided by a frame period.
///
/// Threads: headless, one thread calls everything. In a window the host calls `appTurn(at:)` and
/// `postFrame(at:timestamp:targetTimestamp:)` on the app thread and `drawFrame(at:)` and
/// `nextFrameDue(after:)` on the render thread; the hooks run on the thread of the phase that calls
/// them. Who owns what:
/// - Settings (`clock`, `framePeriod`, `fallbackStep`, the hooks): set before the threads start,
///   only read while frames run.
/// - App side (the app thread in a window): the display links (`links`, `lastLinkFire`), `stops`.
/// - Render side (the render thread in a window): `renderer`, `framesDrawn`.
/// - Both: what is in `shared`, behind one mutex: the clock's `time` (under virtual time the render
///   thread moves it to each frame and the app thread's time controls move it too), whether a
///   display link is active, phase durations, the running phases, frame requests and what the last
///   frame drawn had seen.
/// The scheduler is not `Sendable`: the window's render loop and its app thread reach it through
/// the window host, whose borrowing by the app thread is the one unchecked step (`WindowHost.run`).
public final class FrameScheduler {
    /// Where time comes from.
    public enum Clock: Sendable {
        /// The system's monotonic clock.
        case system
        /// Virtual time (`CAMediaClock.manualTime`), moved by `advance(to:)`.
        case virtual
    }

    /// The scheduler's clock (change it only between frames, before driving any).
    public var clock: Clock
    /// The renderer of the render-side phases (nil: frames are evaluated but not drawn, as `eval` does).
    public var renderer: CARenderer?
    /// The period of one display frame: display links fire and `advance(to:step:)` steps at it.
    public var framePeriod: CFTimeInterval
    /// How far `advance(to:)` steps when a layer's time cannot be mapped back to media time exactly
    /// (a layer timeline that loops or runs backwards): nil steps one `framePeriod`, exactly as a
    /// window would; a larger step trades exactness of when callbacks run for speed (the fuzzer).
    public var fallbackStep: CFTimeInterval?
    /// The app's turn at a media time (app thread): handle the input due by then, fire its timers,
    /// do its per-frame work. Its layer changes are committed right after.
    public var onAppTurn: ((CFTimeInterval) -> Void)?
    /// When the app next needs a turn of its own (a timer, a replayed event), given the current time;
    /// infinity when never. Without it, the app gets turns only at frames and at animation events.
    public var nextAppTime: ((CFTimeInterval) -> CFTimeInterval)?
    /// Hands a drawn frame on (the present phase of headless drivers): the renderer holds its pixels.
    public var onPresent: ((CARenderer, CFTimeInterval) throws -> Void)?

    /// The media time of the last stop (virtual clock), or of the last frame. Any thread.
    public var time: CFTimeInterval { shared.withLock { $0.time } }
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0
    /// Stops made by `advance` so far (for tests and statistics of jumps).
    public private(set) var stops = 0
    /// Seconds spent in each phase of the last frame (render-side phases written by the render
    /// thread, app-side ones by the app thread).
    public var lastPhaseDurations: [FramePhase: Double] { shared.withLock { $0.durations } }
    /// The phases running now: at most one app-side and one render-side phase (in a window they run
    /// on two threads at once); empty between frames.
    public var runningPhases: Set<FramePhase> { shared.withLock { $0.running } }

    /// What the app and render sides both touch while frames run.
    struct Shared {
        /// The clock's time (see `time`).
        var time: CFTimeInterval = 0
        /// Whether a display link wants frames, as the app side last saw its links.
        var linksActive = false
        var durations: [FramePhase: Double] = [:]
        var running: Set<FramePhase> = []
        /// Frames asked for (`requestFrame()`), and the count the last frame drawn had seen.
        var requests = 0
        var requestsSeen = -1
        /// `CATransaction.changingCommitCount` when the last frame was drawn.
        var commitsSeen = -1
    }
    let shared = Mutex(Shared())
    /// The display links (app side: added, fired and removed there).
    private var links: [CADisplayLink] = []
    /// When display links last fired (app side).
    private var lastLinkFire: CFTimeInterval?

    /// A scheduler on `clock`. A virtual clock starts at `start` (default: where
    /// `CAMediaClock.manualTime` is, or 0), and sets `CAMediaClock.manualTime` to it.
    public init(clock: Clock, start: CFTimeInterval? = nil, renderer: CARenderer? = nil, framePeriod: CFTimeInterval = 1.0 / 60) {
        self.clock = clock
        self.renderer = renderer
        self.framePeriod = framePeriod.isFinite && framePeriod > 0 ? framePeriod : 1.0 / 60
        let t: CFTimeInterval
        switch clock {
        case .system:
            t = CAMediaClock.systemMediaTime()
        case .virtual:
            t = start ?? CAMediaClock.manualTime ?? 0
            CAMediaClock.manualTime = t
        }
        shared.withLock { $0.time = t }
    }

    /// The clock's current time.
    public var now: CFTimeInterval {
        switch clock {
        case .system: return CAMediaClock.systemMediaTime()
        case .virtual: return CAMediaClock.manualTime ?? time
        }
    }

    // MARK: Display links

    /// Adds a display link: it fires once per frame in the post-frame phase (app thread).
    public func add(_ link: CADisplayLink) {
        links.append(link)
        refreshLinks()
        link.attach { [weak self, weak link] in
            guard let self, let link else { return }
            self.links.removeAll { $0 === link }
            self.refreshLinks()
        }
    }

    /// Whether a display link wants frames (one is added and not paused). App side.
    public var hasActiveDisplayLinks: Bool { links.contains { !$0.isPaused } }

    /// Tells the render side whether a display link wants frames (after every app-side phase, where
    /// links are added, paused and removed).
    private func refreshLinks() {
        let active = hasActiveDisplayLinks
        shared.withLock { $0.linksActive = active }
    }

    // MARK: Phases

    /// App side, phases `appTurn` and `commit`: the app's turn at `t`, then the implicit transaction
    /// is committed.
    public func appTurn(at t: CFTimeInterval) {
        let a = CAMediaClock.monotonicSeconds()
        enter(.appTurn)
        onAppTurn?(t)
        let b = CAMediaClock.monotonicSeconds()
        enter(.commit, leaving: .appTurn)
        CATransaction.commitImplicitTransaction()
        refreshLinks()
        leave(.commit)
        let c = CAMediaClock.monotonicSeconds()
        record([.appTurn: b - a, .commit: c - b])
    }

    /// Render side, phases `evaluate`, `buildRenderTree`, `damage` and `raster`: draws the committed
    /// tree at media time `t` with `renderer` (nothing without one).
    public func drawFrame(at t: CFTimeInterval) {
        guard let r = renderer else { return }
        // What this frame sees: the commits and requests so far (later ones make the next frame due).
        let commits = CATransaction.changingCommitCount
        shared.withLock { $0.commitsSeen = commits; $0.requestsSeen = $0.requests; $0.running.insert(.evaluate) }
        r.beginFrame(atTime: t, timeStamp: nil)
        enter(.raster, leaving: .evaluate)
        r.render()
        r.endFrame()
        leave(.raster)
        framesDrawn += 1
        record(r.lastPhaseDurations)
    }

    /// App side, phase `postFrame`: display links fire for the frame shown at `timestamp` (the next
    /// one due at `targetTimestamp`), then what is due at `t` is delivered (animation delegates,
    /// removal of finished animations, completion blocks) and the changes made meanwhile committed.
    /// Without `timestamp` (an app turn with no frame presented since the last one) display links
    /// do not fire.
    public func postFrame(at t: CFTimeInterval, timestamp: CFTimeInterval? = nil, targetTimestamp: CFTimeInterval? = nil) {
        let a = CAMediaClock.monotonicSeconds()
        enter(.postFrame)
        defer { refreshLinks(); leave(.postFrame) }
        let current = links
        if let stamp = timestamp, !current.isEmpty {
            for link in current { link.fire(timestamp: stamp, targetTimestamp: targetTimestamp ?? stamp + framePeriod, duration: framePeriod) }
            lastLinkFire = t
        }
        // Callbacks may start animations (a completion block's next step) whose own start is due at
        // once: deliver again at the same time while that happens (a few rounds at most).
        for _ in 0..<8 {
            CATransaction.commitImplicitTransaction()
            let ran = AnimationRuntime.shared.deliver(now: t)
            CATransaction.commitImplicitTransaction()
            guard ran, let d = AnimationRuntime.shared.nextDeliveryTime(after: t), d <= t else { break }
        }
        record([.postFrame: CAMediaClock.monotonicSeconds() - a])
    }

    private func record(_ d: [FramePhase: Double]) {
        shared.withLock { $0.durations.merge(d) { $1 } }
    }

    /// Notes that `phase` runs now (and `leaving` no longer does).
    private func enter(_ phase: FramePhase, leaving: FramePhase? = nil) {
        shared.withLock { s in
            if let leaving { s.running.remove(leaving) }
            s.running.insert(phase)
        }
    }

    /// Notes that `phase` has ended.
    private func leave(_ phase: FramePhase) {
        _ = shared.withLock { $0.running.remove(phase) }
    }

    // MARK: Headless driving (virtual clock)

    /// One whole frame at the current time on one thread: the app's turn and commit, the render-side
    /// phases, `onPresent`, then the post-frame phase.
    public func frame() throws {
        let t = time
        appTurn(at: t)
        drawFrame(at: t)
        if let r = renderer, let present = onPresent {
            let a = CAMediaClock.monotonicSeconds()
            enter(.present)
            defer { leave(.present) }
            try present(r, t)
            record([.present: CAMediaClock.monotonicSeconds() - a])
        }
        postFrame(at: t, timestamp: t, targetTimestamp: t + framePeriod)
    }

    /// Moves the virtual clock to `t` (replaying what is due on the way, see `advance(to:step:)`),
    /// then runs one whole frame there.
    public func frame(at t: CFTimeInterval) throws {
        if t > time { advance(to: t) }
        try frame()
    }

    /// Moves the virtual clock forward to `t`, stopping at every time something is due on the way
    /// and, with `step`, also every `step` seconds (a frame-by-frame replay). At each stop but the
    /// last: the app's turn, commit, post-frame. At `t` itself nothing runs (the caller draws a
    /// frame there or calls `settle()`). Precondition: a virtual clock; `t` finite.
    public func advance(to t: CFTimeInterval, step: CFTimeInterval? = nil) {
        precondition(clock == .virtual, "FrameScheduler.advance(to:) needs a virtual clock")
        precondition(t.isFinite, "FrameScheduler.advance(to:): \(t) is not a finite time")
        // `time` is read again at each stop: the app's turn there may have moved it.
        while case let now = time, now < t {
            var stop = t
            if let s = step, s > 0 { stop = min(stop, now + s) }
            if let a = nextAppTime?(now), a > now { stop = min(stop, a) }
            if hasActiveDisplayLinks { stop = min(stop, (lastLinkFire ?? now) + framePeriod) }
            if let d = AnimationRuntime.shared.nextDeliveryTime(after: now) {
                if d > now { stop = min(stop, d) }
            } else {
                stop = min(stop, now + (fallbackStep ?? framePeriod))
            }
            if stop <= now { stop = now.nextUp }
            shared.withLock { $0.time = stop }
            CAMediaClock.manualTime = stop
            if stop < t { settle() }
        }
    }

    /// The app-side phases at the current time without a frame: app turn, commit, post-frame
    /// (display links fire when a frame's period has passed since they last did).
    public func settle() {
        stops += 1
        let now = time
        appTurn(at: now)
        let linkDue = lastLinkFire.map { now >= $0 + framePeriod } ?? true
        postFrame(at: now, timestamp: linkDue ? now : nil, targetTimestamp: now + framePeriod)
    }

    /// Moves the virtual clock to `t` and nothing else (a host that runs the phases itself, one
    /// frame at a time). Precondition: a virtual clock; `t` finite.
    public func setVirtualTime(_ t: CFTimeInterval) {
        precondition(clock == .virtual, "FrameScheduler.setVirtualTime(_:) needs a virtual clock")
        precondition(t.isFinite, "FrameScheduler.setVirtualTime(_:): \(t) is not a finite time")
        shared.withLock { $0.time = t }
        CAMediaClock.manualTime = t
    }

    /// When the post-frame phase next has something to deliver (an animation starting or ending,
    /// for its delegate and the completion blocks waiting for it), after media time `t`; infinity
    /// when nothing is pending, nil when it cannot be known exactly (then poll every frame period).
    public func nextDeliveryTime(after t: CFTimeInterval) -> CFTimeInterval? {
        AnimationRuntime.shared.nextDeliveryTime(after: t)
    }
}

extension FrameScheduler.Clock: Equatable {}
