import XCTest
@testable import QuartzCore

/// A layer whose hit area is the disc inscribed in its bounds.
final class DiscLayer: CALayer {
    override func contains(_ p: CGPoint) -> Bool {
        let b = bounds
        let dx = p.x - b.midX, dy = p.y - b.midY
        return dx * dx + dy * dy <= (b.width / 2) * (b.width / 2)
    }
}

/// hitTest(_:) and contains(_:) through transforms, anchor points, sublayer transforms, clipping,
/// hiding and z order. Expected layers are worked out from the geometry by hand; points are in the
/// receiver's superlayer's coordinates (a root layer's are its own when it sits at its frame origin
/// (0, 0) without a transform).
final class HitTestTests: LaminaTestCase {
    func root() -> CALayer {
        let r = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 400))
        r.name = "root"
        return r
    }

    func child(_ name: String, in parent: CALayer, configure: (CALayer) -> Void) -> CALayer {
        let c = CALayer()
        c.name = name
        configure(c)
        parent.addSublayer(c)
        return c
    }

    /// A 100×40 layer centred at (200, 200), turned 90° about z: local (x, y) lands at
    /// (200 − (y − 20), 200 + (x − 50)), i.e. the region 180…220 × 150…250.
    func testRotatedLayer() {
        let r = root()
        let bar = child("bar", in: r) {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
            $0.position = CGPoint(x: 200, y: 200)
            $0.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        }
        XCTAssert(r.hitTest(CGPoint(x: 200, y: 240)) === bar, "inside the turned bar")
        XCTAssert(r.hitTest(CGPoint(x: 185, y: 155)) === bar)
        XCTAssert(r.hitTest(CGPoint(x: 240, y: 200)) === r, "where the unturned bar would be")
        XCTAssert(r.hitTest(CGPoint(x: 170, y: 200)) === r)
    }

    /// A 10×10 layer at (50, 50) scaled by 3 covers 35…65.
    func testScaledLayer() {
        let r = root()
        let dot = child("dot", in: r) {
            $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            $0.position = CGPoint(x: 50, y: 50)
            $0.transform = CATransform3DMakeScale(3, 3, 1)
        }
        XCTAssert(r.hitTest(CGPoint(x: 62, y: 62)) === dot)
        XCTAssert(r.hitTest(CGPoint(x: 36, y: 64)) === dot)
        XCTAssert(r.hitTest(CGPoint(x: 66, y: 50)) === r)
        XCTAssert(r.hitTest(CGPoint(x: 50, y: 34)) === r)
    }

    /// Anchor point (0, 0) and a 90° turn: the 40×20 layer turns about its corner at (100, 100):
    /// local (x, y) → (100 − y, 100 + x), the region 80…100 × 100…140.
    func testRotationAboutTheAnchorPoint() {
        let r = root()
        let flag = child("flag", in: r) {
            $0.anchorPoint = .zero
            $0.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            $0.position = CGPoint(x: 100, y: 100)
            $0.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        }
        XCTAssert(r.hitTest(CGPoint(x: 90, y: 130)) === flag)
        XCTAssert(r.hitTest(CGPoint(x: 120, y: 110)) === r, "where it lies unturned")
        XCTAssert(r.hitTest(CGPoint(x: 110, y: 80)) === r, "where a turn the other way would put it")
        // Anchor (1, 1) without a turn: a 30×30 layer whose bottom-right corner is at (100, 100).
        let corner = child("corner", in: r) {
            $0.anchorPoint = CGPoint(x: 1, y: 1)
            $0.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
            $0.position = CGPoint(x: 300, y: 300)
        }
        XCTAssert(r.hitTest(CGPoint(x: 275, y: 275)) === corner)
        XCTAssert(r.hitTest(CGPoint(x: 305, y: 305)) === r)
    }

    /// sublayerTransform applies to the sublayers about the parent's anchor point (its centre
    /// (100, 100)): scaling by 2 moves a child at 100…120 to 100…140; a 90° turn moves it to
    /// 80…100 × 100…120.
    func testSublayerTransform() {
        let p = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 200))
        p.name = "parent"
        let c = child("child", in: p) { $0.frame = CGRect(x: 100, y: 100, width: 20, height: 20) }
        p.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        XCTAssert(p.hitTest(CGPoint(x: 130, y: 130)) === c)
        XCTAssert(p.hitTest(CGPoint(x: 150, y: 150)) === p)
        XCTAssert(p.hitTest(CGPoint(x: 95, y: 95)) === p)
        p.sublayerTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        XCTAssert(p.hitTest(CGPoint(x: 90, y: 110)) === c)
        XCTAssert(p.hitTest(CGPoint(x: 110, y: 110)) === p)
    }

    /// The point is in the receiver's superlayer's coordinates, also for layers below the root.
    func testPointIsInTheSuperlayersCoordinates() {
        let r = root()
        let p = child("parent", in: r) { $0.frame = CGRect(x: 100, y: 100, width: 100, height: 100) }
        let c = child("child", in: p) { $0.frame = CGRect(x: 10, y: 10, width: 20, height: 20) }
        XCTAssert(p.hitTest(CGPoint(x: 115, y: 115)) === c, "root coordinates for the parent")
        XCTAssert(c.hitTest(CGPoint(x: 15, y: 15)) === c, "the parent's coordinates for the child")
        XCTAssertNil(c.hitTest(CGPoint(x: 115, y: 115)))
        // A bounds origin of (50, 50) shifts what the parent shows: its local 60…80 is at 110…130.
        p.bounds = CGRect(x: 50, y: 50, width: 100, height: 100)
        c.frame = CGRect(x: 60, y: 60, width: 20, height: 20)
        XCTAssert(r.hitTest(CGPoint(x: 120, y: 120)) === c)
        XCTAssert(r.hitTest(CGPoint(x: 175, y: 175)) === p)
    }

    func testGeometryFlippedParent() {
        let r = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        r.isGeometryFlipped = true
        let c = child("c", in: r) { $0.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        XCTAssert(r.hitTest(CGPoint(x: 5, y: 95)) === c, "flipped: the child's frame is measured from the bottom")
        XCTAssert(r.hitTest(CGPoint(x: 5, y: 5)) === r)
    }

    /// masksToBounds clips the sublayers' hit areas to the parent's bounds, also when turned;
    /// a hidden layer is never hit, nor are its sublayers.
    func testClippingAndHiding() {
        let r = root()
        let box = child("box", in: r) {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            $0.position = CGPoint(x: 200, y: 200)
            $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            $0.masksToBounds = true
        }
        // A wide child across the middle of the box: local 0…100 × 40…60 in the box.
        let wide = child("wide", in: box) { $0.frame = CGRect(x: -100, y: 40, width: 300, height: 20) }
        // The box's centre (50, 50) is at (200, 200); its local x axis points along (1, 1)/√2.
        // Local (90, 50) → (200 + 40/√2, 200 + 40/√2) ≈ (228.3, 228.3): inside box and wide.
        XCTAssert(r.hitTest(CGPoint(x: 228, y: 228)) === wide)
        // Local (150, 50) → (200 + 100/√2, …) ≈ (270.7, 270.7): on wide but outside the box.
        XCTAssert(r.hitTest(CGPoint(x: 270, y: 270)) === r, "clipped")
        box.masksToBounds = false
        XCTAssert(r.hitTest(CGPoint(x: 270, y: 270)) === wide, "not clipped")
        box.isHidden = true
        XCTAssert(r.hitTest(CGPoint(x: 228, y: 228)) === r, "a hidden layer hides its sublayers too")
        box.isHidden = false
        wide.isHidden = true
        XCTAssert(r.hitTest(CGPoint(x: 228, y: 228)) === box)
        // Opacity does not affect hit testing.
        wide.isHidden = false
        wide.opacity = 0
        XCTAssert(r.hitTest(CGPoint(x: 228, y: 228)) === wide)
    }

    /// Siblings: the greater zPosition is in front; with equal zPosition the later sibling.
    func testZPositionOrder() {
        let r = root()
        let frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let a = child("a", in: r) { $0.frame = frame }
        let b = child("b", in: r) { $0.frame = frame; $0.zPosition = -1 }
        let c = child("c", in: r) { $0.frame = frame }
        let p = CGPoint(x: 25, y: 25)
        XCTAssert(r.hitTest(p) === c, "c: z 0, after a")
        c.zPosition = -2
        XCTAssert(r.hitTest(p) === a, "a: the only one left at z 0")
        a.zPosition = -3
        XCTAssert(r.hitTest(p) === b, "b: z −1 is now the greatest")
        b.isHidden = true
        XCTAssert(r.hitTest(p) === c, "then c at z −2")
    }

    /// hitTest asks contains(_:), so a subclass can shape its hit area.
    func testContainsOverrideShapesTheHitArea() {
        let r = root()
        let disc = DiscLayer()
        disc.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        r.addSublayer(disc)
        XCTAssert(r.hitTest(CGPoint(x: 150, y: 150)) === disc)
        XCTAssert(r.hitTest(CGPoint(x: 105, y: 105)) === r, "a corner of the square is outside the disc")
        XCTAssert(disc.contains(CGPoint(x: 50, y: 2)))
        XCTAssertFalse(disc.contains(CGPoint(x: 2, y: 2)))
        // CALayer's own contains: the bounds, in the layer's coordinates.
        let plain = makeLayer(CGRect(x: 300, y: 300, width: 40, height: 20))
        XCTAssert(plain.contains(CGPoint(x: 39, y: 19)))
        XCTAssertFalse(plain.contains(CGPoint(x: 310, y: 310)), "not in superlayer coordinates")
        XCTAssertFalse(plain.contains(CGPoint(x: 20, y: -1)))
    }

    /// The presentation tree is hit where the layer is seen: half-way through a turn by π about z,
    /// a 100×20 bar centred at (200, 200) lies along y (190…210 × 150…250); the model lies along x.
    func testPresentationTreeVersusModelTree() {
        let r = root()
        let bar = child("bar", in: r) {
            $0.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
            $0.position = CGPoint(x: 200, y: 200)
        }
        CATransaction.flush()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0; spin.toValue = Double.pi; spin.duration = 1
        bar.add(spin, forKey: "spin")
        CATransaction.flush()
        CAMediaClock.manualTime = CACurrentMediaTime() + 0.5
        let along = CGPoint(x: 200, y: 240), across = CGPoint(x: 240, y: 200)
        let shown = r.presentation()!
        XCTAssert(shown.hitTest(along)?.model() === bar, "seen along y")
        XCTAssert(shown.hitTest(across)?.model() === r, "no longer along x on screen")
        XCTAssert(r.hitTest(along) === r, "the model is not turned")
        XCTAssert(r.hitTest(across) === bar)
    }
}
