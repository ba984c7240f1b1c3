import XCTest
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
@testable import SDLHost

/// The timeline strip on SDL's offscreen driver, virtual time 0.25 s a frame from 50, a 200 × 120
/// window (the strip: y 56…120, 5 s across 200 points, 40 points a second, 2 s before the
/// playhead). Keys and the drag are handled in the app's turn on frame 1, at media time 50.5.
final class TimelineTests: OffscreenClockTestCase {
    /// Paused at 50.5, a press at x 100 and a drag to x 160 in the strip scrub to
    /// 48.5 + 160 / 40 = 52.5 (the strip's left edge frozen at 50.5 − 2 while dragging); the scene
    /// gets none of those mouse events. Afterwards the strip spans 50.5…55.5: the 4 s animation
    /// begun at 50 (ends 54) is a bar from x 0 to (54 − 50.5) × 40 = 140, the playhead at
    /// (52.5 − 50.5) × 40 = 80 (a 2-point line from 79).
    func testDraggingThePausedTimelineScrubsMediaTimeAndBarsShowTheAnimations() throws {
        let host = try WindowHost(title: "timeline", size: CGSize(width: 200, height: 120))
        host.virtualTime = true
        host.virtualFramePeriod = 0.25
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        let box = CALayer()
        box.name = "box"
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5; move.toValue = 95; move.duration = 4
        box.add(move, forKey: "move")
        root.addSublayer(box)
        host.layer = root
        var sceneMouse: [HostEvent] = []
        host.onEvent = { e in
            switch e {
            case .mouseDown, .mouseUp, .swipe: sceneMouse.append(e)
            case .mouseMoved(_, true): sceneMouse.append(e)
            default: break
            }
        }
        host.simulate(.key(WindowHost.Keys.pause))
        host.simulate(.key(WindowHost.Keys.timeline))
        host.simulate(.mouseDown(CGPoint(x: 100, y: 100), button: 1))
        host.simulate(.mouseMoved(CGPoint(x: 160, y: 100), dragging: true))
        host.simulate(.mouseUp(CGPoint(x: 160, y: 100), button: 1))
        host.run(frames: 4)
        XCTAssertTrue(host.showsTimeline)
        XCTAssertEqual(CACurrentMediaTime(), 52.5)
        XCTAssertEqual(sceneMouse, [], "the strip's mouse events stay with the strip")
        let bars = host.timelineBars.sublayers ?? []
        XCTAssertEqual(bars.count, 1)
        XCTAssertEqual(bars.first?.frame, CGRect(x: 0, y: 20, width: 140, height: 10))
        XCTAssertEqual((bars.first as? CATextLayer)?.string as? String, "box.position.x")
        XCTAssertEqual(host.timelinePlayhead.frame, CGRect(x: 79, y: 0, width: 2, height: 64))
        XCTAssertEqual(host.timelineRoot.frame, CGRect(x: 0, y: 56, width: 200, height: 64))
    }

    /// While running, a press in the strip does not scrub (media time runs on: frame 4 at 51).
    func testThePressDoesNotScrubWhileRunning() throws {
        let host = try WindowHost(title: "timeline", size: CGSize(width: 200, height: 120))
        host.virtualTime = true
        host.virtualFramePeriod = 0.25
        host.simulate(.key(WindowHost.Keys.timeline))
        host.simulate(.mouseDown(CGPoint(x: 10, y: 100), button: 1))
        host.simulate(.mouseUp(CGPoint(x: 10, y: 100), button: 1))
        host.run(frames: 4)
        XCTAssertEqual(CACurrentMediaTime(), 51)
    }

    /// Scrubbing stops at the scene's start (t = 0: media 50 here, where the window began): a drag
    /// to the strip's left edge (48.5) leaves media time at 50, not "t = -1.5 s".
    func testScrubbingStopsAtTheScenesStart() throws {
        let host = try WindowHost(title: "timeline", size: CGSize(width: 200, height: 120))
        host.virtualTime = true
        host.virtualFramePeriod = 0.25
        host.simulate(.key(WindowHost.Keys.pause))
        host.simulate(.key(WindowHost.Keys.timeline))
        host.simulate(.mouseDown(CGPoint(x: 100, y: 100), button: 1))
        host.simulate(.mouseMoved(CGPoint(x: 0, y: 100), dragging: true))
        host.simulate(.mouseUp(CGPoint(x: 0, y: 100), button: 1))
        host.run(frames: 3)
        XCTAssertEqual(CACurrentMediaTime(), 50)
    }

    /// Thirty animations: three bars and a row saying "+27 more animations", rows 11 points apart
    /// (never overlapping), inside the strip; the toast is moved above the strip.
    func testManyAnimationsFillTheRowsWithoutOverlapping() throws {
        let host = try WindowHost(title: "timeline", size: CGSize(width: 200, height: 120))
        host.virtualTime = true
        host.virtualFramePeriod = 0.25
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        for i in 0..<30 {
            let l = CALayer()
            l.name = "l\(i)"
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = 3
            l.add(a, forKey: "fade")
            root.addSublayer(l)
        }
        host.layer = root
        host.simulate(.key(WindowHost.Keys.timeline))
        host.run(frames: 3)
        let rows = (host.timelineBars.sublayers ?? []).compactMap { $0 as? CATextLayer }
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(rows.prefix(3).map { $0.string as? String }, ["l0.opacity", "l1.opacity", "l2.opacity"])
        XCTAssertEqual(rows.last?.string as? String, "+27 more animations")
        for (a, b) in zip(rows, rows.dropFirst()) { XCTAssertLessThanOrEqual(a.frame.maxY, b.frame.minY, "rows do not overlap") }
        XCTAssertLessThanOrEqual(rows.last!.frame.maxY, WindowHost.timelineHeight, "inside the strip")
        XCTAssertLessThanOrEqual(host.toast.frame.maxY, host.timelineRoot.frame.minY, "the toast sits above the strip")
        XCTAssertEqual(WindowHost.timelineRowLayout(count: 4).bars, 4, "four fit: all bars")
        XCTAssertEqual(WindowHost.timelineRowLayout(count: 4).more, 0)
    }
}
