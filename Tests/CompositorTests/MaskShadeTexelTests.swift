import XCTest
import LaminaRandom
@testable import Compositor

/// SpanShader.shadeMask reads a glyph mask's texels directly when the map is a translation by whole
/// pixels (text on whole pixels). That must give the bits the bilinear sampler gives there (whose
/// weights are then exactly 1 and 0): random masks, colours, offsets (inside, across and outside
/// the mask) and spans, compared with `shadeMaskSampled`, the general path.
final class MaskShadeTexelTests: XCTestCase {
    func testWholePixelTranslationsGiveTheSampledBits() {
        var rng = SplitMix64(seed: 0x7E47)
        var nonZero = 0
        for _ in 0..<400 {
            let w = rng.int(1...40), h = rng.int(1...24)
            let alpha = (0..<(w * h)).map { _ in rng.int(0...3) == 0 ? UInt8(0) : UInt8(rng.int(0...255)) }
            let mask = AlphaMask(width: w, height: h, alpha: alpha)
            let a = UInt32(rng.int(0...255))
            let color = a << 24 | UInt32(rng.int(0...Int(a))) << 16 | UInt32(rng.int(0...Int(a))) << 8 | UInt32(rng.int(0...Int(a)))
            let dx = rng.int(-50...50), dy = rng.int(-30...30)
            let tx = Double(dx), ty = Double(dy)
            let map = Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: tx, h: ty, i: 1)
            let s = MaskSampler(mask: mask, map: map, color: color)
            // Spans that start before, inside or past the mask, on rows above, through and below it.
            let x0 = rng.int((-dx - 20)...(-dx + w + 5)), y = rng.int((-dy - 2)...(-dy + h + 1)), count = rng.int(1...120)
            var fast = [UInt32](repeating: 0xDEAD_BEEF, count: count), slow = [UInt32](repeating: 0xBEEF_DEAD, count: count)
            fast.withUnsafeMutableBufferPointer { SpanShader.shadeMask(s, x0: x0, y: y, count: count, into: $0.baseAddress!) }
            slow.withUnsafeMutableBufferPointer { SpanShader.shadeMaskSampled(s, x0: x0, y: y, count: count, into: $0.baseAddress!) }
            XCTAssertEqual(fast, slow, "mask \(w)x\(h), offset (\(tx), \(ty)), span x \(x0) y \(y) count \(count)")
            nonZero += fast.filter { $0 != 0 }.count
        }
        // The cases reach into the masks, not only past them.
        XCTAssertGreaterThan(nonZero, 2000)
    }

    /// Text sliding on fractional pixels (the ticker lines of gradients-text): a translation by any
    /// amount takes `shadeMaskTranslated`, which must give the general path's bits on random masks,
    /// colours, fractional offsets (also exact halves and values a rounding step off) and spans.
    func testFractionalTranslationsGiveTheSampledBits() {
        defer { PixelKernels.maximumLevel = .highest }
        for level in PixelKernels.Level.allCases {
            PixelKernels.maximumLevel = level
            fractionalTranslations(level)
        }
    }

    /// The columns come from the C kernel `lamina_sample_mask_row`: the same cases at each level.
    private func fractionalTranslations(_ level: PixelKernels.Level) {
        var rng = SplitMix64(seed: 0x51DE)
        var nonZero = 0, between = 0
        for n in 0..<600 {
            // Masks wide enough for whole vectors of columns (eight a step at AVX-512).
            let w = rng.int(1...90), h = rng.int(1...24)
            let alpha = (0..<(w * h)).map { _ in rng.int(0...3) == 0 ? UInt8(0) : UInt8(rng.int(0...255)) }
            let mask = AlphaMask(width: w, height: h, alpha: alpha)
            let a = UInt32(rng.int(0...255))
            let color = a << 24 | UInt32(rng.int(0...Int(a))) << 16 | UInt32(rng.int(0...Int(a))) << 8 | UInt32(rng.int(0...Int(a)))
            let fractions: [Double] = [0.5, 0.25, 0.1, 1.0 / 3, 0.999_999_999, 0.000_000_001, rng.unit(), rng.unit()]
            let tx = Double(rng.int(-50...50)) + fractions[n % fractions.count] * (rng.int(0...1) == 0 ? 1 : -1)
            let ty = Double(rng.int(-30...30)) + (n % 3 == 0 ? 0 : rng.unit())
            let map = Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: tx, h: ty, i: 1)
            let s = MaskSampler(mask: mask, map: map, color: color)
            let x0 = rng.int((-Int(tx) - 20)...(-Int(tx) + w + 5)), y = rng.int((-Int(ty) - 2)...(-Int(ty) + h + 1)), count = rng.int(1...120)
            var fast = [UInt32](repeating: 0xDEAD_BEEF, count: count), slow = [UInt32](repeating: 0xBEEF_DEAD, count: count)
            fast.withUnsafeMutableBufferPointer { SpanShader.shadeMask(s, x0: x0, y: y, count: count, into: $0.baseAddress!) }
            slow.withUnsafeMutableBufferPointer { SpanShader.shadeMaskSampled(s, x0: x0, y: y, count: count, into: $0.baseAddress!) }
            XCTAssertEqual(fast, slow, "\(level): mask \(w)x\(h), offset (\(tx), \(ty)), span x \(x0) y \(y) count \(count)")
            nonZero += fast.filter { $0 != 0 }.count
            between += fast.filter { $0 >> 24 != 0 && $0 >> 24 != a }.count
        }
        XCTAssertGreaterThan(nonZero, 2000)
        XCTAssertGreaterThan(between, 1000, "samples blend texels")
    }

    /// A map that is not a whole-pixel translation still samples bilinearly (half a pixel across:
    /// each pixel is the mean of two texels).
    func testAHalfPixelOffsetStillSamples() {
        let mask = AlphaMask(width: 4, height: 1, alpha: [0, 255, 255, 0])
        let s = MaskSampler(mask: mask, map: Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0.5, h: 0, i: 1), color: 0xFF00_0000)
        var out = [UInt32](repeating: 1, count: 4)
        out.withUnsafeMutableBufferPointer { SpanShader.shadeMask(s, x0: 0, y: 0, count: 4, into: $0.baseAddress!) }
        // Pixel i samples u = i + 0.5: (0 + 255) / 2 → 128 (rounded), 255, 128, 0.
        XCTAssertEqual(out.map { $0 >> 24 }, [128, 255, 128, 0])
    }
}
