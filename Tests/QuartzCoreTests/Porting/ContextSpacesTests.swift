import XCTest
import QuartzCore

/// The spaces of a `CGContext` as Apple reports them: `ctm` maps user space to device space,
/// which has its origin at the bottom left and y up. A bitmap context starts at the identity; a
/// layer's `draw(in:)` context is flipped (y down, as on iOS); `draw(_:in:)` puts an image's first
/// row at the rectangle's maxY, so it is upright in a bitmap context and upside down in a layer's
/// context unless the drawing code flips it.
final class ContextSpacesTests: LaminaTestCase {
    /// A layer that keeps the CTM its drawing context had.
    private final class CTMLayer: CALayer {
        var seen: CGAffineTransform?
        override func draw(in ctx: CGContext) { seen = ctx.ctm }
    }

    /// A new bitmap context's CTM is the identity; scaling by 2 makes it [2, 0, 0, 2, 0, 0], and a
    /// user point (3, 4) is device (6, 8), y up, as the pixel at column 6 and row h − 1 − 8.
    func testABitmapContextStartsAtTheIdentity() throws {
        let ctx = try XCTUnwrap(CGContext(data: nil, width: 20, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        XCTAssertEqual(ctx.ctm, .identity)
        ctx.scaleBy(x: 2, y: 2)
        XCTAssertEqual(ctx.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
        XCTAssertEqual(ctx.convertToDeviceSpace(CGPoint(x: 3, y: 4)), CGPoint(x: 6, y: 8))
        XCTAssertEqual(ctx.convertToUserSpace(CGRect(x: 2, y: 2, width: 4, height: 6)), CGRect(x: 1, y: 1, width: 2, height: 3))
    }

    /// A layer 30 × 20 points at contentsScale 2 draws into a context whose CTM is
    /// [2, 0, 0, −2, 0, 40]: y down in points over 40 device rows, as on iOS.
    func testALayersDrawingContextIsFlipped() {
        let layer = CTMLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(layer.seen, CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 40))
    }

    /// A 1 × 2 image, red row above blue, drawn into (0, 0, 1, 2): in a layer's y-down context it
    /// is upside down (blue in the top pixel row); flipped first (translate by the height, scale y
    /// by −1), as iOS drawing code does, it is upright.
    func testAnImageIsUpsideDownInALayersContextUnlessFlipped() throws {
        let image = CGImage(width: 1, height: 2, premultipliedARGB: [0xFFFF_0000, 0xFF00_00FF])
        func topPixel(flipped: Bool) throws -> [UInt8] {
            let ctx = CGContext(width: 1, height: 2)
            if flipped { ctx.translateBy(x: 0, y: 2); ctx.scaleBy(x: 1, y: -1) }
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 2))
            let bytes = try XCTUnwrap(ctx.makeImage()?.dataProvider?.data) as Data
            return Array(bytes.prefix(4))   // B, G, R, A of the top row
        }
        XCTAssertEqual(try topPixel(flipped: false), [255, 0, 0, 255], "blue on top")
        XCTAssertEqual(try topPixel(flipped: true), [0, 0, 255, 255], "red on top")
    }

    /// `draw(_:in:byTiling:)` repeats the image over the whole clip in the grid `rect` starts: a
    /// 2 × 2 image [A B; C D] (first row A B) tiled from (1, 1) in a 6 × 4 bitmap (y up) gives the
    /// device pixel (x, y), whose centre is user (x + ½, 3½ − y), the texel of column (x − 1) mod 2
    /// and row 1 − ((2 − y) mod 2) (a tile's first row at its top). Under a clip to columns 2–3
    /// only those columns are drawn.
    func testTilingRepeatsTheImageOverTheClip() throws {
        let a: UInt32 = 0xFFFF_0000, b: UInt32 = 0xFF00_FF00, c: UInt32 = 0xFF00_00FF, d: UInt32 = 0xFFFF_FFFF
        let image = CGImage(width: 2, height: 2, premultipliedARGB: [a, b, c, d])
        func tiled(clipped: Bool) throws -> [UInt32] {
            try bitmapContextPixels(6, 4) { ctx in
                if clipped { ctx.clip(to: CGRect(x: 2, y: 0, width: 2, height: 4)) }
                ctx.draw(image, in: CGRect(x: 1, y: 1, width: 2, height: 2), byTiling: true)
            }
        }
        func mod2(_ v: Int) -> Int { ((v % 2) + 2) % 2 }
        let full = try tiled(clipped: false), clipped = try tiled(clipped: true)
        for y in 0..<4 {
            for x in 0..<6 {
                let want = [a, b, c, d][(1 - mod2(2 - y)) * 2 + mod2(x - 1)]
                XCTAssertEqual(full[y * 6 + x], want, "(\(x), \(y))")
                XCTAssertEqual(clipped[y * 6 + x], (2...3).contains(x) ? want : 0, "clipped (\(x), \(y))")
            }
        }
    }

    /// Colours given as component lists in the fill or stroke colour space: device RGB at first
    /// ([1, 0, 0, 1]: red), gray after `setFillColorSpace` ([0.4, 1]: 0.4 · 255 = 102, 0x66), whose
    /// black is also the new fill colour until components are given.
    func testColoursFromComponentsFollowTheColourSpace() throws {
        let px = try bitmapContextPixels(3, 1) { ctx in
            ctx.setFillColor([1, 0, 0, 1])
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            ctx.setFillColorSpace(CGColorSpaceCreateDeviceGray())
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            ctx.setFillColor([0.4, 1])
            ctx.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(px.map { String($0, radix: 16) }, ["ffff0000", "ff000000", "ff666666"])
    }
}
