import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// The timeline strip's height in points (at the bottom of the window).
    static let timelineHeight: CGFloat = 64
    /// The media seconds the strip spans: 2 before the playhead, 3 after.
    static let timelineSpan: Double = 5
    static let timelineBefore: Double = 2
    /// Most rows under the label: animation bars, the last one saying how many more there are
    /// when they do not all fit (a row is 11 points, its name in 9-point type: readable, never
    /// overlapping).
    static let timelineRows = 4
    /// A row's height in points.
    static let timelineRowHeight: CGFloat = 11

    /// Whether the timeline strip (F2) is shown: the media time since the scene started, the running
    /// animations of the scene as bars over time, and a playhead. While paused, dragging in the
    /// strip scrubs media time. Mouse input in the strip goes to the strip, not the scene.
    public var showsTimeline: Bool {
        get { !timelineRoot.isHidden }
        set {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            timelineRoot.isHidden = !newValue
            layoutToastAndBadge(hostRoot.bounds.size)
            CATransaction.commit()
            app.timelineSignature = ""
            requestFrame()
        }
    }

    /// Moves paused media time to `media` (scrubbing), never before the scene's start (t = 0 in
    /// the strip and the badge); nothing while running. App thread.
    public func seek(to media: CFTimeInterval) {
        guard media.isFinite else { return }
        let target = max(media, app.sceneStart ?? 0)
        changeTimeBase { if $0.isPaused { $0.step(by: target - $0.anchorMedia) } }
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
        // Every animation a bar when they fit; otherwise the first rows, and the last row names how
        // many more there are (no bar: they span all sorts of times).
        let layout = WindowHost.timelineRowLayout(count: spans.count)
        var bars = timelineBars.sublayers ?? []
        while bars.count < layout.bars + (layout.more > 0 ? 1 : 0) {
            let bar = CATextLayer()
            bar.fontSize = 9
            bar.foregroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            timelineBars.addSublayer(bar)
            bars.append(bar)
        }
        let rowHeight = WindowHost.timelineRowHeight
        for (i, row) in spans.prefix(layout.bars).enumerated() {
            let bar = bars[i] as! CATextLayer
            let x0 = x(row.span.begin), x1 = x(row.span.end)
            bar.backgroundColor = CGColor(srgbRed: 0.25, green: 0.55, blue: 1, alpha: 0.85)
            bar.frame = CGRect(x: x0, y: 20 + CGFloat(i) * rowHeight, width: max(1, x1 - x0), height: rowHeight - 1)
            bar.string = row.name
        }
        if layout.more > 0 {
            let more = bars[layout.bars] as! CATextLayer
            more.backgroundColor = nil
            more.frame = CGRect(x: 6, y: 20 + CGFloat(layout.bars) * rowHeight, width: strip.width - 12, height: rowHeight - 1)
            more.string = "+\(layout.more) more animation\(layout.more == 1 ? "" : "s")"
        }
        for bar in bars.dropFirst(layout.bars + (layout.more > 0 ? 1 : 0)) { bar.removeFromSuperlayer() }
        timelineBars.frame = CGRect(origin: .zero, size: strip.size)
        timelinePlayhead.frame = CGRect(x: x(now) - 1, y: 0, width: 2, height: strip.height)
        CATransaction.commit()
    }

    func setUpTimeline() {
        // Opaque enough that the scene's own text under it (a demo's caption) does not read through.
        timelineRoot.backgroundColor = CGColor(srgbRed: 0.05, green: 0.05, blue: 0.06, alpha: 0.94)
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

    /// How `count` animations fill the strip's rows: bars for all when they fit, else bars for the
    /// first `timelineRows - 1` and one row saying how many `more` there are.
    static func timelineRowLayout(count: Int) -> (bars: Int, more: Int) {
        count <= timelineRows ? (count, 0) : (timelineRows - 1, count - (timelineRows - 1))
    }
}
