import XCTest
import CoreGraphics
@testable import Compositor

/// Premultiplied arithmetic against its documented rounding, exhaustively where it is cheap.
final class PremultipliedTests: XCTestCase {
    /// mul255 is x·a/255 rounded to nearest (never a tie: 255 is odd), for every pair of bytes.
    func testMul255RoundsToNearestForEveryPair() {
        var wrong = 0
        for x: UInt32 in 0...255 { for a: UInt32 in 0...255 where Premultiplied.mul255(x, a) != (2 * x * a + 255) / 510 { wrong += 1 } }
        XCTAssertEqual(wrong, 0)
    }

    /// scale multiplies each channel by k/255, rounded: every channel value against every k.
    func testScaleRoundsEachChannel() {
        for k: UInt32 in 0...255 {
            for v: UInt32 in stride(from: 0, through: 255, by: 1) {
                let p = v << 24 | (255 - v) << 16 | (v / 2) << 8 | (v * 7 % 256)
                let want = [24, 16, 8, 0].reduce(UInt32(0)) { acc, s in acc | ((2 * ((p >> UInt32(s)) & 255) * k + 255) / 510) << UInt32(s) }
                XCTAssertEqual(Premultiplied.scale(p, k), want, "p \(String(p, radix: 16)), k \(k)")
            }
        }
    }

    /// pack: alpha A = round(255·a); each colour round(255·c·a), never above A; inputs clamped to
    /// 0…1, NaN as 0.
    func testPackRoundsAndClamps() {
        // a = 0.5 → A = round(127.5) = 128; red 1 → round(127.5) = 128; green 0.2 → round(25.5) = 26;
        // blue 0.7 → round(89.25) = 89.
        XCTAssertEqual(Premultiplied.pack(red: 1, green: 0.2, blue: 0.7, alpha: 0.5), 0x8080_1A59)
        XCTAssertEqual(Premultiplied.pack(red: 2, green: -1, blue: .nan, alpha: 1), 0xFF_FF_00_00, "clamped; NaN is 0")
        XCTAssertEqual(Premultiplied.pack(red: 1, green: 1, blue: 1, alpha: 0), 0)
        // A CGColor: gray expands to r = g = b; `alpha` multiplies the colour's own.
        XCTAssertEqual(Premultiplied.pack(CGColor(gray: 0.5, alpha: 1), alpha: 0.5), 0x8040_4040, "round(255·0.25) = 64 each, alpha 128")
    }

    /// Linear sRGB colours are encoded with the sRGB curve before packing: linear 0.5 →
    /// 1.055·0.5^(1/2.4) − 0.055 = 0.73536 → round(187.52) = 188 (0xBC); linear 0.002 (below the
    /// 0.0031308 knee) → 12.92·0.002 = 0.02584 → round(6.59) = 7.
    func testLinearSRGBIsEncodedWithTheSRGBCurve() {
        var comps: [CGFloat] = [0.5, 0.002, 1, 1]
        let space = CGColorSpace(name: CGColorSpace.linearSRGB)!
        let c = CGColor(colorSpace: space, components: &comps)!
        XCTAssertEqual(Double(c.srgbComponents.red), 0.735_357, accuracy: 1e-6)
        XCTAssertEqual(Double(c.srgbComponents.green), 0.025_84, accuracy: 1e-9)
        XCTAssertEqual(Premultiplied.pack(c), 0xFFBC_07FF)
    }
}
