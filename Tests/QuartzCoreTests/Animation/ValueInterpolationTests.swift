import XCTest
@testable import QuartzCore

final class ValueInterpolationTests: LaminaTestCase {
    func testShapePathInterpolatesElementByElement() {
        let s = CAShapeLayer()
        CATransaction.flush()
        let a = CGMutablePath(); a.move(to: .zero); a.addLine(to: CGPoint(x: 100, y: 0))
        let b = CGMutablePath(); b.move(to: CGPoint(x: 0, y: 50)); b.addLine(to: CGPoint(x: 100, y: 100))
        let anim = CABasicAnimation(keyPath: "path")
        anim.fromValue = a; anim.toValue = b; anim.duration = 1
        s.add(anim, forKey: "morph")
        CATransaction.flush()
        at(0.5)
        XCTAssertEqual(s.presentation()?.path?.commands, [.move(to: CGPoint(x: 0, y: 25)), .addLine(to: CGPoint(x: 100, y: 50))])
    }

    /// Every point of every element kind moves on its own straight line: at t = 0.25 each point is
    /// a + (b − a)/4. Here b = (2x + 4, 3y − 8) for each point (x, y) of a, so the expected points
    /// are (1.25x + 1, 1.5y − 2), written out below.
    func testPathMorphMovesEveryCoordinateOfEveryElement() {
        func path(_ f: (CGFloat, CGFloat) -> CGPoint) -> CGPath {
            let p = CGMutablePath()
            p.move(to: f(10, 20))
            p.addLine(to: f(30, 40))
            p.addQuadCurve(to: f(50, 60), control: f(70, 80))
            p.addCurve(to: f(90, 100), control1: f(110, 120), control2: f(130, 140))
            p.closeSubpath()
            return p
        }
        let a = path { CGPoint(x: $0, y: $1) }
        let b = path { CGPoint(x: 2 * $0 + 4, y: 3 * $1 - 8) }
        let expected: [CGPathCommand] = [
            .move(to: CGPoint(x: 13.5, y: 28)),
            .addLine(to: CGPoint(x: 38.5, y: 58)),
            .addQuadCurve(to: CGPoint(x: 63.5, y: 88), control: CGPoint(x: 88.5, y: 118)),
            .addCurve(to: CGPoint(x: 113.5, y: 148), control1: CGPoint(x: 138.5, y: 178), control2: CGPoint(x: 163.5, y: 208)),
            .closeSubpath,
        ]
        guard case .path(let p?) = LayerValue.interpolate(.path(a), .path(b), 0.25) else { return XCTFail("a path") }
        XCTAssertEqual(p.commands, expected)
        // An element of another kind in the same place: no morph, the value switches halfway.
        let c = CGMutablePath()
        c.move(to: .zero); c.addLine(to: CGPoint(x: 1, y: 1)); c.addLine(to: CGPoint(x: 2, y: 2))
        c.addCurve(to: .zero, control1: .zero, control2: .zero); c.closeSubpath()
        if case .path(let p?) = LayerValue.interpolate(.path(a), .path(c), 0.25) { XCTAssertEqual(p, a) } else { XCTFail() }
        if case .path(let p?) = LayerValue.interpolate(.path(a), .path(c), 0.75) { XCTAssertEqual(p, c) } else { XCTFail() }
    }

    func testMismatchedPathsSwitchHalfway() {
        let a = CGMutablePath(); a.move(to: .zero); a.addLine(to: CGPoint(x: 1, y: 0))
        let b = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        if case .path(let p?) = LayerValue.interpolate(.path(a), .path(b), 0.4) { XCTAssertEqual(p, a) } else { XCTFail() }
        if case .path(let p?) = LayerValue.interpolate(.path(a), .path(b), 0.6) { XCTAssertEqual(p, b) } else { XCTFail() }
    }

    func testNilColourFadesFromTransparent() {
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        guard case .color(let c?) = LayerValue.interpolate(.color(nil), .color(red), 0.5) else { return XCTFail() }
        XCTAssertEqual(c.srgbComponents.alpha, 0.5)
        XCTAssertEqual(c.srgbComponents.red, 1)
    }

    func testGradientColoursAndLocationsAnimate() {
        let g = CAGradientLayer()
        g.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        CATransaction.flush()
        let anim = CABasicAnimation(keyPath: "colors")
        anim.toValue = [CGColor(gray: 1, alpha: 1), CGColor(gray: 0, alpha: 1)]
        anim.duration = 1
        g.add(anim, forKey: "swap")
        let loc = CABasicAnimation(keyPath: "locations")
        loc.fromValue = [0.0, 1.0]; loc.toValue = [0.5, 1.0]; loc.duration = 1
        g.add(loc, forKey: "loc")
        CATransaction.flush()
        at(0.5)
        let p = g.presentation()!
        XCTAssertEqual((p.colors?.first as? CGColor)?.srgbComponents.red, 0.5)
        XCTAssertEqual(p.locations, [0.25, 1.0])
    }

    func testBoolPropertiesSwitchHalfway() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "hidden")
        a.fromValue = false; a.toValue = true; a.duration = 1
        l.add(a, forKey: "h")
        CATransaction.flush()
        at(0.4)
        XCTAssertEqual(l.presentation()?.isHidden, false)
        at(0.6)
        XCTAssertEqual(l.presentation()?.isHidden, true)
    }

    func testContentsDiscreteKeyframesForImageSequence() {
        // Issue 4 demo 16: a discrete keyframe animation of contents.
        let frames = (0..<3).map { CGImage(width: 1, height: 1, premultipliedARGB: [UInt32(0xFF00_0000 | $0)]) }
        let l = makeLayer()
        let a = CAKeyframeAnimation(keyPath: "contents")
        a.values = frames
        a.calculationMode = .discrete
        a.duration = 3
        l.add(a, forKey: "frames")
        CATransaction.flush()
        at(1.5)
        XCTAssert((l.presentation()?.contents as? CGImage) === frames[1])
    }
}
