import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// The fast forms of BlendFormulas.blend used when compositing a group with a blend mode: the
/// closed form with a transparent side (`blendFast`), the memo of the last pair (`Memo`), and the
/// rounding without libm (`roundedByte`) all give the formula's pixel.
final class BlendMemoTests: XCTestCase {
    /// Every mode, random pairs with many transparent pixels, invalid premultiplied ones (a channel
    /// above alpha) and runs of repeated pairs: the memo's answers equal the formula's.
    func testMemoAndClosedFormsEqualTheFormula() {
        var rng = SplitMix64(seed: 0xB1E4D)
        for mode in BlendMode.allCases where mode != .normal {
            var memo = BlendFormulas.Memo(mode: mode)
            var d: UInt32 = 0, s: UInt32 = 0
            for i in 0..<3000 {
                if rng.int(0...3) != 0 {
                    // A new pair (otherwise the last one again, as along a flat row).
                    d = rng.pick([0, rng.premultipliedPixel(), rng.anyPixel()])
                    s = rng.pick([0, rng.premultipliedPixel(), rng.anyPixel()])
                }
                let expected = BlendFormulas.blend(d, s, mode: mode)
                XCTAssertEqual(memo.blend(d, s), expected, "\(mode) pair \(i): \(String(d, radix: 16)) \(String(s, radix: 16))")
                XCTAssertEqual(BlendFormulas.blendFast(d, s, mode: mode), expected, "\(mode) closed form, pair \(i)")
            }
        }
    }

    /// Hand-worked: multiply of a transparent source over half-transparent (0x80) grey 0x60 leaves
    /// it; over a transparent backdrop the source stays; an invalid source (red 0xF0 above alpha
    /// 0x80) comes out with red clamped to its alpha, as the formula's packing does.
    func testClosedFormsByHand() {
        XCTAssertEqual(BlendFormulas.blendFast(0x8060_6060, 0, mode: .multiply), 0x8060_6060)
        XCTAssertEqual(BlendFormulas.blendFast(0, 0x4010_2030, mode: .screen), 0x4010_2030)
        XCTAssertEqual(BlendFormulas.blendFast(0, 0x80F0_2030, mode: .difference), 0x8080_2030)
        XCTAssertEqual(BlendFormulas.blend(0, 0x80F0_2030, mode: .difference), 0x8080_2030)
        // Porter-Duff: destination-in of nothing clears; destination-out of nothing leaves the backdrop.
        XCTAssertEqual(BlendFormulas.blendFast(0xFF10_2030, 0, mode: .destinationIn), 0)
        XCTAssertEqual(BlendFormulas.blendFast(0xFF10_2030, 0, mode: .destinationOut), 0xFF10_2030)
        XCTAssertEqual(BlendFormulas.blendFast(0, 0xFF10_2030, mode: .sourceIn), 0, "source-in onto nothing")
        XCTAssertEqual(BlendFormulas.blendFast(0, 0xFF10_2030, mode: .xor), 0xFF10_2030)
        XCTAssertFalse(BlendFormulas.isBlendMode(.destinationIn))
        // Invalid pixels (colour above alpha) can make a non-separable mode's colour NaN:
        // luminosity of cb = (2, 2, 2) with the luminosity of cs = (3, 3, 3) is (3, 3, 3), which
        // ClipColor scales by (1 − 3)/(3 − 3). The colour is 0; the alpha stays
        // 1/255 + (1/255)(254/255) → 1.996 → 2. (Before, converting the NaN stopped the process.)
        XCTAssertEqual(BlendFormulas.blend(0x0102_0202, 0x0103_0303, mode: .luminosity), 0x0200_0000)
    }

    /// `roundedByte` is `rounded()` (halves away from zero) on 0...255: every half, every whole
    /// number, the neighbours of each half, and random values.
    func testRoundedByteIsRounded() {
        var values: [Double] = []
        for i in 0...255 {
            let v = Double(i), h = Double(i) + 0.5
            values += [v, h, h.nextDown, h.nextUp, v.nextUp, v.nextDown]
        }
        var rng = SplitMix64(seed: 0x40D)
        for _ in 0..<20000 { values.append(rng.double(0, 255)) }
        for v in values where v >= 0 && v <= 255 {
            XCTAssertEqual(BlendFormulas.roundedByte(v), UInt32(v.rounded()), "\(v)")
            XCTAssertEqual(PrimitiveDrawer.roundedFactor(Float(v)), UInt32(Float(v).rounded()), "\(Float(v))")
        }
    }
}
