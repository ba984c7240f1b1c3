import XCTest
import Compositor
@_spi(LaminaInternal) @testable import QuartzCore

/// Shape geometry kept between frames: a render tree builder gives a shape whose path and stroke
/// did not change the very arrays of its last frame (the same storage, so neither flattened nor
/// stroked again), and new ones as soon as the path (its elements, even in the same mutable object),
/// the stroke width or the dash pattern change. Expected outlines are worked out by hand: the
/// rectangle (2, 3, 10, 5); stroked 2 wide, its outline reaches one unit outside it, 4 wide two.
final class ShapeContourCacheTests: LaminaTestCase {
    private let builder = RenderTreeBuilder()

    /// The fills of the shape's node, built by the same builder as a frame after the last one.
    private func fills(_ l: CALayer, at t: CFTimeInterval) -> [RenderFill] {
        CATransaction.flush()
        let tree = builder.build(PresentationSnapshot(root: l, time: t))
        return tree.nodes[0].contents.compactMap { if case .fill(let f) = $0 { return f }; return nil }
    }

    private func storage(_ a: [[CGPoint]]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }

    private func box(_ c: [[CGPoint]]) -> CGRect {
        let p = c.flatMap { $0 }
        let xs = p.map(\.x), ys = p.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    private func shape() -> CAShapeLayer {
        let s = CAShapeLayer()
        s.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        s.path = CGPath(rect: CGRect(x: 2, y: 3, width: 10, height: 5), transform: nil)
        s.fillColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        s.strokeColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        s.lineWidth = 2
        return s
    }

    func testAnUnchangedShapeKeepsItsGeometryWhileItsColourAnimates() throws {
        let s = shape()
        let t0 = CACurrentMediaTime() + 60
        let first = fills(s, at: t0)
        XCTAssertEqual(first.count, 2)
        XCTAssertEqual(box(first[0].contours), CGRect(x: 2, y: 3, width: 10, height: 5))
        XCTAssertEqual(box(first[1].contours), CGRect(x: 1, y: 2, width: 12, height: 7), "a 2-wide stroke reaches 1 outside")
        s.fillColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let second = fills(s, at: t0 + 1)
        XCTAssertEqual(second.map(\.color), [0xFF00_00FF, 0xFFFF_0000], "the new colour is drawn")
        XCTAssertEqual(second[0].contours, first[0].contours)
        XCTAssertEqual(storage(second[0].contours), storage(first[0].contours), "the fill is not flattened again")
        XCTAssertEqual(storage(second[1].contours), storage(first[1].contours), "the stroke is not outlined again")
    }

    func testANewPathOrStrokeIsMadeAgain() throws {
        let s = shape()
        let t0 = CACurrentMediaTime() + 60
        let first = fills(s, at: t0)
        s.path = CGPath(rect: CGRect(x: 4, y: 5, width: 6, height: 2), transform: nil)
        let moved = fills(s, at: t0 + 1)
        XCTAssertEqual(box(moved[0].contours), CGRect(x: 4, y: 5, width: 6, height: 2))
        XCTAssertEqual(box(moved[1].contours), CGRect(x: 3, y: 4, width: 8, height: 4))
        s.lineWidth = 4
        let wider = fills(s, at: t0 + 2)
        XCTAssertEqual(storage(wider[0].contours), storage(moved[0].contours), "the fill does not depend on the stroke")
        XCTAssertEqual(box(wider[1].contours), CGRect(x: 2, y: 3, width: 10, height: 6), "a 4-wide stroke reaches 2 outside")
        // The path's perimeter is 16: one dash of 3 along its first edge, (4, 5) to (7, 5), 4 wide, butt caps.
        s.lineDashPattern = [3, 13]
        let dashed = fills(s, at: t0 + 3)
        XCTAssertEqual(box(dashed[1].contours), CGRect(x: 4, y: 3, width: 3, height: 4))
        XCTAssertNotEqual(first[1].contours, dashed[1].contours)
    }

    func testAPathWithTheSameElementsInAnotherObjectIsReused() {
        var cache = ShapeContourCache()
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let b = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let fa = cache.fill(a, node: 7, tolerance: 0.1).contours
        cache.endFrame()
        let fb = cache.fill(b, node: 7, tolerance: 0.1).contours
        XCTAssertEqual(storage(fa), storage(fb))
        cache.endFrame()
        cache.endFrame()
        // Not drawn for a frame: forgotten, made again.
        let again = cache.fill(b, node: 7, tolerance: 0.1).contours
        XCTAssertEqual(again, fa)
        XCTAssertNotEqual(storage(again), storage(fa))
    }

    func testAMutablePathChangedInPlaceIsFlattenedAgain() {
        var cache = ShapeContourCache()
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        let before = cache.fill(p, node: 1, tolerance: 0.1).contours
        XCTAssertEqual(box(before), CGRect(x: 0, y: 0, width: 4, height: 4))
        cache.endFrame()
        p.addRect(CGRect(x: 10, y: 10, width: 2, height: 2))
        let after = cache.fill(p, node: 1, tolerance: 0.1).contours
        XCTAssertEqual(after.count, 2)
        XCTAssertEqual(box(after), CGRect(x: 0, y: 0, width: 12, height: 12))
        cache.endFrame()
        let stroke = ShapeContourCache.Stroke(lineWidth: 2, miterLimit: 10, dashPhase: 0, cap: .butt, join: .miter, dashPattern: [],
                                              start: 0, end: 1)
        let o1 = cache.outline(p, stroke: stroke, node: 1, tolerance: 0.1).contours
        p.addRect(CGRect(x: 20, y: 20, width: 2, height: 2))
        let o2 = cache.outline(p, stroke: stroke, node: 1, tolerance: 0.1).contours
        XCTAssertEqual(box(o1), CGRect(x: -1, y: -1, width: 14, height: 14))
        XCTAssertEqual(box(o2), CGRect(x: -1, y: -1, width: 24, height: 24))
    }

    /// A fill is flattened to 0.05 device pixels: at `deviceScale` 2 to 0.025 layer units, so the
    /// kept contours of the scale before are not reused when the scale changes. A circle of radius
    /// 40: every chord's middle lies within that of the circle (plus the four cubics' own
    /// 2.7·10⁻⁴·r), and the finer scale takes more points.
    func testFillsAreFlattenedToAFractionOfADevicePixel() {
        let s = CAShapeLayer()
        s.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        s.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
        s.fillColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        var counts: [Int] = []
        for scale in [1.0, 2.0, 1.0] {
            builder.deviceScale = scale
            let f = fills(s, at: CACurrentMediaTime() + 60)
            XCTAssertEqual(f.count, 1)
            guard let c = f.first?.contours.first else { continue }
            var worst = 0.0
            for k in c.indices {
                let a = c[k], b = c[(k + 1) % c.count]
                worst = max(worst, 40 - Double(hypot((a.x + b.x) / 2 - 50, (a.y + b.y) / 2 - 50)))
            }
            XCTAssertLessThanOrEqual(worst, 0.05 / scale + 0.011, "scale \(scale)")
            XCTAssertGreaterThan(worst, 0.3 * 0.05 / scale, "scale \(scale): no finer than it needs")
            counts.append(c.count)
        }
        XCTAssertEqual(counts.count, 3)
        if counts.count == 3 { XCTAssertGreaterThan(counts[1], counts[0]); XCTAssertEqual(counts[2], counts[0]) }
    }
}
