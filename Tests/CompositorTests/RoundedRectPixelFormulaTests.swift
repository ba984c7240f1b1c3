import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// RoundedRectSpans against its documented per-pixel formula, pixel by pixel and bit for bit:
/// each pixel's coverage is (horizontal overlap of the pixel with [x0, x1]) × (vertical overlap with
/// [y0, y1]); in a rounded corner, where the pixel centre lies beyond the corner ellipse's centre
/// on both axes, it is capped by clamp(0.5 − sd, 0, 1), sd = (|((qx − cx)/rx, (qy − cy)/ry)| − 1)
/// × min(rx, ry) (the distance to the ellipse in pixels). The spans may group pixels as they like;
/// the coverage of every pixel must equal the formula exactly (Float), so a faster span builder
/// can never change a picture.
final class RoundedRectPixelFormulaTests: XCTestCase {
    /// The formula, one pixel at a time (written out here, apart from the span builder).
    static func coverage(px: Int, py: Int, x0: Double, y0: Double, x1: Double, y1: Double, rx rxIn: Double, ry ryIn: Double,
                         corners: UInt8, columns: Range<Int>) -> Float {
        let cx0 = max(x0, Double(columns.lowerBound)), cx1 = min(x1, Double(columns.upperBound))
        let ox = min(Double(px + 1), cx1) - max(Double(px), cx0)
        let oy = min(Double(py + 1), y1) - max(Double(py), y0)
        guard ox > 0, oy > 0 else { return 0 }
        let rx = max(0, min(rxIn, (x1 - x0) / 2)), ry = max(0, min(ryIn, (y1 - y0) / 2))
        var c = Float(ox) * Float(oy)
        guard rx > 0 && ry > 0 else { return c }
        let qx = Double(px) + 0.5, qy = Double(py) + 0.5
        // Which corner's band the row and column are in (as the builder decides: by pixel edges).
        let top = Double(py) < y0 + ry, bottom = Double(py + 1) > y1 - ry
        for (bit, left, isTop) in [(UInt8(1), true, true), (2, false, true), (4, true, false), (8, false, false)] {
            guard corners & bit != 0, isTop ? top : bottom else { continue }
            let centreX = left ? x0 + rx : x1 - rx, centreY = isTop ? y0 + ry : y1 - ry
            let inColumns = left ? px < Int(centreX.rounded(.up)) : px >= Int((x1 - rx).rounded(.down))
            guard inColumns, left ? qx < centreX : qx > centreX, isTop ? qy < centreY : qy > centreY else { continue }
            let dx = (qx - centreX) / rx, dy = (qy - centreY) / ry
            let sd = ((dx * dx + dy * dy).squareRoot() - 1) * min(rx, ry)
            c = min(c, Float(min(max(0.5 - sd, 0), 1)))
        }
        return c
    }

    func testEveryPixelOfRandomRoundedRectanglesMatchesTheFormula() {
        var rng = SplitMix64(seed: 0x7EC7_5A11)
        var partial = 0
        for trial in 0..<400 {
            let w = 48, h = 40
            let x0 = rng.double(-6, 30), y0 = rng.double(-6, 25)
            let x1 = x0 + rng.double(0.3, 40), y1 = y0 + rng.double(0.3, 30)
            let r = rng.chance(0.1) ? 0 : rng.double(0.2, 20)
            let rx = r, ry = rng.chance(0.3) ? rng.double(0.2, 20) : r
            let corners = rng.chance(0.7) ? UInt8(0xF) : UInt8(rng.int(0...15))
            // Whole coordinates now and then (edges on pixel boundaries, centres on pixel centres).
            let (a, b, c, d) = rng.chance(0.2) ? (x0.rounded(), y0.rounded(), x1.rounded() + 1, y1.rounded() + 1) : (x0, y0, x1, y1)
            let columns = rng.chance(0.2) ? rng.int(0...10)..<rng.int(20...w) : 0..<w
            var spans: [CoverageSpan] = []
            RoundedRectSpans.append(x0: a, y0: b, x1: c, y1: d, rx: rx, ry: ry, corners: corners, rows: 0..<h, columns: columns, into: &spans)
            var dense = [Float](repeating: 0, count: w * h)
            var seen = [Bool](repeating: false, count: w * h)
            for s in spans {
                for x in Int(s.x)..<Int(s.x + s.length) {
                    let i = Int(s.y) * w + x
                    XCTAssertFalse(seen[i], "pixel (\(x), \(s.y)) in two spans, trial \(trial)")
                    seen[i] = true
                    dense[i] = s.coverage
                }
            }
            for py in 0..<h {
                for px in 0..<w {
                    let want = px >= columns.lowerBound && px < columns.upperBound
                        ? Self.coverage(px: px, py: py, x0: a, y0: b, x1: c, y1: d, rx: rx, ry: ry, corners: corners, columns: columns) : 0
                    if want > 0 && want < 1 { partial += 1 }
                    XCTAssertEqual(dense[py * w + px], want, "trial \(trial), pixel (\(px), \(py)), rect \(a) \(b) \(c) \(d) r \(rx) \(ry) corners \(corners)")
                    if dense[py * w + px] != want { return }
                }
            }
        }
        XCTAssertGreaterThan(partial, 5000, "the trials reach many partly covered pixels")
    }
}
