import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Merge paths (merge_paths.json, one 100 × 100 square per mode): in each, the rectangle
/// x 10...60, y 20...80 (area 3000) and the circle centred on (60, 50) of radius 25 (area
/// 625π = 1963.50), whose left half lies in the rectangle (overlap 981.75), then `mm`, then a red
/// fill. Union 3000 + 981.75, rectangle less circle 3000 − 981.75, intersection 981.75,
/// exclusive or 3000 + 1963.50 − 2 · 981.75; the points looked at: the rectangle only (20, 50),
/// the circle only (78, 50), both (50, 50), neither (5, 5).
final class MergePathsTests: LottieTestCase {
    private let union = 3000 + 981.75, rectLessCircle = 3000 - 981.75, overlap = 981.75, xor = 3000.0

    private func cell(_ img: CGImage, _ col: Int, _ row: Int) -> CGImage {
        img.cropping(rows: (row * 100)..<(row * 100 + 100)).cropping(columns: (col * 100)..<(col * 100 + 100))
    }

    /// Whether the cell is filled at the four points (rectangle only, circle only, both, neither).
    private func inside(_ c: CGImage) -> [Bool] { [(20, 50), (78, 50), (50, 50), (5, 5)].map { c.alpha($0.0, $0.1) > 127 } }

    func testEveryMode() throws {
        let a = try load("merge_paths.json")
        XCTAssertEqual(a.diagnostics, [], "merge paths are drawn, not noted")
        let img = frame(a, 0)
        let cases: [(col: Int, row: Int, area: Double, at: [Bool], name: String)] = [
            (0, 0, union, [true, true, true, false], "1 merge, non-zero fill"),
            (1, 0, union, [true, true, true, false], "2 add (the circle in a group of its own, moved by it)"),
            (2, 0, rectLessCircle, [true, false, false, false], "3 subtract"),
            (3, 0, overlap, [false, false, true, false], "4 intersect"),
            (0, 1, xor, [true, true, false, false], "5 exclude intersections"),
            (1, 1, xor, [true, true, false, false], "1 merge, even-odd fill"),
            (2, 1, 1963.50 - overlap, [false, true, false, false], "3 subtract, the circle listed first"),
        ]
        for c in cases {
            let sq = cell(img, c.col, c.row)
            XCTAssertClose(sq.coverage(), c.area, 3, c.name)
            XCTAssertEqual(inside(sq), c.at, c.name)
        }
    }

    /// A stroke after a union follows the union's outline: the rectangle's right edge inside the
    /// circle (60, 50) is no longer an edge; its top edge (30, 20), its right edge above the circle
    /// (60, 22) and the circle's right end (85, 50) are.
    func testStrokeDrawsTheMergedOutline() throws {
        let sq = cell(frame(try load("merge_paths.json"), 0), 3, 1)
        XCTAssertGreaterThan(sq.alpha(30, 20), 100)
        XCTAssertGreaterThan(sq.alpha(60, 22), 100)
        XCTAssertGreaterThan(sq.alpha(85, 50), 100)
        XCTAssertEqual(sq.alpha(60, 50), 0, "inside the union: not stroked")
        XCTAssertEqual(sq.alpha(50, 50), 0, "a stroke only")
    }

    /// The merge follows animated shapes (merge_animated.json): the rectangle x 10...110, y 20...80
    /// (6000) less a circle of radius 25 moving from (35, 50) to (110, 50) over 10 frames. Frame 0:
    /// the whole circle cut out (6000 − 1963.50); frame 8, centre (95, 50): all but the segment
    /// beyond x = 110 (d = 15: 625·acos(0.6) − 15·20 = 279.56) cut out; frame 10: half of it.
    func testAnimatedShapesAreMergedPerFrame() throws {
        let a = try load("merge_animated.json")
        let f0 = frame(a, 0), f8 = frame(a, 8), f10 = frame(a, 10)
        XCTAssertClose(f0.coverage(), 6000 - 1963.50, 3)
        XCTAssertClose(f8.coverage(), 6000 - (1963.50 - 279.56), 3)
        XCTAssertClose(f10.coverage(), 6000 - 981.75, 3)
        XCTAssertEqual(f0.alpha(35, 50), 0); XCTAssertEqual(f0.alpha(100, 50), 255)
        XCTAssertEqual(f10.alpha(35, 50), 255); XCTAssertEqual(f10.alpha(100, 50), 0)
    }

    /// A gradient fill draws the merged shape too (merge_gradient.json): the rectangle less the
    /// circle, red to blue from x 0 to 100: 2018.25 px, nothing in the circle's half inside the
    /// rectangle, red fading to blue along x.
    func testGradientFillOfAMerge() throws {
        let img = frame(try load("merge_gradient.json"), 0)
        XCTAssertClose(img.coverage(), rectLessCircle, 3)
        XCTAssertEqual(img.alpha(50, 50), 0)
        XCTAssertEqual(img.alpha(20, 50), 255)
        XCTAssertGreaterThan(img.red(15, 50), img.blue(15, 50))
        XCTAssertGreaterThan(img.blue(55, 25), img.blue(15, 50))
    }

    /// A subtract merge over a rectangle 1e308 tall is drawn as mode 1 and reported, at once (boolean
    /// operations on such coordinates ran for minutes): the other rectangle still shows.
    func testHugeShapesAreListedNotCombined() throws {
        let text = try String(contentsOf: fixtureURL("merge_animated.json"), encoding: .utf8)
        let huge = text.replacingOccurrences(of: #""s":{"a":0,"k":[50,50]}},{"ty":"mm""#, with: #""s":{"a":0,"k":[50,1e308]}},{"ty":"mm""#)
        XCTAssertNotEqual(huge, text)
        let img = frame(try LottieAnimation.from(data: Data(huge.utf8)), 0)
        XCTAssertGreaterThan(img.coverage(), 0)
        XCTAssertFalse(laminaMessages.filter { $0.contains("reach past 10000000 units") }.isEmpty, "\(laminaMessages)")
    }
}
