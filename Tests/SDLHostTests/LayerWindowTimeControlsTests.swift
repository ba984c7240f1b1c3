import XCTest
import QuartzCore
@testable import SDLHost
@testable import LaminaWindow

/// The public window has the host's keys: F10 calls `onRestart` on the app thread, F6 pauses media
/// time, and both keys still reach `onEvent`.
final class LayerWindowTimeControlsTests: XCTestCase {
    func testRestartAndPauseKeysWorkInALayerWindow() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil; CAMediaClock.timeBase = MediaTimeBase() }
        CAMediaClock.manualTime = 10
        let window = try LayerWindow(title: "keys", size: CGSize(width: 80, height: 60))
        window.virtualTime = true
        window.recordsOnF5 = false
        var restarts = 0
        var keys: [String] = []
        window.onRestart = { restarts += 1 }
        window.onEvent = { if case .key(let k) = $0 { keys.append(k) } }
        window.simulate(.key("F10"))
        window.simulate(.key("F6"))
        window.run(frames: 4)
        XCTAssertEqual(restarts, 1)
        XCTAssertTrue(window.isPaused)
        XCTAssertEqual(keys, ["F10", "F6"])
    }
}
