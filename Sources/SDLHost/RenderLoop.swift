import Foundation
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2

/// The render thread's loop (the thread that calls `WindowHost.run()`, which owns SDL): for each
/// frame, the frame scheduler's render-side phases at the frame's predicted time, then the upload
/// and the present; pipelined, the present of each frame overlaps the rasterisation of the next,
/// which runs on the loop's overlap thread (`OverlapThread`, made and joined by each `run`).
/// Sleeps while idle.
///
/// Thread: the render thread alone. It is made by the window and used only by `run()`, on the
/// thread that made the window; it holds no reference to the window host, its layers or its hooks,
/// so it cannot touch the app side. Its state (`state`, the presenter, the overlay's renderer) is
/// its own, with no lock; what it shares with the app thread is in `shared` (one mutex), the
/// committed-tree stores (their own mutex) and the scheduler's render side (`drawFrame`,
/// `nextFrameDue`, the scheduler's mutex). While the overlap thread rasterises, the scheduler's
/// render side and the scene's renderer are lent to it (`RenderSideLoan`) and this thread touches
/// only the presenter, its own state and `shared`.
final class RenderLoop {
    /// The SDL window (made on this thread).
    let window: OpaquePointer
    /// What the render and app threads both touch.
    let shared: WindowShared
    /// The window's scheduler: only its render-side phases are called here.
    let scheduler: FrameScheduler
    /// The committed trees of the scene and of the window's own layers.
    let sceneTrees: CommittedTreeStore
    let overlayTrees: CommittedTreeStore
    /// Window units per point (input is converted back to points with it).
    let scale: CGFloat
    /// Screenshots being written (on `WindowHost.screenshotQueue`).
    let screenshotWrites: DispatchGroup
    /// The loop's state between runs: `run()` again goes on counting refreshes, with the same renderers.
    var state = RenderLoopState()
    /// This run's settings (`run(_:)` sets them).
    private var settings = RenderSettings()
    /// The presenter, made by the first run and kept until `closePresenter()`.
    private var keptPresenter: FramePresenter?

    /// Destroys the presenter (its SDL renderer and textures), before the window is: the window's
    /// owner calls it on the thread that made the window.
    func closePresenter() { keptPresenter = nil }

    init(window: OpaquePointer, shared: WindowShared, scheduler: FrameScheduler, sceneTrees: CommittedTreeStore,
         overlayTrees: CommittedTreeStore, scale: CGFloat, screenshotWrites: DispatchGroup) {
        self.window = window
        self.shared = shared
        self.scheduler = scheduler
        self.sceneTrees = sceneTrees
        self.overlayTrees = overlayTrees
        self.scale = scale
        self.screenshotWrites = screenshotWrites
    }

    private var virtualTime: Bool { settings.virtualTime }

