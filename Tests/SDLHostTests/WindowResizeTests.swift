import XCTest
import QuartzCore
@testable import SDLHost

/// `WindowHost.setContentSize`: a scene reloaded with another window size gets a window of that
/// size, and the next frame is drawn at it (SDL's offscreen driver).
final class WindowResizeTests: XCTestCase {
    func testSetContentSizeResizesTheFrames() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "resize", size: CGSize(width: 160, height: 100))
        host.virtualTime = true
        host.keepsLastFrame = true
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 180)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        host.layer = root
        host.run(frames: 1)
        XCTAssertEqual(host.lastFrame.map { [$0.width, $0.height] }, [160, 100])
        host.setContentSize(CGSize(width: 300, height: 180))
        XCTAssertEqual(host.contentSize, CGSize(width: 300, height: 180))
        host.run(frames: 2)
        XCTAssertEqual(host.lastFrame.map { [$0.width, $0.height] }, [300, 180])
    }
}
