import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// Longest the app thread sleeps while the window is idle (`onTick`'s polling interval).
    static let idleTickInterval: Double = 0.1

    /// The app thread: one app turn per wake-up. It wakes on input, after each presented frame, when
    /// the app's or the animations' next due time comes, and at least every `idleTickInterval`;
    /// under `virtualTime`, exactly once per frame. A turn: the post-frame phase of the frames
    /// presented since the last turn (display links, animation callbacks, completion blocks), the
    /// input events (`onEvent`), then the app turn itself (`onTick`) and its commit.
    func appLoop() {
        while isRunning {
            guard let (events, frames) = waitForTurn() else { break }
            let a = CAMediaClock.monotonicSeconds()
            let now = CACurrentMediaTime()
            if let f = frames.last {
                scheduler.postFrame(at: now, timestamp: f.timestamp, targetTimestamp: f.target + scheduler.framePeriod)
            } else {
                scheduler.postFrame(at: now)
            }
            for e in events {
                if case .key(let k) = e { handleWindowKey(k) }
                if case .mouseMoved(let p, _) = e { app.pointer = p }
                if handleTimelineMouse(e) { continue }
                if case .resize(let size) = e { resizeHostLayers(size) }
                onEvent(e)
            }
            // The app's turn at the media time after its input (a time key may have paused or stepped it).
            scheduler.appTurn(at: CACurrentMediaTime())
            let b = CAMediaClock.monotonicSeconds()
            shared.withLock { $0.appSideSinceFrame += b - a }
            // The window's own overlays are part of the turn: under virtual time the render thread
            // waits for them too, so the frame after a turn always shows what the turn drew.
            let toasts: [(text: String, seconds: Double)] = shared.withLock { s in
                defer { s.pendingToasts = [] }
                return s.pendingToasts
            }
            for t in toasts { showToast(t.text, seconds: t.seconds) }
            expireToast()
            // The next frame's media time (the frame after the last one presented): the colour
            // overlay is placed for it, so it does not run a frame behind a moving layer.
            let nextFrame = frames.last.map { CAMediaClock.timeBase.mediaTime(atHost: $0.target + scheduler.framePeriod) }
            updateInspection(nextFrameAt: nextFrame ?? CACurrentMediaTime())
            updateTimeline()
            let host = hostNow()
            if showsOverlay && (host - app.overlayUpdated > 0.5 || host < app.overlayUpdated) { app.overlayUpdated = host; updateOverlay() }
            if !badge.isHidden { updateBadge() }
            if !frames.isEmpty {
                shared.withLock { $0.appTurns += frames.count }
                shared.turnTaken.signal()
            }
        }
    }

    /// What a turn of the app thread takes: the input and the frames presented since the last turn.
    private enum Wake: Sendable {
        case stop
        case wait
        case turn([HostEvent], [(timestamp: CFTimeInterval, target: CFTimeInterval)])
    }

    /// Sleeps until the app thread's next turn and takes its input and frames; nil when the window
    /// stops. Under virtual time, a turn per frame presented (lockstep, so virtual runs repeat
    /// exactly); on real time, a turn on input, a frame, the app's or the animations' next due time,
    /// or at most every `idleTickInterval`.
    private func waitForTurn() -> ([HostEvent], [(timestamp: CFTimeInterval, target: CFTimeInterval)])? {
        var deadline = Double.infinity
        if !virtualTime {
            // Due times are media times; the wait is in host seconds (the time base's rate, and
            // never while paused).
            let now = CACurrentMediaTime()
            let base = CAMediaClock.timeBase, host = CAMediaClock.monotonicSeconds()
            let delivery = scheduler.nextDeliveryTime(after: now)
            let due = min(nextAppTime(now), delivery ?? .infinity)
            var wait = min(WindowHost.idleTickInterval, base.hostTime(forMedia: due) - host)
            if delivery == nil { wait = min(wait, scheduler.framePeriod) }
            deadline = host + max(0, wait)
        }
        let lockstep = virtualTime
        while true {
            let wake: Wake = shared.withLock { s in
                guard s.running else { return .stop }
                let ready = lockstep ? !s.pendingFrames.isEmpty
                    : !s.pendingEvents.isEmpty || !s.pendingFrames.isEmpty || !s.pendingToasts.isEmpty
                        || CAMediaClock.monotonicSeconds() >= deadline
                guard ready else { return .wait }
                defer { s.pendingEvents.removeAll(); s.pendingFrames.removeAll() }
                return .turn(s.pendingEvents, s.pendingFrames)
            }
            switch wake {
            case .stop: return nil
            case .turn(let events, let frames): return (events, frames)
            case .wait:
                let left = lockstep ? 0.05 : min(deadline - CAMediaClock.monotonicSeconds(), 1)
                _ = shared.appWake.wait(timeout: .now() + max(0, left))
            }
        }
    }

    func resizeHostLayers(_ size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hostRoot.bounds = CGRect(origin: .zero, size: size)
        overlayRoot.bounds = CGRect(origin: .zero, size: size)
        banner.bounds.size.width = size.width
        layoutToastAndBadge(size)
        layoutInspection(size)
        CATransaction.commit()
    }

    /// The overlay's first two lines: the frame rate over the last second of frames (frames drawn
    /// divided by the time they took, so missed refreshes lower it, where a median interval hid
    /// them), the median frame interval, misses, lateness and phase times; or, while the window
    /// sleeps because nothing is due (`FrameTimes.asleep`: it draws only when something changes),
    /// that it idles and how many refreshes it slept through. A slow frame or a pause while
    /// animations run is not idling.
    static func statisticsText(_ t: FrameTimes, refreshRate: Double) -> String {
        func med(_ a: [Double]) -> Double { let s = a.suffix(60).sorted(); return s.isEmpty ? 0 : s[s.count / 2] * 1000 }
        let phases = String(format: "commit %.2f  evaluate %.2f  rasterise %.2f  present %.2f ms",
                            med(t.commit), med(t.evaluate), med(t.rasterise), med(t.present))
        if t.asleep {
            return "idle: nothing to draw (\(t.idleRefreshes) refreshes slept)  missed \(t.missed)\n" + phases
        }
        // The last second of intervals (at least one).
        var span = 0.0, frames = 0
        for d in t.intervals.reversed() where frames == 0 || span + d <= 1 { span += d; frames += 1 }
        let fps = span > 0 ? Double(frames) / span : 0
        return String(format: "%.1f fps  frame %.2f ms  missed %d  late %.1f ms\n", fps, med(t.intervals), t.missed, -med(t.presentError)) + phases
    }

    /// Medians of the last second of frames, shown in the overlay.
    func updateOverlay() {
        let t = times
        let help = overlayHelp
        var text = WindowHost.statisticsText(t, refreshRate: refreshRate)
        let counts = sceneCounts()
        text += "\nlayers \(counts.layers)  animations \(counts.animations)"
        text += "\n" + WindowHost.keyHelp.joined(separator: "\n")
        if !help.isEmpty { text += "\n" + help }
        let lines = text.split(separator: "\n").count
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        overlay.string = text
        overlay.bounds.size = CGSize(width: 440, height: CGFloat(lines) * 17 + 8)
        CATransaction.commit()
    }
}
