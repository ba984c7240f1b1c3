import XCTest
import LaminaRandom
@testable import CoreGraphics

/// `CGPathSegment.subsegment(fromLength:toLength:total:)` (a trim passes each segment's length,
/// measured once) against `subsegment(fromLength:toLength:)` (which measures the segment for each
/// end): on seeded random lines, quadratic and cubic curves (degenerate ones too) and lengths
/// before, inside and past the segment, the same piece bit for bit, so trimmed strokes keep their
/// pixels.
final class SegmentLengthReferenceTests: XCTestCase {
    func testSubsegmentWithKnownLengthIsTheReference() {
        var g = SplitMix64(seed: 0x7121_3E9D)
        func unit() -> CGFloat { CGFloat(g.next() >> 11) / CGFloat(1 << 53) }
        func pt() -> CGPoint { g.next() % 9 == 0 ? .zero : CGPoint(x: unit() * 300 - 50, y: unit() * 200 - 50) }
        var cut = 0
        for trial in 0..<4000 {
            let start = pt()
            let command: CGPathCommand
            switch g.next() % 3 {
            case 0: command = .addLine(to: pt())
            case 1: command = .addQuadCurve(to: pt(), control: pt())
            default: command = .addCurve(to: pt(), control1: pt(), control2: pt())
            }
            let seg = CGPathSegment(from: start, command: command)!
            let total = seg.length
            // Ends before the start, at it, inside, at the end and past it.
            func length() -> CGFloat {
                switch g.next() % 6 {
                case 0: return -unit()
                case 1: return 0
                case 2: return total
                case 3: return total * (1 + unit())
                default: return total * unit()
                }
            }
            var s0 = length(), s1 = length()
            if s0 > s1 { swap(&s0, &s1) }
            if s0 > 0 && s1 < total { cut += 1 }
            let fast = seg.subsegment(fromLength: s0, toLength: s1, total: total)
            let reference = seg.subsegment(fromLength: s0, toLength: s1)
            guard fast == reference else {
                return XCTFail("trial \(trial): \(seg) from \(s0) to \(s1): \(fast) vs \(reference)")
            }
        }
        XCTAssertGreaterThan(cut, 300)
    }
}
