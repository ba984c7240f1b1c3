import XCTest
@testable import QuartzCore

/// A delegate that records layout and drawing calls.
final class DrawingDelegate: NSObject, CALayerDelegate {
    var calls: [String] = []
    func layoutSublayers(of layer: CALayer) { calls.append("layout") }
    func draw(_ layer: CALayer, in ctx: CGContext) {
        calls.append("draw \(ctx.width)x\(ctx.height)")
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

final class LayerTreeTests: LaminaTestCase {
    func testTreeOperations() {
        let p = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        XCTAssertNil(p.sublayers)
        p.addSublayer(a)
        p.insertSublayer(b, at: 0)
        p.insertSublayer(c, above: b)
        XCTAssert(p.sublayers! == [b, c, a])
        p.insertSublayer(a, below: b)
        XCTAssert(p.sublayers! == [a, b, c])
        let d = CALayer()
        p.replaceSublayer(b, with: d)
        XCTAssert(p.sublayers! == [a, d, c])
        XCTAssertNil(b.superlayer)
        XCTAssert(d.superlayer === p)
        c.removeFromSuperlayer()
        XCTAssert(p.sublayers! == [a, d])
        let q = CALayer()
        q.addSublayer(a)
        XCTAssert(p.sublayers! == [d], "adding to another parent removes it from the first")
        p.sublayers = nil
        XCTAssertNil(d.superlayer)
    }

    func testMaskIsNotASublayer() {
        let l = CALayer(), m = CALayer()
        l.mask = m
        XCTAssertNil(l.sublayers)
        XCTAssertNil(m.superlayer)
        XCTAssert(l.mask === m)
    }

    func testLayoutAndDisplayRunAtCommit() {
        let l = makeLayer(CGRect(x: 0, y: 0, width: 30, height: 20))
        let d = DrawingDelegate()
        l.delegate = d
        l.contentsScale = 2
        l.setNeedsLayout()
        l.setNeedsDisplay()
        XCTAssertTrue(l.needsLayout())
        XCTAssertTrue(l.needsDisplay())
        CATransaction.flush()
        XCTAssertEqual(d.calls, ["layout", "draw 60x40"])
        XCTAssertFalse(l.needsDisplay())
        XCTAssertEqual(l.backing?.operations.count, 1)
    }

    func testNeedsDisplayOnBoundsChange() {
        let l = makeLayer()
        let d = DrawingDelegate()
        l.delegate = d
        l.needsDisplayOnBoundsChange = true
        l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        CATransaction.flush()
        // The new size also marks the layer as needing layout (Apple's setNeedsLayout()).
        XCTAssertEqual(d.calls, ["layout", "draw 5x5"])
    }

    func testPresentationTreeMirrorsCommittedTree() {
        let root = makeLayer()
        let child = CALayer(); child.name = "child"
        root.addSublayer(child)
        XCTAssertNil(root.presentation()?.sublayers, "not committed yet")
        CATransaction.flush()
        let pc = root.presentation()?.sublayers?.first
        XCTAssertEqual(pc?.name, "child")
        XCTAssert(pc?.model() === child)
        XCTAssert(pc?.superlayer?.model() === root)
        XCTAssert(root.model() === root)
    }

    func testSubclassPresentationKeepsLaminaClassAndProperties() {
        let s = CAShapeLayer()
        s.strokeEnd = 0.5
        s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        CATransaction.flush()
        let p = s.presentation()
        XCTAssertNotNil(p)
        XCTAssertEqual(p?.strokeEnd, 0.5)
        XCTAssertEqual(p?.path, s.path)
        s.strokeEnd = 1
        XCTAssertEqual(s.animationKeys(), ["strokeEnd"], "strokeEnd is animatable")
    }

    func testGradientAndReplicatorProperties() {
        let g = CAGradientLayer()
        g.colors = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)]
        g.locations = [0, 1]
        g.type = .radial
        XCTAssertEqual(g.colors?.count, 2)
        XCTAssertEqual(g.locations, [0, 1])
        XCTAssertEqual(g.type, .radial)
        let r = CAReplicatorLayer()
        r.instanceCount = 5
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        XCTAssertEqual(r.instanceCount, 5)
        XCTAssertEqual(r.value(forKey: "instanceCount") as? Int, 5)
        let t = CATextLayer()
        t.string = "Hi"
        t.fontSize = 12
        XCTAssertEqual(t.string as? String, "Hi")
        XCTAssertEqual(t.fontSize, 12)
    }
}

final class LayerLifetimeTests: LaminaTestCase {
    func testChildOutlivingItsParentHasNoSuperlayer() {
        let child = CALayer()
        let mask = CALayer()
        do {
            let parent = CALayer()
            parent.addSublayer(child)
            parent.mask = mask
            CATransaction.flush()
            XCTAssert(child.superlayer === parent)
        }
        CATransaction.flush()
        XCTAssertNil(child.superlayer)
        XCTAssertEqual(child.convertTime(5, from: nil), 5)
        XCTAssertEqual(mask.convert(CGPoint(x: 1, y: 1), to: nil), CGPoint(x: 1, y: 1))
    }
}

final class TextLayerFontTests: LaminaTestCase {
    func testFontAcceptsANameAsCFTypeRef() {
        let t = CATextLayer()
        t.font = "DejaVu Sans" as CFTypeRef
        XCTAssertEqual(t.font as? String, "DejaVu Sans")
    }
}
