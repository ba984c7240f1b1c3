import XCTest
@testable import QuartzCore

/// The time base behind a window's time controls, on virtual host times. Expected values are worked
/// by hand from mediaTime = anchorMedia + rate × (host − anchorHost), frozen at anchorMedia while
/// paused (all numbers exact in binary).
final class MediaTimeBaseTests: XCTestCase {
    func testTheIdentityMapsHostTimeToItself() {
        let base = MediaTimeBase()
        XCTAssertEqual(base.mediaTime(atHost: 123.5), 123.5)
        XCTAssertEqual(base.hostTime(forMedia: 7.25), 7.25)
        XCTAssertFalse(base.isPaused)
    }

    func testARateChangeKeepsMediaTimeContinuousAndScalesWhatFollows() {
        var base = MediaTimeBase()
        base.setRate(0.5, atHost: 10)
        XCTAssertEqual(base.mediaTime(atHost: 10), 10, "continuous at the change")
        XCTAssertEqual(base.mediaTime(atHost: 14), 12, "10 + 0.5 × 4")
        XCTAssertEqual(base.hostTime(forMedia: 13), 16, "10 + (13 − 10) / 0.5")
        base.setRate(2, atHost: 14)
        XCTAssertEqual(base.mediaTime(atHost: 15), 14, "12 + 2 × 1")
        // Rates that are not finite positive numbers are ignored.
        base.setRate(0, atHost: 15); base.setRate(-1, atHost: 15); base.setRate(.nan, atHost: 15)
        XCTAssertEqual(base.rate, 2)
        XCTAssertEqual(base.mediaTime(atHost: 16), 16, "12 + 2 × 2")
    }

    func testPauseFreezesStepMovesTheFrozenTimeAndResumeContinuesFromIt() {
        var base = MediaTimeBase(rate: 0.5, host: 10, media: 10)
        base.pause(atHost: 14)
        XCTAssertTrue(base.isPaused)
        XCTAssertEqual(base.mediaTime(atHost: 14), 12)
        XCTAssertEqual(base.mediaTime(atHost: 1000), 12, "frozen")
        XCTAssertEqual(base.hostTime(forMedia: 13), .infinity, "never reached while paused")
        base.pause(atHost: 20)
        XCTAssertEqual(base.mediaTime(atHost: 20), 12, "a second pause changes nothing")
        base.step(by: 0.25)
        XCTAssertEqual(base.mediaTime(atHost: 21), 12.25)
        base.step(by: -0.5)
        XCTAssertEqual(base.mediaTime(atHost: 22), 11.75, "a step back moves media time back")
        base.resume(atHost: 30)
        XCTAssertEqual(base.mediaTime(atHost: 30), 11.75, "resumes where it stood")
        XCTAssertEqual(base.mediaTime(atHost: 34), 13.75, "11.75 + 0.5 × 4")
        base.resume(atHost: 40)
        XCTAssertEqual(base.mediaTime(atHost: 40), 16.75, "resuming a running base changes nothing: 11.75 + 0.5 × 10")
    }

    /// CACurrentMediaTime follows the clock's time base when no manual time is set.
    func testCurrentMediaTimeReadsTheTimeBase() {
        defer { CAMediaClock.timeBase = MediaTimeBase(); CAMediaClock.manualTime = nil }
        CAMediaClock.manualTime = nil
        CAMediaClock.timeBase = MediaTimeBase(rate: 1, host: 0, media: 42, paused: true)
        XCTAssertEqual(CACurrentMediaTime(), 42, "paused at 42 whatever the monotonic clock says")
        CAMediaClock.manualTime = 7
        XCTAssertEqual(CACurrentMediaTime(), 7, "manual time wins")
    }
}
