import XCTest
import LaminaRandom
@testable import Compositor

/// `RoundedRectSpans.append` finds each corner row's ends from where the ellipse crosses the row
/// (`guided`): the same runs, bit for bit, as bisecting the corner (its reference), on random
/// rectangles with fractional edges and radii, elliptical corners, some corners square, narrow
/// and pill shapes, and rows and columns cut short.
final class RoundedRectGuidedTests: XCTestCase {
    func testGuidedCornerEndsGiveTheBisectedRuns() {
        var rng = SplitMix64(seed: 0x6D1DE)
        var rounded = 0
        for trial in 0..<1500 {
            let x0 = rng.pick([rng.double(-20, 60), rng.double(-20, 60).rounded()]), y0 = rng.double(-20, 60)
            let w = rng.pick([rng.double(0.3, 4), rng.double(4, 300)]), h = rng.pick([rng.double(0.3, 4), rng.double(4, 300)])
            let rx = rng.pick([rng.double(0, 150), rng.double(0, 20), w / 2, 0]), ry = rng.pick([rx, rng.double(0, 150), h / 2])
            let corners = rng.pick([0xF, 0xF, UInt8(rng.int(0...15))])
            let rows = rng.pick([-30..<400, rng.int(-30...100)..<rng.int(100...400)])
            let columns = rng.pick([-30..<400, rng.int(-30...100)..<rng.int(100...400)])
            var guided: [CoverageSpan] = [], bisected: [CoverageSpan] = []
            RoundedRectSpans.append(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, rx: rx, ry: ry, corners: corners, rows: rows, columns: columns,
                                    guided: true, into: &guided)
            RoundedRectSpans.append(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, rx: rx, ry: ry, corners: corners, rows: rows, columns: columns,
                                    guided: false, into: &bisected)
            if guided != bisected {
                return XCTFail("trial \(trial): x0 \(x0) y0 \(y0) w \(w) h \(h) rx \(rx) ry \(ry) corners \(corners): \(guided.count) runs, bisected \(bisected.count)")
            }
            if rx > 1 && ry > 1 && corners != 0 && !guided.isEmpty { rounded += 1 }
        }
        XCTAssertGreaterThan(rounded, 500, "many trials have rounded corners")
    }

    /// `firstTrue` finds the first index a test holds from any guess, in two tests from the right one.
    func testFirstTrueFromAnyGuess() {
        for change in 0...20 {
            for guess in 0...20 {
                var tests = 0
                let p = RoundedRectSpans.firstTrue(0, 20, guess: guess, guided: true) { tests += 1; return $0 >= change }
                XCTAssertEqual(p, change, "change \(change), guess \(guess)")
                if guess == change && change < 20 { XCTAssertLessThanOrEqual(tests, 2, "change \(change): the right guess") }
            }
        }
    }

    /// A rounded rectangle on columns left of 0 (a bisection that halved lo + hi there rounded
    /// towards zero, to hi itself, and never ended): the runs of the same rectangle 8 pixels to
    /// the right (every coordinate a multiple of 1/64, so the move is exact), moved back, guided
    /// and bisected.
    func testCornersLeftOfColumnZero() {
        for guided in [true, false] {
            var left: [CoverageSpan] = [], right: [CoverageSpan] = []
            RoundedRectSpans.append(x0: -3.90625, y0: -15.4375, x1: -1.59375, y1: -15.125, rx: 68, ry: 40, corners: 0xF,
                                    rows: -30..<400, columns: -30..<400, guided: guided, into: &left)
            RoundedRectSpans.append(x0: 4.09375, y0: -15.4375, x1: 6.40625, y1: -15.125, rx: 68, ry: 40, corners: 0xF,
                                    rows: -30..<400, columns: -30..<400, guided: guided, into: &right)
            XCTAssertFalse(right.isEmpty)
            XCTAssertEqual(left, right.map { CoverageSpan(y: $0.y, x: $0.x - 8, length: $0.length, coverage: $0.coverage) }, "guided \(guided)")
        }
    }
}
