import XCTest
@testable import QuartzCore

/// Converting points through a chain of layers that each tilt in 3D under a perspective
/// sublayerTransform. The expected points come from Ref4 matrices built here from Apple's layer
/// geometry: a layer maps its point p to its superlayer by
/// T(−anchor in bounds) · transform · T(position) · T(−parent anchor) · parent.sublayerTransform · T(parent anchor),
/// and every layer that is not a CATransformLayer flattens: the point is divided by w and its z
/// dropped before the next layer up.
final class ProjectiveChainTests: LaminaTestCase {
    private struct Spec {
        var bounds: CGRect
        var position: (Double, Double)
        var transform: Ref4.M = Ref4.identity
        var sublayerTransform: Ref4.M = Ref4.identity
    }

    private let top = Spec(bounds: CGRect(x: 0, y: 0, width: 800, height: 800), position: (400, 400))
    private let container = Spec(bounds: CGRect(x: 0, y: 0, width: 600, height: 600), position: (320, 310),
                                 sublayerTransform: Ref4.perspective(-1.0 / 800))
    private let mid = Spec(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: (250, 230),
                           transform: Ref4.rotation(0.5, 0, 1, 1), sublayerTransform: Ref4.perspective(-1.0 / 500))
    private let card = Spec(bounds: CGRect(x: 10, y: -20, width: 200, height: 100), position: (200, 200),
                            transform: Ref4.rotation(0.9, 1, 1, 0))

    /// The matrix from `s`'s plane to its parent's (anchor point 0.5, 0.5).
    private func toParent(_ s: Spec, _ parent: Spec) -> Ref4.M {
        let ax = Double(s.bounds.midX), ay = Double(s.bounds.midY)
        let pax = Double(parent.bounds.midX), pay = Double(parent.bounds.midY)
        var m = Ref4.mul(Ref4.translation(-ax, -ay, 0), s.transform)
        m = Ref4.mul(m, Ref4.translation(s.position.0, s.position.1, 0))
        m = Ref4.mul(m, Ref4.translation(-pax, -pay, 0))
        m = Ref4.mul(m, parent.sublayerTransform)
        return Ref4.mul(m, Ref4.translation(pax, pay, 0))
    }

    /// The point mapped by m and flattened.
    private func project(_ m: Ref4.M, _ p: CGPoint) -> CGPoint {
        let v = [Double(p.x), Double(p.y), 0, 1]
        let r = (0..<4).map { j in (0..<4).reduce(0.0) { $0 + v[$1] * m[$1][j] } }
        return CGPoint(x: r[0] / r[3], y: r[1] / r[3])
    }

    private func layer(_ s: Spec) -> CALayer {
        let l = CALayer()
        l.bounds = s.bounds
        l.position = CGPoint(x: s.position.0, y: s.position.1)
        l.transform = Ref4.make(s.transform)
        l.sublayerTransform = Ref4.make(s.sublayerTransform)
        return l
    }

    func testPointsMapThroughEveryTiltedLayerToTheTop() {
        let t = layer(top), c = layer(container), m = layer(mid), k = layer(card)
        t.addSublayer(c); c.addSublayer(m); m.addSublayer(k)
        CATransaction.flush()
        for p in [CGPoint(x: 10, y: -20), CGPoint(x: 210, y: -20), CGPoint(x: 60, y: 70), CGPoint(x: 150, y: 5)] {
            let inMid = project(toParent(card, mid), p)
            let inContainer = project(toParent(mid, container), inMid)
            let inTop = project(toParent(container, top), inContainer)
            XCTAssertClose(k.convert(p, to: m), inMid, 1e-7, "card → mid \(p)")
            XCTAssertClose(k.convert(p, to: c), inContainer, 1e-7, "card → container \(p)")
            XCTAssertClose(k.convert(p, to: t), inTop, 1e-7, "card → top \(p)")
            XCTAssertClose(k.convert(p, to: nil), inTop, 1e-7, "card → root space \(p)")
            XCTAssertClose(m.convert(inMid, to: t), inTop, 1e-7, "mid → top \(p)")
            XCTAssertClose(t.convert(inTop, to: k), p, 1e-6, "top → card \(p)")
            XCTAssertClose(c.convert(inContainer, to: k), p, 1e-6, "container → card \(p)")
            XCTAssertClose(k.convert(inTop, from: t), p, 1e-6, "card from top \(p)")
        }
    }

    func testHitTestFindsTheTiltedCardWhereItIsSeen() {
        let t = layer(top), c = layer(container), m = layer(mid), k = layer(card)
        t.addSublayer(c); c.addSublayer(m); m.addSublayer(k)
        k.name = "card"; m.name = "mid"
        CATransaction.flush()
        func seen(_ p: CGPoint) -> CGPoint {
            project(toParent(container, top), project(toParent(mid, container), project(toParent(card, mid), p)))
        }
        // Just inside the card's corners (its bounds run from (10, −20) to (210, 80)).
        for p in [CGPoint(x: 12, y: -18), CGPoint(x: 208, y: -18), CGPoint(x: 12, y: 78), CGPoint(x: 208, y: 78)] {
            XCTAssertEqual(t.hitTest(seen(p))?.name, "card", "\(p)")
        }
        // Just outside them, the point lands on the mid layer behind (still inside its 400 × 400 bounds).
        for p in [CGPoint(x: 8, y: -22), CGPoint(x: 212, y: -22), CGPoint(x: 8, y: 82), CGPoint(x: 212, y: 82)] {
            XCTAssertEqual(t.hitTest(seen(p))?.name, "mid", "\(p)")
        }
    }
}
