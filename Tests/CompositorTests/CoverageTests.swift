import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Anti-aliased coverage against closed forms: a pixel's coverage is the area of the shape inside
/// that unit square.
final class CoverageTests: XCTestCase {
    /// The area of the axis-aligned rectangle [x0, x1] × [y0, y1] inside pixel (px, py): the product
    /// of the two interval overlaps.
    static func rectArea(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, px: Int, py: Int) -> Double {
        let ox = max(0, min(Double(px + 1), x1) - max(Double(px), x0))
        let oy = max(0, min(Double(py + 1), y1) - max(Double(py), y0))
        return ox * oy
    }

    /// Dense coverage over 0..<w × 0..<h from the rasteriser's runs.
    static func dense(_ spans: [CoverageSpan], w: Int, h: Int) -> [Float] {
        var c = [Float](repeating: 0, count: w * h)
        for s in spans where s.y >= 0 && Int(s.y) < h {
            for x in Int(s.x)..<Int(s.x + s.length) where x >= 0 && x < w { c[Int(s.y) * w + x] = s.coverage }
        }
        return c
    }

    func testFractionalRectangleCoverageIsTheOverlapArea() {
        var rng = SplitMix64(seed: 31)
        for trial in 0..<60 {
            let x0 = rng.double(0, 10), y0 = rng.double(0, 8), x1 = x0 + rng.double(0.1, 9), y1 = y0 + rng.double(0.1, 7)
            let w = 24, h = 20
            var r = CoverageRasterizer()
            let contour: [(x: Double, y: Double)] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            r.rasterize([trial % 2 == 0 ? contour : contour.reversed()], rule: trial % 3 == 0 ? .evenOdd : .nonZero, clipWidth: w, clipHeight: h)
            let cov = Self.dense(r.spans, w: w, h: h)
            var spans: [CoverageSpan] = []
            RoundedRectSpans.append(x0: x0, y0: y0, x1: x1, y1: y1, rx: 0, ry: 0, corners: 0xF, rows: 0..<h, columns: 0..<w, into: &spans)
            let analytic = Self.dense(spans, w: w, h: h)
            for py in 0..<h { for px in 0..<w {
                let want = Self.rectArea(x0, y0, x1, y1, px: px, py: py)
                XCTAssertEqual(Double(cov[py * w + px]), want, accuracy: 1e-5, "rasteriser, trial \(trial), pixel (\(px), \(py))")
                XCTAssertEqual(Double(analytic[py * w + px]), want, accuracy: 1e-5, "RoundedRectSpans, trial \(trial), pixel (\(px), \(py))")
            } }
        }
    }

    /// A regular n-gon of circumradius r has area (n/2)·r²·sin(2π/n) exactly, and tends to πr².
    func testARegularPolygonsCoverageSumsToItsArea() {
        for (n, r, cx, cy) in [(64, 9.3, 12.4, 11.7), (7, 5.0, 8.0, 8.5), (256, 14.0, 16.25, 15.5)] {
            let poly = (0..<n).map { k -> (x: Double, y: Double) in
                let a = 2 * Double.pi * Double(k) / Double(n)
                return (cx + r * cos(a), cy + r * sin(a))
            }
            var ras = CoverageRasterizer()
            ras.rasterize([poly], rule: .nonZero, clipWidth: 40, clipHeight: 40)
            let sum = Double(ras.spans.reduce(Float(0)) { $0 + $1.coverage * Float($1.length) })
            let exact = Double(n) / 2 * r * r * sin(2 * .pi / Double(n))
            XCTAssertEqual(sum, exact, accuracy: 2e-3, "\(n)-gon")
            if n >= 64 { XCTAssertEqual(sum, .pi * r * r, accuracy: .pi * r * r * 0.002, "close to the circle") }
            // Pixels whose square lies inside the inscribed circle (r·cos(π/n)) are fully covered,
            // those wholly outside the circumcircle are empty.
            let cov = Self.dense(ras.spans, w: 40, h: 40)
            for py in 0..<40 { for px in 0..<40 {
                let far = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { hypot(Double(px) + $0.0 - cx, Double(py) + $0.1 - cy) }
                if far.max()! < r * cos(.pi / Double(n)) - 1e-9 { XCTAssertEqual(cov[py * 40 + px], 1, accuracy: 1e-5) }
                let nearX = min(max(cx, Double(px)), Double(px + 1)), nearY = min(max(cy, Double(py)), Double(py + 1))
                if hypot(nearX - cx, nearY - cy) > r + 1e-9 { XCTAssertEqual(cov[py * 40 + px], 0, accuracy: 1e-5) }
            } }
        }
    }

