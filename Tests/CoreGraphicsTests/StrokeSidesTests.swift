import XCTest
import LaminaRandom
@testable import CoreGraphics

/// `StrokeSides` (two point buffers grown by doubling) against two plain arrays given the same
/// seeded random appends, last-point removals and first-point replacements: the same points after
/// every run, in order and reversed, and appended to an array; small starting capacities so that
/// both sides grow many times.
final class StrokeSidesTests: XCTestCase {
    func testSidesMatchArraysUnderRandomEdits() {
        var g = SplitMix64(seed: 0x51DE_5014)
        func unit() -> CGFloat { CGFloat(g.next() >> 11) / CGFloat(1 << 53) }
        var checked = 0
        for trial in 0..<300 {
            var sides = StrokeSides(capacity: Int(g.next() % 12))
            var model: [[CGPoint]] = [[], []]
            for _ in 0..<Int(g.next() % 400) {
                let side = Int(g.next() % 2)
                switch g.next() % 8 {
                case 0 where !model[side].isEmpty:
                    XCTAssertEqual(sides.removeLast(side), model[side].removeLast(), "trial \(trial)")
                case 1 where !model[side].isEmpty:
                    let p = CGPoint(x: unit(), y: unit())
                    sides.setFirst(side, p)
                    model[side][0] = p
                case 2:
                    let p = CGPoint(x: unit(), y: -unit())
                    if side == 0 { sides.append0(p) } else { sides.append1(p) }
                    model[side].append(p)
                default:
                    let p = CGPoint(x: -unit(), y: unit())
                    sides.append(side, p)
                    model[side].append(p)
                }
            }
            for side in 0..<2 {
                XCTAssertEqual(sides.count(side), model[side].count, "trial \(trial)")
                XCTAssertEqual(sides.array(side), model[side], "trial \(trial)")
                XCTAssertEqual(sides.reversedArray(side), Array(model[side].reversed()), "trial \(trial)")
                for k in model[side].indices { XCTAssertEqual(sides.point(side, k), model[side][k]) }
                var out = [CGPoint(x: 7, y: 7)]
                sides.appendSide(side, reversed: side == 1, to: &out)
                XCTAssertEqual(out, [CGPoint(x: 7, y: 7)] + (side == 1 ? Array(model[side].reversed()) : model[side]), "trial \(trial)")
                checked += model[side].count
            }
        }
        XCTAssertGreaterThan(checked, 20_000)
    }
}
