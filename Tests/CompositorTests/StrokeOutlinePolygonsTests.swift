import XCTest
import CoreGraphics
@testable import Compositor

/// `StrokeOutline.polygons` (the stroker's polygons handed over as they are, which shape layers
/// fill) against the path `StrokeOutline.make` builds from them, flattened back into contours
/// (what shape layers filled before): on seeded random open and closed paths of lines, quadratic
/// and cubic curves, every cap, join, width, dash pattern and trim, the same polygons point for
/// point (the path's contours repeat their first point at the end: it is dropped here), so the
/// two fill the same pixels.
final class StrokeOutlinePolygonsTests: XCTestCase {
    /// A small seeded generator (xorshift64*), so that a failure names a reproducible case.
    struct RNG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func unit() -> CGFloat { CGFloat(next() >> 11) / CGFloat(1 << 53) }
        mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    }

    static func randomPath(_ rng: inout RNG) -> CGPath {
        let path = CGMutablePath()
        func pt() -> CGPoint { CGPoint(x: 10 + rng.unit() * 180, y: 10 + rng.unit() * 140) }
        for _ in 0..<(1 + Int(rng.next() % 2)) {
            path.move(to: pt())
            for _ in 0..<(1 + Int(rng.next() % 5)) {
                switch rng.next() % 3 {
                case 0: path.addLine(to: pt())
                case 1: path.addQuadCurve(to: pt(), control: pt())
                default: path.addCurve(to: pt(), control1: pt(), control2: pt())
                }
            }
            if rng.next() % 2 == 0 { path.closeSubpath() }
        }
        return path
    }

    func testPolygonsAreThePathsContoursPointForPoint() {
        var rng = RNG(state: 0x57_0E0A_11E5)
        var compared = 0
        for trial in 0..<300 {
            let path = Self.randomPath(&rng)
            let width = rng.pick([0.5, 1, 3, 4, 12] as [CGFloat])
            let cap = rng.pick([CGLineCap.butt, .round, .square]), join = rng.pick([CGLineJoin.miter, .round, .bevel])
            let dash: [CGFloat] = rng.next() % 3 == 0 ? [12, 6] : []
            let start: CGFloat = rng.next() % 4 == 0 ? 0.2 : 0, end: CGFloat = rng.next() % 4 == 0 ? 0.7 : 1
            let polygons = StrokeOutline.polygons(path, lineWidth: width, cap: cap, join: join, miterLimit: 10,
                                                  dashPhase: 3, dashPattern: dash, start: start, end: end)
            let outline = StrokeOutline.make(path, lineWidth: width, cap: cap, join: join, miterLimit: 10,
                                             dashPhase: 3, dashPattern: dash, start: start, end: end)
            // The outline has straight edges only: flattening gives back its points, each closed
            // contour with its first point again at the end.
            let contours = outline.flattened(tolerance: 0.1).map { c in c.count > 1 && c.first == c.last ? Array(c.dropLast()) : c }
            XCTAssertEqual(polygons.count, contours.count, "trial \(trial): polygon count")
            guard polygons.count == contours.count else { continue }
            for (k, (p, c)) in zip(polygons, contours).enumerated() {
                XCTAssertGreaterThanOrEqual(p.count, 3, "trial \(trial), polygon \(k): at least three points")
                XCTAssertEqual(p, c, "trial \(trial), polygon \(k): the same points as the outline path's")
            }
            compared += polygons.count
        }
        // The cases drew something (a comparison of empty outlines would prove nothing).
        XCTAssertGreaterThan(compared, 300)
    }

    func testNothingToStrokeGivesNoPolygons() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 40, y: 9))
        XCTAssertEqual(StrokeOutline.polygons(path, lineWidth: 0, cap: .butt, join: .miter, miterLimit: 10).count, 0, "zero width")
        XCTAssertEqual(StrokeOutline.polygons(path, lineWidth: .infinity, cap: .butt, join: .miter, miterLimit: 10).count, 0, "infinite width")
        XCTAssertEqual(StrokeOutline.polygons(path, lineWidth: 2, cap: .butt, join: .miter, miterLimit: 10, start: 0.6, end: 0.4).count, 0,
                       "an empty trim")
        XCTAssertEqual(StrokeOutline.polygons(path, lineWidth: 2, cap: .butt, join: .miter, miterLimit: 10).count, 1, "one open subpath: one outline")
    }
}