    /// Runs frames until the window stops, the refreshes reach `frames` or `seconds` pass (see
    /// `WindowHost.run`), with `settings` (fixed by `run()` before the app thread started).
    ///
    /// Pipelined (`settings.pipelined`): a frame is staged (uploaded towards the window) and
    /// presented in the next turn of the loop, while the overlap thread rasterises the frame after
    /// it; the present waits on the display (the X server's copy of the frame, or a vsync), and that
    /// wait no longer delays the next frame. Staging copies the frame out of the renderer's buffer,
    /// so the next frame may draw over it at once. Every SDL call stays on this thread.
    func run(frames: Int?, seconds: Double?, settings: RenderSettings) {
        self.settings = settings
        // Kept from run to run (what the window shows stays known: a run after one that ended on
        // its refresh count, as `lamina bench` runs them, does not send the window whole again).
        if keptPresenter == nil { keptPresenter = FramePresenters.make(for: window) }
        guard let presenter = keptPresenter else { return }
        shared.withLock { $0.presenterName = presenter.name }
        // Host time: the monotonic clock, or under virtual time a virtual host clock one period a
        // frame; media time follows it through `CAMediaClock.timeBase` (the time controls).
        state.startRun(period: settings.framePeriod, virtualHost: settings.virtualStart ?? 0)
        let start = virtualTime ? state.virtualHost : CAMediaClock.monotonicSeconds()
        let overlap = settings.pipelined ? OverlapThread(name: "lamina.raster") : nil
        defer { overlap?.shutdown() }
        // The frame staged and not yet presented (pipelined only).
        var staged: StagedFrame?
        // Every run starts with a frame.
        scheduler.requestFrame()
        while shared.isRunning {
            pumpEvents()
            // A staged frame is a refresh to come: it is presented before the run ends.
            let coming = staged == nil ? 0 : 1
            if let n = frames, state.refreshCount + coming >= n { break }
            if let s = seconds, (virtualTime ? state.virtualHost : CAMediaClock.monotonicSeconds()) - start >= s { break }
            let (r, o, scale, remade) = prepareRenderers(presenter)
            // Its pixels went to buffers the presenter has just made again (a resize): never shown.
            if remade { staged = nil }
            if !virtualTime && sleepsWhileIdle(until: (frames, seconds, start), staged: &staged, presenter) { continue }
            let (target, mediaTarget) = nextFrameTime()
            let started = CAMediaClock.monotonicSeconds()
            let inPlace = drawsInPlace(r, presenter)
            // When the frame was drawn, for the prediction of the next frames: its own work only,
            // not the wait for the frame before it to be presented.
            var drawn: Double?
            if let frame = staged, let overlap {
                // The overlap thread has the scheduler's render side (and its renderer) until `run` returns.
                let loan = RenderSideLoan(scheduler: scheduler)
                overlap.run({ loan.scheduler.drawFrame(at: mediaTarget) }, while: { present(frame, on: presenter) })
                drawn = started + overlap.lastJobSeconds
            } else {
                scheduler.drawFrame(at: mediaTarget)
            }
            staged = nil
            let phases = r.lastPhaseDurations
            let damage = r.damageRect
            if !damage.isEmpty {
                noteDamage(CGRect(x: CGFloat(damage.x) / scale, y: CGFloat(damage.y) / scale,
                                  width: CGFloat(damage.width) / scale, height: CGFloat(damage.height) / scale))
            }
            let u0 = CAMediaClock.monotonicSeconds()
            let overlayDamage = drawOverlay(o, at: mediaTarget)
            let uploaded: Int
            if inPlace, let drawing = presenter as? DrawingFramePresenter {
                uploaded = drawing.stageDrawn(damage: damage, overlay: o.pixelBuffer,
                                              overlayArea: state.overlayHasContent ? state.overlayContent : nil)
            } else {
                uploaded = presenter.stage(scene: r.pixelBuffer, damage: damage, overlay: o.pixelBuffer,
                                           overlayDamage: overlayDamage, overlayHasContent: state.overlayHasContent)
            }
            let kept = keepFrame(r, o, overlayHasContent: state.overlayHasContent)
            // Nothing else draws into the presenter's pixels (the next frame asks for them again).
            r.drawTarget = nil
            let ready = CAMediaClock.monotonicSeconds()
            let frame = StagedFrame(target: target, mediaTarget: mediaTarget, started: started, staging: ready - u0,
                                    ready: drawn.map { $0 + (ready - u0) } ?? ready,
                                    phases: phases, uploaded: uploaded, kept: kept)
            state.lastTarget = target
            state.lastMediaTarget = mediaTarget
            if overlap == nil { present(frame, on: presenter) } else { staged = frame }
        }
        if let frame = staged { present(frame, on: presenter) }
        overlap?.shutdown()
        // Under virtual time the app takes its turn on the last frame too (and on the input pumped
        // last), so the app's state is settled when run() returns.
        if virtualTime { appTakesItsTurn(onFrameAt: state.lastMediaTarget ?? scheduler.time) }
    }

