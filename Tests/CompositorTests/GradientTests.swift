import XCTest
import CoreGraphics
@testable import Compositor

/// Gradients: the colour table (straight-alpha interpolation between stops, as Core Graphics, then
/// premultiplied) and the parameter of each kind at points worked out by hand.
final class GradientTests: XCTestCase {
    /// Opaque red at 0 to half-transparent blue at 1: entry i is t = i/255 of the way, in straight
    /// alpha: alpha 1 − t/2, red 1 − t, blue t; premultiplied and rounded.
    func testTableInterpolatesStraightAlphaThenPremultiplies() {
        let table = GradientSampler.makeTable([(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 0.5))])
        XCTAssertEqual(table.count, 256)
        for i in [0, 1, 64, 128, 200, 255] {
            let t = Double(i) / 255, a = 1 - t / 2
            let A = UInt32((a * 255).rounded()), R = UInt32(((1 - t) * a * 255).rounded()), B = UInt32((t * a * 255).rounded())
            XCTAssertEqual(table[i], A << 24 | R << 16 | B, "entry \(i)")
        }
        // Hand-worked: i = 255 → alpha 0.5 → 128, blue 0.5 → 128: 0x80000080; i = 0 → opaque red.
        XCTAssertEqual(table[255], 0x8000_0080)
        XCTAssertEqual(table[0], 0xFFFF_0000)
    }

    /// Before the first stop the first colour holds, after the last the last; between stops at
    /// 0.2 and 0.8, entry 128 (t = 128/255) is (128/255 − 0.2)/0.6 of the way: ·255 = 77·5/3 =
    /// 128.33 → 128.
    func testTableHoldsTheEndColoursOutsideTheStops() {
        let table = GradientSampler.makeTable([(0.2, SIMD4(0, 0, 0, 1)), (0.8, SIMD4(1, 1, 1, 1))])
        XCTAssertEqual(table[0], 0xFF00_0000)
        XCTAssertEqual(table[51], 0xFF00_0000, "51/255 = 0.2: the first stop")
        XCTAssertEqual(table[204], 0xFFFF_FFFF, "204/255 = 0.8: the last stop")
        XCTAssertEqual(table[230], 0xFFFF_FFFF)
        XCTAssertEqual(table[128], 0xFF80_8080)
        // Entry 100: (100 − 51)·5/3 = 81.67 → 82.
        XCTAssertEqual(table[100], 0xFF52_5252)
        XCTAssertTrue(GradientSampler.makeTable([]).allSatisfy { $0 == 0 }, "no stops: transparent")
    }

    func sampler(_ kind: GradientKind, start: CGPoint, end: CGPoint) -> GradientSampler {
        GradientSampler(RenderGradient(kind: kind, rect: CGRect(x: 0, y: 0, width: 100, height: 100), start: start, end: end,
                                       stops: [(0, SIMD4(0, 0, 0, 1)), (1, SIMD4(1, 1, 1, 1))]),
                        deviceToLayer: .identity)
    }

    func testAxialParameterIsTheProjectionOntoTheAxis() {
        let g = sampler(.axial, start: CGPoint(x: 10, y: 10), end: CGPoint(x: 30, y: 10))
        XCTAssertEqual(g.parameter(20, 55), 0.5, accuracy: 1e-12, "halfway along x, any y")
        XCTAssertEqual(g.parameter(10, 0), 0, accuracy: 1e-12)
        XCTAssertEqual(g.parameter(40, 3), 1.5, accuracy: 1e-12, "past the end (clamped later)")
        // A diagonal axis (0,0)→(4,3): the point (4,0) projects to (4·4 + 0·3)/25 = 0.64.
        XCTAssertEqual(sampler(.axial, start: .zero, end: CGPoint(x: 4, y: 3)).parameter(4, 0), 0.64, accuracy: 1e-12)
    }

    func testRadialParameterIsTheEllipticalDistance() {
        // Centre (10, 20), radii 10 and 20: (15, 30) is at (0.5, 0.5) → √0.5.
        let g = sampler(.radial, start: CGPoint(x: 10, y: 20), end: CGPoint(x: 20, y: 40))
        XCTAssertEqual(g.parameter(15, 30), 0.5.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(g.parameter(10, 20), 0)
        XCTAssertEqual(g.parameter(10, 0), 1, accuracy: 1e-12, "on the ellipse")
    }

    func testConicParameterIsTheAngleFromTheStartDirection() {
        // About (50, 50), starting toward +x; y grows downward, so +y is a quarter turn on.
        let g = sampler(.conic, start: CGPoint(x: 50, y: 50), end: CGPoint(x: 60, y: 50))
        XCTAssertEqual(g.parameter(60, 50), 0, accuracy: 1e-12)
        XCTAssertEqual(g.parameter(50, 60), 0.25, accuracy: 1e-12)
        XCTAssertEqual(g.parameter(40, 50), 0.5, accuracy: 1e-12)
        XCTAssertEqual(g.parameter(50, 40), 0.75, accuracy: 1e-12)
        // Starting toward +y instead: +x is three quarters on.
        XCTAssertEqual(sampler(.conic, start: CGPoint(x: 50, y: 50), end: CGPoint(x: 50, y: 70)).parameter(60, 50), 0.75, accuracy: 1e-12)
    }

    /// Shading a row: each pixel centre (x + ½, y + ½) through the map, its parameter clamped to
    /// 0…1 and rounded to the nearest of the 256 entries. Axial from x = 0 to x = 256: pixel x has
    /// t = (x + ½)/256 → entry round(255·(x + ½)/256) (never a tie: 255·(2x + 1) is odd), and the
    /// pixels past 256 clamp to the end colour.
    func testShadingARowPicksTheTableEntryOfEachPixelCentre() {
        let g = GradientSampler(RenderGradient(kind: .axial, rect: CGRect(x: 0, y: 0, width: 300, height: 1), start: .zero, end: CGPoint(x: 256, y: 0),
                                               stops: [(0, SIMD4(0, 0, 0, 1)), (1, SIMD4(1, 1, 1, 1))]),
                                deviceToLayer: .identity)
        var out = [UInt32](repeating: 0, count: 260)
        SpanShader.shade(.gradient(g), x0: 0, y: 0, count: 260, into: &out)
        for x in 0..<260 {
            let k = min(Int((255 * (Double(x) + 0.5) / 256).rounded()), 255)
            XCTAssertEqual(out[x], g.table[k], "pixel \(x)")
        }
        XCTAssertEqual(out[0], 0xFF00_0000, "pixel 0: 255·0.5/256 = 0.498 → entry 0")
        XCTAssertEqual(out[1], 0xFF01_0101, "pixel 1: 255·1.5/256 = 1.49 → entry 1")
        XCTAssertEqual(out[259], 0xFFFF_FFFF)
    }
}
