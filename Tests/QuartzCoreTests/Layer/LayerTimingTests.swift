import XCTest
@testable import QuartzCore

final class LayerTimingTests: LaminaTestCase {
    func testNestedSpeedsMultiply() {
        // Issue 4 demo 13: a sublayer of speed 2 under a layer of speed 2 runs an 8 s animation in 2 s.
        let parent = makeLayer()
        let child = CALayer()
        parent.addSublayer(child)
        CATransaction.setDisableActions(true)
        parent.speed = 2
        child.speed = 2
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 80; a.duration = 8
        child.add(a, forKey: "m")
        CATransaction.flush()
        at(1)
        XCTAssertClose(child.presentation().map { Double($0.position.x) }, 40, 1e-9)
        let d = RecordingDelegate()
        _ = d
        at(2.01)
        XCTAssertNil(child.animation(forKey: "m"), "finished after 2 s of media time")
    }

    func testPauseAndResumeRecipeOfArticle004() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 10
        l.add(a, forKey: "m")
        CATransaction.flush()
        at(3)
        // pauseLayer
        let pausedTime = l.convertTime(CACurrentMediaTime(), from: nil)
        l.speed = 0
        l.timeOffset = pausedTime
        CATransaction.flush()
        at(7)
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 30, 1e-9, "paused")
        // resumeLayer
        let paused = l.timeOffset
        l.speed = 1
        l.timeOffset = 0
        l.beginTime = 0
        let timeSincePause = l.convertTime(CACurrentMediaTime(), from: nil) - paused
        l.beginTime = timeSincePause
        CATransaction.flush()
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 30, 1e-9, "resumes where it paused")
        at(8)
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 40, 1e-9)
        at(14.5)
        XCTAssertNil(l.animation(forKey: "m"))
    }

    func testConvertTimeBetweenLayers() {
        let a = makeLayer(), b = CALayer()
        a.addSublayer(b)
        CATransaction.setDisableActions(true)
        a.speed = 2; a.beginTime = 10; a.timeOffset = 1
        b.speed = 0.5
        CATransaction.flush()
        // a: (t - 10) * 2 + 1 ; b: ta * 0.5
        XCTAssertClose(a.convertTime(20, from: nil), 21)
        XCTAssertClose(b.convertTime(20, from: nil), 10.5)
        XCTAssertClose(b.convertTime(21, from: a), 10.5)
        XCTAssertClose(a.convertTime(10.5, from: b), 21)
        XCTAssertClose(b.convertTime(10.5, to: nil), 20)
    }

    func testFillModesWithDelayedStart() {
        // Issue 4 demo 14: removed, forwards, backwards, both, with a start 1 s later.
        let expected: [(CAMediaTimingFillMode, before: Double, after: Double)] = [
            (.removed, 50, 50), (.forwards, 50, 100), (.backwards, 0, 50), (.both, 0, 100),
        ]
        for (mode, before, after) in expected {
            let l = makeLayer()
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0; a.toValue = 100; a.duration = 1
            a.beginTime = l.convertTime(CACurrentMediaTime(), from: nil) + 1
            a.fillMode = mode
            a.isRemovedOnCompletion = false
            l.add(a, forKey: "m")
            CATransaction.flush()
            let s = CACurrentMediaTime()
            CAMediaClock.manualTime = s + 0.5
            XCTAssertClose(l.presentation().map { Double($0.position.x) }, before, 1e-9, "\(mode.rawValue) before")
            CAMediaClock.manualTime = s + 1.5
            XCTAssertClose(l.presentation().map { Double($0.position.x) }, 50, 1e-9, "\(mode.rawValue) during")
            CAMediaClock.manualTime = s + 3
            XCTAssertClose(l.presentation().map { Double($0.position.x) }, after, 1e-9, "\(mode.rawValue) after")
            CAMediaClock.manualTime = s
        }
    }

    func testRepeatAndAutoreverse() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 1
        a.autoreverses = true; a.repeatCount = 1.5
        l.add(a, forKey: "m")
        CATransaction.flush()
        let s = CACurrentMediaTime()
        let samples: [(Double, Double)] = [(0.25, 25), (1.25, 75), (2.25, 25), (2.75, 75)]
        for (t, x) in samples {
            CAMediaClock.manualTime = s + t
            XCTAssertClose(l.presentation().map { Double($0.position.x) }, x, 1e-9, "t=\(t)")
        }
    }

    func testTimeOffsetShiftsStartWithinLoop() {
        // Article 004: a 5 s animation with timeOffset 2 plays 2→5 then 0→2.
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 50; a.duration = 5; a.timeOffset = 2
        l.add(a, forKey: "m")
        CATransaction.flush()
        let s = CACurrentMediaTime()
        CAMediaClock.manualTime = s + 0
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 20, 1e-9)
        CAMediaClock.manualTime = s + 3.5
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 5, 1e-9)
    }
}

final class LayerTimelineLoopTests: LaminaTestCase {
    func testLayerDurationRepeatAndAutoreverseLoopSublayerTime() {
        let parent = makeLayer()
        let child = CALayer()
        parent.addSublayer(child)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.beginTime = t0
        parent.duration = 2
        parent.autoreverses = true
        parent.repeatCount = .infinity
        CATransaction.commit()
        // Parent local time runs 0→2→0→2…; the child sees the same.
        XCTAssertClose(child.convertTime(t0 + 0.5, from: nil), 0.5, 1e-9)
        XCTAssertClose(child.convertTime(t0 + 3, from: nil), 1, 1e-9)
        XCTAssertClose(child.convertTime(t0 + 4.5, from: nil), 0.5, 1e-9)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.repeatCount = 1; parent.autoreverses = false
        CATransaction.commit()
        XCTAssertClose(child.convertTime(t0 + 7, from: nil), 2, 1e-9, "holds at the end")
    }
}
