import XCTest
@testable import SDLHost

/// The F1 overlay's statistics: a frame rate while frames come every refresh, "idle" once the
/// window has slept (a frame rate over sleeping gaps meant nothing: "0.1 fps frame 7953 ms").
final class StatisticsTextTests: XCTestCase {
    func testFramesEveryRefreshShowTheRate() {
        var t = WindowHost.FrameTimes()
        t.intervals = [Double](repeating: 0.020, count: 60)   // 50 fps, 20 ms a frame
        t.missed = 2
        let text = WindowHost.statisticsText(t, refreshRate: 60)
        XCTAssertTrue(text.hasPrefix("50.0 fps  frame 20.00 ms  missed 2"), text)
    }

    func testASleepingWindowSaysItIdles() {
        var t = WindowHost.FrameTimes()
        t.intervals = [0.0167, 0.0167, 7.95]   // the last frame came after 7.95 s asleep
        t.idleRefreshes = 477
        let text = WindowHost.statisticsText(t, refreshRate: 60)
        XCTAssertTrue(text.hasPrefix("idle: nothing to draw (477 refreshes slept)"), text)
        // Four periods (66.7 ms at 60 Hz) is the line: 60 ms still counts as frames.
        t.intervals = [0.060]
        XCTAssertTrue(WindowHost.statisticsText(t, refreshRate: 60).hasPrefix("16.7 fps"), WindowHost.statisticsText(t, refreshRate: 60))
    }
}
