import Foundation
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2

extension WindowHost {
    /// The render thread (the SDL thread): for each frame, the frame scheduler's render-side phases
    /// at the frame's predicted time, then the texture upload and the present. Sleeps while idle.
    /// Its state is its own (`RenderLoopState`); it touches no layer and no app-side state, only
    /// `shared`, SDL, the renderers and the scheduler's render side.
    func renderLoop(frames: Int?, seconds: Double?, virtualStart: Double?) {
        guard let presenter = FramePresenters.make(for: window) else { return }
        shared.withLock { $0.presenterName = presenter.name }
        // The frame period, the clock and the virtual start were set by `run()` before the app thread started.
        let period = scheduler.framePeriod
        // Host time: the monotonic clock, or under virtual time a virtual host clock one period a
        // frame; media time follows it through `CAMediaClock.timeBase` (the time controls).
        var state = renderState
        state.startRun(period: period, virtualHost: virtualStart ?? 0)
        defer { renderState = state }
        let start = virtualTime ? state.virtualHost : CAMediaClock.monotonicSeconds()
        // Every run starts with a frame.
        scheduler.requestFrame()
        while isRunning {
            pumpEvents(&state)
            if let n = frames, state.refreshCount >= n { break }
            if let s = seconds, (virtualTime ? state.virtualHost : CAMediaClock.monotonicSeconds()) - start >= s { break }
            let (r, o, scale) = prepareRenderers(&state, presenter)
            if !virtualTime && sleepsWhileIdle(&state, until: (frames, seconds, start)) { continue }
            let (target, mediaTarget) = nextFrameTime(&state)
            let started = CAMediaClock.monotonicSeconds()
            scheduler.drawFrame(at: mediaTarget)
            let phases = r.lastPhaseDurations
            let damage = r.damageRect
            if !damage.isEmpty {
                noteDamage(CGRect(x: CGFloat(damage.x) / scale, y: CGFloat(damage.y) / scale,
                                  width: CGFloat(damage.width) / scale, height: CGFloat(damage.height) / scale))
            }
            let u0 = CAMediaClock.monotonicSeconds()
            let overlayDamage = drawOverlay(&state, o, at: mediaTarget)
            let uploaded = presenter.stage(scene: r.pixelBuffer, damage: damage, overlay: o.pixelBuffer,
                                           overlayDamage: overlayDamage, overlayHasContent: state.overlayHasContent)
            keepFrame(r, o, overlayHasContent: state.overlayHasContent)
            let ready = CAMediaClock.monotonicSeconds()
            if !virtualTime {
                let wait = state.predictor.presentTime(for: target) - ready
                if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
            }
            let issued = CAMediaClock.monotonicSeconds()
            presenter.present()
            let returned = CAMediaClock.monotonicSeconds()
            if !virtualTime { state.predictor.recordFrame(started: started, ready: ready, issued: issued, returned: returned) }
            let presented = virtualTime ? target : returned
            // What the app, display links and recordings see: the present's media time.
            let presentedMedia = virtualTime ? mediaTarget : CAMediaClock.timeBase.mediaTime(atHost: returned)
            let lastPresent = state.lastPresent, virtual = virtualTime
            let presentHook = shared.withLock { s in
                var t = s.times
                if let lp = lastPresent { t.intervals.append(presented - lp); t.asleep = false }
                t.commit.append(s.appSideSinceFrame); s.appSideSinceFrame = 0
                t.evaluate.append((phases[.evaluate] ?? 0) + (phases[.buildRenderTree] ?? 0) + (phases[.damage] ?? 0))
                t.rasterise.append(phases[.raster] ?? 0)
                t.present.append((ready - u0) + (returned - issued))
                t.presentError.append(target - presented)
                t.issueError.append(virtual ? 0 : target - issued)
                t.uploadedPixels.append(uploaded)
                t.trim()
                s.times = t
                s.framesRendered += 1
                return s.onPresent
            }
            state.refreshCount += 1
            if let presentHook {
                let b = r.pixelBuffer
                // A real copy now (not a shared array the next frame's rasterisation would copy on write).
                let pixels = b.pixels.withUnsafeBufferPointer { Array($0) }
                presentHook.call(CGImage(width: b.width, height: b.height, validPremultipliedARGB: pixels), presentedMedia)
            }
            if !virtualTime {
                shared.withLock { $0.pendingFrames.append((presentedMedia, mediaTarget)) }
                shared.appWake.signal()
            }
            state.lastPresent = presented
            state.lastTarget = target
            state.lastMediaTarget = mediaTarget
        }
        // Under virtual time the app takes its turn on the last frame too (and on the input pumped
        // last), so the app's state is settled when run() returns.
        if virtualTime { appTakesItsTurn(onFrameAt: state.lastMediaTarget ?? scheduler.time) }
    }

