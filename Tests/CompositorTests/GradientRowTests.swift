import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// SpanShader.shadeGradient, whose axial rows under an affine map take a path with the reciprocal
/// made once per row: every pixel is the table entry of its centre's parameter, worked out here
/// with the formula (centre mapped to layer coordinates, projected onto the axis, clamped to 0...1,
/// ·255 rounded), for affine and projective maps, spans starting anywhere.
final class GradientRowTests: XCTestCase {
    func testRowsMatchThePerPixelFormula() {
        var rng = SplitMix64(seed: 0x6AD1)
        let stops: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(1, 0, 0, 1)), (0.4, SIMD4(0, 1, 0, 0.5)), (1, SIMD4(0, 0, 1, 1))]
        var differentEnds = 0
        for trial in 0..<400 {
            let kind: GradientKind = trial % 3 == 2 ? .radial : .axial
            let start = CGPoint(x: rng.double(-20, 60), y: rng.double(-20, 60))
            // Now and then a degenerate axis (start = end).
            let end = trial % 17 == 0 ? start : CGPoint(x: rng.double(-20, 60), y: rng.double(-20, 60))
            let projective = trial % 5 == 4
            let map = Projective2D(a: rng.double(-2, 2), b: rng.double(-2, 2), c: projective ? rng.double(-0.002, 0.002) : 0,
                                   d: rng.double(-2, 2), e: rng.double(-2, 2), f: projective ? rng.double(-0.002, 0.002) : 0,
                                   g: rng.double(-30, 30), h: rng.double(-30, 30), i: projective ? 1 : rng.pick([1, 1, 0.5]))
            let g = GradientSampler(RenderGradient(kind: kind, rect: CGRect(x: 0, y: 0, width: 50, height: 50), start: start, end: end, stops: stops),
                                    deviceToLayer: map)
            let x0 = rng.int(-40...200), y = rng.int(-40...200), n = rng.int(1...70)
            var out = [UInt32](repeating: 0, count: n)
            out.withUnsafeMutableBufferPointer { SpanShader.shadeGradient(g, x0: x0, y: y, count: n, into: $0.baseAddress!) }
            let table = GradientSampler.makeTable(stops)
            for i in 0..<n {
                let px = Double(x0 + i) + 0.5, py = Double(y) + 0.5
                let w = px * map.c + (py * map.f + map.i)
                let lx = (px * map.a + (py * map.d + map.g)) * (1 / w), ly = (px * map.b + (py * map.e + map.h)) * (1 / w)
                let t: Double
                let sx = Double(start.x), sy = Double(start.y), ex = Double(end.x), ey = Double(end.y)
                if kind == .axial {
                    let dx = ex - sx, dy = ey - sy, len2 = dx * dx + dy * dy
                    t = len2 > 0 ? ((lx - sx) * dx + (ly - sy) * dy) / len2 : 0
                } else {
                    t = g.parameter(lx, ly)
                }
                let k = t.isNaN ? 0 : Int((min(max(t, 0), 1) * 255).rounded())
                XCTAssertEqual(out[i], table[k], "trial \(trial) \(kind) pixel \(x0 + i), \(y)")
            }
            if out.first != out.last { differentEnds += 1 }
        }
        XCTAssertGreaterThan(differentEnds, 40, "rows that cross the gradient (54 of the 400 with this seed)")
    }
}
