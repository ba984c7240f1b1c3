import Foundation
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2

extension WindowHost {
    /// The render thread (the SDL thread): for each frame, the frame scheduler's render-side phases
    /// at the frame's predicted time, then the texture upload and the present. Sleeps while idle.
    func renderLoop(frames: Int?, seconds: Double?) {
        guard let sdlRenderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) ?? SDL_CreateRenderer(window, -1, 0) else {
            FileHandle.standardError.write(Data("lamina: SDL could not create a renderer: \(WindowHost.sdlError())\n".utf8))
            return
        }
        defer { SDL_DestroyRenderer(sdlRenderer) }
        var texture: OpaquePointer? = nil
        var textureSize = (0, 0)
        defer { if let t = texture { SDL_DestroyTexture(t) } }
        let period = virtualTime ? (virtualFramePeriod ?? 1 / refreshRate) : 1 / refreshRate
        var predictor = FramePredictor(hz: 1 / period)
        scheduler.framePeriod = period
        if virtualTime {
            scheduler.clock = .virtual
            scheduler.setVirtualTime(CACurrentMediaTime())
        }
        let start = CACurrentMediaTime()
        var lastPresent: Double? = nil
        var lastTarget: Double? = nil
        var seenCommits = -1
        var idleTime = 0.0
        var needsFullFrame = true
        while isRunning {
            pumpEvents()
            if let n = frames, refreshCount >= n { break }
            if let s = seconds, CACurrentMediaTime() - start >= s { break }
            // The output size in pixels and the points it shows.
            var pw: Int32 = 0, ph: Int32 = 0
            SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
            lock.lock(); let size = pointSize; lock.unlock()
            let scale = size.width > 0 ? max(1, CGFloat(pw) / size.width) : 1
            if scheduler.renderer == nil || scheduler.renderer!.scale != scale {
                let r = CARenderer(size: size, scale: scale)
                r.threads = 2
                scheduler.renderer = r
                needsFullFrame = true
            }
            let r = scheduler.renderer!
            r.bounds = CGRect(origin: .zero, size: size)
            r.layer = hostRoot
            if texture == nil || textureSize != (Int(pw), Int(ph)) {
                if let t = texture { SDL_DestroyTexture(t) }
                texture = SDL_CreateTexture(sdlRenderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pw, ph)
                textureSize = (Int(pw), Int(ph))
                r.addUpdate(r.bounds)
                needsFullFrame = true
            }
            guard let tex = texture else { break }

            // Idle: nothing committed since the last frame, no animation running or about to start,
            // no display link: sleep until an event, a commit, or the next animation's start.
            if !virtualTime {
                let now = CACurrentMediaTime()
                let commits = CATransaction.changingCommitCount
                let next = r.nextFrameTime()
                let soon = now + predictor.drawEstimate + predictor.presentMargin + period
                if !needsFullFrame && commits == seenCommits && !scheduler.hasActiveDisplayLinks && next > soon {
                    var wait = min(next - soon, 1)
                    // Not past the end of the run.
                    if let n = frames { wait = min(wait, Double(n - refreshCount) * period - idleTime) }
                    if let sec = seconds { wait = min(wait, start + sec - now) }
                    waitForEvent(seconds: wait)
                    idleTime += CACurrentMediaTime() - now
                    let whole = Int(idleTime / period)
                    if whole > 0 {
                        refreshCount += whole; idleTime -= Double(whole) * period
                        lock.lock(); _times.idleRefreshes += whole; lock.unlock()
                    }
                    continue
                }
                seenCommits = commits
            }
            needsFullFrame = false

            // The frame's time: the next virtual period (after the app's turn on it), or the time the
            // frame is predicted to be on screen.
            let target: Double
            if virtualTime {
                target = (lastTarget ?? scheduler.time) + period
                scheduler.setVirtualTime(target)
                if let last = lastTarget { appTakesItsTurn(onFrameAt: last) }
            } else {
                target = predictor.nextTarget(now: CACurrentMediaTime())
                if let lt = lastTarget {
                    let m = predictor.missed(previous: lt, current: target)
                    if m > 0 { lock.lock(); _times.missed += m; lock.unlock(); refreshCount += m }
                }
            }
            let started = CACurrentMediaTime()
            scheduler.drawFrame(at: target)
            let phases = r.lastPhaseDurations
            let damage = r.damageRect
            let u0 = CACurrentMediaTime()
            var uploaded = 0
            if !damage.isEmpty {
                let buffer = r.pixelBuffer
                let w = min(buffer.width, textureSize.0), h = min(buffer.height, textureSize.1)
                let d = damage.intersection(IntRect(x: 0, y: 0, width: w, height: h))
                if !d.isEmpty {
                    uploaded = d.area
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
            SDL_RenderCopy(sdlRenderer, tex, nil, nil)
            let ready = CACurrentMediaTime()
            if !virtualTime {
                let wait = predictor.presentTime(for: target) - ready
                if wait > 0 { usleep(UInt32(min(wait, 1) * 1_000_000)) }
            }
            let issued = CACurrentMediaTime()
            SDL_RenderPresent(sdlRenderer)
            let returned = CACurrentMediaTime()
            if !virtualTime { predictor.recordFrame(started: started, ready: ready, issued: issued, returned: returned) }
            let presented = virtualTime ? target : returned
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
                presentHook(CGImage(width: b.width, height: b.height, premultipliedARGB: pixels), presented)
            }
            if !virtualTime {
                appSignal.lock()
                pendingFrames.append((presented, target))
                appSignal.broadcast()
                appSignal.unlock()
            }
            lastPresent = presented
            lastTarget = target
        }
        // Under virtual time the app takes its turn on the last frame too (and on the input pumped
        // last), so the app's state is settled when run() returns.
        if virtualTime { appTakesItsTurn(onFrameAt: lastTarget ?? scheduler.time) }
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
