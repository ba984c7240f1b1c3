import XCTest
import QuartzCore
import LaminaRandom

/// `CGContext.setShouldAntialias(false)` and `setAllowsAntialiasing(false)` as drawing code uses
/// them (grid lines, pixel art, hit masks): a shape covers exactly the pixels whose centres lie
/// inside it, every pixel is either untouched or wholly painted, and a centre on an edge counts for
/// the pixel right of or below the edge (in device rows, top first). Expected pixels are worked out
/// from the geometry here, not from the rasteriser.
final class ContextAntialiasTests: LaminaTestCase {
    private let red: UInt32 = 0xFFFF_0000
    private let blue: UInt32 = 0xFF00_00FF

    /// Whether device point p lies inside the triangle a b c (either winding), by the signs of the
    /// three edge cross products.
    private func inside(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Bool {
        func cross(_ u: CGPoint, _ v: CGPoint) -> CGFloat { (v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x) }
        let d1 = cross(a, b), d2 = cross(b, c), d3 = cross(c, a)
        return (d1 > 0 && d2 > 0 && d3 > 0) || (d1 < 0 && d2 < 0 && d3 < 0)
    }

    /// Seeded random triangles filled without anti-aliasing: each pixel is red exactly when its
    /// centre (x + 0.5, y + 0.5 in device pixels, y = height − user y) is inside the triangle,
    /// transparent otherwise (random vertices, so no centre falls on an edge).
    func testAnAliasedFillCoversExactlyThePixelsWhoseCentresAreInside() throws {
        var rng = SplitMix64(seed: 0xA11A5)
        func unit() -> CGFloat { CGFloat(rng.next() >> 11) / CGFloat(1 << 53) }
        let w = 24, h = 20
        for round in 0..<40 {
            let user = (0..<3).map { _ in CGPoint(x: unit() * 28 - 2, y: unit() * 24 - 2) }
            let px = try bitmapContextPixels(w, h) { ctx in
                ctx.setShouldAntialias(false)
                ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
                ctx.move(to: user[0]); ctx.addLine(to: user[1]); ctx.addLine(to: user[2]); ctx.closePath()
                ctx.fillPath()
            }
            let device = user.map { CGPoint(x: $0.x, y: CGFloat(h) - $0.y) }
            var mismatches = 0
            for y in 0..<h {
                for x in 0..<w {
                    let want = inside(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), device[0], device[1], device[2]) ? red : 0
                    if px[y * w + x] != want { mismatches += 1 }
                }
            }
            XCTAssertEqual(mismatches, 0, "round \(round), triangle \(user)")
        }
    }

    /// The default (anti-aliased) fill of a triangle with slanted edges has partly covered pixels,
    /// so the aliased test above could fail if aliasing were ignored.
    func testTheDefaultFillIsAntialiased() throws {
        let px = try bitmapContextPixels(16, 16) { ctx in
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.move(to: CGPoint(x: 1, y: 1)); ctx.addLine(to: CGPoint(x: 15, y: 3)); ctx.addLine(to: CGPoint(x: 4, y: 14)); ctx.closePath()
            ctx.fillPath()
        }
        XCTAssertTrue(px.contains { $0 != 0 && $0 != red }, "some edge pixel is partly covered")
    }

