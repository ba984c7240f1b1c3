import XCTest
import CoreGraphics
@testable import Compositor

/// Nearest sampling, whole-texel copies, tinting and coverage masks, against values worked out by
/// hand. Maps take a device pixel centre (x + ½, y + ½) to texel coordinates.
final class SamplerTests: XCTestCase {
    /// A 4 × 3 image whose texel (x, y) holds 0xFF000000 | y << 8 | x.
    let image: CGImage = {
        var px: [UInt32] = []
        for y in 0..<3 { for x in 0..<4 { px.append(0xFF00_0000 | UInt32(y) << 8 | UInt32(x)) } }
        return CGImage(width: 4, height: 3, premultipliedARGB: px)
    }()

    func texel(_ x: Int, _ y: Int) -> UInt32 { 0xFF00_0000 | UInt32(y) << 8 | UInt32(x) }

    func shade(_ s: ImageSampler, x0: Int, y: Int, count: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: count)
        SpanShader.shade(.image(s), x0: x0, y: y, count: count, into: &out)
        return out
    }

    /// Magnified twice: pixel x samples at (x + ½)/2, whose floor is x/2 rounded down; clamped to
    /// the texel rectangle past the edges.
    func testNearestTakesTheTexelUnderThePixelCentre() {
        let s = ImageSampler(image: image, map: Projective2D(a: 0.5, b: 0, c: 0, d: 0, e: 0.5, f: 0, g: 0, h: 0, i: 1),
                             x0: 0, y0: 0, x1: 4, y1: 3, bilinear: false, tint: 0xFFFF_FFFF)
        XCTAssertEqual(shade(s, x0: -2, y: 3, count: 12), [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3].map { texel($0, 1) })
        // A sub-rectangle (1…2) × (1…2) clamps there.
        let sub = ImageSampler(image: image, map: Projective2D(a: 0.5, b: 0, c: 0, d: 0, e: 0.5, f: 0, g: 0, h: 0, i: 1),
                               x0: 1, y0: 1, x1: 3, y1: 3, bilinear: false, tint: 0xFFFF_FFFF)
        XCTAssertEqual(shade(sub, x0: 0, y: 0, count: 8), [1, 1, 1, 1, 2, 2, 2, 2].map { texel($0, 1) })
    }

    /// A texel rectangle reaching past the image is kept inside it: sampling far past the edge gives
    /// the edge texels (bilinear and nearest), never memory past the image's pixels.
    func testATexelRectanglePastTheImageIsKeptInsideIt() {
        for bilinear in [false, true] {
            let s = ImageSampler(image: image, map: Projective2D(a: 0.5, b: 0, c: 0, d: 0, e: 0.5, f: 0, g: 0, h: 0, i: 1),
                                 x0: -5, y0: -2, x1: 160, y1: 120, bilinear: bilinear, tint: 0xFFFF_FFFF)
            XCTAssertEqual([s.x0, s.y0, s.x1, s.y1], [0, 0, 4, 3])
            XCTAssertEqual(shade(s, x0: 40, y: 50, count: 4), [UInt32](repeating: texel(3, 2), count: 4), "bilinear \(bilinear)")
        }
    }

    /// A whole-texel translation copies: pixel (x, y) shows texel (x + 2, y − 1), clamped.
    func testWholeTexelTranslationCopies() {
        let s = ImageSampler(image: image, map: Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 2, h: -1, i: 1),
                             x0: 0, y0: 0, x1: 4, y1: 3, bilinear: true, tint: 0xFFFF_FFFF)
        XCTAssertNotNil(s.copyOffset)
        XCTAssertEqual(shade(s, x0: -3, y: 2, count: 6), [0, 0, 1, 2, 3, 3].map { texel($0, 1) })
        XCTAssertEqual(shade(s, x0: 0, y: 0, count: 2), [2, 3].map { texel($0, 0) }, "row −1 clamps to row 0")
    }

    /// A tint multiplies channel by channel, rounded: texel (3, 1) = 0xFF000103 times 0x80FF4020:
    /// alpha round(255·128/255) = 128, red 0, green round(1·64/255) = 0, blue round(3·32/255) = 0;
    /// a white texel gives the tint itself.
    func testTintMultipliesEachChannel() {
        var px: [UInt32] = [0xFF00_0103, 0xFFFF_FFFF, 0x8080_4020]
        SpanShader.tint(&px, count: 3, by: 0x80FF_4020)
        // 0x80804020 times 0x80FF4020: alpha round(128·128/255) = 64, red round(128·255/255) = 128,
        // green round(64·64/255) = 16, blue round(32·32/255) = 4.
        XCTAssertEqual(px, [0x8000_0000, 0x80FF_4020, 0x4080_1004])
    }

    /// A coverage mask: at the identity map pixel x samples texel x exactly (x + ½ − ½); half a
    /// pixel over, the mean of two neighbours; outside the mask nothing. The colour is scaled by
    /// the coverage: 0xFF204080 · 200/255 → round(255·200/255) = 200, round(32·200/255) = 25, …
    func testMaskSamplesBilinearAndIsTransparentOutside() {
        let mask = AlphaMask(width: 4, height: 1, alpha: [0, 100, 200, 255])
        let color: UInt32 = 0xFF20_4080
        func scaled(_ k: UInt32) -> UInt32 {
            [24, 16, 8, 0].reduce(UInt32(0)) { $0 | ((2 * ((color >> UInt32($1)) & 255) * k + 255) / 510) << UInt32($1) }
        }
        var out = [UInt32](repeating: 1, count: 7)
        SpanShader.shade(.mask(MaskSampler(mask: mask, map: .identity, color: color)), x0: -1, y: 0, count: 7, into: &out)
        // Pixel −1 samples u = −1 (outside: > −1 fails) → 0; pixels 0…3 their own texels; pixel 4
        // samples u = 4 (outside) → 0; pixel 5 too.
        XCTAssertEqual(out, [0, scaled(0), scaled(100), scaled(200), scaled(255), 0, 0])
        XCTAssertEqual(scaled(200), 0xC819_3264, "200, 25, 50, 100")
        // Shifted half a texel: pixel x samples u = x − ½: the mean of texels x − 1 and x (a
        // missing neighbour counts as 0), the row's own weight ½ as the mask is one row and v = 0.
        SpanShader.shade(.mask(MaskSampler(mask: mask, map: Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: -0.5, h: 0, i: 1), color: color)),
                         x0: 0, y: 0, count: 5, into: &out)
        XCTAssertEqual(Array(out.prefix(5)), [scaled(0), scaled(50), scaled(150), scaled(228), scaled(128)],
                       "(0 + 0)/2, (0 + 100)/2, (100 + 200)/2, (200 + 255)/2 = 227.5 → 228, (255 + 0)/2 = 127.5 → 128")
    }
}
