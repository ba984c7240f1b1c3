import XCTest
import LaminaRandom
@testable import Compositor

/// The box blur against a plain reference: three 16-bit fixed-point box passes written with
/// divisions and column-by-column vertical passes, with box widths worked out here from the
/// documented approximation (not BoxBlur.boxSizes). The fast version must give the very same values
/// for every size and deviation.
final class BoxBlurTests: XCTestCase {
    /// The three box widths approximating a Gaussian of deviation sigma (Kovesi, "Fast almost-Gaussian
    /// filtering", 2010; the "three boxes of width ≈ σ·√3" BoxBlur documents): a box of odd width w
    /// has variance (w² − 1)/12 and variances add, so take wl, the largest odd width not above
    /// √(12σ²/3 + 1), and wu = wl + 2, and use m boxes of wl and 3 − m of wu with m (0...3) making
    /// the total variance nearest σ² (a tie goes to the larger m, as Kovesi's rounding of his
    /// m-formula does); the smaller boxes come first.
    static func boxWidths(sigma: Double) -> [Int] {
        let ideal = (4 * sigma * sigma + 1).squareRoot()
        var wl = Int(ideal)
        if wl % 2 == 0 { wl -= 1 }
        wl = max(wl, 1)
        let wu = wl + 2
        // Twelve times the total variance with m boxes of wl: exact in Double for these integers.
        func variance12(_ m: Int) -> Double { Double(m * (wl * wl - 1) + (3 - m) * (wu * wu - 1)) }
        var best = 3
        for m in stride(from: 2, through: 0, by: -1)
        where abs(variance12(m) - 12 * sigma * sigma) < abs(variance12(best) - 12 * sigma * sigma) { best = m }
        return Array(repeating: wl, count: best) + Array(repeating: wu, count: 3 - best)
    }

    static func reference(_ alpha: [Float], width w: Int, height h: Int, sigma: Double) -> [Float] {
        guard sigma > 0.3 else { return alpha }
        var a = alpha.map { Int64(Int32(max(0, min($0, 1)) * 65535 + 0.5)) }
        var t = a
        func pass(_ src: [Int64], _ dst: inout [Int64], r: Int, horizontal: Bool) {
            let n = horizontal ? w : h, lines = horizontal ? h : w, step = horizontal ? 1 : w
            let size = Int64(2 * r + 1)
            for line in 0..<lines {
                let base = horizontal ? line * w : line
                for i in 0..<n {
                    var acc: Int64 = 0
                    for k in max(0, i - r)...min(n - 1, i + r) { acc += src[base + k * step] }
                    dst[base + i * step] = (acc + size / 2) / size
                }
            }
        }
        for width in boxWidths(sigma: min(sigma, 256)) {
            let r = (width - 1) / 2
            pass(a, &t, r: r, horizontal: true)
            pass(t, &a, r: r, horizontal: false)
        }
        return a.map { Float($0) * (1 / 65535) }
    }

    /// Widths worked by hand. σ = 3: √37 ≈ 6.08 → wl = 5 (variance 2), wu = 7 (variance 4); a total
    /// of 9 needs m = 1.5, a tie between 10 (m = 1) and 8 (m = 2): m = 2 → 5, 5, 7. σ = 2.5: √26 ≈
    /// 5.10 → wl = 5, wu = 7; totals 6 (m = 3), 8 (m = 2): 6 is nearer 6.25 → 5, 5, 5. σ = 1.2:
    /// √6.76 = 2.6 → wl = 1 (variance 0), wu = 3 (2/3); totals 0, 2/3, 4/3, 2: 4/3 is nearest
    /// 1.44 → 1, 3, 3.
    func testBoxWidthsWorkedByHand() {
        XCTAssertEqual(Self.boxWidths(sigma: 3), [5, 5, 7])
        XCTAssertEqual(Self.boxWidths(sigma: 2.5), [5, 5, 5])
        XCTAssertEqual(Self.boxWidths(sigma: 1.2), [1, 3, 3])
    }

    /// An impulse blurred away from the edges spreads with the variance of the three boxes,
    /// Σ(w² − 1)/12 per axis, and that is within half a step ((wl + 1)/6) of σ².
    func testAnImpulseSpreadsWithTheBoxesVariance() {
        for sigma in [1.0, 2.5, 3.0, 4.2] {
            let n = 61, c = 30
            var a = [Float](repeating: 0, count: n * n)
            a[c * n + c] = 1
            BoxBlur.blur(&a, width: n, height: n, sigma: sigma)
            var total = 0.0, vx = 0.0, vy = 0.0
            for y in 0..<n { for x in 0..<n {
                let v = Double(a[y * n + x])
                total += v; vx += v * Double((x - c) * (x - c)); vy += v * Double((y - c) * (y - c))
            } }
            let widths = Self.boxWidths(sigma: sigma)
            let expected = widths.reduce(0.0) { $0 + Double($1 * $1 - 1) / 12 }
            XCTAssertEqual(total, 1, accuracy: 2e-3, "σ \(sigma)")
            XCTAssertEqual(vx / total, expected, accuracy: 0.01 * expected + 1e-3, "σ \(sigma) along x")
            XCTAssertEqual(vy / total, expected, accuracy: 0.01 * expected + 1e-3, "σ \(sigma) along y")
            XCTAssertLessThanOrEqual(abs(expected - sigma * sigma), Double(widths[0] + 1) / 6 + 1e-9, "σ \(sigma)")
        }
    }

    func testTheFastBlurEqualsTheReferenceExactly() {
        var rng = SplitMix64(seed: 42)
        func next() -> Float { Float(rng.next() >> 40) / Float(1 << 24) }
        for (w, h, sigma) in [(1, 1, 2.0), (7, 3, 0.8), (40, 25, 3.0), (33, 61, 8.5), (5, 90, 20.0), (64, 64, 1.2)] {
            let input = (0..<(w * h)).map { _ in next() < 0.3 ? 0 : next() }
            var fast = input
            BoxBlur.blur(&fast, width: w, height: h, sigma: sigma)
            XCTAssertEqual(fast, Self.reference(input, width: w, height: h, sigma: sigma), "\(w)x\(h) sigma \(sigma)")
        }
    }

    func testABlurKeepsTheTotalAwayFromTheEdges() {
        let w = 80, h = 80
        var a = [Float](repeating: 0, count: w * h)
        for y in 30..<50 { for x in 30..<50 { a[y * w + x] = 1 } }
        BoxBlur.blur(&a, width: w, height: h, sigma: 4)
        XCTAssertEqual(Double(a.reduce(0, +)), 400, accuracy: 0.5, "a blur moves coverage, it does not make or lose it")
        XCTAssertGreaterThan(a[40 * w + 27], 0.05, "spread outside the square")
        XCTAssertLessThan(a[40 * w + 40], 1, "the middle is still (almost) covered, but not fully")
        XCTAssertGreaterThan(a[40 * w + 40], 0.9)
    }
}
