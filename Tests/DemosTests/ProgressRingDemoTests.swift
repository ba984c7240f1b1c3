import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The progress-ring demo: a custom animatable property drawn in draw(in:).
final class ProgressRingDemoTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0; CATransaction.flush() }
    override func tearDown() { CAMediaClock.manualTime = nil }

    /// One frame's commit phase at `t`, then what is due after it.
    func frame(_ t: CFTimeInterval) {
        CAMediaClock.manualTime = t
        CATransaction.commitImplicitTransaction()
        CATransaction.flush()
    }

    /// The red channel of the ring's drawing at the point `p` of its bounds, from the last frame's
    /// committed tree (what the screen shows).
    func drawnPixels(_ d: ProgressRingDemo, at t: CFTimeInterval) -> [UInt32] {
        let r = CARenderer(size: d.root.bounds.size, scale: 0.25)
        r.layer = d.root
        r.beginFrame(atTime: t); r.render(); r.endFrame()
        return r.makeImage().premultipliedARGB
    }

    func testAClickAnimatesProgressFromTheValueOnScreenAndRedrawsEachFrame() {
        let d = ProgressRingDemo(size: CGSize(width: 400, height: 300))
        // The gallery places a demo's root in its window; here it fills the renderer's target.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        d.root.position = CGPoint(x: 200, y: 150)
        CATransaction.commit()
        frame(0)
        XCTAssertEqual(d.ring.progress, 0)
        let before = drawnPixels(d, at: 0)
        d.handle(.mouseDown(CGPoint(x: 200, y: 150)))
        XCTAssertEqual(d.ring.progress, 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(d.ring.animationKeys(), ["progress"])
        frame(0)
        frame(0.4)
        // Ease-in-ease-out is symmetric about its midpoint: half way in time is half way in value.
        XCTAssertEqual(d.ring.presentation()?.progress ?? -1, 1.0 / 6, accuracy: 1e-6)
        let mid = drawnPixels(d, at: 0.4)
        XCTAssertNotEqual(mid, before, "the frame shows the presentation copy's drawing")
        frame(0.6)
        XCTAssertNotEqual(drawnPixels(d, at: 0.6), mid)
        frame(1.0)
        frame(1.1)
        XCTAssertEqual(d.ring.presentation()?.progress ?? -1, 1.0 / 3, accuracy: 1e-12)
        // Three more clicks: 2/3, 1, then back to 0.
        d.step(); d.step(); d.step()
        XCTAssertEqual(d.ring.progress, 0)
    }
}