    /// The scene's renderer (the scheduler's) and the overlay's, made again when the output's pixels
    /// per point change, sized to the window; a new presenter size or an uncovered window redraws
    /// them whole. Returns them and the pixels per point.
    private func prepareRenderers(_ state: inout RenderLoopState, _ presenter: FramePresenter) -> (CARenderer, CARenderer, CGFloat) {
        // The output size in pixels and the points it shows.
        let (pw, ph) = presenter.outputSize()
        let size = shared.withLock { $0.pointSize }
        let scale = size.width > 0 ? max(1, CGFloat(pw) / size.width) : 1
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
        if presenter.prepare(width: pw, height: ph) || state.windowExposed {
            r.addUpdate(r.bounds)
            o.addUpdate(o.bounds)
            scheduler.requestFrame()
            state.windowExposed = false
        }
        return (r, o, scale)
    }

    /// Real time: sleeps when the scheduler says no frame is due (nothing committed or asked for
    /// since the last frame, no display link, no animation running) or due only later than the next
    /// refresh (an animation's start), until an event, a commit, or that start, never past the end
    /// of the run (`limits`: its frames, seconds and start). Returns whether it slept.
    private func sleepsWhileIdle(_ state: inout RenderLoopState, until limits: (frames: Int?, seconds: Double?, start: Double)) -> Bool {
        let period = scheduler.framePeriod
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
        var wait = min(dueHost - soon, 1)
        if let n = limits.frames { wait = min(wait, Double(n - state.refreshCount) * period - state.idleTime) }
        if let sec = limits.seconds { wait = min(wait, limits.start + sec - now) }
        waitForEvent(seconds: wait, &state)
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
    private func nextFrameTime(_ state: inout RenderLoopState) -> (host: Double, media: Double) {
        if virtualTime {
            state.virtualHost = (state.lastTarget ?? state.virtualHost) + scheduler.framePeriod
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

    /// Draws the window's own layers on their own renderer and buffer (over the scene) at `time`;
    /// returns the overlay's damage and keeps the bounds of what the buffer holds.
    private func drawOverlay(_ state: inout RenderLoopState, _ o: CARenderer, at time: Double) -> IntRect {
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

    /// Takes the screenshots asked for and keeps the frame when `keepsLastFrame` is on.
    private func keepFrame(_ r: CARenderer, _ o: CARenderer, overlayHasContent: Bool) {
        let screenshots = shared.withLock { s in
            defer { s.screenshotRequests = 0 }
            return s.screenshotRequests
        }
        guard keepsLastFrame || screenshots > 0 else { return }
        let b = r.pixelBuffer
        let image = CGImage(width: b.width, height: b.height, validPremultipliedARGB: b.pixels)
        if screenshots > 0 { saveScreenshot(image) }
        if keepsLastFrame {
            let ob = o.pixelBuffer
            let overlayImage = overlayHasContent ? CGImage(width: ob.width, height: ob.height, validPremultipliedARGB: ob.pixels) : nil
            shared.withLock { s in
                s.lastFrame = image
                if overlayImage != nil { s.lastOverlayFrame = overlayImage }
            }
        }
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
}