    /// Presents `frame` (staged by `presenter`): real time, at the time predicted for its target;
    /// then records its timings, publishes it (`lastFrame`, the present hook) and tells the app
    /// thread when it was shown.
    private func present(_ frame: StagedFrame, on presenter: FramePresenter) {
        let target = frame.target, mediaTarget = frame.mediaTarget
        if !virtualTime {
            let wait = state.predictor.presentTime(for: target) - CAMediaClock.monotonicSeconds()
            if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
        }
        let issued = CAMediaClock.monotonicSeconds()
        presenter.present()
        let returned = CAMediaClock.monotonicSeconds()
        if !virtualTime { state.predictor.recordFrame(started: frame.started, ready: frame.ready, issued: issued, returned: returned) }
        let presented = virtualTime ? target : returned
        // What the app, display links and recordings see: the present's media time.
        let presentedMedia = virtualTime ? mediaTarget : CAMediaClock.timeBase.mediaTime(atHost: returned)
        let lastPresent = state.lastPresent, virtual = virtualTime, phases = frame.phases
        let presentHook = shared.withLock { s in
            var t = s.times
            if let lp = lastPresent { t.intervals.append(presented - lp); t.asleep = false }
            t.commit.append(s.appSideSinceFrame); s.appSideSinceFrame = 0
            t.evaluate.append((phases[.evaluate] ?? 0) + (phases[.buildRenderTree] ?? 0) + (phases[.damage] ?? 0))
            t.rasterise.append(phases[.raster] ?? 0)
            t.present.append(frame.staging + (returned - issued))
            t.presentError.append(target - presented)
            t.issueError.append(virtual ? 0 : target - issued)
            t.uploadedPixels.append(frame.uploaded)
            t.trim()
            s.times = t
            s.framesRendered += 1
            if let kept = frame.kept, let scene = kept.scene {
                s.lastFrame = scene
                if let overlay = kept.overlay { s.lastOverlayFrame = overlay }
            }
            return s.onPresent
        }
        state.refreshCount += 1
        if let presentHook, let image = frame.kept?.copy { presentHook(image, presentedMedia) }
        if !virtualTime {
            shared.withLock { $0.pendingFrames.append((presentedMedia, mediaTarget)) }
            shared.appWake.signal()
        }
        state.lastPresent = presented
    }

    /// The scene's renderer (the scheduler's) and the overlay's, made again when the output's pixels
    /// per point change, sized to the window; a new presenter size or an uncovered window redraws
    /// them whole. Returns them, the pixels per point and whether the presenter made its buffers
    /// again.
    private func prepareRenderers(_ presenter: FramePresenter) -> (CARenderer, CARenderer, CGFloat, Bool) {
        // The output size in pixels and the points it shows.
        let (pw, ph) = presenter.outputSize()
        let size = shared.withLock { $0.pointSize }
        // Below 1 too: a window opened at `--scale 0.5` has half a pixel per point, and drawing it
        // at one would show only its top-left quarter (the same floor as WindowHost's scale).
        let scale = size.width > 0 ? max(0.25, CGFloat(pw) / size.width) : 1
        if scheduler.renderer == nil || scheduler.renderer!.scale != scale || state.overlayRenderer == nil {
            // Each draws the tree its store follows (the window's `hostRoot` and `overlayRoot`).
            let r = CARenderer(size: size, scale: scale, trees: sceneTrees)
            r.threads = 2
            // Animated display runs in the app turn's commit, on the app thread.
            r.drawsAnimatedDisplay = false
            scheduler.renderer = r
            let o = CARenderer(size: size, scale: scale, trees: overlayTrees)
            o.drawsAnimatedDisplay = false
            state.overlayRenderer = o
            scheduler.requestFrame()
        }
        let r = scheduler.renderer!, o = state.overlayRenderer!
        r.bounds = CGRect(origin: .zero, size: size)
        o.bounds = r.bounds
        let remade = presenter.prepare(width: pw, height: ph)
        if remade || state.windowExposed {
            r.addUpdate(r.bounds)
            o.addUpdate(o.bounds)
            scheduler.requestFrame()
            state.windowExposed = false
        }
        return (r, o, scale, remade)
    }

