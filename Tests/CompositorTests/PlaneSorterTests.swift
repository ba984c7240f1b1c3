import XCTest
import CoreGraphics
@testable import Compositor

/// 3D ordering worked out by hand: the viewer looks down −z, so larger z is nearer and is drawn
/// later; a plane crossing another is split along their intersection.
final class PlaneSorterTests: XCTestCase {
    let square = CGRect(x: 0, y: 0, width: 20, height: 20)

    func piece(_ index: Int, _ m: Matrix4x4, order: Int) -> PlaneSorter.Piece {
        PlaneSorter.Piece(index: index, toContext: m, clips: [], opacity: 1, order: order)
    }

    func testTheFartherOfTwoParallelPlanesIsDrawnFirst() {
        let near = piece(0, .translation(0, 0, 10), order: 0), far = piece(1, .translation(3, 2, 0), order: 1)
        XCTAssertEqual(PlaneSorter.order([near, far], bounds: { _ in self.square }).map(\.index), [1, 0])
        XCTAssertEqual(PlaneSorter.order([far, near], bounds: { _ in self.square }).map(\.index), [1, 0])
        // Three at z = 5, −3, 0: −3, 0, 5.
        let items = [piece(0, .translation(0, 0, 5), order: 0), piece(1, .translation(0, 0, -3), order: 1), piece(2, .identity, order: 2)]
        XCTAssertEqual(PlaneSorter.order(items, bounds: { _ in self.square }).map(\.index), [1, 2, 0])
    }

    /// A (z = 0, x and y in −10…10) and B standing in the plane x = 0 (its local (u, v) at
    /// (0, v − 10, 10 − u), so z from 10 down to −10): A splits B along u = 10. B's far half
    /// (z < 0: u > 10) first, then A, then B's near half (u < 10). The half-planes are B's
    /// z = 10 − u ≥ 0 → (−1, 0, 10) and its opposite.
    func testCrossingPlanesAreSplitAlongTheirIntersection() {
        let a = piece(0, .translation(-10, -10, 0), order: 0)
        let b = piece(1, Matrix4x4(m: [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, -10, 10, 1]), order: 1)
        let out = PlaneSorter.order([a, b], bounds: { _ in self.square })
        XCTAssertEqual(out.map(\.index), [1, 0, 1])
        XCTAssertEqual(out[0].clips, [SIMD3(1, 0, -10)], "the far half keeps u ≥ 10")
        XCTAssertEqual(out[1].clips, [])
        XCTAssertEqual(out[2].clips, [SIMD3(-1, 0, 10)], "the near half keeps u ≤ 10")
    }

    /// Coplanar planes keep their given order.
    func testCoplanarPlanesKeepTheirOrder() {
        let items = (0..<4).map { piece($0, .translation(Double($0) * 3, 0, 2), order: $0) }
        XCTAssertEqual(PlaneSorter.order(items.reversed(), bounds: { _ in self.square }).map(\.index), [0, 1, 2, 3])
    }

    /// A plane reaching behind the eye (w ≤ 0 at a corner) cannot be split in projected space: all
    /// fall back to the depth of their centres, z/w. Perspective m34 = −0.1 makes w = 1 − 0.1·z.
    /// The tilted plane (local (u, v) → (u, 0, v), v in 0…15) has corners at z = 15 → w = −0.5;
    /// its centre z = 7.5, w = 0.25: depth 30. The flat one at z = 2: w = 0.8, depth 2.5 → first.
    func testAPlaneBehindTheEyeFallsBackToCentreDepths() {
        var persp = Matrix4x4.identity; persp.m[11] = -0.1
        let tilted = piece(0, Matrix4x4(m: [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1]).then(persp), order: 0)
        let flat = piece(1, Matrix4x4.translation(0, 0, 2).then(persp), order: 1)
        let bounds: (Int) -> CGRect = { $0 == 0 ? CGRect(x: 0, y: 0, width: 20, height: 15) : self.square }
        XCTAssertEqual(PlaneSorter.order([tilted, flat], bounds: bounds).map(\.index), [1, 0])
        XCTAssertEqual(PlaneSorter.order([flat, tilted], bounds: bounds).map(\.index), [1, 0])
        // A centre at w ≤ 0 counts as farthest.
        let atEye = piece(2, Matrix4x4.translation(0, 0, 10).then(persp), order: 2)
        XCTAssertEqual(PlaneSorter.depthOrder([flat, atEye], bounds: { _ in self.square }).map(\.index), [2, 1])
    }
}
