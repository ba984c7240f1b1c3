import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// CoverageRasterizer's sweep (touched cells found row by row from one bit each, in column order):
/// on star-shaped polygons of hundreds of jagged edges, many crossing each row in cells spread over
/// several 64-bit words, every pixel's coverage is the area of the polygon inside it, worked out
/// here by clipping the polygon to the pixel's square; and the buffers are clean for the next call
/// (a second, different polygon comes out as right as the first).
final class RasterizerSweepTests: XCTestCase {
    /// The area of `poly` inside the unit square at (x, y) (Sutherland-Hodgman, then the shoelace).
    static func areaInPixel(_ poly: [(x: Double, y: Double)], _ x: Int, _ y: Int) -> Double {
        var p = poly
        let x0 = Double(x), y0 = Double(y), x1 = x0 + 1, y1 = y0 + 1
        func clip(_ inside: ((x: Double, y: Double)) -> Bool, _ cut: ((x: Double, y: Double), (x: Double, y: Double)) -> (x: Double, y: Double)) {
            var out: [(x: Double, y: Double)] = []
            for k in p.indices {
                let a = p[k], b = p[(k + 1) % p.count]
                if inside(a) { out.append(a) }
                if inside(a) != inside(b) { out.append(cut(a, b)) }
            }
            p = out
        }
        func atX(_ c: Double) -> ((x: Double, y: Double), (x: Double, y: Double)) -> (x: Double, y: Double) {
            { a, b in (c, a.y + (b.y - a.y) * (c - a.x) / (b.x - a.x)) }
        }
        func atY(_ c: Double) -> ((x: Double, y: Double), (x: Double, y: Double)) -> (x: Double, y: Double) {
            { a, b in (a.x + (b.x - a.x) * (c - a.y) / (b.y - a.y), c) }
        }
        clip({ $0.x >= x0 }, atX(x0)); clip({ $0.x <= x1 }, atX(x1))
        clip({ $0.y >= y0 }, atY(y0)); clip({ $0.y <= y1 }, atY(y1))
        guard p.count >= 3 else { return 0 }
        var area = 0.0
        for k in p.indices { let a = p[k], b = p[(k + 1) % p.count]; area += a.x * b.y - b.x * a.y }
        return abs(area) / 2
    }

    func testJaggedStarsCoverTheirAreaInEveryPixel() {
        var rng = SplitMix64(seed: 0x5EE9)
        var raster = CoverageRasterizer()
        let width = 200, height = 80
        for trial in 0..<3 {
            // A star around a centre, radii jumping between near and far: a simple polygon whose
            // rows are crossed by dozens of edges. Inside the clip (the rasteriser squeezes what
            // lies past its right edge into the last columns).
            let cx = rng.double(80, 120), cy = rng.double(38, 42)
            let n = rng.int(150...300)
            let poly: [(x: Double, y: Double)] = (0..<n).map { k in
                let a = Double(k) / Double(n) * 2 * .pi
                let r = k % 2 == 0 ? rng.double(40, 75) : rng.double(2, 30)
                return (cx + r * cos(a), cy + r * 0.5 * sin(a))
            }
            raster.rasterize([poly], rule: .nonZero, clipWidth: width, clipHeight: height)
            let b = raster.bounds, coverage = raster.coverage
            var crowded = 0
            for y in 0..<height {
                var edgesInRow = 0
                for x in 0..<width {
                    let expected = RasterizerSweepTests.areaInPixel(poly, x, y)
                    let inside = x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height
                    let got = inside ? Double(coverage[(y - b.y) * b.width + (x - b.x)]) : 0
                    if expected > 0 && expected < 1 { edgesInRow += 1 }
                    XCTAssertEqual(got, expected, accuracy: 2e-4, "trial \(trial) pixel (\(x), \(y))")
                }
                if edgesInRow > 64 { crowded += 1 }
            }
            XCTAssertGreaterThan(crowded, 5, "trial \(trial): rows with more partly covered pixels than one word holds")
        }
    }
}