    /// Real time: sleeps when the scheduler says no frame is due (nothing committed or asked for
    /// since the last frame, no display link, no animation running) or due only later than the next
    /// refresh (an animation's start), until an event, a commit, or that start, never past the end
    /// of the run (`limits`: its frames, seconds and start). A frame still `staged` is presented
    /// first, instead of sleeping (the loop asks again). Returns whether it slept or presented.
    private func sleepsWhileIdle(until limits: (frames: Int?, seconds: Double?, start: Double), staged: inout StagedFrame?,
                                 _ presenter: FramePresenter) -> Bool {
        let period = settings.framePeriod
        let now = CAMediaClock.monotonicSeconds()
        let base = CAMediaClock.timeBase
        let dueHost: Double
        switch scheduler.nextFrameDue(after: base.mediaTime(atHost: now)) {
        case .now: dueHost = -.infinity
        case .at(let media): dueHost = base.hostTime(forMedia: media)
        case .idle: dueHost = .infinity
        }
        let soon = now + state.predictor.drawEstimate + state.predictor.presentMargin + period
        guard dueHost > soon else { return false }
        if let frame = staged {
            staged = nil
            present(frame, on: presenter)
            return true
        }
        var wait = min(dueHost - soon, 1)
        if let n = limits.frames { wait = min(wait, Double(n - state.refreshCount) * period - state.idleTime) }
        if let sec = limits.seconds { wait = min(wait, limits.start + sec - now) }
        waitForEvent(seconds: wait)
        state.idleTime += CAMediaClock.monotonicSeconds() - now
        let whole = Int(state.idleTime / period)
        if whole > 0 {
            state.refreshCount += whole
            state.idleTime -= Double(whole) * period
            shared.withLock { $0.times.idleRefreshes += whole }
        }
        shared.withLock { $0.times.asleep = true }
        // The refreshes slept through are idle ones, not missed ones, and the gap is no frame interval.
        state.lastTarget = nil
        state.lastPresent = nil
        return true
    }

    /// The next frame's time: the next virtual period (after the app's turn on the last frame), or
    /// the time the frame is predicted to be on screen; and its media time through the time base.
    private func nextFrameTime() -> (host: Double, media: Double) {
        if virtualTime {
            state.virtualHost = (state.lastTarget ?? state.virtualHost) + settings.framePeriod
            let target = state.virtualHost
            shared.withLock { $0.virtualHostNow = target }
            scheduler.setVirtualTime(CAMediaClock.timeBase.mediaTime(atHost: target))
            if let last = state.lastMediaTarget { appTakesItsTurn(onFrameAt: last) }
            // The app's turn may have paused, stepped or slowed time.
            let media = CAMediaClock.timeBase.mediaTime(atHost: target)
            scheduler.setVirtualTime(media)
            return (target, media)
        }
        let target = state.predictor.nextTarget(now: CAMediaClock.monotonicSeconds())
        if let lt = state.lastTarget {
            let m = state.predictor.missed(previous: lt, current: target)
            if m > 0 {
                shared.withLock { $0.times.missed += m }
                state.refreshCount += m
            }
        }
        return (target, CAMediaClock.timeBase.mediaTime(atHost: target))
    }

    /// Whether the next frame is drawn straight into the presenter's pixels (`r.drawTarget`, set
    /// here, with what they hold older than the frame before that the presenter wants drawn again):
    /// when it has pixels of the frame's size, and nothing wants the frame in the renderer's own
    /// (the window's own layers shown, frames kept or hooked, a screenshot asked for). Going back
    /// to the renderer's own pixels redraws them whole, as the frames drawn in place left them behind.
    private func drawsInPlace(_ r: CARenderer, _ presenter: FramePresenter) -> Bool {
        let wanted = !settings.keepsLastFrame && !state.overlayHasContent
            && shared.withLock { $0.onPresent == nil && $0.screenshotRequests == 0 }
        let (w, h) = r.pixelSize
        guard wanted, let drawing = presenter as? DrawingFramePresenter, let t = drawing.drawTarget(), t.width == w, t.height == h else {
            if state.drewInPlace { r.addUpdate(r.bounds) }
            state.drewInPlace = false
            return false
        }
        r.drawTarget = (t.pixels, t.width, t.height, t.stale)
        state.drewInPlace = true
        return true
    }

    /// Draws the window's own layers on their own renderer and buffer (over the scene) at `time`;
    /// returns the overlay's damage and keeps the bounds of what the buffer holds.
    private func drawOverlay(_ o: CARenderer, at time: Double) -> IntRect {
        o.beginFrame(atTime: time, timeStamp: nil)
        o.render()
        o.endFrame()
        let overlayDamage = o.damageRect
        if !overlayDamage.isEmpty {
            // Only the damage is read: what lies outside it is as the last frames left it (a 4K
            // overlay read whole every frame the stats change cost milliseconds).
            let ob = o.pixelBuffer
            if ob.width != state.overlayContentSize.width || ob.height != state.overlayContentSize.height {
                state.overlayContent = .empty; state.overlayContentSize = (ob.width, ob.height)
            }
            let drawn = ob.nonTransparentBounds(in: overlayDamage)
            state.overlayContent = state.overlayContent.intersection(overlayDamage) == state.overlayContent
                ? drawn : state.overlayContent.union(drawn)
            state.overlayHasContent = !state.overlayContent.isEmpty
        }
        return overlayDamage
    }

