import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The snow demo: full of flakes from its first frame (its emitter began eight seconds earlier),
/// and a click animates `emitterCells.flake.birthRate` to 64 and back to 16.
final class SnowDemoTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }
    func at(_ t: CFTimeInterval) { CAMediaClock.manualTime = t; CATransaction.flush() }

    func rate(_ l: CALayer?) -> Double? {
        let v = l?.value(forKeyPath: "emitterCells.flake.birthRate")
        return (v as? CGFloat).map(Double.init) ?? (v as? NSNumber)?.doubleValue
    }

    func testClickTogglesABlizzardThroughTheCellKeyPath() throws {
        let demo = SnowDemo(size: CGSize(width: 320, height: 200))
        let r = CARenderer(size: CGSize(width: 320, height: 200), scale: 0.25)
        r.layer = demo.root       // committed: changes run their implicit actions
        at(0)
        XCTAssertEqual(rate(demo.emitter), 16)
        demo.handle(.mouseDown(CGPoint(x: 10, y: 10)))
        at(0)                     // committed at 0: the animation runs 0 … 0.25
        at(0.1)
        XCTAssertEqual(rate(demo.emitter), 64)
        // Implicit animation (0.25 s): a presentation value between the two.
        let mid = try XCTUnwrap(rate(demo.emitter.presentation()))
        XCTAssertGreaterThan(mid, 16); XCTAssertLessThan(mid, 64)
        at(1)
        XCTAssertEqual(rate(demo.emitter.presentation()), 64)
        demo.handle(.mouseDown(CGPoint(x: 10, y: 10)))
        at(2)
        XCTAssertEqual(rate(demo.emitter), 16)
    }

    /// The first frame already shows flakes: pixels lighter than the night-blue background.
    func testFirstFrameIsFullOfSnow() {
        let demo = SnowDemo(size: CGSize(width: 320, height: 200))
        at(0)
        let r = CARenderer(size: CGSize(width: 320, height: 200), scale: 1)
        r.layer = demo.root
        r.beginFrame(atTime: 0); r.render(); r.endFrame()
        // Background 0.1, 0.14, 0.24 → blue 61; a flake pixel is much lighter.
        let light = r.makeImage().premultipliedARGB.filter { ($0 >> 16) & 0xFF > 140 }.count
        XCTAssertGreaterThan(light, 200)
    }
}
