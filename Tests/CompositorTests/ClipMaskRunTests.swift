import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// A new clip mask (no outer mask) takes each row's longest run of exact ones from the rasteriser's
/// runs as it writes them: it must be the first longest stretch of values exactly 1 in that row of
/// the mask, found here by scanning the values, for rounded rectangles at fractional places,
/// self-crossing stars under both fill rules, and masks cut by their area.
final class ClipMaskRunTests: XCTestCase {
    /// The first longest stretch of ones in row `y` of `m`, in device columns ((0, 0) when none).
    private func scannedRun(_ m: ClipMask, _ y: Int) -> (lo: Int, hi: Int) {
        var best = (lo: 0, hi: 0), start = -1
        let w = m.rect.width, row = (y - m.rect.y) * w
        for x in 0...w {
            let one = x < w && m.values[row + x] == 1
            if one && start < 0 { start = x }
            if !one && start >= 0 {
                if x - start > best.hi - best.lo { best = (start, x) }
                start = -1
            }
        }
        return best.hi > best.lo ? (m.rect.x + best.lo, m.rect.x + best.hi) : (m.rect.x, m.rect.x)
    }

    func testRunsOfOnesAreThoseOfTheValues() {
        var rng = SplitMix64(seed: 0xC11F_0001)
        var rowsWithRuns = 0, rowsCompared = 0
        for trial in 0..<120 {
            let drawer = PrimitiveDrawer()
            let contours: [[(x: Double, y: Double)]]
            if trial % 3 == 2 {
                // A five-pointed star, its points joined two apart (the middle left out by even-odd).
                let cx = rng.double(20, 80), cy = rng.double(20, 60), r = rng.double(10, 40), a0 = rng.double(0, 6.3)
                contours = [(0..<5).map { k in (x: cx + r * cos(a0 + Double(k) * 4 * .pi / 5), y: cy + r * sin(a0 + Double(k) * 4 * .pi / 5)) }]
            } else {
                let rect = CGRect(x: rng.double(-10, 50), y: rng.double(-10, 40), width: rng.double(1, 90), height: rng.double(1, 70))
                contours = [RoundedRect.polygon(rect, radius: rng.double(0, 20), corners: UInt8(rng.int(0...15)), pixelsPerUnit: 1)]
            }
            let area = IntRect(x: rng.int(-5...10), y: rng.int(-5...10), width: rng.int(1...100), height: rng.int(1...80))
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let m = drawer.clipMask(contours, rule: rule, area: area, outer: nil, columns: -20..<140)
            for y in m.rect.y..<m.rect.maxY {
                let got = m.fullRun(y), want = scannedRun(m, y)
                if want.hi > want.lo {
                    rowsWithRuns += 1
                    XCTAssertEqual(got.lo, want.lo, "trial \(trial), row \(y)")
                    XCTAssertEqual(got.hi, want.hi, "trial \(trial), row \(y)")
                } else {
                    XCTAssertLessThanOrEqual(got.hi, got.lo, "trial \(trial), row \(y): no run of ones")
                }
                rowsCompared += 1
            }
        }
        XCTAssertGreaterThan(rowsWithRuns, 1000)
        XCTAssertGreaterThan(rowsCompared, rowsWithRuns)
    }
}
