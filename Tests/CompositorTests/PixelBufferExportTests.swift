import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// `PixelBuffer.export`: the rectangle, and only it, reaches the destination at its pitch, with the
/// overlay blended over it by the written-out source-over formula, at every kernel level.
final class PixelBufferExportTests: XCTestCase {
    func testExportCopiesTheRectangleAndBlendsTheOverlayByTheFormula() {
        var rng = SplitMix64(seed: 0xE4_9071)
        let w = 37, h = 23
        var frame = PixelBuffer(width: w, height: h), overlay = PixelBuffer(width: w, height: h)
        for i in frame.pixels.indices { frame.pixels[i] = rng.premultipliedPixel(); overlay.pixels[i] = rng.int(0...3) == 0 ? 0 : rng.premultipliedPixel() }
        let pitchWords = w + 5
        let rect = IntRect(x: 3, y: 4, width: 29, height: 15)
        for level in BilinearKernelTests.modes {
            for top in [nil, overlay] {
                PixelKernels.withLevel(level) {
                    var destination = [UInt32](repeating: 0xDEAD_BEEF, count: pitchWords * h)
                    let written = destination.withUnsafeMutableBytes { raw in
                        frame.export(rect, overlay: top, to: raw.baseAddress! + (rect.y * pitchWords + rect.x) * 4, pitch: pitchWords * 4)
                    }
                    XCTAssertEqual(written, rect.area)
                    for y in 0..<h {
                        for x in 0..<pitchWords {
                            let inside = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
                            let expected: UInt32 = !inside ? 0xDEAD_BEEF
                                : top.map { KernelReference.over(frame[x, y], $0[x, y]) } ?? frame[x, y]
                            if destination[y * pitchWords + x] != expected {
                                XCTFail("\(level), overlay \(top != nil): pixel (\(x), \(y)) is \(String(destination[y * pitchWords + x], radix: 16)), expected \(String(expected, radix: 16))")
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    /// A rectangle of a megabyte and more is written with streaming stores (`lamina_copy_rect`):
    /// the same bytes, and nothing around them, at every level, with a pitch that is not a whole
    /// number of vectors and a destination off a vector's alignment.
    func testALargeExportIsTheFramesBytesAtEveryLevel() {
        var rng = SplitMix64(seed: 0xE4_9072)
        let w = 640, h = 480
        var frame = PixelBuffer(width: w, height: h)
        for i in frame.pixels.indices { frame.pixels[i] = rng.anyPixel() }
        let rect = IntRect(x: 5, y: 3, width: 611, height: 470)   // 1.1 MiB
        let pitchWords = w + 3
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                var destination = [UInt32](repeating: 0xDEAD_BEEF, count: pitchWords * h + 1)
                let written = destination.withUnsafeMutableBytes { raw in
                    frame.export(rect, to: raw.baseAddress! + 4 + (rect.y * pitchWords + rect.x) * 4, pitch: pitchWords * 4)
                }
                XCTAssertEqual(written, rect.area)
                for y in 0..<h {
                    for x in 0..<pitchWords {
                        let inside = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
                        let expected = inside ? frame[x, y] : 0xDEAD_BEEF
                        if destination[1 + y * pitchWords + x] != expected {
                            return XCTFail("\(level): pixel (\(x), \(y)) is \(String(destination[1 + y * pitchWords + x], radix: 16)), expected \(String(expected, radix: 16))")
                        }
                    }
                }
                XCTAssertEqual(destination[0], 0xDEAD_BEEF)
            }
        }
    }

    func testAnEmptyRectangleWritesNothing() {
        let frame = PixelBuffer(width: 4, height: 4, fill: 0xFF11_2233)
        var destination = [UInt32](repeating: 7, count: 16)
        let written = destination.withUnsafeMutableBytes { frame.export(.empty, to: $0.baseAddress!, pitch: 16) }
        XCTAssertEqual(written, 0)
        XCTAssertEqual(destination, [UInt32](repeating: 7, count: 16))
    }
}
