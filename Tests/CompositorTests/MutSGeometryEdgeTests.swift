import XCTest
import CoreGraphics
@testable import Compositor

/// Edge cases of the compositor's small value types, against values written out by hand.
final class MutSGeometryEdgeTests: XCTestCase {
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
}
