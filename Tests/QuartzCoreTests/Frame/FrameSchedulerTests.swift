import XCTest
@_spi(LaminaInternal) @testable import QuartzCore

/// The frame scheduler on its virtual clock: where advance(to:) stops, what a frame runs, and how
/// display links fire. Times are virtual (LaminaTestCase starts them at t0 = 100).
final class FrameSchedulerTests: LaminaTestCase {
    func testVirtualClockStartsWhereAskedAndRefusesBadPeriods() {
        let s = FrameScheduler(clock: .virtual, start: 250)
        XCTAssertEqual(CAMediaClock.manualTime, 250)
        XCTAssertEqual(s.time, 250)
        XCTAssertEqual(s.now, 250)
        XCTAssertEqual(s.framePeriod, 1.0 / 60)
        XCTAssertEqual(FrameScheduler(clock: .virtual).time, 250, "by default where the manual clock is")
        for bad in [0, -1, Double.nan, .infinity] {
            XCTAssertEqual(FrameScheduler(clock: .virtual, framePeriod: bad).framePeriod, 1.0 / 60, "\(bad)")
        }
        XCTAssertEqual(FrameScheduler(clock: .virtual, framePeriod: 0.05).framePeriod, 0.05)
        s.setVirtualTime(300)
        XCTAssertEqual(s.time, 300)
        XCTAssertEqual(CAMediaClock.manualTime, 300)
        XCTAssertEqual(s.now, 300)
        CAMediaClock.manualTime = nil
        XCTAssertEqual(FrameScheduler(clock: .virtual).time, 0, "no manual time: from 0")
    }

    func testAdvanceJumpsStraightToTheTargetWhenNothingIsDue() {
        let s = FrameScheduler(clock: .virtual)
        var turns: [Double] = []
        s.onAppTurn = { turns.append($0) }
        s.advance(to: t0 + 1000)
        XCTAssertEqual(s.time, t0 + 1000)
        XCTAssertEqual(CAMediaClock.manualTime, t0 + 1000)
        XCTAssertEqual(s.stops, 0)
        XCTAssertEqual(turns, [], "nothing runs at the target itself")
        s.advance(to: t0 + 10, step: 0.25)
        XCTAssertEqual(s.time, t0 + 1000, "never backwards")
    }

    func testAdvanceStopsEveryStepAndAtTheAppsTimes() {
        let s = FrameScheduler(clock: .virtual)
        var turns: [Double] = []
        s.onAppTurn = { turns.append($0) }
        s.advance(to: t0 + 1, step: 0.25)
        XCTAssertEqual(turns, [t0 + 0.25, t0 + 0.5, t0 + 0.75])
        XCTAssertEqual(s.stops, 3)
        turns = []
        let wanted = [t0 + 1.3, t0 + 1.7]
        s.nextAppTime = { now in wanted.first { $0 > now } ?? .infinity }
        s.advance(to: t0 + 2)
        XCTAssertEqual(turns, wanted)
        XCTAssertEqual(s.stops, 5)
        XCTAssertEqual(s.time, t0 + 2)
    }

    func testAdvanceStopsWhereAnAnimationEnds() {
        let l = makeLayer()
        let d = RecordingDelegate()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 0.5
        a.delegate = d
        l.add(a, forKey: "fade")
        CATransaction.flush()
        XCTAssertEqual(d.events, ["start"], "started at the commit")
        let s = FrameScheduler(clock: .virtual)
        var turns: [Double] = []
        s.onAppTurn = { turns.append($0) }
        s.advance(to: t0 + 5)
        XCTAssertEqual(turns, [t0 + 0.5], "one stop, where the animation ends")
        XCTAssertEqual(d.events, ["start", "stop(true)"], "its end delivered at that stop")
        XCTAssertNil(l.animation(forKey: "fade"))
        XCTAssertEqual(s.time, t0 + 5)
    }

