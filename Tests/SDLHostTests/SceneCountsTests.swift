import XCTest
@_spi(LaminaInternal) import QuartzCore
@testable import SDLHost

/// The F1 overlay's "layers N  animations M": what can show, not a hidden gallery behind the demo
/// it opened (before: "layers 72" in a two-layer demo).
final class SceneCountsTests: OffscreenClockTestCase {
    func testHiddenSubtreesAreNotCounted() throws {
        let host = try WindowHost(title: "counts", size: CGSize(width: 100, height: 80))
        let root = CALayer()
        let gallery = CALayer()
        for _ in 0..<30 { gallery.addSublayer(CALayer()) }
        gallery.isHidden = true
        let demo = CALayer(), square = CALayer(), maskLayer = CALayer()
        demo.addSublayer(square)
        square.mask = maskLayer
        root.addSublayer(gallery)
        root.addSublayer(demo)
        let move = CABasicAnimation(keyPath: "position.x")
        move.duration = 10
        square.add(move, forKey: "move")
        gallery.sublayers![0].add(CABasicAnimation(keyPath: "opacity"), forKey: "hidden")
        host.layer = root
        let counts = host.sceneCounts()
        XCTAssertEqual(counts.layers, 4, "root, demo, square and its mask")
        XCTAssertEqual(counts.animations, 1, "the square's; the hidden gallery's is not shown")
    }
}
