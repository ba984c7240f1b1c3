import XCTest
import QuartzCore

/// `CGContext.setBlendMode(_:)` as client code uses it (erasing with `.clear`, replacing with
/// `.copy`, tinting an image with `.destinationIn`, `.multiply` …): each mode acts within the shape
/// drawn, mixed with the old pixel by the shape's coverage, and leaves every pixel outside the shape
/// as it was. Expected pixels are worked out by hand from Apple's formulas (in the comments).
final class ContextBlendModeTests: LaminaTestCase {
    private let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    private let opaqueRed: UInt32 = 0xFFFF_0000

    /// A w × h bitmap context over premultiplied ARGB words (premultipliedFirst, 32-bit little
    /// endian), filled with opaque red, then `draw`; its pixels top row first.
    private func drawn(_ w: Int = 8, _ h: Int = 8, _ draw: (CGContext) -> Void) throws -> [UInt32] {
        var px = [UInt32](repeating: 0, count: w * h)
        try px.withUnsafeMutableBytes { raw in
            let ctx = try XCTUnwrap(CGContext(data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
            draw(ctx)
        }
        return px
    }

    private func hex(_ p: UInt32) -> String { String(p, radix: 16) }

    /// `.clear` fills erase the shape only: a 4 × 4 square at (2, 2) in Core Graphics' y-up space is
    /// rows 2…5 of the bitmap (8 − 6 … 8 − 2), columns 2…5.
    func testClearErasesOnlyTheShape() throws {
        let px = try drawn { ctx in
            ctx.setBlendMode(.clear)
            ctx.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        }
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<6).contains(x) && (2..<6).contains(y)
                XCTAssertEqual(px[y * 8 + x], inside ? 0 : opaqueRed, "(\(x), \(y))")
            }
        }
    }

    /// `.copy` puts the paint itself (R = S) in the shape: blue at alpha 0.4 premultiplied is
    /// 0.4 · 255 = 102 (0x66) in alpha and blue. Source over would have left red showing through.
    func testCopyReplacesThePixelsWithTheTranslucentPaint() throws {
        let px = try drawn { ctx in
            ctx.setBlendMode(.copy)
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.4))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 8))
        }
        for y in 0..<8 {
            XCTAssertEqual(px[y * 8 + 1], 0x6600_0066, hex(px[y * 8 + 1]))
            XCTAssertEqual(px[y * 8 + 6], opaqueRed)
        }
    }

    /// A shape edge through the middle of a pixel mixes the mode's result with the old pixel by the
    /// coverage (1/2): copying opaque blue over x = 0.5 … 2.5 gives columns 0 and 2 red + (blue −
    /// red) / 2 = (255 − 127.5, 0, 127.5) → 0xFF800080 (halves round up), column 1 blue, 3 red.
    func testHalfCoveredPixelsMixByCoverage() throws {
        let px = try drawn { ctx in
            ctx.setBlendMode(.copy)
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0.5, y: 0, width: 2, height: 8))
        }
        XCTAssertEqual(px[3 * 8 + 0], 0xFF80_0080, hex(px[3 * 8 + 0]))
        XCTAssertEqual(px[3 * 8 + 1], 0xFF00_00FF, hex(px[3 * 8 + 1]))
        XCTAssertEqual(px[3 * 8 + 2], 0xFF80_0080, hex(px[3 * 8 + 2]))
        XCTAssertEqual(px[3 * 8 + 3], opaqueRed)
    }

    /// The tint idiom: fill with a colour, then draw an image with `.destinationIn` (R = D · Sa).
    /// Image alphas 255, 0, 102 and 255 over orange (255, 128, 0): orange, transparent, orange ·
    /// 0.4 = (102, 51.2 → 51, 0) at alpha 102, orange.
    func testDestinationInTintsWithTheImagesAlpha() throws {
        // premultipliedFirst little endian: B, G, R, A bytes; white at each alpha.
        let bytes: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 0, 102, 102, 102, 102, 255, 255, 255, 255]
        let provider = try XCTUnwrap(CGDataProvider(data: Data(bytes) as CFData))
        let image = try XCTUnwrap(CGImage(width: 4, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                                          provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        let px = try drawn(4, 1) { ctx in
            ctx.setFillColor(CGColor(srgbRed: 1, green: 128.0 / 255, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
            ctx.setBlendMode(.destinationIn)
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 1))
        }
        XCTAssertEqual(px.map(hex), ["ffff8000", "0", "66663300", "ffff8000"])
    }

    /// Separable and Porter-Duff-like modes on opaque pixels, a channel at a time, D = (200, 100, 50):
    /// multiply by grey 128: 200 · 128 / 255 = 100.4 → 100, 50.2 → 50, 25.1 → 25;
    /// plusDarker with S = (100, 200, 250): max(0, D + S − 255) = (45, 45, 45).
    func testMultiplyAndPlusDarker() throws {
        let backdrop = CGColor(srgbRed: 200.0 / 255, green: 100.0 / 255, blue: 50.0 / 255, alpha: 1)
        let px = try drawn(2, 1) { ctx in
            ctx.setFillColor(backdrop)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
            ctx.setBlendMode(.multiply)
            ctx.setFillColor(CGColor(srgbRed: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            ctx.setBlendMode(.plusDarker)
            ctx.setFillColor(CGColor(srgbRed: 100.0 / 255, green: 200.0 / 255, blue: 250.0 / 255, alpha: 1))
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(px.map(hex), ["ff643219", "ff2d2d2d"])
    }

    /// A stroke erases its outline: a 2-wide line along y = 4 covers y 3 … 5, bitmap rows 3 and 4.
    func testAClearStrokeErasesItsOutline() throws {
        let px = try drawn { ctx in
            ctx.setBlendMode(.clear)
            ctx.setLineWidth(2)
            ctx.move(to: CGPoint(x: 0, y: 4))
            ctx.addLine(to: CGPoint(x: 8, y: 4))
            ctx.strokePath()
        }
        for y in 0..<8 { XCTAssertEqual(px[y * 8 + 5], (3...4).contains(y) ? 0 : opaqueRed, "row \(y)") }
    }

    /// A gradient drawn with `.copy` replaces what it covers with its (translucent) colours; both
    /// stops blue at alpha 0.4 give 0x66000066 everywhere in the band, which spans the bitmap.
    func testACopiedGradientReplacesTheBackdrop() throws {
        let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.4)
        let gradient = try XCTUnwrap(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [blue, blue] as CFArray, locations: [0, 1]))
        let px = try drawn(4, 2) { ctx in
            ctx.setBlendMode(.copy)
            ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 4, y: 0), options: [])
        }
        XCTAssertEqual(Set(px.map(hex)), ["66000066"])
    }

    /// `clear(_:)` clears whatever the blend mode, and the mode is part of the saved graphics state.
    func testClearRectIgnoresTheModeAndTheModeIsSavedState() throws {
        let px = try drawn(4, 1) { ctx in
            ctx.saveGState()
            ctx.setBlendMode(.multiply)
            ctx.clear(CGRect(x: 0, y: 0, width: 1, height: 1))
            ctx.restoreGState()
            // Back to source over: translucent blue over red, 0.4 · blue + 0.6 · red = (153, 0, 102).
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.4))
            ctx.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(px.map(hex), ["0", "ffff0000", "ff990066", "ffff0000"])
    }
}
