import XCTest
import LaminaRandom
import LaminaTestSupport
import CoreGraphics
import CPixelKernels
@testable import Compositor

/// Rows whose runs are all alike (inside a rectangle, clear of its rounded corners) are painted a
/// block at a time (lamina_over_rect, lamina_over_solid_rect). Block or row by row, every pixel
/// must be the formula's: coverage (RoundedRectPixelFormulaTests.coverage) times opacity, rounded
/// to k = round(c·255), then source over (KernelReference).
final class BlockPaintTests: XCTestCase {
    func testRectangleKernelsMatchTheFormulaAtEveryLevel() {
        var rng = SplitMix64(seed: 0xB10C)
        for trial in 0..<60 {
            let w = rng.int(1...40), h = rng.int(1...6), stride = w + rng.int(0...5), srcStride = w + rng.int(0...7)
            let dst = (0..<(stride * h + 1)).map { _ in rng.premultipliedPixel() }
            let src = (0..<(srcStride * h + 1)).map { _ in rng.premultipliedPixel() }
            let k = trial % 4 == 0 ? 255 : UInt32(rng.int(1...255))
            let color = trial % 5 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel()
            var want = dst, wantSolid = dst
            for y in 0..<h { for x in 0..<w {
                want[y * stride + x] = KernelReference.over(dst[y * stride + x], src[y * srcStride + x], k: k)
                wantSolid[y * stride + x] = KernelReference.over(dst[y * stride + x], color)
            } }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var out = dst, solid = dst
                    lamina_over_rect(&out, stride, src, srcStride, Int32(w), Int32(h), k)
                    lamina_over_solid_rect(&solid, stride, color, Int32(w), Int32(h))
                    XCTAssertEqual(out, want, "trial \(trial), level \(level)")
                    XCTAssertEqual(solid, wantSolid, "solid, trial \(trial), level \(level)")
                }
            }
        }
    }

    /// Random rounded rectangles (fractional edges, elliptical and partial corners) filled with a
    /// translucent colour: plain rows go through the block path, the rest through runs.
    func testRoundedRectangleFillsMatchTheFormulaPixelByPixel() {
        var rng = SplitMix64(seed: 0xF111)
        let w = 40, h = 32
        var blocks = 0
        for trial in 0..<150 {
            let x0 = rng.double(-4, 20), y0 = rng.double(-4, 16)
            let x1 = x0 + rng.double(0.5, 30), y1 = y0 + rng.double(0.5, 24)
            let r = rng.chance(0.2) ? 0 : rng.double(0.3, 10)
            let corners = rng.chance(0.7) ? UInt8(0xF) : UInt8(rng.int(0...15))
            let whole = rng.chance(0.3)
            let (a, b, c, d) = whole ? (x0.rounded(), y0.rounded(), x1.rounded() + 1, y1.rounded() + 1) : (x0, y0, x1, y1)
            let opacity = rng.chance(0.3) ? 1 : rng.double(0.1, 1)
            let color = rng.premultipliedPixel() | 0x0100_0000
            let dst = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            if RoundedRectSpans.plainRows(y0: b, y1: d, x0: a, x1: c, rx: r, ry: r).count >= 2 { blocks += 1 }
            let want = BlockPaintTests.formula(dst, width: w, rows: 0..<h, rect: (a, b, c, d), rx: r, ry: r, corners: corners, color: color, opacity: opacity)
            var out = dst
            out.withUnsafeMutableBufferPointer { p in
                let frame = IntRect(x: 0, y: 0, width: w, height: h)
                PrimitiveDrawer().drawAxisAlignedRect(x0: a, y0: b, x1: c, y1: d, rx: r, ry: r, corners: corners, paint: .solid(color),
                                                      opacity: opacity, on: Surface(borrowing: p.baseAddress!, frame: frame, stride: w, scissor: frame))
            }
            for i in 0..<(w * h) where out[i] != want[i] {
                XCTFail("trial \(trial), pixel (\(i % w), \(i / w)): \(String(out[i], radix: 16)) ≠ \(String(want[i], radix: 16))"); break
            }
        }
        XCTAssertGreaterThan(blocks, 60, "many trials take the block path")
    }

    /// One drawer (its corner-row cache kept) draws shapes with coordinates in quarters, each at
    /// many whole-pixel offsets, some cut by the surface's edges or its scissor: every drawing
    /// equals the formula, those whose corners come from the cache included.
    func testShapesMovedByWholePixelsDrawTheFormulasPixels() {
        var rng = SplitMix64(seed: 0xCAC4E)
        let w = 56, h = 48
        let drawer = PrimitiveDrawer()
        var cached = 0
        for shape in 0..<16 {
            func q(_ a: Double, _ b: Double) -> Double { (rng.double(a, b) * 4).rounded() / 4 }
            let r = q(0.25, 8), ry = shape % 3 == 0 ? q(0.25, 8) : r
            let x0 = q(0, 3), y0 = q(0, 3)
            let wd = shape % 5 == 4 ? q(1, 2 * r + 3) : q(2 * r + 3, 40), ht = shape % 7 == 6 ? q(1, 2 * ry + 2) : q(2 * ry + 3, 34)
            let corners = shape % 4 == 1 ? UInt8(rng.int(0...15)) : 0xF
            let color = rng.premultipliedPixel() | 0x0100_0000
            let opacity = shape % 2 == 0 ? 1 : 0.7
            for _ in 0..<6 {
                let ox = Double(rng.int(-6...30)), oy = Double(rng.int(-6...26))
                let (a, b, c, d) = (x0 + ox, y0 + oy, x0 + ox + wd, y0 + oy + ht)
                let scissor = rng.chance(0.3) ? IntRect(x: 0, y: rng.int(0...20), width: w, height: rng.int(8...28)) : IntRect(x: 0, y: 0, width: w, height: h)
                if CornerRowCache.applies(x0: a, y0: b, x1: c, y1: d, rx: r, ry: ry, columns: 0..<w) { cached += 1 }
                let dst = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
                let want = BlockPaintTests.formula(dst, width: w, rows: scissor.y..<scissor.maxY, rect: (a, b, c, d), rx: r, ry: ry,
                                                   corners: corners, color: color, opacity: opacity)
                var out = dst
                out.withUnsafeMutableBufferPointer { p in
                    let frame = IntRect(x: 0, y: 0, width: w, height: h)
                    drawer.drawAxisAlignedRect(x0: a, y0: b, x1: c, y1: d, rx: r, ry: ry, corners: corners, paint: .solid(color),
                                               opacity: opacity, on: Surface(borrowing: p.baseAddress!, frame: frame, stride: w, scissor: scissor))
                }
                for i in 0..<(w * h) where out[i] != want[i] {
                    XCTFail("shape \(shape) at (\(ox), \(oy)), pixel (\(i % w), \(i / w)): \(String(out[i], radix: 16)) ≠ \(String(want[i], radix: 16))"); break
                }
            }
        }
        XCTAssertGreaterThan(cached, 30, "most drawings take the cached corners")
    }

    /// `dst` (`width` pixels a row) with the rounded rectangle filled by the formula on `rows`:
    /// coverage times opacity, k = round(c·255), then source over.
    static func formula(_ dst: [UInt32], width w: Int, rows: Range<Int>, rect: (Double, Double, Double, Double), rx: Double, ry: Double,
                        corners: UInt8, color: UInt32, opacity: Double) -> [UInt32] {
        var want = dst
        for py in rows { for px in 0..<w {
            let cov = RoundedRectPixelFormulaTests.coverage(px: px, py: py, x0: rect.0, y0: rect.1, x1: rect.2, y1: rect.3, rx: rx, ry: ry,
                                                            corners: corners, columns: 0..<w)
            let k = UInt32(min(cov * Float(opacity), 1) * 255 + 0.5)
            if k > 0 { want[py * w + px] = KernelReference.over(dst[py * w + px], color, k: k) }
        } }
        return want
    }
}
