import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// An aliased edge along x or y between whole-pixel points is kept as one segment instead of its
/// staircase (AliasedEdges.isOwnStaircase): the rasterised coverage must be exactly that of the
/// polygon with every aliased segment made a staircase (built here as AliasedEdges.apply did before
/// the shortcut), for rounded and square rectangles on whole pixels and off them, every mask of
/// aliased edges, both winding directions.
final class AliasedWholePixelEdgeTests: XCTestCase {
    /// The polygon with every aliased bounds segment replaced by its staircase, no shortcut.
    private func fullStaircases(_ poly: [(x: Double, y: Double)], bounds: CGRect, antialiased: UInt8) -> [(x: Double, y: Double)] {
        var out: [(x: Double, y: Double)] = []
        for k in 0..<poly.count {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            out.append(p)
            let edge = AliasedEdges.edgeBit(of: p, q, bounds: bounds, toLayer: .identity)
            if edge != 0 && antialiased & edge == 0 { AliasedEdges.appendStaircase(from: p, to: q, into: &out) }
        }
        return out
    }

    private func coverage(_ poly: [(x: Double, y: Double)]) -> [CoverageSpan] {
        var r = CoverageRasterizer()
        r.rasterize([poly], rule: .nonZero, columns: -10..<150, rows: -10..<120)
        return r.spans
    }

    func testCoverageEqualsTheFullStaircases() {
        var rng = SplitMix64(seed: 0xA11A_5ED0)
        var shortened = 0
        for trial in 0..<200 {
            let onPixels = trial % 4 != 3
            func place(_ lo: Double, _ hi: Double) -> Double { onPixels ? Double(rng.int(Int(lo)...Int(hi))) : rng.double(lo, hi) }
            let rect = CGRect(x: place(-5, 60), y: place(-5, 50), width: place(1, 80), height: place(1, 60))
            let radius = trial % 3 == 0 ? 0 : (onPixels && trial % 2 == 0 ? Double(rng.int(1...12)) : rng.double(0.5, 12))
            var poly = RoundedRect.polygon(rect, radius: radius, corners: UInt8(rng.int(0...15)), pixelsPerUnit: 1)
            if trial % 2 == 1 { poly.reverse() }
            let antialiased = UInt8(rng.int(0...15))
            let made = AliasedEdges.apply(poly, bounds: rect, toLayer: .identity, antialiased: antialiased)
            let reference = fullStaircases(poly, bounds: rect, antialiased: antialiased)
            if made.count < reference.count { shortened += 1 }
            let got = coverage(made), want = coverage(reference)
            XCTAssertEqual(got.count, want.count, "trial \(trial): \(rect), radius \(radius), antialiased \(antialiased)")
            for (a, b) in zip(got, want) where a.y != b.y || a.x != b.x || a.length != b.length || a.coverage != b.coverage {
                XCTFail("trial \(trial): run \(a) instead of \(b)")
                break
            }
        }
        XCTAssertGreaterThan(shortened, 60, "polygons whose whole-pixel edges were kept as segments")
    }

    func testOnlyWholePixelSegmentsAlongAnAxisAreTheirOwnStaircase() {
        XCTAssertTrue(AliasedEdges.isOwnStaircase((3, 4), (3, 19)))
        XCTAssertTrue(AliasedEdges.isOwnStaircase((30, 4), (-2, 4)))
        XCTAssertFalse(AliasedEdges.isOwnStaircase((3, 4.5), (3, 19)), "an end off the pixel grid")
        XCTAssertFalse(AliasedEdges.isOwnStaircase((3.5, 4), (3.5, 19)), "between pixel columns")
        XCTAssertFalse(AliasedEdges.isOwnStaircase((3, 4), (5, 19)), "slanted")
    }
}
