import XCTest
import LaminaRandom
@_spi(LaminaInternal) @testable import QuartzCore

/// `PathGeometry.drawable`, which the fill contours and stroke outlines of every shape go through:
/// on seeded random contour lists (short contours, non-finite points, empty lists) it keeps
/// exactly the contours the filter it replaced kept, in order, and hands back the very array it
/// was given when every contour is kept (no copy a frame for a morphing shape).
final class PathGeometryDrawableTests: LaminaTestCase {
    /// The filter `drawable` replaced: the reference.
    private func reference(_ contours: [[CGPoint]]) -> [[CGPoint]] {
        contours.filter { c in c.count >= 3 && c.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
    }

    func testKeepsWhatTheFilterKeptAndTheArrayItselfWhenAllAreKept() {
        var rng = SplitMix64(seed: 0xD8A_B1E)
        var same = 0, filtered = 0
        for k in 0..<3000 {
            let contours: [[CGPoint]] = (0..<rng.int(0...5)).map { _ in
                (0..<rng.pick([0, 1, 2, 3, 4, 9, 40])).map { _ in
                    var p = CGPoint(x: rng.double(-50, 50), y: rng.double(-50, 50))
                    if rng.chance(0.02) { p.x = rng.pick([.infinity, -.infinity, .nan]) }
                    if rng.chance(0.02) { p.y = rng.pick([.infinity, -.infinity, .nan]) }
                    return p
                }
            }
            let want = reference(contours), got = PathGeometry.drawable(contours)
            XCTAssertEqual(got.count, want.count, "case \(k)")
            XCTAssertTrue(zip(got, want).allSatisfy { a, b in a.count == b.count && zip(a, b).allSatisfy { $0.x == $1.x && $0.y == $1.y } },
                          "case \(k): contours differ")
            if want.count == contours.count {
                // Every contour kept: the same storage, not a copy.
                let a = contours.withUnsafeBufferPointer { $0.baseAddress }, b = got.withUnsafeBufferPointer { $0.baseAddress }
                XCTAssertTrue(contours.isEmpty || a == b, "case \(k): copied though every contour was kept")
                same += 1
            } else {
                filtered += 1
            }
        }
        // Both cases were met often.
        XCTAssertGreaterThan(same, 300)
        XCTAssertGreaterThan(filtered, 300)
    }
}
