import XCTest
@_spi(LaminaInternal) import QuartzCore

/// Window tests on SDL's offscreen driver with virtual media time starting at `startTime` and a
/// fresh time base (no pause, rate 1); both are put back after each test.
class OffscreenClockTestCase: XCTestCase {
    /// The media time each test starts at.
    class var startTime: CFTimeInterval { 50 }

    override func setUp() {
        super.setUp()
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        CAMediaClock.manualTime = Self.startTime
        CAMediaClock.timeBase = MediaTimeBase()
    }

    override func tearDown() {
        unsetenv("SDL_VIDEODRIVER")
        CAMediaClock.manualTime = nil
        CAMediaClock.timeBase = MediaTimeBase()
        super.tearDown()
    }
}
