import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The accordion's own animation (keyframes, where A and B meet at slightly mismatched angles and
/// their planes are split), rendered frame by frame: the far edge stays red on every frame.
/// (This once took minutes a frame: clipping split planes rebuilt dense coverage per pixel.)
final class AccordionAnimationTests: XCTestCase {
    func testAnimatedFoldKeepsTheRedEdgeOnEveryFrame() {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let size = CGSize(width: 320, height: 200)
        let d = AccordionDemo(size: size)
        CATransaction.flush()
        d.animate(closing: true)
        CATransaction.flush()
        let r = CARenderer(size: size)
        r.layer = d.root
        for k in 0...12 {
            let t = Double(k) * 0.1
            CAMediaClock.manualTime = t
            r.beginFrame(atTime: t); r.render(); r.endFrame()
            let px = r.makeImage().pixel(x: 319, y: 100)
            XCTAssertGreaterThan((px >> 16) & 255, 200, "red edge at \(t)")
        }
    }
}
