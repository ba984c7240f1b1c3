import XCTest
import CoreGraphics

/// CGImage's byte-layout initializer: every 8-bit, 32-bit-per-pixel layout Apple's bitmapInfo can
/// name, straight alpha premultiplied with rounding, row padding, and the layouts it refuses.
/// Expected pixels are worked out by hand: a straight component c with alpha a becomes
/// round(c·a/255) (the exact fractions are in the comments), stored as 0xAARRGGBB.
final class ImagePixelLayoutTests: XCTestCase {
    private func image(width: Int, height: Int, bytesPerRow: Int? = nil, bitsPerComponent: Int = 8, bitsPerPixel: Int = 32,
                       info: UInt32, _ bytes: [UInt8]) -> CGImage? {
        CGImage(width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                bytesPerRow: bytesPerRow ?? width * 4, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGBitmapInfo(rawValue: info), provider: CGDataProvider(data: Data(bytes))!,
                decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }

    private let little = CGBitmapInfo.byteOrder32Little.rawValue

    /// Three straight-alpha pixels as (r, g, b, a), and their premultiplied ARGB:
    /// (200, 100, 50, 128): 25600/255 = 100.39 → 100, 12800/255 = 50.2 → 50, 6400/255 = 25.1 → 25;
    /// (2, 1, 255, 191): 382/255 = 1.498 → 1, 191/255 = 0.749 → 1, 255·191/255 = 191;
    /// (1, 254, 3, 128): 128/255 = 0.502 → 1, 32512/255 = 127.498 → 127, 384/255 = 1.506 → 2.
    private let straight: [(UInt8, UInt8, UInt8, UInt8)] = [(200, 100, 50, 128), (2, 1, 255, 191), (1, 254, 3, 128)]
    private let premultiplied: [UInt32] = [0x8064_3219, 0xBF01_01BF, 0x8001_7F02]

    func testStraightAlphaIsPremultipliedWithRoundingInEveryByteOrder() {
        // (name, bitmapInfo, bytes of one pixel in memory order)
        let layouts: [(String, UInt32, ((UInt8, UInt8, UInt8, UInt8)) -> [UInt8])] = [
            ("RGBA", CGImageAlphaInfo.last.rawValue, { [$0.0, $0.1, $0.2, $0.3] }),
            ("ARGB", CGImageAlphaInfo.first.rawValue, { [$0.3, $0.0, $0.1, $0.2] }),
            ("BGRA (ARGB little-endian)", CGImageAlphaInfo.first.rawValue | little, { [$0.2, $0.1, $0.0, $0.3] }),
            ("ABGR (RGBA little-endian)", CGImageAlphaInfo.last.rawValue | little, { [$0.3, $0.2, $0.1, $0.0] }),
            ("RGBA big-endian", CGImageAlphaInfo.last.rawValue | CGBitmapInfo.byteOrder32Big.rawValue, { [$0.0, $0.1, $0.2, $0.3] }),
        ]
        for (name, info, bytesOf) in layouts {
            guard let img = image(width: 3, height: 1, info: info, straight.flatMap(bytesOf)) else { XCTFail(name); continue }
            XCTAssertEqual(img.premultipliedARGB, premultiplied, name)
        }
    }

    func testPremultipliedPixelsPassThroughWithColourClampedToAlpha() {
        // (90, 200, 10) over alpha 100: already premultiplied, but green cannot exceed alpha → 100.
        let expected: [UInt32] = [0x645A_640A, 0xFF01_0203]
        let rgba: [UInt8] = [90, 200, 10, 100, 1, 2, 3, 255]
        XCTAssertEqual(image(width: 2, height: 1, info: CGImageAlphaInfo.premultipliedLast.rawValue, rgba)?.premultipliedARGB, expected)
        let argb: [UInt8] = [100, 90, 200, 10, 255, 1, 2, 3]
        XCTAssertEqual(image(width: 2, height: 1, info: CGImageAlphaInfo.premultipliedFirst.rawValue, argb)?.premultipliedARGB, expected)
        let bgra: [UInt8] = [10, 200, 90, 100, 3, 2, 1, 255]
        XCTAssertEqual(image(width: 2, height: 1, info: CGImageAlphaInfo.premultipliedFirst.rawValue | little, bgra)?.premultipliedARGB, expected)
        let abgr: [UInt8] = [100, 10, 200, 90, 255, 3, 2, 1]
        XCTAssertEqual(image(width: 2, height: 1, info: CGImageAlphaInfo.premultipliedLast.rawValue | little, abgr)?.premultipliedARGB, expected)
    }

    func testSkippedAlphaBytesGiveOpaquePixels() {
        // (10, 20, 30) with a padding byte of 7: opaque, the padding ignored.
        let expected: [UInt32] = [0xFF0A_141E]
        XCTAssertEqual(image(width: 1, height: 1, info: CGImageAlphaInfo.noneSkipLast.rawValue, [10, 20, 30, 7])?.premultipliedARGB, expected)
        XCTAssertEqual(image(width: 1, height: 1, info: CGImageAlphaInfo.noneSkipFirst.rawValue, [7, 10, 20, 30])?.premultipliedARGB, expected)
        XCTAssertEqual(image(width: 1, height: 1, info: CGImageAlphaInfo.noneSkipFirst.rawValue | little, [30, 20, 10, 7])?.premultipliedARGB, expected)
        XCTAssertEqual(image(width: 1, height: 1, info: CGImageAlphaInfo.noneSkipLast.rawValue | little, [7, 30, 20, 10])?.premultipliedARGB, expected)
    }

    func testRowsStartEveryBytesPerRowAndTheLastRowNeedsNoPadding() {
        // 2x2 ARGB rows of 12 bytes (4 bytes of padding, filled with 0xEE); the last row is 8 bytes.
        let bytes: [UInt8] = [255, 1, 1, 1, 255, 2, 2, 2, 0xEE, 0xEE, 0xEE, 0xEE,
                              255, 3, 3, 3, 255, 4, 4, 4]
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue
        guard let img = image(width: 2, height: 2, bytesPerRow: 12, info: info, bytes) else { return XCTFail("exactly enough data") }
        XCTAssertEqual(img.premultipliedARGB, [0xFF01_0101, 0xFF02_0202, 0xFF03_0303, 0xFF04_0404])
        XCTAssertEqual(img.pixel(x: 0, y: 1), 0xFF03_0303)
        XCTAssertEqual(img.pixel(x: 1, y: 0), 0xFF02_0202)
        XCTAssertEqual(img.bytesPerRow, 12, "the layout the image was made with, as Apple reports it (its dataProvider is the caller's)")
        XCTAssertNil(image(width: 2, height: 2, bytesPerRow: 12, info: info, Array(bytes.dropLast())), "one byte short")
        XCTAssertNil(image(width: 2, height: 2, bytesPerRow: 7, info: info, bytes), "rows shorter than the pixels")
    }

    func testUnsupportedLayoutsAreRefused() {
        let bytes = [UInt8](repeating: 255, count: 64)
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue
        XCTAssertNotNil(image(width: 2, height: 2, info: info, bytes))
        XCTAssertNil(image(width: 2, height: 2, bitsPerComponent: 16, bitsPerPixel: 64, info: info, bytes), "16-bit components")
        XCTAssertNil(image(width: 2, height: 2, bitsPerPixel: 24, info: info, bytes), "24-bit pixels")
        XCTAssertNil(image(width: 2, height: 2, info: 9, bytes), "an alpha info Core Graphics does not define")
        XCTAssertNil(image(width: -1, height: 2, bytesPerRow: 8, info: info, bytes), "negative width")
        XCTAssertNil(image(width: 2, height: -1, info: info, bytes), "negative height")
        XCTAssertNil(image(width: 0, height: 2, bytesPerRow: 8, info: info, bytes), "zero width (CGImageCreate: invalid image width)")
        XCTAssertNil(image(width: 2, height: 0, info: info, bytes), "zero height")
        XCTAssertNotNil(image(width: 1, height: 1, info: info, bytes), "the smallest image")
    }

    func testCroppingTakesWholePixelsInsideTheImage() {
        // A 3x2 image whose (opaque) pixels are numbered 1...6 row by row.
        let img = CGImage(width: 3, height: 2, premultipliedARGB: (1...6).map { 0xFF00_0000 | UInt32($0) })
        func numbers(_ r: CGRect) -> [UInt32]? { img.cropping(to: r)?.premultipliedARGB.map { $0 & 0xFF } }
        XCTAssertEqual(numbers(CGRect(x: 1, y: 0, width: 2, height: 2)), [2, 3, 5, 6])
        XCTAssertEqual(numbers(CGRect(x: 0, y: 1, width: 3, height: 1)), [4, 5, 6])
        // Fractional edges grow to whole pixels; parts outside the image are cut off.
        XCTAssertEqual(numbers(CGRect(x: 0.5, y: 0.5, width: 1, height: 1)), [1, 2, 4, 5])
        XCTAssertEqual(numbers(CGRect(x: -1, y: -1, width: 3, height: 2)), [1, 2])
        XCTAssertEqual(numbers(CGRect(x: 3, y: 2, width: -2, height: -1)), [5, 6], "a negative size is standardized")
        XCTAssertNil(img.cropping(to: CGRect(x: 3, y: 0, width: 2, height: 2)), "entirely outside")
        XCTAssertEqual(img.cropping(to: CGRect(x: 2, y: 1, width: 5, height: 5))?.width, 1)
        XCTAssertEqual(img.cropping(to: CGRect(x: 2, y: 1, width: 5, height: 5))?.height, 1)
    }
}
