import XCTest
import LaminaRandom
@testable import Compositor

/// Text drawn rotated, scaled or in perspective (the card labels of cards-3d) samples its glyph mask
/// through `SpanShader.shadeMaskMapped`, whose samples come from the C kernel
/// `lamina_sample_mask_mapped_row`. Its pixels must be, bit for bit, those of the Swift reference
/// `shadeMaskSampled`, at every kernel level: random masks and colours, affine and projective maps
/// that place the span before, across and past the mask, and maps whose denominator reaches zero.
final class MaskMappedSamplesTests: XCTestCase {
    override func tearDown() {
        PixelKernels.maximumLevel = .highest
        super.tearDown()
    }

    func testMappedSamplesEqualTheReferenceAtEveryLevel() {
        for level in PixelKernels.Level.allCases {
            PixelKernels.maximumLevel = level
            mappedSamples(level)
        }
    }

    private func mappedSamples(_ level: PixelKernels.Level) {
        var rng = SplitMix64(seed: 0x3D_CA7D)
        var nonZero = 0, between = 0
        for n in 0..<500 {
            let w = rng.int(1...90), h = rng.int(1...30)
            let alpha = (0..<(w * h)).map { _ in rng.int(0...3) == 0 ? UInt8(0) : UInt8(rng.int(0...255)) }
            let mask = AlphaMask(width: w, height: h, alpha: alpha)
            let a = UInt32(rng.int(0...255))
            let color = a << 24 | UInt32(rng.int(0...Int(a))) << 16 | UInt32(rng.int(0...Int(a))) << 8 | UInt32(rng.int(0...Int(a)))
            let x0 = rng.int(-40...160), y = rng.int(-20...60), count = rng.int(1...140)
            // Device → mask: rotated and scaled, and in perspective for a third of the cases; the
            // span's middle lands near the mask.
            let ma = rng.double(-1.4, 1.4), mb = rng.double(-1.4, 1.4), md = rng.double(-1.4, 1.4), me = rng.double(-1.4, 1.4)
            let mc = n % 3 == 0 ? rng.double(-0.003, 0.003) : 0, mf = n % 3 == 0 ? rng.double(-0.003, 0.003) : 0
            let px = Double(x0) + Double(count) / 2, py = Double(y) + 0.5
            var mi = 1.0
            if n % 61 == 0 { mi = 0 }   // a denominator of zero where px·c + py·f is zero too
            let den = px * mc + py * mf + mi
            let mg = rng.double(-4, Double(w) + 4) * den - px * ma - py * md
            let mh = rng.double(-3, Double(h) + 3) * den - px * mb - py * me
            let map = Projective2D(a: ma, b: mb, c: mc, d: md, e: me, f: mf, g: mg, h: mh, i: mi)
            XCTAssertFalse(SpanShader.isTranslation(map))
            let s = MaskSampler(mask: mask, map: map, color: color)
            var fast = [UInt32](repeating: 0xDEAD_BEEF, count: count), slow = [UInt32](repeating: 0xBEEF_DEAD, count: count)
            fast.withUnsafeMutableBufferPointer { SpanShader.shadeMask(s, x0: x0, y: y, count: count, into: $0.baseAddress!) }
            slow.withUnsafeMutableBufferPointer { SpanShader.shadeMaskSampled(s, x0: x0, y: y, count: count, into: $0.baseAddress!) }
            if fast != slow {
                let i = fast.indices.first { fast[$0] != slow[$0] }!
                return XCTFail("\(level), case \(n): mask \(w)x\(h), map \(map), span x \(x0) y \(y) count \(count), pixel \(i): "
                               + "\(String(fast[i], radix: 16)), expected \(String(slow[i], radix: 16))")
            }
            nonZero += fast.filter { $0 != 0 }.count
            between += fast.filter { $0 >> 24 != 0 && $0 >> 24 != a }.count
        }
        // The cases reach into the masks and blend texels.
        XCTAssertGreaterThan(nonZero, 3000)
        XCTAssertGreaterThan(between, 1000)
    }
}
