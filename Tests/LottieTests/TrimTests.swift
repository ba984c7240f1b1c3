import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Trim paths (trim.json): which parts of strokes and fills remain, worked out from the shapes'
/// lengths. A 40 × 40 rectangle runs clockwise from its top-right corner: right edge (0...40),
/// bottom (40...80), left (80...120), top (120...160).
final class TrimTests: LottieTestCase {
    /// A trim from 25 % to 75 % after a group cuts the group's line (0...100 at y 20) to x 25...75.
    func testTrimAfterAGroupCutsItsStroke() throws {
        let img = frame(try load("trim.json"), 0)
        XCTAssertEqual(img.alpha(24, 20), 0); XCTAssertEqual(img.alpha(26, 20), 255)
        XCTAssertEqual(img.alpha(73, 20), 255); XCTAssertEqual(img.alpha(76, 20), 0)
    }

    /// 0...25 % moved by an offset animated 180° → 270°: at frame 0 the range is 50...75 % (the left
    /// edge, x 30); at frame 5 (225°) 62.5...87.5 %, the upper half of the left edge and the left half
    /// of the top edge.
    func testAnimatedOffset() throws {
        let a = try load("trim.json")
        let f0 = frame(a, 0)
        XCTAssertEqual(f0.alpha(30, 80), 255); XCTAssertEqual(f0.alpha(70, 80), 0)
        XCTAssertEqual(f0.alpha(50, 100), 0); XCTAssertEqual(f0.alpha(50, 60), 0)
        let f5 = frame(a, 5)
        XCTAssertEqual(f5.alpha(30, 70), 255); XCTAssertEqual(f5.alpha(30, 90), 0)
        XCTAssertEqual(f5.alpha(40, 60), 255); XCTAssertEqual(f5.alpha(60, 60), 0)
    }

    /// An offset of 315° takes 87.5...112.5 %, which wraps: the right half of the top edge and the
    /// upper half of the right edge.
    func testRangeWrapsPastTheEnd() throws {
        let img = frame(try load("trim.json"), 0)
        XCTAssertEqual(img.alpha(160, 60), 255); XCTAssertEqual(img.alpha(140, 60), 0)
        XCTAssertEqual(img.alpha(170, 70), 255); XCTAssertEqual(img.alpha(170, 90), 0)
    }

    /// A fill of a rectangle trimmed to its first half fills the triangle (70,130) (70,170)
    /// (30,170): area 800.
    func testTrimmedFill() throws {
        let img = frame(try load("trim.json"), 0).cropping(rows: 120..<180).cropping(columns: 20..<80)
        XCTAssertClose(img.coverage(), 800, 2)
        XCTAssertEqual(img.alpha(65 - 20, 165 - 120), 255); XCTAssertEqual(img.alpha(35 - 20, 135 - 120), 0)
    }

    /// `m` 2: two 40-long lines trimmed to 75 % one after another (0...60): the first whole, the
    /// second to x 130. (Trimmed each on its own they would both end at x 140.)
    func testIndividualTrimRunsThroughShapesInTurn() throws {
        let img = frame(try load("trim.json"), 0)
        XCTAssertEqual(img.alpha(145, 150), 255)
        XCTAssertEqual(img.alpha(125, 170), 255); XCTAssertEqual(img.alpha(135, 170), 0)
    }

    /// Trims measure a shape in its own coordinates (as lottie-web): a 10 × 40 rectangle (length
    /// 100) in a group scaled 4 × 1, stroked after the group, trimmed to 40 %: its right edge (40 of
    /// 100) only, x 170 from y 5 to 45; measured after scaling (160 long) it would run on 24 along
    /// the bottom.
    func testTrimsMeasureShapesBeforeTheirGroupsTransforms() throws {
        let img = frame(try load("trim.json"), 0)
        XCTAssertEqual(img.alpha(170, 25), 255)
        XCTAssertEqual(img.alpha(160, 45), 0)
    }

    /// Trims are no longer diagnosed.
    func testNoDiagnostics() throws {
        XCTAssertEqual(try load("trim.json").diagnostics, [])
    }
}