    /// Even-odd: two overlapping squares leave their overlap empty; non-zero (same direction)
    /// fills it. Pixel-aligned, so every value is 0 or 1.
    func testEvenOddEmptiesTheOverlapOfTwoSquares() {
        let a: [(x: Double, y: Double)] = [(1, 1), (7, 1), (7, 7), (1, 7)], b: [(x: Double, y: Double)] = [(4, 4), (10, 4), (10, 10), (4, 10)]
        var eo = CoverageRasterizer(), nz = CoverageRasterizer()
        eo.rasterize([a, b], rule: .evenOdd, clipWidth: 12, clipHeight: 12)
        nz.rasterize([a, b], rule: .nonZero, clipWidth: 12, clipHeight: 12)
        let e = Self.dense(eo.spans, w: 12, h: 12), z = Self.dense(nz.spans, w: 12, h: 12)
        for y in 0..<12 { for x in 0..<12 {
            let inA = (1..<7).contains(x) && (1..<7).contains(y), inB = (4..<10).contains(x) && (4..<10).contains(y)
            XCTAssertEqual(e[y * 12 + x], inA != inB ? 1 : 0, "even-odd (\(x), \(y))")
            XCTAssertEqual(z[y * 12 + x], inA || inB ? 1 : 0, "non-zero (\(x), \(y))")
        } }
    }

    /// A pixel's coverage depends on the shape and the columns only, never on which rows are drawn
    /// (bands and damage rectangles must agree with a whole-frame draw).
    func testRowsDrawnSeparatelyGiveTheSameCoverage() {
        let tri: [(x: Double, y: Double)] = [(2.3, 1.1), (27.9, 9.6), (8.2, 22.7)]
        var whole = CoverageRasterizer()
        whole.rasterize([tri], rule: .nonZero, columns: 0..<32, rows: 0..<24)
        let all = Self.dense(whole.spans, w: 32, h: 24)
        var pieces = [Float](repeating: 0, count: 32 * 24)
        for band in [0..<5, 5..<6, 6..<17, 17..<24] {
            var r = CoverageRasterizer()
            r.rasterize([tri], rule: .nonZero, columns: 0..<32, rows: band)
            for s in r.spans {
                XCTAssertTrue(band.contains(Int(s.y)), "runs only in the rows asked for")
                for x in Int(s.x)..<Int(s.x + s.length) { pieces[Int(s.y) * 32 + x] = s.coverage }
            }
        }
        XCTAssertEqual(pieces, all)
    }

    /// Rounded corners: the runs cover w·h − (4 − π)·r² (each corner loses a square minus a quarter
    /// disc), to within the anti-aliasing of the arcs; a pixel in the cut-off corner is empty and
    /// one just inside the arc is full.
    func testRoundedRectangleCoverageSumsToItsArea() {
        for (x0, y0, w, h, r) in [(2.0, 3.0, 30.0, 20.0, 6.0), (1.5, 2.25, 24.5, 17.75, 8.5)] {
            var spans: [CoverageSpan] = []
            RoundedRectSpans.append(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, rx: r, ry: r, corners: 0xF, rows: 0..<40, columns: 0..<40, into: &spans)
            let sum = Double(spans.reduce(Float(0)) { $0 + $1.coverage * Float($1.length) })
            XCTAssertEqual(sum, w * h - (4 - .pi) * r * r, accuracy: 0.05 * 4 * r, "x0 \(x0)")
            let cov = Self.dense(spans, w: 40, h: 40)
            // The pixel at the very corner (its centre 0.5 from both edges) is outside the arc.
            XCTAssertEqual(cov[Int(y0.rounded(.up)) * 40 + Int(x0.rounded(.up))], 0)
            // A pixel whose centre is r/2 inside both edges lies inside the corner's circle.
            let px = Int((x0 + r * 0.6).rounded(.down)), py = Int((y0 + r * 0.6).rounded(.down))
            XCTAssertEqual(cov[py * 40 + px], 1)
        }
        // Only the corners asked for are rounded: bit 0 (minX, minY) alone.
        var spans: [CoverageSpan] = []
        RoundedRectSpans.append(x0: 0, y0: 0, x1: 20, y1: 10, rx: 5, ry: 5, corners: 1, rows: 0..<10, columns: 0..<20, into: &spans)
        let cov = Self.dense(spans, w: 20, h: 10)
        XCTAssertEqual(cov[0], 0, "top-left rounded")
        XCTAssertEqual(cov[19], 1, "top-right square")
        XCTAssertEqual(cov[9 * 20], 1, "bottom-left square")
        XCTAssertEqual(cov[9 * 20 + 19], 1, "bottom-right square")
    }

    /// Filling a half-covered pixel: coverage ½ → k = round(½·255) = 128 → the colour scaled by
    /// 128/255 (opaque red → 0x80800000) over what is there.
    func testSolidFillScalesByCoverage() {
        var buf = PixelBuffer(width: 4, height: 1)
        buf.fillThroughFramePath([[(0, 0), (1.5, 0), (1.5, 1), (0, 1)]], rule: .nonZero, color: 0xFFFF_0000)
        XCTAssertEqual(buf.pixels, [0xFFFF_0000, 0x8080_0000, 0, 0])
        buf.fillThroughFramePath([[(1, 0), (4, 0), (4, 1), (1, 1)]], rule: .nonZero, color: 0x8000_0080)
        // 0x80000080 over 0x80800000: 128 + round(128·127/255) = 192 alpha, red round(128·127/255) = 64.
        XCTAssertEqual(buf.pixels, [0xFFFF_0000, 0xC040_0080, 0x8000_0080, 0x8000_0080])
    }
}
