import XCTest
import LaminaRandom
import LaminaTestSupport
import CoreGraphics
import CPixelKernels
@testable import Compositor

/// The C bilinear kernels, run at every level (the best this CPU runs, AVX2 forced, the portable
/// code forced),
/// against `KernelReference`: the documented formulas written out in the test, channel by channel.
/// Bit-identity is what the kernels promise (CPixelKernels.h), so that is what is asserted.
final class BilinearKernelTests: XCTestCase {
    /// The levels to run, highest first: every level of this architecture (x86-64: AVX-512, AVX2,
    /// portable; AArch64: NEON, portable). A level above the CPU's runs the CPU's best: covered
    /// twice, harmlessly.
    static let modes: [PixelKernels.Level] = PixelKernels.Level.allCases.reversed()

    /// A random w × h texture of arbitrary ARGB values (the blend is per channel, so any bits do).
    func texture(_ rng: inout SplitMix64, _ w: Int, _ h: Int) -> [UInt32] { (0..<(w * h)).map { _ in rng.anyPixel() } }

    func testFloatingPointKernelMatchesTheFormulaBothWays() {
        var rng = SplitMix64(seed: 0xB11E_A501)
        var compared = 0, avx2Runs = 0
        for trial in 0..<400 {
            let w = rng.int(1...40), h = rng.int(1...30)
            let tex = texture(&rng, w, h)
            // Rectangles from one texel (the kernels' single-column path) to the whole texture.
            let x0 = rng.int(0...(w - 1)), y0 = rng.int(0...(h - 1))
            let x1 = rng.chance(0.15) ? x0 + 1 : rng.int((x0 + 1)...w), y1 = rng.int((y0 + 1)...h)
            let angle = rng.double(0, 6.3), scale = rng.double(0.2, 3)
            var a = cos(angle) / scale, b = sin(angle) / scale
            let projective = trial % 2 == 1
            let c = projective ? rng.double(-0.02, 0.02) : 0
            let rowX = rng.double(-30, 60), rowY = rng.double(-20, 40)
            var rowW = projective ? rng.double(0.6, 1.6) : 1
            if rng.chance(0.05) { a = .nan }
            if rng.chance(0.05) { b = 1e300 }
            if projective && rng.chance(0.05) { rowW = 0 }
            let px0 = rng.int(-20...60), count = rng.int(0...70)
            let expected = KernelReference.sampleBilinear(tex, w: w, x0: x0, y0: y0, x1: x1, y1: y1, a: a, b: b, c: c,
                                                          rowX: rowX, rowY: rowY, rowW: rowW, projective: projective, px0: px0, count: count)
            for level in Self.modes {
                PixelKernels.withLevel(level) {
                    XCTAssertEqual(PixelKernels.usesAVX2, level != .portable && PixelKernels.cpuHasAVX2)
                    XCTAssertEqual(PixelKernels.level, min(level, PixelKernels.cpuLevel))
                    if PixelKernels.usesAVX2 { avx2Runs += 1 }
                    var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
                    lamina_sample_bilinear(tex, Int32(w), Int32(x0), Int32(y0), Int32(x1), Int32(y1), a, b, c, rowX, rowY, rowW,
                                           projective ? 1 : 0, Int32(px0), Int32(count), &out)
                    XCTAssertEqual(Array(out.prefix(count)), expected, "trial \(trial), level \(level)")
                    XCTAssertEqual(out[count], 0xDEAD_BEEF, "nothing written past the row (trial \(trial))")
                }
            }
            compared += count
        }
        XCTAssertGreaterThan(compared, 10_000)
        XCTAssertEqual(avx2Runs > 0, PixelKernels.cpuHasAVX2, "the AVX2 code ran when the CPU has it")
    }

