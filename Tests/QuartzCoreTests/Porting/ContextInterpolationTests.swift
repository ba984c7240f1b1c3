import XCTest
import QuartzCore

/// How images are sampled when drawn larger, as pixel-art code relies on: bilinearly by default,
/// at the nearest texel when the context's `interpolationQuality` is `.none` or the image's
/// `shouldInterpolate` is false. A 2 × 1 image, black then white, drawn over 4 × 1 pixels: pixel x
/// samples texel (x + ½) / 2 − ½ = −¼, ¼, ¾, 1¼; bilinear gives 0, ⌊255 · 64 / 256⌋ = 63,
/// ⌊255 · 192 / 256⌋ = 191, 255 (as `RecordedDrawingTests` works out); nearest gives 0, 0, 255, 255.
final class ContextInterpolationTests: LaminaTestCase {
    private let ramp = CGImage(width: 2, height: 1, premultipliedARGB: [0xFF00_0000, 0xFFFF_FFFF])

    /// The blue channel of each pixel of the 4 × 1 bitmap after drawing `image` over it.
    private func levels(_ image: CGImage, quality: CGInterpolationQuality? = nil) throws -> [UInt32] {
        try bitmapContextPixels(4, 1) { ctx in
            if let quality { ctx.interpolationQuality = quality }
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 1))
        }.map { $0 & 0xFF }
    }

    func testImagesAreBilinearByDefault() throws {
        XCTAssertEqual(try levels(ramp), [0, 63, 191, 255])
        XCTAssertEqual(try levels(ramp, quality: .high), [0, 63, 191, 255])
    }

    func testInterpolationQualityNoneSamplesTheNearestTexel() throws {
        XCTAssertEqual(try levels(ramp, quality: CGInterpolationQuality.none), [0, 0, 255, 255])   // not `.none`: that would be a nil Optional
    }

    /// An image made with `shouldInterpolate: false` is drawn at the nearest texel whatever the
    /// context asks (8-bit gray, 0 then 255).
    func testAnImageThatShouldNotInterpolateSamplesTheNearestTexel() throws {
        let provider = try XCTUnwrap(CGDataProvider(data: Data([0, 255])))
        let gray = try XCTUnwrap(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                                         space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
                                         provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        XCTAssertEqual(try levels(gray), [0, 0, 255, 255])
        XCTAssertFalse(gray.shouldInterpolate)
    }
}
