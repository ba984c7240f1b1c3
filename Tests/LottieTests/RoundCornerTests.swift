import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Round corners (round.json): a 40 × 40 square's corners cut back by r along both edges and joined
/// by near-quarter circles, so its area is 40² − (4 − π) r² (r at most 20, half an edge).
final class RoundCornerTests: LottieTestCase {
    private func area(_ r: Double) -> Double { 1600 - (4 - Double.pi) * r * r }

    /// A rectangle whose rounding grows 0 → 20 over 10 frames: square, then r 10, then a circle.
    func testAnimatedRadiusOnARectangle() throws {
        let a = try load("round.json")
        let left = { (f: Double) in self.frame(a, f).cropping(columns: 0..<90).coverage() }
        XCTAssertClose(left(0), 1600, 1)
        XCTAssertClose(left(5), area(10), 4)
        XCTAssertClose(left(10), area(20), 5)
        XCTAssertEqual(frame(a, 5).alpha(21, 31), 0, "the corner is cut")
    }

    /// After a group, a radius of 30 on a 40-sided path square is held to 20 (half an edge): a circle.
    func testRadiusAfterAGroupIsHeldToHalfAnEdge() throws {
        let img = frame(try load("round.json"), 0).cropping(columns: 90..<200)
        XCTAssertClose(img.coverage(), area(20), 5)
        XCTAssertClose(img.centroid().map { Double($0.x) }, 30, 0.05)
    }

    /// Round corners are no longer diagnosed.
    func testNoDiagnostics() throws {
        XCTAssertEqual(try load("round.json").diagnostics, [])
    }
}
