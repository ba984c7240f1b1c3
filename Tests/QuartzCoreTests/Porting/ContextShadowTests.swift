import XCTest
import QuartzCore

/// `CGContext.setShadow` as drawing code uses it: what is drawn casts a shadow in the shadow's
/// colour, its offset in base space (y up in a bitmap context, y down in a layer's drawing, in
/// points), blurred by the blur (twice the Gaussian's deviation), drawn under what casts it and
/// under the clips. Expected pixels are worked out by hand (in the comments).
final class ContextShadowTests: LaminaTestCase {
    private let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    /// Black at alpha 0.4: 0.4 · 255 = 102 (0x66).
    private let shade = CGColor(gray: 0, alpha: 0.4)

    /// A hard shadow (blur 0): a red 2 × 2 square at user (1, 4) is bitmap rows 2–3 (8 − 6 … 8 − 4),
    /// columns 1–2; the offset (2, −2) in the bitmap's y-up base space moves its shadow 2 right
    /// and 2 down: rows 4–5, columns 3–4, black at 0x66. Nothing else is touched.
    func testAHardShadowLiesAtTheOffsetInBaseSpace() throws {
        let px = try bitmapContextPixels(8, 8) { ctx in
            ctx.setShadow(offset: CGSize(width: 2, height: -2), blur: 0, color: shade)
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 1, y: 4, width: 2, height: 2))
        }
        for y in 0..<8 {
            for x in 0..<8 {
                var want: UInt32 = 0
                if (2...3).contains(y) && (1...2).contains(x) { want = 0xFFFF_0000 }
                if (4...5).contains(y) && (3...4).contains(x) { want = 0x6600_0000 }
                XCTAssertEqual(px[y * 8 + x], want, "(\(x), \(y))")
            }
        }
    }

    /// The shadow is drawn under what casts it: moved 1 right and 1 down it overlaps the square's
    /// bottom-right pixel (row 3, column 2), which stays red; its own pixels are at rows 3–4,
    /// columns 2–3. A translucent caster casts a lighter shadow and shows it through itself: blue
    /// at 0.4 casts 0.4 · 0x66 = 102 · 102 / 255 = 40.8 → 41 (0x29) of black; blue over it is
    /// 102 blue, alpha 102 + 41 · 153 / 255 = 126.6 → 127 (0x7F).
    func testTheShadowLiesUnderWhatCastsIt() throws {
        let px = try bitmapContextPixels(8, 8) { ctx in
            ctx.setShadow(offset: CGSize(width: 1, height: -1), blur: 0, color: shade)
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 1, y: 4, width: 2, height: 2))
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.4))
            ctx.fill(CGRect(x: 5, y: 1, width: 2, height: 2))    // rows 5–6, columns 5–6; shadow rows 6–7, columns 6–7
        }
        XCTAssertEqual(px[3 * 8 + 2], 0xFFFF_0000)
        XCTAssertEqual(px[4 * 8 + 2], 0x6600_0000)
        XCTAssertEqual(px[3 * 8 + 3], 0x6600_0000)
        XCTAssertEqual(px[2 * 8 + 3], 0)
        XCTAssertEqual(px[5 * 8 + 5], 0x6600_0066, String(px[5 * 8 + 5], radix: 16))
        XCTAssertEqual(px[6 * 8 + 6], 0x7F00_0066, String(px[6 * 8 + 6], radix: 16))
        XCTAssertEqual(px[7 * 8 + 7], 0x2900_0000, String(px[7 * 8 + 7], radix: 16))
    }

    /// A blurred shadow spreads the same amount of shadow: a 4 × 4 square at alpha 0.4 holds
    /// 16 · 102 = 1632 of alpha; blurred by 4 (deviation 2 px) the total stays within 2 % of it
    /// (only rounding changes it), no pixel reaches 102, the shadow's middle is darker than its
    /// edge, and it spreads past the square's pixels. The caster is drawn off the bitmap and the
    /// offset brings only its shadow in, so the shadow alone is measured.
    func testABlurredShadowKeepsItsAlphaAndSpreads() throws {
        let px = try bitmapContextPixels(40, 40) { ctx in
            // The square at user (−28, 18) … (−24, 22) is left of the bitmap; moved 46 right it
            // lies at columns 18–21, rows 18–21.
            ctx.setShadow(offset: CGSize(width: 46, height: 0), blur: 4, color: CGColor(gray: 0, alpha: 1))
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.4))
            ctx.fill(CGRect(x: -28, y: 18, width: 4, height: 4))
        }
        let alpha = px.map { Int($0 >> 24) }
        let total = alpha.reduce(0, +)
        XCTAssertEqual(Double(total), 1632, accuracy: 1632 * 0.02)
        XCTAssertLessThan(alpha.max()!, 102)
        XCTAssertGreaterThan(alpha[19 * 40 + 19], alpha[19 * 40 + 23])
        XCTAssertGreaterThan(alpha[19 * 40 + 23], 0)
        XCTAssertEqual(px.filter { $0 & 0x00FF_FFFF != 0 }.count, 0, "black shadow: no colour")
        // Symmetric about the square's centre (20, 20) in the bitmap's rows.
        XCTAssertEqual(alpha[20 * 40 + 14], alpha[20 * 40 + 25])
        XCTAssertEqual(alpha[14 * 40 + 20], alpha[25 * 40 + 20])
    }

    /// A layer's drawing (y down, 2 pixels a point): an offset of (0, 1) point moves the shadow 2
    /// pixels down. The 1 × 1 point square at (1, 1) is pixels 2–3 both ways; its shadow rows 4–5.
    func testInALayersDrawingTheOffsetIsInPointsDown() {
        let ctx = CGContext(width: 8, height: 8, scale: 2)
        ctx.setShadow(offset: CGSize(width: 0, height: 1), blur: 0, color: shade)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
        let image = ctx.makeImage()
        let bytes = image.flatMap { $0.dataProvider?.data }.map { Array($0 as Data) } ?? []
        XCTAssertFalse(bytes.isEmpty)
        guard let image, !bytes.isEmpty else { return }
        func alpha(_ x: Int, _ y: Int) -> UInt8 { bytes[y * image.bytesPerRow + x * 4 + 3] }   // B, G, R, A
        XCTAssertEqual((0..<8).map { alpha(2, $0) }, [0, 0, 255, 255, 102, 102, 0, 0])
    }

    /// The shadow follows the graphics state: restored away, or a nil colour, draws none; the
    /// default colour is black at one third (255 / 3 = 85, 0x55); clips cut the shadow too.
    func testShadowStateDefaultColourAndClips() throws {
        let px = try bitmapContextPixels(8, 1) { ctx in
            ctx.setFillColor(red)
            ctx.saveGState()
            ctx.setShadow(offset: CGSize(width: 1, height: 0), blur: 0)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))    // shadow at column 1
            ctx.restoreGState()
            ctx.fill(CGRect(x: 3, y: 0, width: 1, height: 1))    // no shadow
            ctx.setShadow(offset: CGSize(width: 1, height: 0), blur: 0, color: nil)
            ctx.fill(CGRect(x: 5, y: 0, width: 1, height: 1))    // no shadow
            ctx.setShadow(offset: CGSize(width: 1, height: 0), blur: 0, color: shade)
            ctx.clip(to: CGRect(x: 0, y: 0, width: 7, height: 1))
            ctx.fill(CGRect(x: 6, y: 0, width: 1, height: 1))    // its shadow at column 7 is clipped away
        }
        XCTAssertEqual(px.map { String($0, radix: 16) }, ["ffff0000", "55000000", "0", "ffff0000", "0", "ffff0000", "ffff0000", "0"])
    }

    /// Fractions of a pixel in the offset move the shadow by as much, not by a rounded amount: the
    /// 2 × 2 square at device columns 1–2, rows 2–3 with offset (4.5, −2) casts a hard shadow over
    /// x 5.5…7.5, rows 4–5: column 6 whole (0x66), columns 5 and 7 half (0.5 · 255 = 127.5 → 127 or
    /// 128 of alpha in the caster; 102 · 128 / 255 = 51.2 and 102 · 127 / 255 = 50.8 → 51, 0x33).
    func testAFractionalOffsetMovesTheShadowByFractionsOfAPixel() throws {
        let px = try bitmapContextPixels(9, 8) { ctx in
            ctx.setShadow(offset: CGSize(width: 4.5, height: -2), blur: 0, color: shade)
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 1, y: 4, width: 2, height: 2))
        }
        for y in 4...5 {
            XCTAssertEqual(px[y * 9 + 4...y * 9 + 8].map { String($0, radix: 16) }, ["0", "33000000", "66000000", "33000000", "0"], "row \(y)")
        }
    }

    /// A blurred shadow's centre of mass is the caster's moved by the offset, fractions included:
    /// the 4 × 4 square at columns −28…−24 (centre −26) moved 46.4 right centres its shadow at
    /// x = 20.4 (rounding the offset would put it at 20.0 or 21.0); rows stay centred on 20.
    func testABlurredShadowsCentreMovesByAFractionalOffset() throws {
        let px = try bitmapContextPixels(40, 40) { ctx in
            ctx.setShadow(offset: CGSize(width: 46.4, height: 0), blur: 4, color: CGColor(gray: 0, alpha: 1))
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: -28, y: 18, width: 4, height: 4))
        }
        var total = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<40 { for x in 0..<40 {
            let a = Double(px[y * 40 + x] >> 24)
            total += a; sx += a * (Double(x) + 0.5); sy += a * (Double(y) + 0.5)
        } }
        XCTAssertGreaterThan(total, 0)
        XCTAssertEqual(sx / total, 20.4, accuracy: 0.05)
        XCTAssertEqual(sy / total, 20.0, accuracy: 0.05)
    }

    /// A bitmap in another layout (RGBA bytes, premultiplied last) is drawn over only the part of it
    /// an operation reaches, shadows included: a blurred shadow thrown far from its caster (which
    /// lies partly off the bitmap), under a clip, with anti-aliasing on and off, gives the same
    /// pixels as Lamina's own layout (ARGB words), byte for byte.
    func testAnRGBABitmapDrawsShadowsLikeTheNativeLayout() throws {
        let w = 48, h = 40
        let scene = { (ctx: CGContext) in
            ctx.setFillColor(CGColor(srgbRed: 0.2, green: 0.6, blue: 0.9, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 48, height: 40))
            ctx.setShadow(offset: CGSize(width: 17.5, height: -9.25), blur: 7, color: CGColor(srgbRed: 0.5, green: 0, blue: 0.25, alpha: 0.7))
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0.8, blue: 0, alpha: 0.9))
            ctx.fill(CGRect(x: -6, y: 20, width: 14, height: 11))
            ctx.clip(to: CGRect(x: 3, y: 2, width: 40, height: 33))
            ctx.setShouldAntialias(false)
            ctx.setShadow(offset: CGSize(width: -12, height: 14), blur: 3)
            ctx.move(to: CGPoint(x: 30, y: 4)); ctx.addLine(to: CGPoint(x: 46, y: 9)); ctx.addLine(to: CGPoint(x: 35, y: 19)); ctx.closePath()
            ctx.fillPath()
        }
        let native = try bitmapContextPixels(w, h, scene)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        try rgba.withUnsafeMutableBytes { raw in
            let ctx = try XCTUnwrap(CGContext(data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            scene(ctx)
        }
        var differing = 0
        for i in 0..<(w * h) {
            let p = native[i]
            let want = [UInt8(p >> 16 & 255), UInt8(p >> 8 & 255), UInt8(p & 255), UInt8(p >> 24)]
            if Array(rgba[4 * i..<4 * i + 4]) != want { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertTrue(native.contains { $0 != native[0] && $0 != native[w * h - 1] }, "something drawn")
    }
}
