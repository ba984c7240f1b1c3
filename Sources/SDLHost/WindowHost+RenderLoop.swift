import Foundation
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2

extension WindowHost {
    /// The render thread (the SDL thread): for each frame, the frame scheduler's render-side phases
    /// at the frame's predicted time, then the texture upload and the present. Sleeps while idle.
    func renderLoop(frames: Int?, seconds: Double?, virtualStart: Double?) {
        guard let presenter = FramePresenters.make(for: window) else { return }
        lock.lock(); _presenterName = presenter.name; lock.unlock()
        var overlayHasContent = false
        // A rectangle holding every pixel of the overlay buffer that is not transparent (larger
        // than needed when content under damage has gone), for the buffer's size.
        var overlayContent = IntRect.empty, overlayContentSize = (width: 0, height: 0)
        // The frame period, the clock and the virtual start were set by `run()` before the app thread started.
        let period = scheduler.framePeriod
        var predictor = FramePredictor(hz: 1 / period)
        // Host time: the monotonic clock, or under virtual time a virtual host clock one period a
        // frame; media time follows it through `CAMediaClock.timeBase` (the time controls).
        var virtualHost = virtualStart ?? 0
        let start = virtualTime ? virtualHost : CAMediaClock.monotonicSeconds()
        var lastPresent: Double? = nil
        var lastTarget: Double? = nil
        var lastMediaTarget: Double? = nil
        var idleTime = 0.0
        // Every run starts with a frame.
        scheduler.requestFrame()
        while isRunning {
            pumpEvents()
            if let n = frames, refreshCount >= n { break }
            if let s = seconds, (virtualTime ? virtualHost : CAMediaClock.monotonicSeconds()) - start >= s { break }
            // The output size in pixels and the points it shows.
            let (pw, ph) = presenter.outputSize()
            lock.lock(); let size = pointSize; lock.unlock()
            let scale = size.width > 0 ? max(1, CGFloat(pw) / size.width) : 1
            if scheduler.renderer == nil || scheduler.renderer!.scale != scale {
                let r = CARenderer(size: size, scale: scale, trees: sceneTrees)
                r.threads = 2
                // Animated display runs in the app turn's commit, on the app thread.
                r.drawsAnimatedDisplay = false
                scheduler.renderer = r
                overlayRenderer = CARenderer(size: size, scale: scale, trees: overlayTrees)
                overlayRenderer!.drawsAnimatedDisplay = false
                scheduler.requestFrame()
            }
            let r = scheduler.renderer!
            r.bounds = CGRect(origin: .zero, size: size)
            r.layer = hostRoot
            let o = overlayRenderer!
            o.bounds = r.bounds
            o.layer = overlayRoot
            if presenter.prepare(width: pw, height: ph) || windowExposed {
                r.addUpdate(r.bounds)
                o.addUpdate(o.bounds)
                scheduler.requestFrame()
                windowExposed = false
            }

            // Idle: the scheduler says no frame is due (nothing committed or asked for since the
            // last frame, no display link, no animation running) or due only later than the next
            // refresh (an animation's start): sleep until an event, a commit, or that start.
            if !virtualTime {
                let now = CAMediaClock.monotonicSeconds()
                let base = CAMediaClock.timeBase
                let dueHost: Double
                switch scheduler.nextFrameDue(after: base.mediaTime(atHost: now)) {
                case .now: dueHost = -.infinity
                case .at(let media): dueHost = base.hostTime(forMedia: media)
                case .idle: dueHost = .infinity
                }
                let soon = now + predictor.drawEstimate + predictor.presentMargin + period
                if dueHost > soon {
                    var wait = min(dueHost - soon, 1)
                    // Not past the end of the run.
                    if let n = frames { wait = min(wait, Double(n - refreshCount) * period - idleTime) }
                    if let sec = seconds { wait = min(wait, start + sec - now) }
                    waitForEvent(seconds: wait)
                    idleTime += CAMediaClock.monotonicSeconds() - now
                    let whole = Int(idleTime / period)
                    if whole > 0 {
                        refreshCount += whole; idleTime -= Double(whole) * period
                        lock.lock(); _times.idleRefreshes += whole; lock.unlock()
                    }
                    // The refreshes slept through are idle ones, not missed ones, and the gap is no frame interval.
                    lastTarget = nil
                    lastPresent = nil
                    continue
                }
            }

            // The frame's time: the next virtual period (after the app's turn on it), or the time the
            // frame is predicted to be on screen; then its media time through the time base.
            let target: Double
            let mediaTarget: Double
            if virtualTime {
                virtualHost = (lastTarget ?? virtualHost) + period
                target = virtualHost
                lock.lock(); virtualHostNow = target; lock.unlock()
                scheduler.setVirtualTime(CAMediaClock.timeBase.mediaTime(atHost: target))
                if let last = lastMediaTarget { appTakesItsTurn(onFrameAt: last) }
                // The app's turn may have paused, stepped or slowed time.
                mediaTarget = CAMediaClock.timeBase.mediaTime(atHost: target)
                scheduler.setVirtualTime(mediaTarget)
            } else {
                target = predictor.nextTarget(now: CAMediaClock.monotonicSeconds())
                if let lt = lastTarget {
                    let m = predictor.missed(previous: lt, current: target)
                    if m > 0 { lock.lock(); _times.missed += m; lock.unlock(); refreshCount += m }
                }
                mediaTarget = CAMediaClock.timeBase.mediaTime(atHost: target)
            }
            let started = CAMediaClock.monotonicSeconds()
            scheduler.drawFrame(at: mediaTarget)
            let phases = r.lastPhaseDurations
            let damage = r.damageRect
            if !damage.isEmpty {
                noteDamage(CGRect(x: CGFloat(damage.x) / scale, y: CGFloat(damage.y) / scale,
                                  width: CGFloat(damage.width) / scale, height: CGFloat(damage.height) / scale))
            }
            let u0 = CAMediaClock.monotonicSeconds()
            // The window's own layers, on their own renderer and buffer, over the scene.
            o.beginFrame(atTime: mediaTarget, timeStamp: nil)
            o.render()
            o.endFrame()
            let overlayDamage = o.damageRect
            if !overlayDamage.isEmpty {
                // Only the damage is read: what lies outside it is as the last frames left it (a 4K
                // overlay read whole every frame the stats change cost milliseconds).
                let ob = o.pixelBuffer
                if ob.width != overlayContentSize.width || ob.height != overlayContentSize.height {
                    overlayContent = .empty; overlayContentSize = (ob.width, ob.height)
                }
                let drawn = ob.nonTransparentBounds(in: overlayDamage)
                overlayContent = overlayContent.intersection(overlayDamage) == overlayContent ? drawn : overlayContent.union(drawn)
                overlayHasContent = !overlayContent.isEmpty
            }
            let uploaded = presenter.stage(scene: r.pixelBuffer, damage: damage, overlay: o.pixelBuffer,
                                           overlayDamage: overlayDamage, overlayHasContent: overlayHasContent)
            lock.lock(); let screenshots = screenshotRequests; screenshotRequests = 0; lock.unlock()
            if keepsLastFrame || screenshots > 0 {
                let b = r.pixelBuffer
                let image = CGImage(width: b.width, height: b.height, validPremultipliedARGB: b.pixels)
                if screenshots > 0 { saveScreenshot(image) }
                if keepsLastFrame {
                    let ob = o.pixelBuffer
                    let overlayImage = overlayHasContent ? CGImage(width: ob.width, height: ob.height, validPremultipliedARGB: ob.pixels) : nil
                    lock.lock(); _lastFrame = image; if overlayImage != nil { _lastOverlayFrame = overlayImage }; lock.unlock()
                }
            }
            let ready = CAMediaClock.monotonicSeconds()
            if !virtualTime {
                let wait = predictor.presentTime(for: target) - ready
                if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
            }
            let issued = CAMediaClock.monotonicSeconds()
            presenter.present()
            let returned = CAMediaClock.monotonicSeconds()
            if !virtualTime { predictor.recordFrame(started: started, ready: ready, issued: issued, returned: returned) }
            let presented = virtualTime ? target : returned
            // What the app, display links and recordings see: the present's media time.
            let presentedMedia = virtualTime ? mediaTarget : CAMediaClock.timeBase.mediaTime(atHost: returned)
            lock.lock()
            if let lp = lastPresent { _times.intervals.append(presented - lp) }
            _times.commit.append(appSideSinceFrame); appSideSinceFrame = 0
            _times.evaluate.append((phases[.evaluate] ?? 0) + (phases[.buildRenderTree] ?? 0) + (phases[.damage] ?? 0))
            _times.rasterise.append(phases[.raster] ?? 0)
            _times.present.append((ready - u0) + (returned - issued))
            _times.presentError.append(target - presented)
            _times.issueError.append(virtualTime ? 0 : target - issued)
            _times.uploadedPixels.append(uploaded)
            _times.trim()
            framesRendered += 1
            refreshCount += 1
            let presentHook = _onPresent
            lock.unlock()
            if let presentHook {
                let b = r.pixelBuffer
                // A real copy now (not a shared array the next frame's rasterisation would copy on write).
                let pixels = b.pixels.withUnsafeBufferPointer { Array($0) }
                presentHook(CGImage(width: b.width, height: b.height, validPremultipliedARGB: pixels), presentedMedia)
            }
            if !virtualTime {
                appSignal.lock()
                pendingFrames.append((presentedMedia, mediaTarget))
                appSignal.broadcast()
                appSignal.unlock()
            }
            lastPresent = presented
            lastTarget = target
            lastMediaTarget = mediaTarget
        }
        // Under virtual time the app takes its turn on the last frame too (and on the input pumped
        // last), so the app's state is settled when run() returns.
        if virtualTime { appTakesItsTurn(onFrameAt: lastMediaTarget ?? scheduler.time) }
    }

    /// Under virtual time: hands the frame presented at `time` to the app thread and waits until the
    /// app has taken its turn on it (lockstep: one turn per frame, so a virtual run repeats exactly).
    private func appTakesItsTurn(onFrameAt time: Double) {
        appSignal.lock()
        pendingFrames.append((time, time))
        framesSentToApp += 1
        appSignal.broadcast()
        while isRunningUnlocked && appTurns < framesSentToApp { _ = appSignal.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        appSignal.unlock()
    }
}