    func testFixedPointKernelMatchesTheFormulaBothWays() {
        var rng = SplitMix64(seed: 0xAFF1_0E)
        var compared = 0
        for trial in 0..<400 {
            let w = rng.int(1...40), h = rng.int(1...30)
            let tex = texture(&rng, w, h)
            let x0 = rng.int(0...(w - 1)), y0 = rng.int(0...(h - 1))
            let x1 = rng.chance(0.15) ? x0 + 1 : rng.int((x0 + 1)...w), y1 = rng.int((y0 + 1)...h)
            // 16.16 values: mostly ordinary, sometimes past the 32-bit lanes' reach (the AVX2 code
            // must then fall back, with the same result).
            let big = trial % 5 == 4
            let u0 = Int64(rng.double(-40, 80) * 65536) + (big ? Int64(rng.int(-1...1)) << 40 : 0)
            let v0 = Int64(rng.double(-30, 60) * 65536)
            let du = Int64(rng.double(-3, 3) * 65536) + (trial % 7 == 6 ? Int64(1) << 29 : 0)
            let dv = Int64(rng.double(-3, 3) * 65536)
            let px0 = rng.int(-20...60), count = rng.int(0...70)
            let expected = KernelReference.sampleAffine(tex, w: w, x0: x0, y0: y0, x1: x1, y1: y1, u0: u0, du: du, v0: v0, dv: dv, px0: px0, count: count)
            for level in Self.modes {
                PixelKernels.withLevel(level) {
                    var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
                    lamina_sample_bilinear_affine(tex, Int32(w), Int32(x0), Int32(y0), Int32(x1), Int32(y1), u0, du, v0, dv,
                                                  Int32(px0), Int32(count), &out)
                    XCTAssertEqual(Array(out.prefix(count)), expected, "trial \(trial), level \(level)")
                    XCTAssertEqual(out[count], 0xDEAD_BEEF, "nothing written past the row (trial \(trial))")
                }
            }
            compared += count
        }
        XCTAssertGreaterThan(compared, 10_000)
    }

    /// Through SpanShader: an ImageSampler's map turned into the kernels' arguments. For an affine
    /// map the documented fixed point (SpanShader.affineFixed's comment): pixel x of row y samples at
    /// U = u0 + x·du with u0 = round(65536·(a/2 + (y + ½)·d + g − ½)), du = round(65536·a) (the
    /// pixel centre mapped, minus half a texel); a projective map goes through the floating-point
    /// kernel with the row's constants (y + ½)·d + g, (y + ½)·e + h, (y + ½)·f + i.
    func testImageSamplerRowsMatchTheDocumentedMappingBothWays() {
        var rng = SplitMix64(seed: 77)
        let w = 37, h = 23
        let px = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
        let image = CGImage(width: w, height: h, premultipliedARGB: px)
        var compared = 0
        for trial in 0..<200 {
            let angle = rng.double(0, 6.3), scale = rng.double(0.3, 3.3)
            var map = Projective2D(a: cos(angle) / scale, b: sin(angle) / scale, c: 0, d: -sin(angle) / scale, e: cos(angle) / scale, f: 0,
                                   g: rng.double(-30, 30), h: rng.double(-20, 20), i: 1)
            if trial % 2 == 1 { map.c = rng.double(-0.005, 0.005); map.f = rng.double(-0.005, 0.005) }
            let x0 = rng.int(0...4), y0 = rng.int(0...4), x1 = w - rng.int(0...4), y1 = h - rng.int(0...4)
            let s = ImageSampler(image: image, map: map, x0: x0, y0: y0, x1: x1, y1: y1, bilinear: true, tint: 0xFFFF_FFFF)
            let count = rng.int(1...70), startX = rng.int(-10...30), y = rng.int(-10...30)
            let py = Double(y) + 0.5
            let expected: [UInt32]
            if map.c == 0 && map.f == 0 {
                let u0 = ((0.5 * map.a + py * map.d + map.g - 0.5) * 65536).rounded()
                let v0 = ((0.5 * map.b + py * map.e + map.h - 0.5) * 65536).rounded()
                expected = KernelReference.sampleAffine(px, w: w, x0: x0, y0: y0, x1: x1, y1: y1,
                                                        u0: Int64(u0), du: Int64((map.a * 65536).rounded()),
                                                        v0: Int64(v0), dv: Int64((map.b * 65536).rounded()), px0: startX, count: count)
            } else {
                expected = KernelReference.sampleBilinear(px, w: w, x0: x0, y0: y0, x1: x1, y1: y1, a: map.a, b: map.b, c: map.c,
                                                          rowX: py * map.d + map.g, rowY: py * map.e + map.h, rowW: py * map.f + map.i,
                                                          projective: true, px0: startX, count: count)
            }
            for level in Self.modes {
                PixelKernels.withLevel(level) {
                    var out = [UInt32](repeating: 1, count: count)
                    px.withUnsafeBufferPointer { SpanShader.sampleBilinearKernel(s, $0.baseAddress!, x0: startX, y: y, count: count, &out) }
                    XCTAssertEqual(out, expected, "trial \(trial), level \(level)")
                }
            }
            // The Swift versions kept as the kernels' documented equals.
            var swift = [UInt32](repeating: 2, count: count)
            px.withUnsafeBufferPointer { tex in
                if map.c == 0 && map.f == 0 {
                    SpanShader.sampleBilinearAffine(s, tex.baseAddress!, x0: startX, y: y, count: count, &swift)
                } else {
                    SpanShader.sampleBilinear(s, tex.baseAddress!, x0: startX, y: y, count: count, &swift, projective: true)
                }
            }
            XCTAssertEqual(swift, expected, "Swift reference, trial \(trial)")
            // The Swift reference's floating-point affine branch (the C kernel's, when the fixed-point
            // path is not taken) against the formula.
            if map.c == 0 && map.f == 0 {
                let floating = KernelReference.sampleBilinear(px, w: w, x0: x0, y0: y0, x1: x1, y1: y1, a: map.a, b: map.b, c: 0,
                                                              rowX: py * map.d + map.g, rowY: py * map.e + map.h, rowW: 1,
                                                              projective: false, px0: startX, count: count)
                var swiftFloating = [UInt32](repeating: 3, count: count)
                px.withUnsafeBufferPointer { SpanShader.sampleBilinear(s, $0.baseAddress!, x0: startX, y: y, count: count, &swiftFloating, projective: false) }
                XCTAssertEqual(swiftFloating, floating, "Swift reference, floating affine, trial \(trial)")
            }
            compared += count
        }
        XCTAssertGreaterThan(compared, 3000)
    }

