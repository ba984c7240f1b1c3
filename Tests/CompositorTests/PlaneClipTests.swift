import XCTest
@testable import Compositor

/// The convex clip that plane splitting uses: a polygon cut to the half-plane h.x·x + h.y·y + h.z ≥ 0,
/// checked against cuts worked by hand on the unit square.
final class PlaneClipTests: XCTestCase {
    private let square: [(x: Double, y: Double)] = [(0, 0), (1, 0), (1, 1), (0, 1)]

    private func assertPolygon(_ got: [(x: Double, y: Double)], _ expected: [(x: Double, y: Double)], line: UInt = #line) {
        XCTAssertEqual(got.count, expected.count, "\(got)", line: line)
        for (g, e) in zip(got, expected) {
            XCTAssertEqual(g.x, e.x, accuracy: 1e-12, "\(got)", line: line)
            XCTAssertEqual(g.y, e.y, accuracy: 1e-12, "\(got)", line: line)
        }
    }

    func testCutAlongYKeepsTheUpperHalf() {
        // y ≥ 0.5: edges (1,0)→(1,1) and (1,1)→... enter at (1, 0.5) and leave at (0, 0.5).
        let cut = TreeRasterizer.clip(square, keeping: SIMD3(0, 1, -0.5))
        assertPolygon(cut, [(1, 0.5), (1, 1), (0, 1), (0, 0.5)])
    }

    func testDiagonalCutKeepsTheFarCorner() {
        // x + y ≥ 1.5 keeps the corner (1, 1) and cuts the right and top edges at their middles.
        let cut = TreeRasterizer.clip(square, keeping: SIMD3(1, 1, -1.5))
        assertPolygon(cut, [(1, 0.5), (1, 1), (0.5, 1)])
    }

    func testCutOnXAndYTogether() {
        // 2x − y ≥ 0.5 (h.y negative): from (0.25, 0) along the bottom to (1, 0), up to (1, 1), and
        // back to the line at (0.75, 1).
        let cut = TreeRasterizer.clip(square, keeping: SIMD3(2, -1, -0.5))
        assertPolygon(cut, [(0.25, 0), (1, 0), (1, 1), (0.75, 1)])
    }
}