    func testDisplayLinksFireOncePerFramePeriod() {
        let s = FrameScheduler(clock: .virtual, framePeriod: 0.1)
        var fired: [(Double, Double, Double)] = []
        let link = CADisplayLink { fired.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        s.add(link)
        XCTAssertTrue(s.hasActiveDisplayLinks)
        s.advance(to: t0 + 0.35)
        // Stops at t0 + 0.1, 0.2, 0.3 (the link's first frame is a period after the start).
        XCTAssertEqual(fired.count, 3)
        for (i, f) in fired.enumerated() {
            let t = t0 + 0.1 * Double(i + 1)
            XCTAssertEqual(f.0, t, accuracy: 1e-9); XCTAssertEqual(f.1, t + 0.1, accuracy: 1e-9); XCTAssertEqual(f.2, 0.1, accuracy: 1e-12)
        }
        XCTAssertEqual(link.timestamp, t0 + 0.3, accuracy: 1e-9)
        link.isPaused = true
        XCTAssertFalse(s.hasActiveDisplayLinks)
        let before = s.stops
        s.advance(to: t0 + 2)
        XCTAssertEqual(s.stops, before, "a paused link wants no frames")
        XCTAssertEqual(fired.count, 3)
        link.isPaused = false
        link.invalidate()
        XCTAssertFalse(s.hasActiveDisplayLinks, "invalidated: removed")
        s.advance(to: t0 + 3)
        XCTAssertEqual(fired.count, 3)
    }

    func testPreferredFrameRateSkipsFrames() {
        let s = FrameScheduler(clock: .virtual, framePeriod: 1.0 / 60)
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 60, preferred: 30)
        s.add(link)
        s.advance(to: t0 + 1 + 1.0 / 120)
        XCTAssertEqual(count, 30, "every other frame of 60 Hz")
        XCTAssertEqual(CAFrameRateRange.default, CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil))
    }

    func testPostFrameFiresLinksOnlyForAPresentedFrame() {
        let s = FrameScheduler(clock: .virtual)
        var stamps: [Double] = []
        s.add(CADisplayLink { stamps.append($0.targetTimestamp) })
        s.postFrame(at: t0)
        XCTAssertEqual(stamps, [], "no frame presented")
        s.postFrame(at: t0, timestamp: t0 + 1)
        XCTAssertEqual(stamps, [t0 + 1 + 1.0 / 60], "target: a frame period after the timestamp by default")
        s.postFrame(at: t0, timestamp: t0 + 2, targetTimestamp: t0 + 5)
        XCTAssertEqual(stamps.last, t0 + 5)
    }

    func testAFrameRunsEveryPhaseInOrder() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: 8, height: 8))
        r.layer = root
        let s = FrameScheduler(clock: .virtual, renderer: r)
        var log: [String] = []
        s.onAppTurn = { log.append("turn \($0)") }
        s.onPresent = { renderer, t in
            log.append("present \(t)")
            XCTAssertTrue(renderer === r)
            XCTAssertEqual(renderer.makeImage().pixel(x: 4, y: 4), 0xFF00_0000, "drawn before it is presented")
        }
        try s.frame()
        XCTAssertEqual(log, ["turn \(t0)", "present \(t0)"])
        XCTAssertEqual(s.framesDrawn, 1)
        XCTAssertEqual(Set(s.lastPhaseDurations.keys), Set(FramePhase.allCases))
        try s.frame(at: t0 + 2)
        XCTAssertEqual(log.suffix(2), ["turn \(t0 + 2)", "present \(t0 + 2)"])
        XCTAssertEqual(s.framesDrawn, 2)
        XCTAssertEqual(s.time, t0 + 2)
        // Without a renderer frames are evaluated, not drawn.
        let headless = FrameScheduler(clock: .virtual)
        try headless.frame()
        XCTAssertEqual(headless.framesDrawn, 0)
    }

    func testFramePhases() {
        XCTAssertEqual(FramePhase.allCases.filter(\.isRenderSide), [.evaluate, .buildRenderTree, .damage, .raster, .present])
        XCTAssertEqual(FramePhase.allCases.map(\.description),
                       ["app turn", "commit", "evaluate", "render tree", "damage", "raster", "present", "post-frame"])
        XCTAssertLessThan(FramePhase.appTurn, FramePhase.postFrame)
        XCTAssertFalse(FramePhase.raster < FramePhase.damage)
    }
}
