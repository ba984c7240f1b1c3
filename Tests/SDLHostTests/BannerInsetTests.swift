import XCTest
import QuartzCore
@testable import SDLHost

/// The error banner's text keeps a margin from the window's edge (issue 12: it touched it).
final class BannerInsetTests: XCTestCase {
    func testBannerTextKeepsAMarginFromTheEdge() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "banner", size: CGSize(width: 240, height: 120))
        host.virtualTime = true
        host.keepsLastFrame = true
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 120)
        host.layer = root
        host.showBanner("WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW")
        host.run(frames: 2)
        // The banner is drawn over the scene by the overlay renderer (never into the scene frame).
        let frame = try XCTUnwrap(host.lastOverlayFrame)
        // White text over the red banner: a pixel with much green is text.
        func isText(_ x: Int, _ y: Int) -> Bool { (frame.pixel(x: x, y: y) >> 8) & 255 > 120 }
        let rows = 0..<40
        XCTAssertTrue(rows.allSatisfy { y in (0..<8).allSatisfy { !isText($0, y) } }, "no text in the first 8 columns")
        XCTAssertTrue(rows.allSatisfy { y in (232..<240).allSatisfy { !isText($0, y) } }, "nor in the last 8")
        XCTAssertTrue(rows.contains { y in (8..<232).contains { isText($0, y) } }, "the text is drawn")
        XCTAssertTrue((0..<240).allSatisfy { !isText($0, 0) && !isText($0, 1) }, "nor on the top rows")
    }
}
