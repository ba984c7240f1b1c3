import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// `I420Frame.convert`: BT.709 limited range worked out in floating point (within one level of
/// rounding), known colours exactly, and every kernel level bit-identical with the portable one,
/// on odd sizes, with and without `straight`.
final class I420FrameTests: XCTestCase {
    /// BT.709 limited range from a colour's channels (0...255), in floating point.
    static func bt709(_ r: Double, _ g: Double, _ b: Double) -> (y: Double, u: Double, v: Double) {
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        return (16 + y * 219 / 255, 128 + (b - y) / 1.8556 * 224 / 255, 128 + (r - y) / 1.5748 * 224 / 255)
    }

    func testKnownColours() {
        // (colour, Y, U, V): white, black, grey, red, green, blue, by the BT.709 definition rounded.
        let cases: [(UInt32, UInt8, UInt8, UInt8)] = [
            (0xFFFF_FFFF, 235, 128, 128), (0xFF00_0000, 16, 128, 128), (0xFF80_8080, 126, 128, 128),
            (0xFFFF_0000, 63, 102, 240), (0xFF00_FF00, 173, 42, 26), (0xFF00_00FF, 32, 240, 118),
        ]
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                for (colour, y, u, v) in cases {
                    // 18 x 3: one 16-pixel vector block and a scalar tail, and an odd last row.
                    var frame = I420Frame(width: 18, height: 3)
                    let pixels = [UInt32](repeating: colour, count: 18 * 3)
                    pixels.withUnsafeBufferPointer { frame.convert($0) }
                    let b = frame.bytes
                    XCTAssertEqual(Set(b[0..<54]), [y], "\(level) Y of \(String(colour, radix: 16))")
                    XCTAssertEqual(Set(b[54..<72]), [u], "\(level) U of \(String(colour, radix: 16))")
                    XCTAssertEqual(Set(b[72..<90]), [v], "\(level) V of \(String(colour, radix: 16))")
                }
            }
        }
    }

    func testRandomFramesFollowTheFormulaAndEveryLevelAgrees() {
        var rng = SplitMix64(seed: 0x1420)
        for trial in 0..<40 {
            let w = rng.int(1...70), h = rng.int(1...9)
            let straight = trial % 2 == 1
            let pixels = (0..<(w * h)).map { _ in rng.int(0...3) == 0 ? rng.premultipliedPixel() : rng.premultipliedPixel() | 0xFF00_0000 }
            var reference = I420Frame(width: w, height: h)
            PixelKernels.withLevel(.portable) { pixels.withUnsafeBufferPointer { reference.convert($0, straight: straight, threads: 1) } }
            for level in BilinearKernelTests.modes {
                for threads in [1, 2, 3] {
                    var frame = I420Frame(width: w, height: h)
                    PixelKernels.withLevel(level) { pixels.withUnsafeBufferPointer { frame.convert($0, straight: straight, threads: threads) } }
                    if let i = zip(frame.bytes, reference.bytes).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                        XCTFail("\(w)x\(h) straight \(straight) at \(level) on \(threads) threads: byte \(i) is \(frame.bytes[i]), the portable code's \(reference.bytes[i])")
                    }
                }
            }
            // The portable code against the floating-point definition, within one level.
            func colour(_ x: Int, _ y: Int) -> (Double, Double, Double) {
                var p = pixels[min(y, h - 1) * w + min(x, w - 1)]
                if straight { p = KernelReference.unpremultiply(p) }
                return (Double((p >> 16) & 255), Double((p >> 8) & 255), Double(p & 255))
            }
            let cw = (w + 1) / 2
            for y in 0..<h {
                for x in 0..<w {
                    let (r, g, b) = colour(x, y)
                    XCTAssertEqual(Double(reference.bytes[y * w + x]), Self.bt709(r, g, b).y, accuracy: 1, "Y at \(x),\(y)")
                }
            }
            for cy in 0..<((h + 1) / 2) {
                for cx in 0..<cw {
                    var sum = (0.0, 0.0, 0.0)
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let c = colour(cx * 2 + dx, cy * 2 + dy)
                        sum = (sum.0 + c.0 / 4, sum.1 + c.1 / 4, sum.2 + c.2 / 4)
                    }
                    let e = Self.bt709(sum.0, sum.1, sum.2)
                    XCTAssertEqual(Double(reference.bytes[w * h + cy * cw + cx]), e.u, accuracy: 1, "U at \(cx),\(cy)")
                    XCTAssertEqual(Double(reference.bytes[w * h + cw * ((h + 1) / 2) + cy * cw + cx]), e.v, accuracy: 1, "V at \(cx),\(cy)")
                }
            }
        }
    }
}
