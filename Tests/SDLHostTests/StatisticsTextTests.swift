import XCTest
@testable import SDLHost

/// The F1 overlay's statistics: the frame rate over the last second (missed refreshes lower it),
/// and "idle" only while the window sleeps because nothing is due (a frame rate over sleeping gaps
/// meant nothing: "0.1 fps frame 7953 ms"), never for a slow frame while animations run.
final class StatisticsTextTests: XCTestCase {
    func testFramesEveryRefreshShowTheRate() {
        var t = WindowHost.FrameTimes()
        t.intervals = [Double](repeating: 0.020, count: 60)   // 50 fps, 20 ms a frame
        t.missed = 2
        let text = WindowHost.statisticsText(t, refreshRate: 60)
        XCTAssertTrue(text.hasPrefix("50.0 fps  frame 20.00 ms  missed 2"), text)
    }

    /// Frames missed now and then: the rate is the frames of the last second over its time (35
    /// frames in 0.9 s: 38.9 fps), not the inverse of the median interval.
    func testMissedFramesLowerTheRate() {
        var t = WindowHost.FrameTimes()
        t.intervals = [Double](repeating: 0.25, count: 25) + [Double](repeating: 0.02, count: 25) + [Double](repeating: 0.04, count: 10)
        let text = WindowHost.statisticsText(t, refreshRate: 60)
        XCTAssertTrue(text.hasPrefix("38.9 fps  frame 40.00 ms"), text)
    }

    func testASleepingWindowSaysItIdles() {
        var t = WindowHost.FrameTimes()
        t.intervals = [0.0167, 0.0167]
        t.idleRefreshes = 477
        t.asleep = true
        let text = WindowHost.statisticsText(t, refreshRate: 60)
        XCTAssertTrue(text.hasPrefix("idle: nothing to draw (477 refreshes slept)"), text)
    }

    /// A pause of 200 ms between frames while animations run (a slow frame, a busy machine) is
    /// shown as a low rate, not as idling (before, anything over four refresh periods was "idle").
    func testASlowFrameIsNotIdling() {
        var t = WindowHost.FrameTimes()
        t.intervals = [0.0167, 0.0167, 0.2]
        let text = WindowHost.statisticsText(t, refreshRate: 60)
        XCTAssertFalse(text.hasPrefix("idle"), text)
        XCTAssertTrue(text.hasPrefix("12.9 fps"), text)   // 3 frames in 0.2334 s: 12.85
    }
}