    /// Two rectangles sharing the edge x = 3.5 (a column of centres): column 3 belongs to the
    /// right one only (blue, drawn first, stays); the shared edge y = 4.5 (device) between a top and
    /// a bottom rectangle gives row 4 to the lower one. No pixel is painted twice or missed.
    func testACentreOnAnEdgeBelongsToThePixelRightOfOrBelowIt() throws {
        let px = try bitmapContextPixels(8, 8) { ctx in
            ctx.setShouldAntialias(false)
            ctx.translateBy(x: 0, y: 8); ctx.scaleBy(x: 1, y: -1)    // user space = device space, y down
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 3.5, y: 0.5, width: 3, height: 4))       // centres 3.5…5.5 → columns 3–5; rows 0–3
            ctx.setBlendMode(.xor)                                      // a pixel painted twice would be cleared
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0.5, y: 0.5, width: 3, height: 4))       // columns 0–2, rows 0–3
            ctx.fill(CGRect(x: 0.5, y: 4.5, width: 6, height: 2))       // rows 4–5 (y = 4.5 is row 4's centre)
        }
        for y in 0..<8 {
            for x in 0..<8 {
                var want: UInt32 = 0
                if y <= 3 && (3...5).contains(x) { want = blue }
                if y <= 3 && x <= 2 { want = red }
                if (4...5).contains(y) && x <= 5 { want = red }
                XCTAssertEqual(px[y * 8 + x], want, "(\(x), \(y))")
            }
        }
    }

    /// A 1-point horizontal line at user y = 4 in an 8-high bitmap spans device y 3.5…4.5: aliased it
    /// is exactly row 3 (centre 3.5 on its top edge), columns 1–6 (its butt ends at x = 1 and 7);
    /// anti-aliased it is half a pixel in rows 3 and 4 (0.5 · 255 = 127.5 → 127 or 128 of red).
    func testAnAliasedHairlineIsOneWholeRow() throws {
        func line(_ antialias: Bool) throws -> [UInt32] {
            try bitmapContextPixels(8, 8) { ctx in
                ctx.setShouldAntialias(antialias)
                ctx.setStrokeColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
                ctx.setLineWidth(1)
                ctx.move(to: CGPoint(x: 1, y: 4)); ctx.addLine(to: CGPoint(x: 7, y: 4))
                ctx.strokePath()
            }
        }
        let aliased = try line(false)
        for y in 0..<8 { for x in 0..<8 { XCTAssertEqual(aliased[y * 8 + x], y == 3 && (1...6).contains(x) ? red : 0, "(\(x), \(y))") } }
        let smooth = try line(true)
        XCTAssertTrue([127, 128].contains(smooth[3 * 8 + 4] >> 24), String(smooth[3 * 8 + 4], radix: 16))
        XCTAssertTrue([127, 128].contains(smooth[4 * 8 + 4] >> 24), String(smooth[4 * 8 + 4], radix: 16))
    }

    /// `setShouldAntialias` is part of the graphics state (restoreGState brings anti-aliasing
    /// back); `setAllowsAntialiasing` is not (it survives restoreGState), and either false aliases.
    func testShouldAntialiasIsSavedAndAllowsAntialiasingIsNot() throws {
        let triangle = { (ctx: CGContext) in
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.move(to: CGPoint(x: 1, y: 1)); ctx.addLine(to: CGPoint(x: 15, y: 3)); ctx.addLine(to: CGPoint(x: 4, y: 14)); ctx.closePath()
            ctx.fillPath()
        }
        let hard = { (px: [UInt32]) in px.allSatisfy { $0 == 0 || $0 == self.red } }
        XCTAssertFalse(hard(try bitmapContextPixels(16, 16) { ctx in
            ctx.saveGState(); ctx.setShouldAntialias(false); ctx.restoreGState(); triangle(ctx)
        }), "restored: anti-aliased")
        XCTAssertTrue(hard(try bitmapContextPixels(16, 16) { ctx in
            ctx.saveGState(); ctx.setAllowsAntialiasing(false); ctx.restoreGState(); triangle(ctx)
        }), "allowsAntialiasing survives restoreGState")
        XCTAssertTrue(hard(try bitmapContextPixels(16, 16) { ctx in
            ctx.setAllowsAntialiasing(false); ctx.setShouldAntialias(true); triangle(ctx)
        }), "either false aliases")
    }

    /// An aliased drawing with a blend mode and a hard shadow: `.copy` of half-transparent blue
    /// over opaque red replaces exactly the covered pixels (blue at 0x80: 0.5 · 255 = 127.5 → 128;
    /// premultiplied 0x80000080) and leaves the rest red; the shadow of an aliased caster with blur
    /// 0 is hard too (0 or the shadow's alpha, 0x66 = 0.4 · 255).
    func testAliasedBlendModesAndShadowsStayHard() throws {
        let px = try bitmapContextPixels(16, 16) { ctx in
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
            ctx.setShouldAntialias(false)
            ctx.setBlendMode(.copy)
            ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5))
            ctx.move(to: CGPoint(x: 1, y: 1)); ctx.addLine(to: CGPoint(x: 15, y: 3)); ctx.addLine(to: CGPoint(x: 4, y: 14)); ctx.closePath()
            ctx.fillPath()
        }
        XCTAssertTrue(px.allSatisfy { $0 == red || $0 == 0x8000_0080 }, Set(px.map { String($0, radix: 16) }).sorted().description)
        XCTAssertTrue(px.contains(0x8000_0080))
        let shadowed = try bitmapContextPixels(16, 16) { ctx in
            ctx.setShouldAntialias(false)
            ctx.setShadow(offset: CGSize(width: 3, height: -3), blur: 0, color: CGColor(gray: 0, alpha: 0.4))
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.move(to: CGPoint(x: 1, y: 4)); ctx.addLine(to: CGPoint(x: 11, y: 6)); ctx.addLine(to: CGPoint(x: 4, y: 15)); ctx.closePath()
            ctx.fillPath()
        }
        XCTAssertTrue(shadowed.allSatisfy { $0 == 0 || $0 == red || $0 == 0x6600_0000 }, Set(shadowed.map { String($0, radix: 16) }).sorted().description)
        XCTAssertTrue(shadowed.contains(0x6600_0000))
    }
}
