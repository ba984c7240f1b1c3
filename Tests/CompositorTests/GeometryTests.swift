import XCTest
import CoreGraphics
@testable import Compositor

/// The compositor's geometry values against results worked out by hand.
final class GeometryTests: XCTestCase {
    func testMatrixProductAppliesTheLeftMatrixFirst() {
        // Translate by (3, 4), then scale by 2: (1, 1) → (4, 5) → (8, 10).
        let m = Matrix4x4.translation(3, 4).then(.scale(2, 2))
        let p = m.apply(x: 1, y: 1)
        XCTAssertEqual([p.x, p.y, p.z, p.w], [8, 10, 0, 1])
        // The other order: (1, 1) → (2, 2) → (5, 6).
        let q = Matrix4x4.scale(2, 2).then(.translation(3, 4)).apply(x: 1, y: 1)
        XCTAssertEqual([q.x, q.y], [5, 6])
        // A general product, entry by entry: rows of A times columns of B.
        let a = Matrix4x4(m: (1...16).map(Double.init)), b = Matrix4x4(m: (1...16).map { Double($0 % 5) - 2 })
        let c = a.then(b)
        for i in 0..<4 { for j in 0..<4 {
            let want = (0..<4).reduce(0.0) { $0 + a.m[i * 4 + $1] * b.m[$1 * 4 + j] }
            XCTAssertEqual(c.m[i * 4 + j], want)
        } }
        // Row 1 of A (1 2 3 4) times column 1 of B (entries 1, 5, 9, 13 of k % 5 − 2: −1, −2, 2, 1)
        // = −1 − 4 + 6 + 4 = 5.
        XCTAssertEqual(c.m[0], 5)
    }

