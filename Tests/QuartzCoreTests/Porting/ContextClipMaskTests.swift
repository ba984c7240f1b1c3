import XCTest
import QuartzCore

/// `CGContext.clip(to:mask:)` as drawing code uses it (tinting an icon: clip to its image, fill
/// with a colour): the image, placed as `draw(_:in:)` places it, clips by its alpha, a gray image
/// by its gray level, an image mask by its samples as inverse alpha (0 lets drawing through);
/// nothing is drawn outside the rectangle. Expected pixels are worked out by hand (premultiplied
/// ARGB words, top row first).
final class ContextClipMaskTests: LaminaTestCase {
    private let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)

    /// Red filled over a bitmap context of `width` × `height` clipped to `mask` over all of it, as
    /// hex words, top row first.
    private func redThrough(_ mask: CGImage, _ width: Int, _ height: Int) throws -> [String] {
        let whole = CGRect(x: 0, y: 0, width: width, height: height)
        let px = try bitmapContextPixels(width, height) { ctx in
            ctx.clip(to: whole, mask: mask)
            ctx.setFillColor(red)
            ctx.fill(whole)
        }
        return px.map { String($0, radix: 16) }
    }

    /// A 4 × 2 icon, its top row opaque, clear, half (alpha 0x80) and opaque, its bottom row clear:
    /// red filled through it is red, nothing, red at 0x80 (premultiplied 0x80800000) and red on the
    /// top row (upright in a bitmap context), nothing below.
    func testAnImageWithAlphaClipsByItsAlpha() throws {
        let icon = CGImage(width: 4, height: 2, premultipliedARGB: [0xFF00_FF00, 0, 0x8000_8000, 0xFF12_3456, 0, 0, 0, 0])
        XCTAssertEqual(try redThrough(icon, 4, 2), ["ffff0000", "0", "80800000", "ffff0000", "0", "0", "0", "0"])
    }

    /// A gray image without alpha clips by its gray level: samples 255, 0, 128, 64 let red through
    /// at 255, 0, 128 and 64 (0x40400000).
    func testAGrayImageClipsByItsGrayLevel() throws {
        let provider = try XCTUnwrap(CGDataProvider(data: Data([255, 0, 128, 64])))
        let gray = try XCTUnwrap(CGImage(width: 4, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
                                         space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
                                         provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        XCTAssertEqual(try redThrough(gray, 4, 1), ["ffff0000", "0", "80800000", "40400000"])
    }

    /// A 1-bit image mask 0, 1, 0, 1 (bits 0101 0000): its samples of 0 let drawing through.
    func testAnImageMaskClipsByInverseAlpha() throws {
        let provider = try XCTUnwrap(CGDataProvider(data: Data([0b0101_0000])))
        let mask = try XCTUnwrap(CGImage(maskWidth: 4, height: 1, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                                         provider: provider, decode: nil, shouldInterpolate: false))
        XCTAssertEqual(try redThrough(mask, 4, 1), ["ffff0000", "0", "ffff0000", "0"])
    }

    /// Outside the rectangle nothing is drawn, and the clip adds to earlier ones: an opaque 1 × 1
    /// image stretched over columns 1–2, under a clip to columns 2–3, lets red through at column 2.
    func testTheClipIsTheRectangleAndIntersectsEarlierClips() throws {
        let dot = CGImage(width: 1, height: 1, premultipliedARGB: [0xFFFF_FFFF])
        let px = try bitmapContextPixels(4, 1) { ctx in
            ctx.clip(to: CGRect(x: 2, y: 0, width: 2, height: 1))
            ctx.clip(to: CGRect(x: 1, y: 0, width: 2, height: 1), mask: dot)
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        }
        XCTAssertEqual(px.map { String($0, radix: 16) }, ["0", "0", "ffff0000", "0"])
    }

    /// In a layer's drawing (y down) the mask is placed as an image is there: upside down. A 1 × 2
    /// mask, opaque above clear, over (0, 0, 1, 2) lets red through at the bottom pixel.
    func testInALayersDrawingTheMaskIsUpsideDown() throws {
        let mask = CGImage(width: 1, height: 2, premultipliedARGB: [0xFF00_0000, 0])
        let ctx = CGContext(width: 1, height: 2)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 1, height: 2), mask: mask)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
        let bytes = Array(try XCTUnwrap(ctx.makeImage()?.dataProvider?.data) as Data)   // B, G, R, A a pixel
        XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 0, 0], "top")
        XCTAssertEqual(Array(bytes[4..<8]), [0, 0, 255, 255], "bottom")
    }
}
