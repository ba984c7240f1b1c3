import XCTest
import Foundation
@testable import QuartzCore

/// PNG and JPEG decoding with the QuartzCore product alone (libpng, libjpeg-turbo). The fixtures in
/// Fixtures/ were made once with ImageMagick 6 (Debian 12's `convert`):
///   solid.jpg   convert -size 16x8 'xc:rgb(200,30,90)' -quality 95 -sampling-factor 1x1 solid.jpg
///   halves.jpg  convert -size 8x8 'xc:rgb(255,0,0)' -size 8x8 'xc:rgb(0,0,255)' +append -quality 100 -sampling-factor 1x1 halves.jpg
///   gray.jpg    convert -size 8x8 'xc:gray(128)' -colorspace Gray -quality 100 gray.jpg
///   big.jpg     convert -size 64x64 plasma:fractal -quality 90 big.jpg
///   cmyk.jpg    convert -size 8x8 xc:red -colorspace CMYK cmyk.jpg
///   deep.png    convert -size 4x2 'xc:rgb(100%,0%,50%)' -depth 16 -define png:bit-depth=16 -define png:color-type=2 deep.png
///   halfred.png convert -size 4x2 'xc:rgba(255,0,0,0.5)' -define png:color-type=6 -depth 8 halfred.png
/// Expected pixels are the colours asked of ImageMagick; JPEG's are allowed a few steps of
/// quantisation and YCbCr rounding.
final class ImageDecoderTests: LaminaTestCase {
    private func fixture(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try Data(contentsOf: url)
    }

    private func argb(_ p: UInt32) -> [Int] { [Int(p >> 24), Int((p >> 16) & 255), Int((p >> 8) & 255), Int(p & 255)] }

    private func assertNear(_ p: UInt32, _ expected: [Int], _ tolerance: Int, _ what: String, line: UInt = #line) {
        let got = argb(p)
        for i in 0..<4 where abs(got[i] - expected[i]) > tolerance {
            XCTFail("\(what): \(got) is not within \(tolerance) of \(expected)", line: line)
            return
        }
    }

    func testFormatsAreToldByTheirSignatures() throws {
        XCTAssertEqual(ImageDecoder.format(of: try fixture("solid.jpg")), .jpeg)
        XCTAssertEqual(ImageDecoder.format(of: try fixture("deep.png")), .png)
        XCTAssertEqual(ImageDecoder.format(of: Data("GIF89a".utf8)), .gif)
        XCTAssertNil(ImageDecoder.format(of: Data("GIF90a".utf8)))
        XCTAssertNil(ImageDecoder.format(of: Data("BM".utf8)))
        XCTAssertNil(ImageDecoder.format(of: Data()))
    }

    func testSolidJPEGDecodesToItsColour() throws {
        let image = try XCTUnwrap(ImageDecoder.image(from: try fixture("solid.jpg")))
        XCTAssertEqual(image.width, 16)
        XCTAssertEqual(image.height, 8)
        for i in [0, 7, 64, 127] { assertNear(image.premultipliedARGB[i], [255, 200, 30, 90], 3, "pixel \(i)") }
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// Red on the left, blue on the right: the halves are where they were (no mirroring, no
    /// channel swap).
    func testJPEGKeepsLeftAndRightAndChannelOrder() throws {
        let image = try XCTUnwrap(ImageDecoder.image(from: try fixture("halves.jpg")))
        XCTAssertEqual(image.width, 16)
        assertNear(image.premultipliedARGB[0], [255, 255, 0, 0], 4, "top left")
        assertNear(image.premultipliedARGB[15], [255, 0, 0, 255], 4, "top right")
        assertNear(image.premultipliedARGB[7 * 16 + 1], [255, 255, 0, 0], 4, "bottom left")
    }

    func testGreyscaleJPEGComesOutGrey() throws {
        let image = try XCTUnwrap(ImageDecoder.image(from: try fixture("gray.jpg")))
        assertNear(image.premultipliedARGB[9], [255, 128, 128, 128], 1, "grey")
    }

    /// A JPEG cut in half: libjpeg works around the missing end (grey rows), so the image comes back
    /// whole-sized, and one diagnostic says the data is damaged.
    func testTruncatedJPEGGivesTheImageAndOneDiagnostic() throws {
        let whole = try fixture("big.jpg")
        let image = try XCTUnwrap(ImageDecoder.image(from: whole.prefix(whole.count / 2), name: "cut.jpg"))
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 64)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertTrue(diagnostics.first?.hasPrefix("cut.jpg: the JPEG data is damaged") ?? false, "\(diagnostics)")
    }

