import XCTest
import CoreGraphics
@testable import Compositor

/// The anti-aliased coverage of filled curves flattened at the fill's tolerance (0.05 device
/// pixels, which `CAShapeLayer` fills use) against the same curves cut into 1,000 steps each, both rasterised by
/// the reference rasteriser (`CoverageRasterizer`, in Double).
///
/// Every chord lies within 0.05 of its curve, on the inside of the bend, so in a pixel one curve
/// crosses the fill gains or loses at most a sliver 0.05 deep along it: at most 0.05 · √2 of the
/// pixel (a long chord's middle along the pixel's diagonal), twice that where two curves cross (the
/// stars' points and crossings). On average over the pixels the curves cross the difference is far
/// smaller, as a chord is 0.05 from its curve only at its middle: under 0.015 (4/255), about 0.002
/// for the stars and 0.014 for a circle of radius 3, whose few chords all come near the tolerance.
final class FillFlatteningCoverageTests: XCTestCase {
    /// A closed five-pointed star of cubic curves (each point joined to the one two further on,
    /// so it crosses itself), bent sideways by `bend` of each side's length, as the benchmark's.
    private func star(cx: Double, cy: Double, r: Double, a0: Double, bend: Double) -> CGPath {
        let pts = (0..<5).map { k -> CGPoint in
            let a = a0 + Double(k) * 4 * .pi / 5
            return CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
        }
        let p = CGMutablePath()
        p.move(to: pts[0])
        for k in 0..<5 {
            let a = pts[k], b = pts[(k + 1) % 5]
            let s = k % 2 == 0 ? bend : -bend
            let nx = -(b.y - a.y) * s, ny = (b.x - a.x) * s
            p.addCurve(to: b, control1: CGPoint(x: a.x + (b.x - a.x) / 3 + nx, y: a.y + (b.y - a.y) / 3 + ny),
                       control2: CGPoint(x: a.x + 2 * (b.x - a.x) / 3 + nx, y: a.y + 2 * (b.y - a.y) / 3 + ny))
        }
        p.closeSubpath()
        return p
    }

    /// Each curve of `path` cut into 1,000 equal steps (the reference: within 10⁻⁵ of these curves).
    private func fine(_ path: CGPath) -> [[(x: Double, y: Double)]] {
        var out: [[(x: Double, y: Double)]] = [], cur: [(x: Double, y: Double)] = []
        for s in path.segments {
            if s.startsSubpath { if cur.count > 2 { out.append(cur) }; cur = [(Double(s.start.x), Double(s.start.y))] }
            let n = s.kind == .line ? 1 : 1000
            for i in 1...n { let q = s.point(at: CGFloat(i) / CGFloat(n)); cur.append((Double(q.x), Double(q.y))) }
        }
        if cur.count > 2 { out.append(cur) }
        return out
    }

    private func coverage(_ contours: [[(x: Double, y: Double)]], rule: FillRule, size: Int) -> [Double] {
        var rasterizer = CoverageRasterizer()
        rasterizer.rasterize(contours, rule: rule, clipWidth: size, clipHeight: size)
        let b = rasterizer.bounds, c = rasterizer.coverage
        var out = [Double](repeating: 0, count: size * size)
        for y in 0..<b.height { for x in 0..<b.width where c[y * b.width + x] != 0 {
            out[(b.y + y) * size + b.x + x] = Double(c[y * b.width + x])
        } }
        return out
    }

    func testFlattenedFillsCoverPixelsAsTheCurvesDo() {
        let size = 240
        // Each shape with the most curves that cross one pixel.
        let shapes: [(String, CGPath, Double)] = [
            ("star r100", star(cx: 120.3, cy: 119.6, r: 100, a0: 0.3, bend: 0.3), 2),
            ("star r20", star(cx: 60.7, cy: 50.2, r: 20, a0: 1.1, bend: -0.25), 2),
            ("circle r40", CGPath(ellipseIn: CGRect(x: 80.4, y: 70.9, width: 80, height: 80), transform: nil), 1),
            ("circle r3", CGPath(ellipseIn: CGRect(x: 30.2, y: 180.6, width: 6, height: 6), transform: nil), 1),
        ]
        for (name, path, curves) in shapes {
            for rule in [FillRule.nonZero, .evenOdd] {
                let flat = path.flattened(tolerance: 0.05).map { $0.map { (x: Double($0.x), y: Double($0.y)) } }
                let a = coverage(flat, rule: rule, size: size), b = coverage(fine(path), rule: rule, size: size)
                var worst = 0.0, sum = 0.0, edge = 0
                for i in 0..<a.count where a[i] != b[i] || (b[i] > 0 && b[i] < 1) {
                    worst = max(worst, abs(a[i] - b[i])); sum += abs(a[i] - b[i]); edge += 1
                }
                XCTAssertGreaterThan(edge, 10, "\(name): the curves cross pixels")
                XCTAssertLessThan(worst, curves * 0.05 * 2.0.squareRoot(), "\(name), \(rule): worst pixel")
                XCTAssertLessThan(sum / Double(edge), 0.015, "\(name), \(rule): mean over the \(edge) pixels the curves cross")
            }
        }
    }
}
