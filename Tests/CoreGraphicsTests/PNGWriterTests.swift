import XCTest
import LaminaRandom
import Foundation
import CMediaCodecs
@testable import CoreGraphics

/// The PNG writer (`ImageFileCodec.writePNG`, C `lamina_png_write`): row by row from premultiplied
/// pixels, compact (the bytes of libpng's simplified writer) or fast (large frames: RGB when
/// opaque, Up filter, zlib level 1, segments deflated in parallel and joined).
final class PNGWriterTests: XCTestCase {
    /// A premultiplied image: flat runs (as frames have), gradients and noise; every alpha value
    /// from 0 to 255 when `opaque` is false.
    func image(width: Int, height: Int, opaque: Bool, seed: UInt64) -> CGImage {
        var g = SplitMix64(seed: seed)
        var px = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let r = g.next()
                let a: UInt32 = opaque ? 255 : (y % 3 == 0 ? UInt32(i % 256) : UInt32(r >> 56))
                let straight: UInt32 = (x + y) % 7 < 4 ? 0x3366CC : y % 2 == 0 ? UInt32(x & 255) << 16 | UInt32(y & 255) << 8 : UInt32(truncatingIfNeeded: r)
                px[i] = ImageFileCodec.premultiply(a << 24 | straight & 0xFF_FFFF)
            }
        }
        return CGImage(width: width, height: height, validPremultipliedARGB: px)
    }

    /// The straight pixels a PNG of `image` must decode to (ImageFileCodec.unpremultiply, the rule
    /// `lamina_png_encode`'s callers use).
    func straight(_ image: CGImage) -> [UInt32] { image.premultipliedARGB.map(ImageFileCodec.unpremultiply) }

    /// The straight pixels in PNG bytes, decoded by libpng.
    func decodeStraight(_ data: Data) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        var w: Int32 = 0, h: Int32 = 0
        var err = [CChar](repeating: 0, count: 256)
        let p = data.withUnsafeBytes { lamina_png_decode($0.baseAddress, $0.count, &w, &h, &err, err.count) }
        let px = try XCTUnwrap(p, String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        defer { lamina_codec_free(px) }
        return (Int(w), Int(h), Array(UnsafeBufferPointer(start: px, count: Int(w) * Int(h))))
    }

    /// What libpng's simplified writer (png_image_write_to_memory, what Lamina wrote before) makes of
    /// the straight pixels.
    func simplifiedWriter(_ image: CGImage) throws -> Data {
        let s = straight(image)
        var size = 0
        var err = [CChar](repeating: 0, count: 256)
        let bytes = try XCTUnwrap(s.withUnsafeBufferPointer { lamina_png_encode($0.baseAddress, Int32(image.width), Int32(image.height), &size, &err, err.count) })
        defer { lamina_codec_free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    /// The data of a PNG's IDAT chunks, joined (the zlib stream).
    func zlibStream(_ data: Data) -> [UInt8] {
        let b = [UInt8](data)
        var out: [UInt8] = [], i = 8
        while i + 8 <= b.count {
            let n = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            if b[(i + 4)..<(i + 8)].elementsEqual("IDAT".utf8) { out += b[(i + 8)..<(i + 8 + n)] }
            i += 12 + n
        }
        return out
    }

    /// The Adler-32 (RFC 1950) of the rows a fast PNG deflates: each row a filter byte 2 (Up), then
    /// its straight RGB or RGBA bytes less those of the row above (zero above the first).
    func upFilteredAdler(_ straight: [UInt32], width: Int, height: Int, channels: Int) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        func add(_ v: UInt8) { a = (a + UInt32(v)) % 65521; b = (b + a) % 65521 }
        func bytes(_ p: UInt32) -> [UInt8] {
            let rgb = [UInt8(p >> 16 & 255), UInt8(p >> 8 & 255), UInt8(p & 255)]
            return channels == 4 ? rgb + [UInt8(p >> 24)] : rgb
        }
        for y in 0..<height {
            add(2)
            for x in 0..<width {
                let cur = bytes(straight[y * width + x]), above = y > 0 ? bytes(straight[(y - 1) * width + x]) : [0, 0, 0, 0]
                for c in 0..<channels { add(cur[c] &- above[c]) }
            }
        }
        return b << 16 | a
    }

    /// The colour type byte of a PNG's IHDR (2: RGB, 6: RGBA).
    func colourType(_ data: Data) -> UInt8 { data[data.startIndex + 25] }

    /// Compact PNGs are byte for byte what libpng's simplified writer gives (so goldens and other
    /// small files keep their bytes), for translucent and opaque images of odd sizes.
    func testCompactBytesAreThoseOfLibpngsSimplifiedWriter() throws {
        for (w, h, opaque, seed) in [(1, 1, false, UInt64(1)), (37, 23, false, 2), (300, 41, true, 3), (129, 130, false, 4)] {
            let img = image(width: w, height: h, opaque: opaque, seed: seed)
            let compact = try ImageFileCodec.encodePNG(img, fast: false)
            XCTAssertEqual(compact, try simplifiedWriter(img), "\(w)x\(h)")
            XCTAssertEqual(colourType(compact), 6)
        }
    }

    /// Fast PNGs decode (libpng checks every chunk's CRC) to exactly the straight pixels, whether
    /// cut into one segment or several deflated on threads; the zlib stream starts with its header
    /// and ends with the Adler-32 of all the filtered rows (worked out here from the pixels: libpng
    /// stops reading once it has the rows and does not check it); opaque images are written as RGB,
    /// others as RGBA.
    func testFastPNGsDecodeToTheSamePixelsOnAnyNumberOfSegments() throws {
        // 1500 x 1400 = 2.1 Mpx: up to two segments of a million pixels or more; 2100 x 1600 up to three.
        for (w, h, opaque, seed) in [(1500, 1400, true, UInt64(5)), (2100, 1600, false, 6), (33, 17, false, 7)] {
            let img = image(width: w, height: h, opaque: opaque, seed: seed)
            let expected = straight(img)
            var sizes: [Int] = []
            var checksum: UInt32 = 0
            for threads in [1, 2, 3] {
                let data = try ImageFileCodec.encodePNG(img, fast: true, threads: threads)
                XCTAssertEqual(colourType(data), opaque ? 2 : 6, "\(w)x\(h)")
                let back = try decodeStraight(data)
                XCTAssertEqual(back.width, w); XCTAssertEqual(back.height, h)
                XCTAssertTrue(back.pixels == expected, "\(w)x\(h) on \(threads) thread(s): the pixels read back differ")
                let z = zlibStream(data)
                XCTAssertEqual(Array(z.prefix(2)), [0x78, 0x01])
                let adler = z.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                if threads == 1 { checksum = upFilteredAdler(expected, width: w, height: h, channels: opaque ? 3 : 4) }
                XCTAssertEqual(adler, checksum, "\(w)x\(h) on \(threads) thread(s): the stream's Adler-32")
                sizes.append(data.count)
            }
            if w * h >= 3 << 20 { XCTAssertNotEqual(sizes[0], sizes[2], "three segments are deflated apart (other bytes)") }
        }
    }

    /// Images over `fastPNGPixels` are written the fast way by default, smaller ones compactly.
    func testTheFastWayIsChosenForLargeImagesOnly() throws {
        XCTAssertEqual(ImageFileCodec.fastPNGPixels, 2048 * 2048)
        let small = image(width: 64, height: 64, opaque: true, seed: 8)
        XCTAssertEqual(try ImageFileCodec.encodePNG(small), try ImageFileCodec.encodePNG(small, fast: false))
        let large = CGImage(width: 2049, height: 2048, validPremultipliedARGB: [UInt32](repeating: 0xFF20_4060, count: 2049 * 2048))
        XCTAssertEqual(colourType(try ImageFileCodec.encodePNG(large)), 2, "an opaque large image is written as RGB: the fast way")
    }

    /// A sink that fails stops the writing; its error number comes back as the failure's code, both ways.
    func testASinkErrorStopsTheWritingAndIsReported() {
        let img = image(width: 1100, height: 1000, opaque: false, seed: 9)
        for fast in [false, true] {
            var calls = 0
            XCTAssertThrowsError(try ImageFileCodec.writePNG(img, fast: fast, threads: 2) { _ in calls += 1; return calls == 3 ? EIO : 0 }) { error in
                let failure = error as? ImageFileCodec.WriteFailure
                XCTAssertEqual(failure?.code, EIO, "fast \(fast)")
                XCTAssertEqual(failure?.reason, "the output could not be written", "fast \(fast)")
            }
            XCTAssertEqual(calls, 3, "fast \(fast): nothing is handed over after the failure")
        }
    }
}
