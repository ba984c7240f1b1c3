import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// The window's own keys: function keys, which scenes and demos do not bind (they use letters,
    /// digits, Space, Return, Escape and the arrows). Each still reaches `onEvent` after the window
    /// acted on it.
    public enum Keys {
        /// Shows and hides the overlay: frame statistics and this list of keys.
        public static let overlay = "F1"
        /// Also shows and hides the overlay (a typed "?", whatever the keyboard layout).
        public static let help = "?"
        /// Shows and hides the timeline strip.
        public static let timeline = "F2"
        /// Shows and hides the layer inspector.
        public static let inspector = "F3"
        /// Cycles the inspection overlays: flash updated regions, colour blended and offscreen layers, off.
        public static let inspection = "F4"
        /// Pauses and resumes media time.
        public static let pause = "F6"
        /// While paused: one frame back.
        public static let stepBack = "F7"
        /// While paused: one frame forward.
        public static let stepForward = "F8"
        /// Cycles the speed of media time: ×1, ×2, ×1/10, ×1/2, ×1 ...
        public static let speed = "F9"
        /// Restarts the scene from its start (`onRestart`).
        public static let restart = "F10"
        /// Saves the scene's frame, without the window's overlays, to lamina-screenshot-<n>.png.
        public static let screenshot = "F12"
    }

    /// The speeds the speed key cycles through, in order.
    public static let speeds: [Double] = [1, 2, 0.1, 0.5]

    /// The lines of the help overlay: every key the window itself handles.
    public static var keyHelp: [String] {
        [
            "\(Keys.overlay)/\(Keys.help) statistics, keys   \(Keys.timeline) timeline   \(Keys.inspector) layer inspector",
            "\(Keys.inspection) flash updates, colour layers, off   \(Keys.screenshot) screenshot",
            "\(Keys.pause) pause   \(Keys.stepBack)/\(Keys.stepForward) step (paused)   \(Keys.speed) speed   \(Keys.restart) restart",
        ]
    }

    /// The host time now: the monotonic clock, or the virtual clock's host time under `virtualTime`
    /// (time the time controls do not pause or slow: for messages that hide after a while).
    package func hostNow() -> Double {
        if virtualTime { return shared.withLock { $0.virtualHostNow } }
        return CAMediaClock.monotonicSeconds()
    }

    /// Whether media time is paused.
    public var isPaused: Bool { CAMediaClock.timeBase.isPaused }

    /// The speed of media time (1 is real time).
    public var speed: Double { CAMediaClock.timeBase.rate }

    /// Pauses or resumes media time (the pause key). The app thread, or the main thread outside `run()`.
    public func setPaused(_ paused: Bool) {
        let h = hostNow()
        changeTimeBase { paused ? $0.pause(atHost: h) : $0.resume(atHost: h) }
    }

    /// Moves paused media time by `frames` frame periods (negative: back); nothing while running.
    public func step(frames: Int) {
        let d = Double(frames) * scheduler.framePeriod
        changeTimeBase { if $0.isPaused { $0.step(by: d) } }
    }

    /// Sets the speed of media time from now on (a finite positive number; 1 is real time).
    public func setSpeed(_ rate: Double) {
        let h = hostNow()
        changeTimeBase { $0.setRate(rate, atHost: h) }
    }

    /// The next speed of `speeds` after the current one (×1 after a speed not in the list).
    static func nextSpeed(after rate: Double) -> Double {
        guard let i = speeds.firstIndex(of: rate) else { return 1 }
        return speeds[(i + 1) % speeds.count]
    }

    func changeTimeBase(_ change: (inout MediaTimeBase) -> Void) {
        let base = CAMediaClock.updateTimeBase(change)
        if virtualTime {
            // The virtual clock's media time moves with the time base at once.
            let h = shared.withLock { $0.virtualHostNow }
            scheduler.setVirtualTime(base.mediaTime(atHost: h))
        }
        requestFrame()
    }

    /// Asks the render thread for a frame even if nothing was committed.
    func requestFrame() {
        scheduler.requestFrame()
        wake()
    }

    /// The window's action for one of its keys (app thread); false for other keys.
    @discardableResult
    func handleWindowKey(_ key: String) -> Bool {
        switch key {
        case Keys.overlay, Keys.help: showsOverlay.toggle()
        case Keys.timeline: showsTimeline.toggle()
        case Keys.inspector: inspectsLayers.toggle()
        case Keys.inspection:
            let all = Inspection.allCases
            inspection = all[(inspection.rawValue + 1) % all.count]
        case Keys.pause: setPaused(!isPaused)
        case Keys.stepBack: step(frames: -1)
        case Keys.stepForward: step(frames: 1)
        case Keys.speed: setSpeed(WindowHost.nextSpeed(after: speed))
        case Keys.restart:
            if let restart = onRestart {
                restart()
                app.sceneStart = CACurrentMediaTime()
                showToast("Restarted")
            } else {
                showToast("Nothing to restart")
            }
        case Keys.screenshot:
            shared.withLock { $0.screenshotRequests += 1 }
            requestFrame()
        default: return false
        }
        updateBadge()
        return true
    }

    /// The badge at the top right while media time is paused or not at ×1: the state and the media
    /// time since the scene started.
    func updateBadge() {
        let base = CAMediaClock.timeBase
        let t = CACurrentMediaTime() - (app.sceneStart ?? 0)
        var text: String? = nil
        if base.isPaused { text = String(format: "Paused  t = %.3f s", t) }
        if base.rate != 1 {
            let speed = base.rate < 1 ? "×1/\(Int((1 / base.rate).rounded()))" : "×\(Int(base.rate.rounded()))"
            text = (text.map { $0 + "  " } ?? "") + speed
        }
        // Nothing to commit when nothing changed (a paused window stays idle).
        if (badge.string as? String) == (text ?? "") && badge.isHidden == (text == nil) { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        badge.string = text ?? ""
        badge.isHidden = text == nil
        CATransaction.commit()
    }

    /// Shows a short message at the bottom of the window for a few seconds: the app thread, or the
    /// main thread outside `run()` (other threads: `handle.showToast(_:seconds:)`).
    /// Control characters in `text` are shown escaped (`TerminalText`), on the terminal and in the window.
    public func showToast(_ text: String, seconds: Double = 2.5) {
        let text = TerminalText.escaped(text)
        print("lamina: \(text)")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        toast.string = text
        toast.isHidden = false
        CATransaction.commit()
        let until = hostNow() + seconds
        shared.withLock { $0.toastUntil = until }
    }

    /// Hides the toast when its time is up (app thread, every turn).
    func expireToast() {
        let now = hostNow()
        let expired = shared.withLock { s in
            guard let until = s.toastUntil, now >= until else { return false }
            s.toastUntil = nil
            return true
        }
        guard expired else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        toast.isHidden = true
        CATransaction.commit()
    }

    func layoutToastAndBadge(_ size: CGSize) {
        toast.bounds = CGRect(x: 0, y: 0, width: min(size.width - 16, 520), height: 22)
        // Above the timeline strip while it is shown, not over it.
        toast.position = CGPoint(x: 8, y: size.height - 30 - (timelineRoot.isHidden ? 0 : WindowHost.timelineHeight))
        badge.bounds = CGRect(x: 0, y: 0, width: 190, height: 20)
        badge.position = CGPoint(x: size.width - 198, y: 8)
        recordingMark.bounds = CGRect(x: 0, y: 0, width: 120, height: 20)
        recordingMark.position = CGPoint(x: size.width - 128, y: 32)
    }
}