    func testFlatteningDropsTheInputZ() {
        var m = Matrix4x4.translation(1, 2, 3)
        m.m[8] = 5; m.m[9] = 6; m.m[10] = 7; m.m[11] = 8
        let f = m.flatteningInput
        XCTAssertEqual(Array((0..<16).map { f.m[$0] }), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1])
        // A point with z = 9 maps as with z = 0.
        let child = Matrix4x4.translation(0, 0, 9).then(f).apply(x: 1, y: 1)
        XCTAssertEqual([child.x, child.y, child.z, child.w], [2, 3, 3, 1])
    }

    func testProjectiveInverseAndComposition() {
        // [x y 1]·H with a = 2, e = 4, g = 6, h = 8: (x, y) → (2x + 6, 4y + 8); inverse (x − 6)/2, (y − 8)/4.
        let h = Projective2D(a: 2, b: 0, c: 0, d: 0, e: 4, f: 0, g: 6, h: 8, i: 1)
        XCTAssertEqual(h.inverse, Projective2D(a: 0.5, b: 0, c: 0, d: 0, e: 0.25, f: 0, g: -3, h: -2, i: 1))
        // A general one: H = (1 2 0 / 3 4 0 / 5 6 1), det = 1·4 − 2·3 = −2; inverse (−2 1 0 / 1.5 −0.5 0 / 1 −2 1).
        let g = Projective2D(a: 1, b: 2, c: 0, d: 3, e: 4, f: 0, g: 5, h: 6, i: 1)
        XCTAssertEqual(g.inverse, Projective2D(a: -2, b: 1, c: 0, d: 1.5, e: -0.5, f: 0, g: 1, h: -2, i: 1))
        XCTAssertEqual(g.then(g.inverse!), .identity)
        XCTAssertNil(Projective2D(a: 1, b: 2, c: 0, d: 2, e: 4, f: 0, g: 0, h: 0, i: 1).inverse, "singular")
        // Perspective: (x, y) with c = 0.5 → w = 0.5x + 1: (2, 3) → (2, 3, 2) → (1, 1.5).
        let p = Projective2D(a: 1, b: 0, c: 0.5, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)
        let q = p.homogeneous(2, 3)
        XCTAssertEqual([q.x / q.w, q.y / q.w], [1, 1.5])
        XCTAssertFalse(p.isAffine)
    }

    /// A polygon half behind the eye is cut where w = nearW: with w = 1 − x/10 (c = −0.1), the
    /// square (0…20) × (0…10) keeps x ≤ 10 − 10·nearW; with nearW = 0.5: x ≤ 5, and the cut
    /// points (5, 0) and (5, 10) divide by w = 0.5 → (10, 0) and (10, 20).
    func testProjectionClipsAtTheNearPlane() {
        let p = Projective2D(a: 1, b: 0, c: -0.1, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)
        let out = p.projectClipped([(0, 0), (20, 0), (20, 10), (0, 10)], nearW: 0.5)
        let want: [(Double, Double)] = [(0, 0), (10, 0), (10, 20), (0, 10)]
        XCTAssertEqual(out.count, want.count)
        for (o, w) in zip(out, want) {
            XCTAssertEqual(o.x, w.0, accuracy: 1e-12); XCTAssertEqual(o.y, w.1, accuracy: 1e-12)
        }
        XCTAssertTrue(p.projectClipped([(15, 0), (20, 0), (20, 10)], nearW: 0.5).isEmpty, "wholly behind")
    }

    /// The CGPoint overload (one pass for shapes in front of the eye) gives exactly the points of
    /// the tuple version, whichever path it takes: affine maps, a perspective that clips, a point
    /// mapped to infinity, a non-finite point, and fewer than three points.
    func testProjectingCGPointsEqualsProjectingTuples() {
        let maps = [Projective2D(a: 2, b: 0.3, c: 0, d: -0.2, e: 1.5, f: 0, g: 7, h: -3, i: 1),
                    Projective2D(a: 1, b: 0, c: -0.1, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1),
                    Projective2D(a: 1, b: 0, c: 0.001, d: 0, e: 1, f: 0.002, g: 0, h: 0, i: 0.9)]
        let polygons: [[CGPoint]] = [
            [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 10), CGPoint(x: 0, y: 10)],
            [CGPoint(x: 0.25, y: 1), CGPoint(x: 3, y: 9.5), CGPoint(x: -4, y: 2), CGPoint(x: 1e6, y: -1e6), CGPoint(x: 5, y: 5)],
            [CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.infinity, y: 0), CGPoint(x: 1, y: 1)],
            [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1)],
        ]
        for (i, m) in maps.enumerated() {
            for (j, poly) in polygons.enumerated() {
                for nearW in [1e-6, 0.5] {
                    let want = m.projectClipped(poly.map { (x: Double($0.x), y: Double($0.y)) }, nearW: nearW)
                    let got = m.projectClipped(poly, nearW: nearW)
                    XCTAssertEqual(got.map(\.x), want.map(\.x), "map \(i), polygon \(j), nearW \(nearW)")
                    XCTAssertEqual(got.map(\.y), want.map(\.y), "map \(i), polygon \(j), nearW \(nearW)")
                }
            }
        }
    }

    func testIntRectSetOperations() {
        let a = IntRect(x: 0, y: 0, width: 10, height: 5), b = IntRect(x: 8, y: 3, width: 4, height: 6)
        XCTAssertEqual(a.intersection(b), IntRect(x: 8, y: 3, width: 2, height: 2))
        XCTAssertEqual(a.union(b), IntRect(x: 0, y: 0, width: 12, height: 9))
        XCTAssertTrue(a.intersection(IntRect(x: 10, y: 0, width: 3, height: 3)).isEmpty, "touching edges share no pixel")
        XCTAssertEqual(a.union(.empty), a)
        XCTAssertEqual(IntRect.empty.union(b), b)
        XCTAssertEqual(a.area, 50)
        XCTAssertEqual(IntRect(x: 0, y: 0, width: -3, height: 4).area, 0)
        XCTAssertEqual(IntRect.covering(minX: 1.5, minY: -0.5, maxX: 3, maxY: 2.01), IntRect(x: 1, y: -1, width: 2, height: 4))
        XCTAssertEqual(IntRect.covering(minX: 0.2, minY: 4, maxX: 3.2, maxY: 5), IntRect(x: 0, y: 4, width: 4, height: 1), "x 0.2…3.2 touches columns 0…3")
        XCTAssertTrue(IntRect.covering(minX: 3, minY: 0, maxX: 1, maxY: 1).isEmpty)
        XCTAssertEqual(IntRect.covering(minX: -1e300, minY: 0, maxX: 1e300, maxY: 1), IntRect(x: -1_073_741_824, y: 0, width: 2_147_483_648, height: 1))
    }

    /// A rounded rectangle's outline: every arc point at the radius from its corner's centre, the
    /// clockwise order, and the area in closed form. Each corner is a fan of n chords over a
    /// quarter turn, area (n/2)·r²·sin(π/2n) instead of the square r² it replaces:
    /// w·h − 4r² + 4·(n/2)·r²·sin(π/2n), n = ⌈r·ppu·(π/2)/1.5⌉ clamped to 2…64.
    func testRoundedRectPolygonIsExact() {
        for (w, h, r, ppu) in [(40.0, 30.0, 8.0, 1.0), (20.0, 10.0, 9.0, 2.0), (12.0, 12.0, 1.0, 1.0), (100.0, 80.0, 30.0, 3.0)] {
            let rect = CGRect(x: 5, y: 7, width: w, height: h)
            let poly = RoundedRect.polygon(rect, radius: r, corners: 0xF, pixelsPerUnit: ppu)
            let rr = min(r, w / 2, h / 2)
            let n = min(max(Int((rr * ppu * Double.pi / 2 / 1.5).rounded(.up)), 2), 64)
            XCTAssertEqual(poly.count, 4 * (n + 1), "w \(w) r \(r)")
            var area = 0.0
            for k in 0..<poly.count {
                let p = poly[k], q = poly[(k + 1) % poly.count]
                area += p.x * q.y - q.x * p.y
            }
            area /= 2
            XCTAssertGreaterThan(area, 0, "clockwise on a y-down screen")
            XCTAssertEqual(area, w * h - 4 * rr * rr + 2 * Double(n) * rr * rr * sin(.pi / (2 * Double(n))), accuracy: 1e-9 * w * h)
            let centres = [(5 + w - rr, 7 + rr), (5 + w - rr, 7 + h - rr), (5 + rr, 7 + h - rr), (5 + rr, 7 + rr)]
            for (c, (cx, cy)) in centres.enumerated() {
                for p in poly[(c * (n + 1))..<((c + 1) * (n + 1))] { XCTAssertEqual(hypot(p.x - cx, p.y - cy), rr, accuracy: 1e-9) }
            }
        }
        // No radius or no corner: the four corners.
        let plain = RoundedRect.polygon(CGRect(x: 0, y: 0, width: 4, height: 3), radius: 2, corners: 0, pixelsPerUnit: 1)
        XCTAssertEqual(plain.map { [$0.x, $0.y] }, [[0, 0], [4, 0], [4, 3], [0, 3]])
    }

    /// The rasteriser's helpers: half-plane clipping, pixels per unit, back faces, axis alignment.
    func testTreeRasterizerGeometryHelpers() {
        // Keep x ≤ 2 of the square (0…4)²: h = (−1, 0, 2).
        let cut = TreeRasterizer.clip([(0, 0), (4, 0), (4, 4), (0, 4)], keeping: SIMD3(-1, 0, 2))
        XCTAssertEqual(cut.map { [$0.x, $0.y] }, [[0, 0], [2, 0], [2, 4], [0, 4]])
        // Scale 3 × 2 → √6 pixels per unit (the geometric mean).
        XCTAssertEqual(TreeRasterizer.scale(of: .scale(3, 2)), 6.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(TreeRasterizer.scale(of: Matrix4x4(m: [0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 1, 0, 5, 5, 0, 1])), 2, accuracy: 1e-12, "rotated")
        // Mirrored in x: the outline winds the other way round.
        XCTAssertTrue(TreeRasterizer.isBackFacing(Matrix4x4.scale(-1, 1).projective, CGRect(x: 0, y: 0, width: 4, height: 4)))
        XCTAssertFalse(TreeRasterizer.isBackFacing(Matrix4x4.scale(2, 3).projective, CGRect(x: 0, y: 0, width: 4, height: 4)))
        // Axis-aligned: scale (2, 3) and translation (1, 1) of (1, 1) 4 × 2 → (3, 4)…(11, 10).
        let r = TreeRasterizer.axisAligned(Matrix4x4.scale(2, 3).then(.translation(1, 1)).projective, CGRect(x: 1, y: 1, width: 4, height: 2))
        XCTAssertEqual(r.map { [$0.x0, $0.y0, $0.x1, $0.y1] }, [3, 4, 11, 10])
        XCTAssertNil(TreeRasterizer.axisAligned(Matrix4x4.scale(-1, 1).projective, CGRect(x: 0, y: 0, width: 1, height: 1)), "mirrored is not")
    }
}