    /// A hand-worked sample: texels 0x00000000 and 0xFF_FF_FF_FF side by side, a quarter of the way
    /// from the first (u = 0.25 texel, weight 64/256): each channel ⌊255·64/256⌋ = 63.
    func testAQuarterWayBetweenBlackAndWhiteIs63BothWays() {
        let tex: [UInt32] = [0, 0xFFFF_FFFF, 0, 0xFFFF_FFFF]
        for level in Self.modes {
            PixelKernels.withLevel(level) {
                var out = [UInt32](repeating: 0, count: 9)
                // Pixel x samples at U = x·(65536/4): 0, 1/4, 1/2, 3/4, 1 texel, then clamped at 1.
                lamina_sample_bilinear_affine(tex, 2, 0, 0, 2, 2, 0, 16384, 0, 0, 0, 9, &out)
                XCTAssertEqual(out, [0, 0x3F3F_3F3F, 0x7F7F_7F7F, 0xBFBF_BFBF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF],
                               "level \(level)")
            }
        }
    }

    /// The fixed-point conversion rounds as Double.rounded() does (halves away from zero), without
    /// calling libm: exact halves, values next to them, negatives and the largest values allowed.
    func testFixedPointRoundingMatchesRounded() {
        var rng = SplitMix64(seed: 0x40D)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                1e15 - 0.5, -(1e15 - 0.5), 4503599627370495.5, -4503599627370495.5, 65536 * 0.75]
        for _ in 0..<20_000 {
            let v = rng.double(-1e15, 1e15)
            values.append(v)
            values.append(v.rounded(.down) + 0.5)
            values.append(rng.double(-3, 3))
            values.append((rng.double(-300, 300) * 2).rounded() / 2)
        }
        for v in values {
            XCTAssertEqual(SpanShader.roundedHalfAway(v), Int64(v.rounded()), "\(v)")
        }
    }
}