    /// Takes the screenshots asked for; returns the frame's images to publish when it is presented:
    /// the scene and overlay when `keepsLastFrame` is on, and a copy of the scene for the present
    /// hook (a recording) when one is set.
    private func keepFrame(_ r: CARenderer, _ o: CARenderer, overlayHasContent: Bool) -> StagedFrame.Kept? {
        // Drawn in place, only what changed is in the presenter's pixels: a screenshot or present
        // hook asked for since the frame began waits for the next frame (drawn whole into the renderer's).
        let inPlace = r.drawTarget != nil
        let (screenshots, hooked) = shared.withLock { s in
            if inPlace { return (0, false) }
            defer { s.screenshotRequests = 0 }
            return (s.screenshotRequests, s.onPresent != nil)
        }
        guard settings.keepsLastFrame || screenshots > 0 || hooked else { return nil }
        let b = r.pixelBuffer
        let image = CGImage(width: b.width, height: b.height, validPremultipliedARGB: b.pixels)
        if screenshots > 0 { saveScreenshot(image) }
        var kept = StagedFrame.Kept()
        if settings.keepsLastFrame {
            kept.scene = image
            let ob = o.pixelBuffer
            kept.overlay = overlayHasContent ? CGImage(width: ob.width, height: ob.height, validPremultipliedARGB: ob.pixels) : nil
        }
        if hooked {
            // A real copy now (not a shared array the next frame's rasterisation would copy on write).
            let pixels = b.pixels.withUnsafeBufferPointer { Array($0) }
            kept.copy = CGImage(width: b.width, height: b.height, validPremultipliedARGB: pixels)
        }
        return settings.keepsLastFrame || hooked ? kept : nil
    }

    /// Under virtual time: hands the frame presented at `time` to the app thread and waits until the
    /// app has taken its turn on it (lockstep: one turn per frame, so a virtual run repeats exactly).
    private func appTakesItsTurn(onFrameAt time: Double) {
        shared.withLock { s in
            s.pendingFrames.append((time, time))
            s.framesSentToApp += 1
        }
        shared.appWake.signal()
        while shared.withLock({ $0.running && $0.appTurns < $0.framesSentToApp }) {
            _ = shared.turnTaken.wait(timeout: .now() + 0.05)
        }
    }

    /// Notes the scene's damage of a frame (in points) for the flash overlay.
    private func noteDamage(_ damage: CGRect) {
        shared.withLock { s in if s.inspection == .flashUpdates && !damage.isEmpty { s.damageSeen.append(damage) } }
    }

    /// Writes the scene's frame (the file is written on another thread) and says where in a toast
    /// (shown by the app thread at its next turn).
    private func saveScreenshot(_ image: CGImage) {
        let folder = settings.screenshotFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let writes = screenshotWrites, shared = shared
        writes.enter()
        WindowHost.screenshotQueue.async {
            defer { writes.leave() }
            do {
                let url = try WindowHost.writeScreenshot(image, in: folder)
                shared.postToast("Saved \(url.path)", seconds: 2.5)
            } catch {
                shared.postToast("Cannot save the screenshot: \(error)", seconds: 5)
            }
        }
    }
}

/// What one run of the render loop is told by `WindowHost.run()` before the app thread starts.
struct RenderSettings: Sendable {
    /// Frames on a virtual clock (`WindowHost.virtualTime`).
    var virtualTime = false
    /// The frame period (the virtual one under virtual time).
    var framePeriod = 1.0 / 60
    /// The virtual host clock at the start (virtual time only).
    var virtualStart: Double?
    /// Keep every presented frame (`WindowHost.keepsLastFrame`).
    var keepsLastFrame = false
    /// Where screenshots go (nil: the current folder).
    var screenshotFolder: URL?
    /// Present each frame while the next one is rasterised (`LAMINA_PIPELINE=0` turns it off).
    var pipelined = true
}
