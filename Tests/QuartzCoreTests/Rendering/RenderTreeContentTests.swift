import XCTest
import Compositor
@_spi(LaminaInternal) @testable import QuartzCore

/// What the render tree says about each layer: its colours as premultiplied 0xAARRGGBB
/// (component·alpha·255, rounded), clamped geometry, shadows, drawing order, and the contents of
/// images, shapes and gradients. Expected values are worked out by hand from the layer's properties.
final class RenderTreeContentTests: LaminaTestCase {
    /// The render tree a minute after the last change, when the implicit animations of the changes
    /// have long finished and the presentation shows the model values.
    private func tree(_ root: CALayer) -> RenderTree {
        CATransaction.flush()
        return RenderTreeBuilder().build(PresentationSnapshot(root: root, time: CACurrentMediaTime() + 60))
    }

    private func layer(_ frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 50)) -> CALayer {
        let l = CALayer()
        l.frame = frame
        return l
    }

    private func translation(_ m: Matrix4x4) -> (Double, Double) { (m.m[12], m.m[13]) }

    func testNodeCarriesTheLayersLook() {
        let l = layer(CGRect(x: 10, y: 20, width: 100, height: 50))
        // (1, 0.2, 0) at alpha 0.6: A = 153, R = 153, G = 0.12·255 = 30.6 → 31.
        l.backgroundColor = CGColor(srgbRed: 1, green: 0.2, blue: 0, alpha: 0.6)
        l.cornerRadius = 7
        l.borderWidth = 2
        l.borderColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        l.masksToBounds = true
        l.opacity = 0.5
        l.allowsGroupOpacity = false
        l.isDoubleSided = false
        l.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        let n = tree(l).nodes[0]
        XCTAssertEqual(n.backgroundColor, 0x9999_1F00)
        XCTAssertEqual(n.cornerRadius, 7)
        XCTAssertEqual(n.borderWidth, 2)
        XCTAssertEqual(n.borderColor, 0xFF00_00FF)
        XCTAssertTrue(n.masksToBounds)
        XCTAssertEqual(n.opacity, 0.5)
        XCTAssertFalse(n.allowsGroupOpacity)
        XCTAssertFalse(n.isDoubleSided)
        XCTAssertEqual(n.maskedCorners, 0b1001)
        XCTAssertFalse(n.preserves3D)
        XCTAssertEqual(n.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        // Anchor (50, 25) placed at the position (60, 45): a translation by (10, 20).
        XCTAssertEqual(n.toParent, Matrix4x4.translation(10, 20))
        XCTAssertNil(n.shadow)
        XCTAssertTrue(n.contents.isEmpty)
    }

    func testOutOfRangeValuesAreClamped() {
        let l = layer()
        l.cornerRadius = -3
        l.borderWidth = -1
        l.opacity = 1.5
        XCTAssertEqual(tree(l).nodes[0].cornerRadius, 0)
        XCTAssertEqual(tree(l).nodes[0].borderWidth, 0)
        XCTAssertEqual(tree(l).nodes[0].opacity, 1)
        l.opacity = -0.5
        XCTAssertEqual(tree(l).nodes[0].opacity, 0)
    }

    func testShadows() {
        let l = layer()
        l.shadowColor = CGColor(gray: 0, alpha: 1)
        XCTAssertNil(tree(l).nodes[0].shadow, "shadowOpacity 0 (the default) draws no shadow")
        l.shadowOpacity = 0.4
        l.shadowOffset = CGSize(width: 3, height: -4)
        l.shadowRadius = -2
        // Black at 0.4: A = 102.
        XCTAssertEqual(tree(l).nodes[0].shadow, RenderShadow(color: 0x6600_0000, offsetX: 3, offsetY: -4, radius: 0, path: nil))
        l.shadowRadius = 5
        l.shadowColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.5)
        // White at 0.5 · 0.4 = 0.2: A = R = G = B = 51.
        XCTAssertEqual(tree(l).nodes[0].shadow?.color, 0x3333_3333)
        XCTAssertEqual(tree(l).nodes[0].shadow?.radius, 5)
        l.shadowPath = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        XCTAssertEqual(tree(l).nodes[0].shadow?.path?.count, 1)
        XCTAssertEqual(Set(tree(l).nodes[0].shadow?.path?.first ?? []), [CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 2), CGPoint(x: 4, y: 6), CGPoint(x: 1, y: 6)])
        l.shadowColor = nil
        XCTAssertNil(tree(l).nodes[0].shadow)
        l.shadowColor = CGColor(gray: 0, alpha: 0)
        XCTAssertNil(tree(l).nodes[0].shadow, "a transparent shadow colour")
    }

    func testSublayersAreDrawnByZPositionAndHiddenOnesNotAtAll() {
        let root = layer()
        let names = ["a", "b", "c", "d"]
        let zs: [CGFloat] = [0, 5, -1, 0]
        for (name, z) in zip(names, zs) {
            let s = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
            s.name = name
            s.zPosition = z
            s.backgroundColor = CGColor(gray: 0, alpha: 1)
            root.addSublayer(s)
        }
        let hidden = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        hidden.isHidden = true
        hidden.addSublayer(layer())
        root.addSublayer(hidden)
        let t = tree(root)
        XCTAssertEqual(t.nodes.count, 5, "the hidden layer and its sublayer are left out")
        XCTAssertEqual(t.children(of: 0).count, 4)
        XCTAssertEqual(t.nodes[0].subtreeEnd, 5)
        // Back to front: c (z −1), a and d (z 0, in order), b (z 5). Identify them by their ids.
        let ids = root.sublayers!.prefix(4).map { tree($0).nodes[0].id }
        XCTAssertEqual(t.children(of: 0).map { t.nodes[$0].id }, [ids[2], ids[0], ids[3], ids[1]])
    }

    func testTransformLayersOnlyPlaceTheirSublayers() {
        let t = CATransformLayer()
        t.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        t.backgroundColor = CGColor(gray: 0, alpha: 1)
        t.borderWidth = 3
        t.addSublayer(layer())
        let tr = tree(t)
        XCTAssertTrue(tr.nodes[0].preserves3D)
        XCTAssertEqual(tr.nodes[0].backgroundColor, 0)
        XCTAssertEqual(tr.nodes[0].borderWidth, 0)
        XCTAssertEqual(tr.nodes.count, 2)
        XCTAssertFalse(tr.nodes[1].preserves3D)
    }

    // MARK: Shapes

    private func shape() -> CAShapeLayer {
        let s = CAShapeLayer()
        s.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        s.path = CGPath(rect: CGRect(x: 2, y: 3, width: 10, height: 5), transform: nil)
        s.fillColor = nil
        return s
    }

    private func fills(_ l: CALayer) -> [RenderFill] {
        tree(l).nodes[0].contents.compactMap { if case .fill(let f) = $0 { return f }; return nil }
    }

    func testShapeFillAndStroke() {
        let s = shape()
        XCTAssertTrue(fills(s).isEmpty, "no fill colour, no stroke colour")
        s.fillColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        XCTAssertEqual(fills(s).count, 1)
        XCTAssertEqual(fills(s).first?.color, 0xFF00_FF00)
        XCTAssertEqual(fills(s).first?.rule, .nonZero)
        XCTAssertEqual(Set(fills(s).first?.contours.first ?? []), [CGPoint(x: 2, y: 3), CGPoint(x: 12, y: 3), CGPoint(x: 12, y: 8), CGPoint(x: 2, y: 8)])
        s.fillRule = .evenOdd
        XCTAssertEqual(fills(s).first?.rule, .evenOdd)
        s.fillColor = CGColor(gray: 0, alpha: 0)
        XCTAssertTrue(fills(s).isEmpty, "a transparent fill draws nothing")
        s.fillColor = nil
        s.strokeColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        s.lineWidth = 2
        XCTAssertEqual(fills(s).count, 1)
        XCTAssertEqual(fills(s).first?.color, 0xFFFF_0000)
        XCTAssertEqual(fills(s).first?.rule, .nonZero, "stroke outlines fill with the non-zero rule")
        s.lineWidth = 0
        XCTAssertTrue(fills(s).isEmpty, "no width, no stroke")
        s.lineWidth = 2
        s.strokeColor = CGColor(gray: 1, alpha: 0)
        XCTAssertTrue(fills(s).isEmpty, "a transparent stroke draws nothing")
        s.strokeColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        s.fillColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        XCTAssertEqual(fills(s).map(\.color), [0xFF00_FF00, 0xFFFF_0000], "fill first, stroke on top")
        s.path = nil
        XCTAssertTrue(fills(s).isEmpty)
    }

    func testShapeWithAnEmptyPathHasNoFill() {
        let s = shape()
        s.path = CGMutablePath()
        s.fillColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        XCTAssertTrue(fills(s).isEmpty)
        let line = CGMutablePath()
        line.move(to: .zero); line.addLine(to: CGPoint(x: 5, y: 5))
        s.path = line
        XCTAssertTrue(fills(s).isEmpty, "a single line encloses nothing")
    }

    // MARK: Images

    /// A 20 × 10 image (one pixel per point) in a 100 × 100 layer.
    private let image = CGImage(width: 20, height: 10, premultipliedARGB: [UInt32](repeating: 0xFF00_0000, count: 200))

    private func imageContent(gravity: CALayerContentsGravity, flipped: Bool = false, configure: (CALayer) -> Void = { _ in }) -> RenderImage? {
        let l = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        l.contents = image
        l.contentsGravity = gravity
        l.isGeometryFlipped = flipped
        configure(l)
        guard case .image(let r)? = tree(l).nodes[0].contents.first else { return nil }
        return r
    }

    func testContentsGravityPlacesTheImage() {
        let rows: [(CALayerContentsGravity, CGRect)] = [
            (.resize, CGRect(x: 0, y: 0, width: 100, height: 100)),
            (.resizeAspect, CGRect(x: 0, y: 25, width: 100, height: 50)),
            (.resizeAspectFill, CGRect(x: -50, y: 0, width: 200, height: 100)),
            (.center, CGRect(x: 40, y: 45, width: 20, height: 10)),
            // Apple's gravity names assume y up: "top" is the larger y unless geometry is flipped.
            (.top, CGRect(x: 40, y: 90, width: 20, height: 10)),
            (.bottom, CGRect(x: 40, y: 0, width: 20, height: 10)),
            (.left, CGRect(x: 0, y: 45, width: 20, height: 10)),
            (.right, CGRect(x: 80, y: 45, width: 20, height: 10)),
            (.topLeft, CGRect(x: 0, y: 90, width: 20, height: 10)),
            (.topRight, CGRect(x: 80, y: 90, width: 20, height: 10)),
            (.bottomLeft, CGRect(x: 0, y: 0, width: 20, height: 10)),
            (.bottomRight, CGRect(x: 80, y: 0, width: 20, height: 10)),
        ]
        for (g, dest) in rows {
            XCTAssertEqual(imageContent(gravity: g)?.destination, dest, g.rawValue)
            XCTAssertEqual(imageContent(gravity: g)?.source, CGRect(x: 0, y: 0, width: 20, height: 10), g.rawValue)
        }
        XCTAssertEqual(imageContent(gravity: .topLeft, flipped: true)?.destination, CGRect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertEqual(imageContent(gravity: .bottomRight, flipped: true)?.destination, CGRect(x: 80, y: 90, width: 20, height: 10))
        XCTAssertEqual(imageContent(gravity: .center, flipped: true)?.destination, CGRect(x: 40, y: 45, width: 20, height: 10))
    }

    func testContentsScaleRectCenterAndFilters() {
        // At contentsScale 2 the image is 10 × 5 points.
        let scaled = imageContent(gravity: .center) { $0.contentsScale = 2 }
        XCTAssertEqual(scaled?.destination, CGRect(x: 45, y: 47.5, width: 10, height: 5))
        XCTAssertEqual(scaled?.scale, 2)
        // The right half of the image: source pixels 10...20 × 0...10, a 10 × 10 point square.
        let half = imageContent(gravity: .center) { $0.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1) }
        XCTAssertEqual(half?.source, CGRect(x: 10, y: 0, width: 10, height: 10))
        XCTAssertEqual(half?.destination, CGRect(x: 45, y: 45, width: 10, height: 10))
        XCTAssertNil(imageContent(gravity: .resize) { $0.contentsRect = CGRect(x: 0, y: 0, width: 0, height: 1) }, "an empty contentsRect shows nothing")
        let center = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let filtered = imageContent(gravity: .resize) {
            $0.contentsCenter = center
            $0.magnificationFilter = .nearest
        }
        XCTAssertEqual(filtered?.center, center)
        XCTAssertEqual(filtered?.magnification, .nearest)
        XCTAssertEqual(filtered?.minification, .linear)
        let minified = imageContent(gravity: .resize) { $0.minificationFilter = .nearest }
        XCTAssertEqual(minified?.minification, .nearest)
        XCTAssertEqual(minified?.magnification, .linear)
        XCTAssertEqual(minified?.tint, 0xFFFF_FFFF)
        let empty = layer()
        empty.contents = CGImage(width: 0, height: 0, premultipliedARGB: [])
        XCTAssertTrue(tree(empty).nodes[0].contents.isEmpty)
    }

    // MARK: Gradients

    private func gradient(_ configure: (CAGradientLayer) -> Void) -> RenderGradient? {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        g.bounds = CGRect(x: 10, y: 20, width: 100, height: 50)
        configure(g)
        guard case .gradient(let r)? = tree(g).nodes[0].contents.first else { return nil }
        return r
    }

    private let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5)

    func testGradientStopsAndPoints() {
        let two = gradient { $0.colors = [self.red, self.blue] }
        XCTAssertEqual(two?.stops.map(\.location), [0, 1])
        XCTAssertEqual(two?.stops.map(\.color), [SIMD4(1, 0, 0, 1), SIMD4(0, 0, 1, 0.5)], "straight (not premultiplied) components")
        XCTAssertEqual(two?.kind, .axial)
        XCTAssertEqual(two?.rect, CGRect(x: 10, y: 20, width: 100, height: 50))
        // Default start (0.5, 0) and end (0.5, 1), in the bounds.
        XCTAssertEqual(two?.start, CGPoint(x: 60, y: 20))
        XCTAssertEqual(two?.end, CGPoint(x: 60, y: 70))
        XCTAssertEqual(gradient { $0.colors = [self.red, self.blue, self.red] }?.stops.map(\.location), [0, 0.5, 1])
        XCTAssertEqual(gradient { $0.colors = [self.red] }?.stops.map(\.location), [0])
        // Given locations are clamped to 0...1 and sorted with their colours.
        let placed = gradient { $0.colors = [self.red, self.blue]; $0.locations = [0.8, -0.5] }
        XCTAssertEqual(placed?.stops.map(\.location), [0, 0.8])
        XCTAssertEqual(placed?.stops.map(\.color), [SIMD4(0, 0, 1, 0.5), SIMD4(1, 0, 0, 1)])
        // Locations of the wrong count are ignored.
        XCTAssertEqual(gradient { $0.colors = [self.red, self.blue]; $0.locations = [0.3] }?.stops.map(\.location), [0, 1])
        let pointed = gradient {
            $0.colors = [self.red, self.blue]
            $0.startPoint = CGPoint(x: 0.25, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.2)
            $0.type = .radial
        }
        XCTAssertEqual(pointed?.start, CGPoint(x: 35, y: 45))
        XCTAssertEqual(pointed?.end, CGPoint(x: 110, y: 30))
        XCTAssertEqual(pointed?.kind, .radial)
        XCTAssertEqual(gradient { $0.colors = [self.red]; $0.type = .conic }?.kind, .conic)
        XCTAssertNil(gradient { $0.colors = [] })
        XCTAssertNil(gradient { $0.colors = [self.red]; $0.bounds = CGRect(x: 0, y: 0, width: 0, height: 5) })
    }

    // MARK: Replicators

    func testReplicatorInstancesMoveAndTint() {
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        r.instanceColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        r.instanceRedOffset = -0.2
        r.instanceAlphaOffset = -0.4
        let dot = layer(CGRect(x: 5, y: 5, width: 10, height: 10))
        dot.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        r.addSublayer(dot)
        let t = tree(r)
        let kids = t.children(of: 0)
        XCTAssertEqual(kids.count, 3)
        // Instance k moves by 10k along x: the dot's own map is a translation by (5, 5).
        XCTAssertEqual(kids.map { translation(t.nodes[$0].toParent).0 }, [5, 15, 25])
        XCTAssertEqual(kids.map { translation(t.nodes[$0].toParent).1 }, [5, 5, 5])
        // Instance k: red 1 − 0.2k, alpha 1 − 0.4k, premultiplied: k = 1: A = 153, R = 0.8·0.6·255 = 122.4 → 122,
        // G = B = 153; k = 2: A = 51, R = 0.6·0.2·255 = 30.6 → 31, G = B = 51.
        XCTAssertEqual(kids.map { t.nodes[$0].backgroundColor }, [0xFFFF_FFFF, 0x997A_9999, 0x331F_3333])
        XCTAssertEqual(Set(kids.map { t.nodes[$0].id }).count, 3, "each instance is a node of its own")
        r.instanceCount = 0
        XCTAssertEqual(tree(r).nodes.count, 1)
        r.instanceCount = -1
        XCTAssertEqual(tree(r).nodes.count, 1)
    }
}
