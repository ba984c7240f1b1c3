import XCTest
import QuartzCore

/// `CGContext.beginTransparencyLayer` … `endTransparencyLayer()` as drawing code uses it: shapes
/// drawn in a layer fade and cast a shadow as one (overlaps are not darker), the alpha, shadow and
/// blend mode are reset inside and restored after, a layer begun in a rectangle is cut to it, and
/// layers nest. Expected pixels are worked out by hand (in the comments); premultiplied ARGB words.
final class ContextTransparencyLayerTests: LaminaTestCase {
    private let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    /// Red columns 0–3 and blue columns 2–5 (rows 0–1) in a layer at alpha 0.6 (0.6 · 255 = 153,
    /// 0x99): the layer holds opaque red then blue over it, so columns 2–3 are plain blue, and the
    /// whole is faded once: red 0x99990000, blue 0x99000099. Without the layer the overlap is blue
    /// at 0.6 over red at 0.6: alpha 153 + 153 · 102 / 255 = 214.2 → 214, red 153 · 102 / 255 = 61.
    func testALayerFadesAsOne() throws {
        func scene(_ layered: Bool) throws -> [UInt32] {
            try bitmapContextPixels(8, 2, yDown: true) { ctx in
                ctx.setAlpha(0.6)
                if layered { ctx.beginTransparencyLayer(auxiliaryInfo: nil) }
                ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
                ctx.setFillColor(blue); ctx.fill(CGRect(x: 2, y: 0, width: 4, height: 2))
                if layered { ctx.endTransparencyLayer() }
            }
        }
        let layered = try scene(true)
        XCTAssertEqual(layered[0..<8].map { String($0, radix: 16) },
                       ["99990000", "99990000", "99000099", "99000099", "99000099", "99000099", "0", "0"])
        let separate = try scene(false)
        XCTAssertEqual(separate[2] >> 24, 214)
        XCTAssertEqual(separate[2] >> 16 & 255, 61)
    }

