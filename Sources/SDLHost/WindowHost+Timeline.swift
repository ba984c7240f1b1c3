import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// The timeline strip's height in points (at the bottom of the window).
    static let timelineHeight: CGFloat = 64
    /// The media seconds the strip spans: 2 before the playhead, 3 after.
    static let timelineSpan: Double = 5
    static let timelineBefore: Double = 2
    /// Most animation bars shown (one row each).
    static let timelineRows = 6

    /// Whether the timeline strip (F2) is shown: the media time since the scene started, the running
    /// animations of the scene as bars over time, and a playhead. While paused, dragging in the
    /// strip scrubs media time. Mouse input in the strip goes to the strip, not the scene.
    public var showsTimeline: Bool {
        get { !timelineRoot.isHidden }
        set {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            timelineRoot.isHidden = !newValue
            CATransaction.commit()
            app.timelineSignature = ""
            requestFrame()
        }
    }

    /// Moves paused media time to `media` (scrubbing); nothing while running.
    public func seek(to media: CFTimeInterval) {
        guard media.isFinite else { return }
        changeTimeBase { if $0.isPaused { $0.step(by: media - $0.anchorMedia) } }
    }

    /// The strip's frame in window points.
    var timelineFrame: CGRect {
        let size = hostRoot.bounds.size
        return CGRect(x: 0, y: size.height - WindowHost.timelineHeight, width: size.width, height: WindowHost.timelineHeight)
    }

    /// The media time at the strip's left edge now (frozen while scrubbing).
    func timelineLeft() -> Double { app.scrubLeft ?? CACurrentMediaTime() - WindowHost.timelineBefore }

    /// Takes a mouse event that belongs to the strip (app thread): a press in it while paused starts
    /// scrubbing, a drag scrubs, the release ends it. Returns whether the event was the strip's.
    func handleTimelineMouse(_ e: HostEvent) -> Bool {
        guard showsTimeline else { return false }
        let strip = timelineFrame
        switch e {
        case .mouseDown(let p, _) where strip.contains(p):
            if isPaused {
                app.scrubLeft = timelineLeft()
                scrub(to: p)
            }
            return true
        case .mouseMoved(let p, true) where app.scrubLeft != nil:
            scrub(to: p)
            return true
        case .mouseUp(_, _) where app.scrubLeft != nil:
            app.scrubLeft = nil
            app.swallowSwipe = true
            return true
        case .mouseUp(let p, _) where strip.contains(p):
            return true
        case .swipe where app.swallowSwipe:
            app.swallowSwipe = false
            return true
        default:
            if case .mouseDown = e { app.swallowSwipe = false }
            return false
        }
    }

    private func scrub(to p: CGPoint) {
        guard let left = app.scrubLeft, timelineFrame.width > 0 else { return }
        let x = min(max(p.x - timelineFrame.minX, 0), timelineFrame.width)
        seek(to: left + Double(x / timelineFrame.width) * WindowHost.timelineSpan)
    }

    /// Redraws the strip for the media time now (app thread, every turn while shown).
    func updateTimeline() {
        guard showsTimeline else { return }
        let now = CACurrentMediaTime()
        let left = timelineLeft()
        let strip = timelineFrame
        let perSecond = strip.width / CGFloat(WindowHost.timelineSpan)
        func x(_ t: Double) -> CGFloat { min(max(CGFloat(t - left) * perSecond, 0), strip.width) }
        var spans: [(name: String, span: AnimationSpan)] = []
        func walk(_ l: CALayer) {
            for s in l.animationSpans() where s.end > left && s.begin < left + WindowHost.timelineSpan {
                spans.append((TerminalText.escaped((l.name.map { $0 + "." } ?? "") + (s.keyPath ?? s.key)), s))
            }
            for s in l.sublayers ?? [] { walk(s) }
        }
        if let root = layer { walk(root) }
        let base = CAMediaClock.timeBase
        var text = String(format: "t = %.3f s", now - (app.sceneStart ?? 0))
        if base.isPaused { text += "  paused (drag to scrub)" }
        if base.rate != 1 { text += base.rate < 1 ? "  ×1/\(Int((1 / base.rate).rounded()))" : "  ×\(Int(base.rate.rounded()))" }
        text += "  animations \(spans.count)"
        // Nothing to commit when nothing changed (a paused window stays idle).
        let signature = "\(strip) \(left) \(now) \(text) " + spans.map { "\($0.name) \($0.span.begin) \($0.span.end)" }.joined(separator: ";")
        if signature == app.timelineSignature { return }
        app.timelineSignature = signature
        CATransaction.begin(); CATransaction.setDisableActions(true)
        timelineRoot.frame = strip
        timelineLabel.string = text
        timelineLabel.frame = CGRect(x: 6, y: 2, width: strip.width - 12, height: 16)
        let rows = Array(spans.prefix(WindowHost.timelineRows))
        var bars = timelineBars.sublayers ?? []
        while bars.count < rows.count {
            let bar = CATextLayer()
            bar.fontSize = 8
            bar.foregroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            bar.backgroundColor = CGColor(srgbRed: 0.25, green: 0.55, blue: 1, alpha: 0.85)
            timelineBars.addSublayer(bar)
            bars.append(bar)
        }
        for (i, row) in rows.enumerated() {
            let bar = bars[i] as! CATextLayer
            let x0 = x(row.span.begin), x1 = x(row.span.end)
            bar.frame = CGRect(x: x0, y: 20 + CGFloat(i) * 7, width: max(1, x1 - x0), height: 6)
            bar.string = row.name
        }
        for bar in bars.dropFirst(rows.count) { bar.removeFromSuperlayer() }
        timelineBars.frame = CGRect(origin: .zero, size: strip.size)
        timelinePlayhead.frame = CGRect(x: x(now) - 1, y: 0, width: 2, height: strip.height)
        CATransaction.commit()
    }

    func setUpTimeline() {
        timelineRoot.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0.75)
        timelineRoot.isHidden = true
        timelineRoot.anchorPoint = .zero
        timelineLabel.fontSize = 12
        timelineLabel.foregroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        timelinePlayhead.backgroundColor = CGColor(srgbRed: 1, green: 0.3, blue: 0.2, alpha: 1)
        timelineRoot.addSublayer(timelineBars)
        timelineRoot.addSublayer(timelineLabel)
        timelineRoot.addSublayer(timelinePlayhead)
        overlayRoot.addSublayer(timelineRoot)
    }
}
