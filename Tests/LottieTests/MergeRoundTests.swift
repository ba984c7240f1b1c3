import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Round corners after a merge round the merged outline (merge_round.json): two 40 × 40 squares
/// side by side (x 10...50 and 50...90, y 30...70) added into one 80 × 40 rectangle, its four
/// corners rounded by 10: 3200 − (4 − π)·100 = 3114.16. Rounding each square instead would also
/// cut the two corners on each side of the shared edge (2 · (1600 − 85.84) = 3028.32).
final class MergeRoundTests: LottieTestCase {
    func testRoundCornersAfterAMerge() throws {
        let img = frame(try load("merge_round.json"), 0)
        XCTAssertClose(img.coverage(), 3200 - (4 - Double.pi) * 100, 3)
        XCTAssertEqual(img.alpha(50, 31), 255, "the shared edge is inside the outline: no notch")
        XCTAssertEqual(img.alpha(11, 31), 0, "the outline's corner is rounded")
    }
}