    func testCorruptDataGivesNilAndOneDiagnostic() throws {
        var junk = Data([0xFF, 0xD8, 0xFF])
        junk.append(contentsOf: (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        XCTAssertNil(ImageDecoder.image(from: junk, name: "junk.jpg"))
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(contentsOf: [UInt8](repeating: 7, count: 40))
        XCTAssertNil(ImageDecoder.image(from: png, name: "junk.png"))
        XCTAssertNil(ImageDecoder.image(from: Data("not an image".utf8), name: "text.txt"))
        XCTAssertEqual(diagnostics.count, 3, "\(diagnostics)")
        XCTAssertTrue(diagnostics[0].hasPrefix("junk.jpg: the JPEG data does not decode ("), diagnostics[0])
        XCTAssertTrue(diagnostics[1].hasPrefix("junk.png: the PNG data does not decode ("), diagnostics[1])
        XCTAssertEqual(diagnostics[2], "text.txt: not a PNG, JPEG, GIF or WebP file (12 bytes); no image")
    }

    func testCMYKJPEGIsRefusedByName() throws {
        XCTAssertNil(ImageDecoder.image(from: try fixture("cmyk.jpg"), name: "cmyk.jpg"))
        XCTAssertEqual(diagnostics, ["cmyk.jpg: the JPEG data does not decode (CMYK JPEG files are not decoded); no image"])
    }

    /// 16 bits a channel come down to 8: 65535 → 255, 32768 (or 32767) → 128 (or 127), 0 → 0.
    func testSixteenBitPNGComesDownToEightBits() throws {
        let image = try XCTUnwrap(ImageDecoder.image(from: try fixture("deep.png")))
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 2)
        assertNear(image.premultipliedARGB[5], [255, 255, 0, 128], 1, "16-bit colour")
    }

    /// Straight alpha in the file (255, 0, 0 at alpha 128) is premultiplied: red 128.
    func testPNGAlphaIsPremultiplied() throws {
        let image = try XCTUnwrap(ImageDecoder.image(from: try fixture("halfred.png")))
        XCTAssertEqual(argb(image.premultipliedARGB[0]), [128, 128, 0, 0])
    }

    /// A PNG header that declares 20000 × 20000 pixels (400 megapixels, past the 2^28 limit) is
    /// refused by its header, before any pixel memory is taken.
    func testHugePNGIsRefusedByItsHeader() {
        var ihdr = Data("IHDR".utf8)
        for v: UInt32 in [20000, 20000] { ihdr.append(contentsOf: withUnsafeBytes(of: v.bigEndian, Array.init)) }
        ihdr.append(contentsOf: [8, 6, 0, 0, 0])
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.append(contentsOf: withUnsafeBytes(of: UInt32(13).bigEndian, Array.init))
        file.append(ihdr)
        file.append(contentsOf: withUnsafeBytes(of: crc32(ihdr).bigEndian, Array.init))
        // libpng reads the header chunks up to the first IDAT: an empty one, then IEND.
        for tag in ["IDAT", "IEND"] {
            file.append(contentsOf: [0, 0, 0, 0])
            file.append(Data(tag.utf8))
            file.append(contentsOf: withUnsafeBytes(of: crc32(Data(tag.utf8)).bigEndian, Array.init))
        }
        XCTAssertNil(ImageDecoder.image(from: file, name: "huge.png"))
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics.first?.contains("20000x20000 pixels, more than the 268 megapixels") ?? false, "\(diagnostics)")
    }

    func testMissingFileIsNamed() {
        XCTAssertNil(ImageDecoder.image(contentsOf: URL(fileURLWithPath: "/nonexistent/x.png")))
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics.first?.hasPrefix("/nonexistent/x.png: cannot be read") ?? false, "\(diagnostics)")
    }

    /// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320), bit by bit, as PNG chunks carry it.
    private func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }
}
