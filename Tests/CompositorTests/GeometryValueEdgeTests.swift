import XCTest
import CoreGraphics
@testable import Compositor

/// Edge cases of the compositor's small value types, against values written out by hand.
final class GeometryValueEdgeTests: XCTestCase {
    let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    func entries(_ m: Matrix4x4) -> [Double] { (0..<16).map { m.m[$0] } }

    /// Matrix4x4(m:) takes 16 entries row by row; any other count gives the identity.
    func testAMatrixOfTheWrongSizeIsTheIdentity() {
        XCTAssertEqual(entries(.identity), identity)
        XCTAssertEqual(entries(Matrix4x4(m: [])), identity)
        XCTAssertEqual(entries(Matrix4x4(m: [2, 3])), identity)
        XCTAssertEqual(entries(Matrix4x4(m: Array(repeating: 7, count: 15))), identity)
        XCTAssertEqual(entries(Matrix4x4(m: Array(repeating: 7, count: 17))), identity)
        XCTAssertEqual(entries(Matrix4x4(m: (1...16).map(Double.init))), (1...16).map(Double.init))
        XCTAssertEqual(entries(.translation(3, 4, 5)), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1])
        XCTAssertEqual(entries(.scale(3, 4, 5)), [3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 5, 0, 0, 0, 0, 1])
        XCTAssertEqual(entries(.scale(3, 4)), [3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "z scale 1 by default")
        XCTAssertEqual(entries(.translation(3, 4)), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 0, 1], "z 0 by default")
        // The projective map takes entries 11, 12, 14 / 21, 22, 24 / 41, 42, 44.
        XCTAssertEqual(Matrix4x4(m: (1...16).map(Double.init)).projective, Projective2D(a: 1, b: 2, c: 4, d: 5, e: 6, f: 8, g: 13, h: 14, i: 16))
        // Applying to (x, y, 0): x·row1 + y·row2 + row4.
        let p = Matrix4x4(m: (1...16).map(Double.init)).apply(x: 2, y: 3)
        // x·(1 2 3 4) + y·(5 6 7 8) + (13 14 15 16) with x = 2, y = 3.
        let want: [Double] = [30, 36, 42, 48]
        XCTAssertEqual([p.x, p.y, p.z, p.w], want)
        var bad = Matrix4x4.identity
        XCTAssertTrue(bad.isFinite)
        bad.m[15] = .infinity
        XCTAssertFalse(bad.isFinite)
        bad = .identity; bad.m[0] = .nan
        XCTAssertFalse(bad.isFinite)
    }

    func radial(start: CGPoint, end: CGPoint) -> GradientSampler {
        GradientSampler(RenderGradient(kind: .radial, rect: CGRect(x: 0, y: 0, width: 100, height: 100), start: start, end: end,
                                       stops: [(0, SIMD4(0, 0, 0, 1)), (1, SIMD4(1, 1, 1, 1))]),
                        deviceToLayer: .identity)
    }

    /// A radial gradient whose ellipse is flat (one radius 0): on its axis the parameter is the
    /// distance along the other radius; off the axis it is infinitely far (the end colour). Both
    /// radii 0: the end colour everywhere.
    func testAFlatRadialGradientMeasuresAlongItsOneRadius() {
        let tall = radial(start: CGPoint(x: 10, y: 20), end: CGPoint(x: 10, y: 40))   // rx 0, ry 20
        XCTAssertEqual(tall.parameter(10, 30), 0.5)
        XCTAssertEqual(tall.parameter(10, 20), 0)
        XCTAssertEqual(tall.parameter(10, 5), 0.75)
        XCTAssertEqual(tall.parameter(11, 30), .infinity)
        let wide = radial(start: CGPoint(x: 10, y: 20), end: CGPoint(x: 50, y: 20))   // rx 40, ry 0
        XCTAssertEqual(wide.parameter(20, 20), 0.25)
        XCTAssertEqual(wide.parameter(-30, 20), 1)
        XCTAssertEqual(wide.parameter(20, 20.5), .infinity)
        let point = radial(start: CGPoint(x: 10, y: 20), end: CGPoint(x: 10, y: 20))
        XCTAssertEqual(point.parameter(10, 20), 1)
        XCTAssertEqual(point.parameter(0, 0), 1)
        // Negative radii (end before start) are their sizes.
        // rx 10, ry 20: (15, 30) is at (0.5, 0.5) → √0.5; so is (5, 10), at (−0.5, −0.5).
        let back = radial(start: CGPoint(x: 10, y: 20), end: CGPoint(x: 0, y: 0))
        XCTAssertEqual(back.parameter(15, 30), 0.5.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(back.parameter(5, 10), 0.5.squareRoot(), accuracy: 1e-12)
    }

    /// An affine map whose last entry is not 1 (every entry scaled by 2, the same map of points)
    /// is divided through, so it counts as affine and as a whole-texel translation; a projective
    /// map (c or f not 0) is left as it is.
    func testImageSamplersNormaliseScaledAffineMaps() {
        let image = CGImage(width: 2, height: 2, premultipliedARGB: [1, 2, 3, 4])
        func sampler(_ m: Projective2D) -> ImageSampler {
            ImageSampler(image: image, map: m, x0: 0, y0: 0, x1: 2, y1: 2, bilinear: true, tint: 0xFFFF_FFFF)
        }
        let scaled = sampler(Projective2D(a: 2, b: 0, c: 0, d: 0, e: 2, f: 0, g: -6, h: 4, i: 2))
        XCTAssertEqual(scaled.map, Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: -3, h: 2, i: 1))
        XCTAssertEqual(scaled.copyOffset?.dx, -3); XCTAssertEqual(scaled.copyOffset?.dy, 2)
        let rotated = sampler(Projective2D(a: 0, b: 4, c: 0, d: -4, e: 0, f: 0, g: 8, h: 12, i: 4))
        XCTAssertEqual(rotated.map, Projective2D(a: 0, b: 1, c: 0, d: -1, e: 0, f: 0, g: 2, h: 3, i: 1))
        XCTAssertNil(rotated.copyOffset)
        for m in [Projective2D(a: 2, b: 0, c: 1, d: 0, e: 2, f: 0, g: 0, h: 0, i: 2),
                  Projective2D(a: 2, b: 0, c: 0, d: 0, e: 2, f: 0.5, g: 0, h: 0, i: 2),
                  Projective2D(a: 2, b: 0, c: 0, d: 0, e: 2, f: 0, g: 0, h: 0, i: 0)] {
            XCTAssertEqual(sampler(m).map, m, "left alone")
            XCTAssertNil(sampler(m).copyOffset)
        }
        // Whole-texel translations within 1e-9 of a whole number count as such; 1e-6 does not.
        XCTAssertEqual(sampler(Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 5 + 1e-10, h: -2 - 1e-10, i: 1)).copyOffset?.dx, 5)
        XCTAssertEqual(sampler(Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 5 + 1e-10, h: -2 - 1e-10, i: 1)).copyOffset?.dy, -2)
        XCTAssertNil(sampler(Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 5 + 1e-6, h: 0, i: 1)).copyOffset)
        XCTAssertNil(sampler(Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0.5, h: 0, i: 1)).copyOffset)
        XCTAssertNil(sampler(Projective2D(a: 1 + 1e-9, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)).copyOffset)
        XCTAssertNil(sampler(Projective2D(a: -1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)).copyOffset)
        XCTAssertNil(sampler(Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 2e9, h: 0, i: 1)).copyOffset, "too far to count in Int")
        // The linear part must be the identity to within (strictly) 1e-12 in each entry: 7e-13 off
        // still copies, 1e-12 off does not (1 − 1e-12 is not a double: −1.1e-12 stands in). Likewise offsets within (strictly) 1e-9 of whole
        // numbers, and offsets below (strictly) 1e9.
        for entry in 0..<4 {
            func off(_ e: Double) -> Projective2D {
                Projective2D(a: 1 + (entry == 0 ? e : 0), b: entry == 1 ? e : 0, c: 0, d: entry == 2 ? e : 0, e: 1 + (entry == 3 ? e : 0), f: 0, g: 2, h: 3, i: 1)
            }
            XCTAssertNotNil(sampler(off(7e-13)).copyOffset, "entry \(entry) 7e-13 off")
            XCTAssertNotNil(sampler(off(-7e-13)).copyOffset, "entry \(entry) -7e-13 off")
            XCTAssertNil(sampler(off(1e-12)).copyOffset, "entry \(entry) 1e-12 off")
            XCTAssertNil(sampler(off(-1.1e-12)).copyOffset, "entry \(entry) -1.1e-12 off")
        }
        let offsets: [(Double, Double, Bool)] = [(7 + 7e-10, 3, true), (7 + 1e-9, 3, false), (7, 3 - 7e-10, true), (7, 3 - 1e-9, false),
                                                 (999_999_999, -999_999_999, true), (1e9, 0, false), (0, -1e9, false)]
        for (g, h, copies) in offsets {
            let s = sampler(Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: g, h: h, i: 1))
            XCTAssertEqual(s.copyOffset != nil, copies, "g \(g), h \(h)")
            if copies { XCTAssertEqual(s.copyOffset?.dx, Int(g.rounded())); XCTAssertEqual(s.copyOffset?.dy, Int(h.rounded())) }
        }
    }

    /// contentsCenter: the whole image (0, 0, 1, 1) is drawn as it is, exactly; a centre of no
    /// height leaves only the bottom edge row, kept at its size in points (texels / scale).
    func testNinePartKeepsAWholeCentreAndSplitsAFlatOne() {
        let image = CGImage(width: 10, height: 10, premultipliedARGB: Array(repeating: 0xFF00_0000, count: 100))
        var img = RenderImage(image: image, destination: CGRect(x: 0.1, y: 0.1, width: 0.2, height: 0.2), source: CGRect(x: 0, y: 0, width: 10, height: 10))
        let whole = NinePart.split(img)
        XCTAssertEqual(whole.count, 1)
        XCTAssertEqual(whole.first?.destination, CGRect(x: 0.1, y: 0.1, width: 0.2, height: 0.2), "not recomputed (0.1 + 0.2 − 0.1 is not 0.2)")
        img.destination = CGRect(x: 0, y: 0, width: 100, height: 100)
        img.center = CGRect(x: 0, y: 0, width: 1, height: 0)
        let flat = NinePart.split(img)
        XCTAssertEqual(flat.map(\.destination), [CGRect(x: 0, y: 90, width: 100, height: 10)])
        XCTAssertEqual(flat.map(\.source), [CGRect(x: 0, y: 0, width: 10, height: 10)])
    }
}
