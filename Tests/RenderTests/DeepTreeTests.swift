import XCTest
@_spi(LaminaInternal) import QuartzCore

/// A chain of 100,000 nested layers through every phase: commit, time conversion, presentation,
/// render tree, damage, rasterisation, hit testing and release. Nothing recurses per level (each
/// phase walks with an explicit stack), so depth is limited by memory, not by a thread's stack.
final class DeepTreeTests: XCTestCase {
    static let depth = 100_000

    override func tearDown() { CAMediaClock.manualTime = nil }

    /// root → l1 → l2 → … each 1 pt inside its parent; the deepest is green and animated.
    func makeChain(_ depth: Int) -> (root: CALayer, deepest: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.position = CGPoint(x: 32, y: 24)
        var parent = root
        for k in 1...depth {
            let l = CALayer()
            l.frame = CGRect(x: k <= 8 ? 1 : 0, y: 0, width: 40, height: 30)
            if k % 1000 == 0 { l.opacity = 0.999 }
            parent.addSublayer(l)
            parent = l
        }
        parent.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.5; fade.toValue = 1; fade.duration = 2
        parent.add(fade, forKey: "fade")
        return (root, parent)
    }

    func testAHundredThousandNestedLayersGoThroughEveryPhase() throws {
        CAMediaClock.manualTime = 0
        var (root, deepest) = makeChain(DeepTreeTests.depth)
        let renderer = CARenderer(size: CGSize(width: 64, height: 48))
        renderer.layer = root
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: renderer)
        CATransaction.flush()
        try scheduler.frame(at: 1)
        // The deepest layer is 8 pt right of the root's corner (one point for each of the first 8 levels).
        let p = renderer.makeImage().pixel(x: 20, y: 10)
        XCTAssertGreaterThan((p >> 8) & 0xFF, 0x80, "the deepest layer's green is drawn: \(String(p, radix: 16))")
        XCTAssertEqual(renderer.makeImage().pixel(x: 4, y: 10) >> 24, 0, "left of it, nothing")
        // A second frame: damage of an animated deepest layer only.
        try scheduler.frame(at: 1.5)
        XCTAssertFalse(renderer.damageRect.isEmpty)
        // Time conversion and presentation at depth.
        XCTAssertEqual(deepest.convertTime(1.5, from: nil), 1.5, accuracy: 1e-9)
        XCTAssertEqual(Double(deepest.presentation()?.opacity ?? 0), 0.875, accuracy: 1e-6)
        XCTAssertTrue(root.hitTest(CGPoint(x: 20, y: 10)) === deepest, "the deepest layer is hit")
        XCTAssertEqual(deepest.convert(CGPoint.zero, to: root).x, 8, accuracy: 1e-9)
        // Layout reaches the bottom of the chain.
        deepest.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertFalse(deepest.needsLayout())
        // Releasing the chain frees every level without recursing.
        weak let weakDeepest = deepest
        deepest = CALayer()
        root = CALayer()
        renderer.layer = nil
        CATransaction.flush()
        XCTAssertNil(weakDeepest, "the chain was freed")
    }
}