    /// Two overlapping opaque squares in a layer under a hard shadow (black at 0.4, 0x66) moved 6
    /// right: the shadow is one, 0x66 also where the squares overlap (two shadows would make it
    /// 102 + 102 · 153 / 255 = 163.2 → 163); inside the layer nothing casts its own shadow.
    func testALayerCastsOneShadow() throws {
        let px = try bitmapContextPixels(16, 4, yDown: true) { ctx in
            ctx.setShadow(offset: CGSize(width: 6, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 0.4))
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))   // shadow columns 6–9
            ctx.setFillColor(blue); ctx.fill(CGRect(x: 2, y: 0, width: 4, height: 4))  // shadow columns 8–11
            ctx.endTransparencyLayer()
        }
        let row = px[0..<16].map { String($0, radix: 16) }
        XCTAssertEqual(row, ["ffff0000", "ffff0000", "ff0000ff", "ff0000ff", "ff0000ff", "ff0000ff",
                             "66000000", "66000000", "66000000", "66000000", "66000000", "66000000", "0", "0", "0", "0"])
    }

    /// A clip inside the layer shapes the group, so it shapes the shadow too: red filled over
    /// columns 0–3 under a clip to columns 0–1 casts its shadow (moved 6) on columns 6–7 only.
    func testAClipInsideALayerShapesItsShadow() throws {
        let px = try bitmapContextPixels(12, 1, yDown: true) { ctx in
            ctx.setShadow(offset: CGSize(width: 6, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 0.4))
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 1))
            ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
            ctx.endTransparencyLayer()
        }
        XCTAssertEqual(px.map { String($0, radix: 16) }, ["ffff0000", "ffff0000", "0", "0", "0", "0", "66000000", "66000000", "0", "0", "0", "0"])
    }

    /// Inside a layer the alpha is 1, the shadow off and the blend mode normal; after it the state
    /// of before comes back (alpha 0.6, the fill colour), whatever was saved and not restored inside.
    func testTheStateIsResetInsideAndRestoredAfter() throws {
        let px = try bitmapContextPixels(4, 1, yDown: true) { ctx in
            ctx.setAlpha(0.6)
            ctx.setBlendMode(.multiply)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))    // opaque in the layer
            ctx.saveGState(); ctx.setAlpha(0.2)                                          // saved, never restored
            ctx.restoreGState(); ctx.restoreGState()                                     // one too many: ignored
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))                             // still alpha 1
            ctx.endTransparencyLayer()
            ctx.setBlendMode(.normal)
            ctx.fill(CGRect(x: 3, y: 0, width: 1, height: 1))                             // alpha 0.6, fill black again
        }
        // The layer (two opaque red pixels) multiplied at 0.6 onto transparent: multiply over
        // nothing is the source, so 0x99990000 each. After the layer the fill colour set inside it
        // is gone with the rest of its state: black at 0.6, 0x99000000.
        XCTAssertEqual(px.map { String($0, radix: 16) }, ["99990000", "99990000", "0", "99000000"])
    }

    /// A layer begun in a rectangle keeps only what is drawn inside it: a 6 × 2 red fill in a
    /// layer bounded to columns 1–3 paints columns 1–3 only.
    func testALayerInARectangleIsCutToIt() throws {
        let px = try bitmapContextPixels(6, 2, yDown: true) { ctx in
            ctx.beginTransparencyLayer(in: CGRect(x: 1, y: 0, width: 3, height: 2), auxiliaryInfo: nil)
            ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 6, height: 2))
            ctx.endTransparencyLayer()
        }
        XCTAssertEqual(px[0..<6].map { $0 == 0xFFFF_0000 }, [false, true, true, true, false, false])
    }

    /// Nested layers: an inner layer at alpha 0.5 inside an outer one at alpha 0.6 over one opaque
    /// red pixel: 255 · 0.5 = 127.5 → 127 or 128 in the inner layer, then · 0.6 → 76.5 or 76.8 →
    /// 76 or 77 of alpha (and red).
    func testLayersNest() throws {
        let px = try bitmapContextPixels(2, 1, yDown: true) { ctx in
            ctx.setAlpha(0.6)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setAlpha(0.5)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setFillColor(red); ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            ctx.endTransparencyLayer()
            ctx.endTransparencyLayer()
        }
        XCTAssertTrue([76, 77].contains(px[0] >> 24), String(px[0], radix: 16))
        XCTAssertEqual(px[0] >> 24, px[0] >> 16 & 255)
        XCTAssertEqual(px[1], 0)
    }

    /// The same layered drawing (a blurred shadow thrown from a group partly off the bitmap, a clip
    /// inside the layer, the layer under a clip) in an RGBA bitmap and in Lamina's own layout gives
    /// the same bytes: the RGBA bitmap is converted only where the layer and its shadow reach.
    func testAnRGBABitmapDrawsLayersLikeTheNativeLayout() throws {
        let w = 40, h = 32
        let scene = { (ctx: CGContext) in
            ctx.setFillColor(CGColor(srgbRed: 0.1, green: 0.5, blue: 0.3, alpha: 1)); ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 32))
            ctx.clip(to: CGRect(x: 2, y: 1, width: 35, height: 29))
            ctx.setShadow(offset: CGSize(width: 15.5, height: 4), blur: 5, color: CGColor(gray: 0, alpha: 0.8))
            ctx.setAlpha(0.8)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setFillColor(self.red); ctx.fill(CGRect(x: -5, y: 4, width: 12, height: 9))
            ctx.saveGState()
            ctx.clip(to: CGRect(x: 0, y: 0, width: 9, height: 32))
            ctx.setFillColor(self.blue); ctx.fillEllipse(in: CGRect(x: 3, y: 8, width: 12, height: 12))
            ctx.restoreGState()
            ctx.endTransparencyLayer()
        }
        let native = try bitmapContextPixels(w, h, yDown: true, scene)
        let rgbaWords = try bitmapContextPixels(w, h, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue, yDown: true, scene)
        var differing = 0
        for i in 0..<(w * h) {
            let p = native[i], q = rgbaWords[i]   // q's bytes in memory: R, G, B, A
            let want = UInt32(p >> 16 & 255) | UInt32(p >> 8 & 255) << 8 | UInt32(p & 255) << 16 | UInt32(p >> 24) << 24
            if q != want { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertTrue(native.contains { $0 >> 24 == 255 && $0 & 0xFF == 0xFF && $0 >> 16 & 0xFF == 0 } == false, "the layer is faded")
        XCTAssertNotEqual(native[10 * w + 25], native[0], "the shadow falls right of the group")
    }

    /// The inner-shadow idiom of PaintCode's generated drawing code: clipped to a shape, a layer in
    /// which the shape is filled with the blend mode `.sourceOut` under a shadow. In the layer the
    /// shadow (the square moved 3 right and 3 down, blur 0, opaque black) is drawn first, then the
    /// fill replaces each pixel of the square by the fill times (1 − the shadow's alpha): black
    /// exactly where the moved square does not reach, the square's top and left bands 3 wide
    /// (columns 10–12 or rows 10–12 of the square at 10…30); the clip keeps only the square.
    func testTheInnerShadowIdiomDrawsABandInsideTheShape() throws {
        let square = CGRect(x: 10, y: 10, width: 20, height: 20)
        let px = try bitmapContextPixels(40, 40, yDown: true) { ctx in
            ctx.addRect(square)
            ctx.clip()
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setShadow(offset: CGSize(width: 3, height: -3), blur: 0, color: CGColor(gray: 0, alpha: 1))   // base space: y up
            ctx.setBlendMode(.sourceOut)
            ctx.setFillColor(CGColor(gray: 0, alpha: 1))
            ctx.fill(square)
            ctx.endTransparencyLayer()
        }
        var wrong = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (10..<30).contains(x) && (10..<30).contains(y)
                let want: UInt32 = inside && (x < 13 || y < 13) ? 0xFF00_0000 : 0
                if px[y * 40 + x] != want { wrong += 1 }
            }
        }
        XCTAssertEqual(wrong, 0)
    }
}
