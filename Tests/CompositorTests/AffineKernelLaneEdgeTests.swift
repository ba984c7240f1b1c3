import XCTest
import LaminaRandom
import LaminaTestSupport
import CPixelKernels
@testable import Compositor

/// The affine bilinear kernel at the edges of its 32-bit lanes. The AVX2 code keeps 16.16 texel
/// coordinates in 32-bit lanes and must hand every row whose values (or clamp bounds) do not fit
/// to the portable code; these rows are built so that some pixels' coordinates, or the rectangle's
/// far edge in 16.16, pass 2³¹ just where a looser test would let the lanes wrap round. Both modes
/// must give `KernelReference.sampleAffine` (64-bit exact: CPixelKernels.h's formula).
final class AffineKernelLaneEdgeTests: XCTestCase {
    /// Runs one row both ways and compares it with the reference. `tex` points `pad` texels into
    /// `storage`, so that a wrong (wrapped) coordinate reads memory of the test's own, never past it.
    func check(_ what: String, w: Int, h: Int, x0: Int, y0: Int, x1: Int, y1: Int,
               u0: Int64, du: Int64, v0: Int64, dv: Int64, px0: Int, count: Int, pad: Int = 0,
               file: StaticString = #filePath, line: UInt = #line) {
        // Each texel a distinct colour: its column in the low bits, its row above them.
        var storage = [UInt32](repeating: 0xDEAD_BEEF, count: pad + w * h + 16)
        for y in 0..<h { for x in 0..<w { storage[pad + y * w + x] = UInt32(truncatingIfNeeded: (y &* 2_654_435_761) ^ (x &* 40_503)) | 0x0101_0101 } }
        let tex = Array(storage[pad..<(pad + w * h)])
        let expected = KernelReference.sampleAffine(tex, w: w, x0: x0, y0: y0, x1: x1, y1: y1, u0: u0, du: du, v0: v0, dv: dv, px0: px0, count: count)
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                var out = [UInt32](repeating: 0, count: count)
                storage.withUnsafeBufferPointer { s in
                    lamina_sample_bilinear_affine(s.baseAddress! + pad, Int32(w), Int32(x0), Int32(y0), Int32(x1), Int32(y1),
                                                  u0, du, v0, dv, Int32(px0), Int32(count), &out)
                }
                XCTAssertEqual(out, expected, "\(what), level \(level)", file: file, line: line)
            }
        }
    }

    /// Coordinates that start or end beyond ±2³¹ (16.16: ±32768 texels) while the other end of the
    /// row is well inside: a row of 100 pixels stepping 2²⁵ (512 texels) a pixel.
    func testRowsWhoseCoordinatesLeaveThe32BitRangeFallBackExactly() {
        let step: Int64 = 1 << 25
        // U starts below −2³¹ (the first 26 pixels), ends inside.
        check("U from -3e9 up", w: 4, h: 3, x0: 0, y0: 0, x1: 4, y1: 3, u0: -3_000_000_000, du: step, v0: 65536, dv: 0, px0: 0, count: 100)
        // U starts above 2³¹, ends inside.
        check("U from 3e9 down", w: 4, h: 3, x0: 0, y0: 0, x1: 4, y1: 3, u0: 3_000_000_000, du: -step, v0: 65536, dv: 0, px0: 0, count: 100)
        // U starts at 0 and passes 2³¹ at pixel 64 (and −2³¹ going down).
        check("U from 0 up", w: 4, h: 3, x0: 0, y0: 0, x1: 4, y1: 3, u0: 0, du: step, v0: 65536, dv: 0, px0: 0, count: 100)
        check("U from 0 down", w: 4, h: 3, x0: 0, y0: 0, x1: 4, y1: 3, u0: 0, du: -step, v0: 65536, dv: 0, px0: 0, count: 100)
        // The same for V (rows of a 3 × 4 texture).
        check("V from -3e9 up", w: 3, h: 4, x0: 0, y0: 0, x1: 3, y1: 4, u0: 65536, du: 0, v0: -3_000_000_000, dv: step, px0: 0, count: 100)
        check("V from 3e9 down", w: 3, h: 4, x0: 0, y0: 0, x1: 3, y1: 4, u0: 65536, du: 0, v0: 3_000_000_000, dv: -step, px0: 0, count: 100)
        check("V from 0 up", w: 3, h: 4, x0: 0, y0: 0, x1: 3, y1: 4, u0: 65536, du: 0, v0: 0, dv: step, px0: 0, count: 100)
        check("V from 0 down", w: 3, h: 4, x0: 0, y0: 0, x1: 3, y1: 4, u0: 65536, du: 0, v0: 0, dv: -step, px0: 0, count: 100)
        // Starting exactly at 2³⁰ and stepping 2²⁵: pixel 32 reaches 2³¹ (one past the lanes).
        // 60 and 36 pixels: a test that looked at the wrong end of the row, or at its length the
        // wrong way round, would let these through.
        for count in [36, 60] {
            check("U from 2^30, \(count) px", w: 4, h: 3, x0: 0, y0: 0, x1: 4, y1: 3, u0: 1 << 30, du: step, v0: 65536, dv: 0, px0: 0, count: count)
            check("V from 2^30, \(count) px", w: 3, h: 4, x0: 0, y0: 0, x1: 3, y1: 4, u0: 65536, du: 0, v0: 1 << 30, dv: step, px0: 0, count: count)
            check("U down from -2^30, \(count) px", w: 4, h: 3, x0: 0, y0: 0, x1: 4, y1: 3, u0: -(1 << 30), du: -step, v0: 65536, dv: 0, px0: 0, count: count)
            check("V down from -2^30, \(count) px", w: 3, h: 4, x0: 0, y0: 0, x1: 3, y1: 4, u0: 65536, du: 0, v0: -(1 << 30), dv: -step, px0: 0, count: count)
        }
        // Within the lanes, starting mid-row (px0 ≠ 0): the AVX2 path proper.
        check("inside, px0 37", w: 4, h: 3, x0: 0, y0: 0, x1: 4, y1: 3, u0: -37 * 20_000, du: 20_000, v0: 37 * 3000, dv: -3000, px0: 37, count: 41)
    }

    /// A rectangle whose far column or row is texel 32768: its edge in 16.16 is 2³¹, one past the
    /// lanes, so those rows must be sampled by the portable code. Coordinates at 0 clamp to the
    /// rectangle's near edge (texel 32767).
    func testRectanglesReachingTexel32768FallBackExactly() {
        check("maxX 32768", w: 32_769, h: 3, x0: 32_767, y0: 0, x1: 32_769, y1: 3, u0: 0, du: 0, v0: 65536, dv: 0, px0: 0, count: 8)
        // A column of 32769 rows: wrapped row numbers would land up to 32768 rows before the
        // texture, so the texture sits that far into the test's buffer.
        check("maxY 32768", w: 2, h: 32_769, x0: 0, y0: 32_767, x1: 2, y1: 32_769, u0: 0, du: 0, v0: 0, dv: 0, px0: 0, count: 8, pad: 2 * 32_769)
    }

    /// The floating-point kernel past the far edge of a wide (or tall) rectangle: the coordinate
    /// clamps to the last texel, 256 × (x1 − 1) in 8-bit fixed point. With 300 texels a
    /// row, a clamp only slightly too far out would already reach the next texel (texel 300: the
    /// next row's first). 30 pixels from u = 285 on: vector groups and a scalar tail, both modes.
    func testTheFloatingPointKernelClampsAtTheFarEdgesOfLargeRectangles() {
        var rng = SplitMix64(seed: 0xED6E)
        for (w, h, along) in [(300, 3, true), (3, 300, false)] {
            let tex = (0..<(w * h)).map { _ in rng.anyPixel() }
            for projective in [false, true] {
                // u = px·a + rowX − ½ (over rowW when projective): pixel 0 at texel 285.
                let a = along ? 1.0 : 0, b = along ? 0 : 1.0
                let rowX = along ? 285.0 : 1.25, rowY = along ? 1.25 : 285.0
                let expected = KernelReference.sampleBilinear(tex, w: w, x0: 0, y0: 0, x1: w, y1: h, a: a, b: b, c: 0,
                                                              rowX: rowX, rowY: rowY, rowW: 1, projective: projective, px0: 0, count: 30)
                for level in BilinearKernelTests.modes {
                    PixelKernels.withLevel(level) {
                        var out = [UInt32](repeating: 0, count: 30)
                        lamina_sample_bilinear(tex, Int32(w), 0, 0, Int32(w), Int32(h), a, b, 0, rowX, rowY, 1, projective ? 1 : 0, 0, 30, &out)
                        XCTAssertEqual(out, expected, "\(w) x \(h), projective \(projective), level \(level)")
                    }
                }
            }
        }
    }
}
