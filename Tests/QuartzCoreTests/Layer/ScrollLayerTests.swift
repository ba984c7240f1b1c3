import XCTest
@testable import QuartzCore

/// CAScrollLayer and CALayer's scrolling API, as Apple documents them: scrolling moves the scroll
/// layer's bounds origin (within its scrollMode), a rectangle is scrolled into view the least
/// distance, a sublayer scrolls its closest ancestor scroll layer, visibleRect is what that
/// ancestor shows. Expected origins are worked by hand from the rectangles.
final class ScrollLayerTests: LaminaTestCase {
    private func scroller() -> (CAScrollLayer, CALayer) {
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        scroll.masksToBounds = true
        let content = CALayer()
        content.frame = CGRect(x: 10, y: 5, width: 400, height: 300)
        scroll.addSublayer(content)
        CATransaction.flush()
        return (scroll, content)
    }

    func testScrollToAPointFollowsTheScrollMode() {
        let (scroll, _) = scroller()
        XCTAssertEqual(scroll.scrollMode, .both)
        CATransaction.setDisableActions(true)
        scroll.scroll(to: CGPoint(x: 30, y: 20))
        XCTAssertEqual(scroll.bounds, CGRect(x: 30, y: 20, width: 100, height: 50))
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 70, y: 90))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 70, y: 20), "horizontally: y stays")
        scroll.scrollMode = .vertically
        scroll.scroll(to: CGPoint(x: 0, y: 90))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 70, y: 90), "vertically: x stays")
        scroll.scrollMode = .none
        scroll.scroll(to: CGPoint.zero)
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 70, y: 90), "none: nothing moves")
        XCTAssertEqual(scroll.position, CGPoint(x: 50, y: 25), "scrolling never moves the layer itself")
    }

    func testScrollToARectMovesTheLeastDistance() {
        let (scroll, _) = scroller()
        CATransaction.setDisableActions(true)
        // Right of the view, vertically inside it: x so that its right edge (170) meets the bounds' (100 wide).
        scroll.scroll(to: CGRect(x: 150, y: 10, width: 20, height: 20))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 70, y: 0))
        // Already visible: nothing moves.
        scroll.scroll(to: CGRect(x: 80, y: 10, width: 10, height: 10))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 70, y: 0))
        // Left of and below the view: x to its left edge, y so its bottom (70) meets the bounds' (50 high).
        scroll.scroll(to: CGRect(x: -30, y: 60, width: 10, height: 10))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: -30, y: 20))
        // Wider than the view: aligned at its left edge.
        scroll.scroll(to: CGRect(x: 200, y: 20, width: 300, height: 10))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 200, y: 20))
    }

    func testASublayerScrollsItsAncestorAndSeesItsVisibleRect() {
        let (scroll, content) = scroller()
        let inner = CALayer()
        inner.frame = CGRect(x: 100, y: 100, width: 50, height: 50)
        content.addSublayer(inner)
        CATransaction.setDisableActions(true)
        // (40, 25) in content is (50, 30) in the scroll layer (content's frame starts at (10, 5)).
        content.scroll(CGPoint(x: 40, y: 25))
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 50, y: 30))
        // Bounds (50, 30, 100, 50) in the scroll layer are (40, 25, 100, 50) in content.
        XCTAssertEqual(content.visibleRect, CGRect(x: 40, y: 25, width: 100, height: 50))
        // The inner layer starts at content y 100, below the visible 25...75: none of it shows.
        XCTAssertTrue(inner.visibleRect.isNull || inner.visibleRect.isEmpty, "\(inner.visibleRect)")
        // Scrolling the inner layer's rect into view through the nearest scroll layer.
        inner.scrollRectToVisible(inner.bounds)
        // inner in scroll coordinates: (110, 105, 50, 50) → x: 160 > 150 → 60; y: 155 > 80 → 155 - 50 = 105.
        XCTAssertEqual(scroll.bounds.origin, CGPoint(x: 60, y: 105))
        XCTAssertEqual(inner.visibleRect, inner.bounds)
        // No scroll layer above: scrolling does nothing, the visible rect is the bounds.
        let lone = CALayer()
        lone.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        lone.scroll(CGPoint(x: 5, y: 5))
        XCTAssertEqual(lone.visibleRect, lone.bounds)
    }

    /// What scrolling shows: a 100 × 50 window on content whose left half is red and right half
    /// blue (each 200 wide); scrolled to x = 250, the window shows blue only.
    func testScrolledContentIsWhatTheWindowDraws() {
        let scroll = CAScrollLayer()
        scroll.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        scroll.masksToBounds = true
        let left = CALayer(), right = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        left.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        right.frame = CGRect(x: 200, y: 0, width: 200, height: 50)
        right.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        scroll.addSublayer(left)
        scroll.addSublayer(right)
        CATransaction.flush()
        func frame() -> CGImage {
            let r = CARenderer(size: CGSize(width: 100, height: 50))
            r.layer = scroll
            r.beginFrame(atTime: CACurrentMediaTime()); r.render(); r.endFrame()
            return r.makeImage()
        }
        XCTAssertEqual(frame().pixel(x: 99, y: 25), 0xFFFF_0000)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scroll.scroll(to: CGPoint(x: 250, y: 0))
        CATransaction.commit()
        let scrolled = frame()
        XCTAssertEqual(scrolled.pixel(x: 0, y: 25), 0xFF00_00FF)
        XCTAssertEqual(scrolled.pixel(x: 99, y: 25), 0xFF00_00FF)
        // Half-way through an implicit scroll (the 0.25 s default bounds action, with the default
        // timing function (0.25, 0.1) (0.25, 1)): at x = 0.5 that curve is at y = 0.80240339 (solved
        // by bisection of the Bézier in Python), so the origin is 250 - 100 × 0.80240339.
        scroll.scroll(to: CGPoint(x: 150, y: 0))
        CATransaction.flush()
        at(0.125)
        XCTAssertEqual(scroll.presentation()?.bounds.origin.x ?? -1, 169.759661, accuracy: 1e-4)
    }
}
