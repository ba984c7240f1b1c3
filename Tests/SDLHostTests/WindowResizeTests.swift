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

/// `WindowHost(scale:)`: a window of `scale` display units per point is drawn at that many pixels
/// per point (on a driver without high-DPI scaling), input comes back in points, and a resize
/// keeps the scale.
final class WindowScaleTests: XCTestCase {
    /// A blue 100 x 50 point root holding a red square at `square`.
    private func blueRoot(redSquare square: CGRect) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let corner = CALayer()
        corner.frame = square
        corner.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(corner)
        return root
    }

    func testAScaledWindowDrawsMorePixelsAndReportsInputInPoints() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "scale", size: CGSize(width: 100, height: 50), scale: 2)
        XCTAssertEqual(host.scale, 2)
        host.virtualTime = true
        host.keepsLastFrame = true
        host.layer = blueRoot(redSquare: CGRect(x: 0, y: 0, width: 10, height: 10))
        nonisolated(unsafe) var downs: [CGPoint] = []
        host.onEvent = { if case .mouseDown(let p, _) = $0 { downs.append(p) } }
        host.simulate(.mouseDown(CGPoint(x: 30.5, y: 12), button: 1))
        host.run(frames: 2)
        let frame = try XCTUnwrap(host.lastFrame)
        XCTAssertEqual([frame.width, frame.height], [200, 100])
        // The 10-point red square covers 20 x 20 pixels.
        XCTAssertEqual(frame.premultipliedARGB[19 * 200 + 19], 0xFFFF_0000)
        XCTAssertEqual(frame.premultipliedARGB[20 * 200 + 20], 0xFF00_00FF)
        XCTAssertEqual(downs, [CGPoint(x: 30.5, y: 12)])
        host.setContentSize(CGSize(width: 60, height: 40))
        host.run(frames: 3)  // refreshes count from the window's opening: one more frame
        XCTAssertEqual(host.lastFrame.map { [$0.width, $0.height] }, [120, 80])
    }

    /// A window below one pixel per point (`lamina run --scale 0.5`) draws the whole scene smaller,
    /// not its top-left part at one pixel per point.
    func testAWindowBelowOnePixelPerPointDrawsTheWholeScene() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "half", size: CGSize(width: 100, height: 50), scale: 0.5)
        host.virtualTime = true
        host.keepsLastFrame = true
        host.layer = blueRoot(redSquare: CGRect(x: 80, y: 30, width: 20, height: 20))
        host.run(frames: 2)
        let frame = try XCTUnwrap(host.lastFrame)
        XCTAssertEqual([frame.width, frame.height], [50, 25])
        // The 20-point red square at (80, 30) covers pixels 40 ..< 50 x 15 ..< 25.
        XCTAssertEqual(frame.premultipliedARGB[15 * 50 + 40], 0xFFFF_0000)
        XCTAssertEqual(frame.premultipliedARGB[24 * 50 + 49], 0xFFFF_0000)
        XCTAssertEqual(frame.premultipliedARGB[14 * 50 + 39], 0xFF00_00FF)
    }
}
