import XCTest
import QuartzCore
@testable import SDLHost

final class FramePacerTests: XCTestCase {
    func testTargetsAdvanceByOnePeriodAndSkipWhenLate() {
        var p = FramePacer(hz: 60)
        let period = 1.0 / 60
        let t1 = p.nextTarget(now: 10)
        XCTAssertEqual(t1, 10 + period, accuracy: 1e-12)
        let t2 = p.nextTarget(now: t1 - 0.002)
        XCTAssertEqual(t2, t1 + period, accuracy: 1e-12)
        // The loop fell 2.5 periods behind: the next target is the next boundary, two frames missed.
        let t3 = p.nextTarget(now: t2 + 2.5 * period)
        XCTAssertEqual(t3, t2 + 3 * period, accuracy: 1e-9)
        XCTAssertEqual(p.missed(previous: t2, current: t3), 2)
        XCTAssertEqual(p.missed(previous: t1, current: t2), 0)
    }

    func testVsyncIsDetectedFromPresentDurations() {
        var blocking = FramePacer(hz: 60)
        for _ in 0..<20 { blocking.recordPresent(duration: 0.0160) }
        XCTAssertTrue(blocking.vsyncBlocks)
        XCTAssertFalse(blocking.mustSleep)
        var instant = FramePacer(hz: 60)
        for _ in 0..<20 { instant.recordPresent(duration: 0.0003) }
        XCTAssertFalse(instant.vsyncBlocks)
        XCTAssertTrue(instant.mustSleep)
        XCTAssertEqual(FramePacer(hz: 0).period, 1.0 / 60, accuracy: 1e-12, "an unknown rate means 60 Hz")
    }

    func testSwipesNeedMostlyHorizontalTravel() {
        var s = SwipeRecognizer()
        s.down(CGPoint(x: 300, y: 100)); XCTAssertEqual(s.up(CGPoint(x: 200, y: 110)), .left)
        s.down(CGPoint(x: 100, y: 100)); XCTAssertEqual(s.up(CGPoint(x: 220, y: 90)), .right)
        s.down(CGPoint(x: 100, y: 100)); XCTAssertNil(s.up(CGPoint(x: 120, y: 100)), "too short: a click")
        s.down(CGPoint(x: 100, y: 100)); XCTAssertNil(s.up(CGPoint(x: 180, y: 180)), "diagonal")
        XCTAssertNil(s.up(CGPoint(x: 0, y: 0)), "no press")
    }
}
