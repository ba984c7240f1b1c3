import XCTest
@testable import Compositor

/// The box blur against a plain reference: the same three 16-bit fixed-point box passes written
/// with divisions and column-by-column vertical passes. The fast version must give the very same
/// values for every size and deviation.
final class BoxBlurTests: XCTestCase {
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
        for r in BoxBlur.boxSizes(sigma: min(sigma, 256)) {
            pass(a, &t, r: r, horizontal: true)
            pass(t, &a, r: r, horizontal: false)
        }
        return a.map { Float($0) * (1 / 65535) }
    }

    func testTheFastBlurEqualsTheReferenceExactly() {
        var seed: UInt64 = 42
        func next() -> Float { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Float(seed >> 40) / Float(1 << 24) }
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
