import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Luma track mattes (luma_matte.json, 200 × 100): a #3366cc solid (51, 102, 204) drawn through a
/// matte of five rectangles, by luma on the left (`tt` 3) and by inverted luma on the right
/// (`tt` 4). The matte, per 100 × 100 square: white (x 0...25, top half), black (25...50), grey
/// 0.5 (50...75), nothing (75...100); red below on the left (x 0...50), white at 50 % opacity on
/// the right. Expected masks worked out with Rec. 709 weights on premultiplied sRGB: white 255,
/// black 0, grey 128 (0.5 · 255 rounded), nothing 0, red 0.2126 · 255 = 54.2, half white 127.5.
final class LumaMatteTests: LottieTestCase {
    /// The solid scaled by mask value `m` (0...255), premultiplied: (m, 51m/255, 102m/255, 204m/255).
    private func expect(_ img: CGImage, _ x: Int, _ y: Int, mask m: Double, _ label: String, line: UInt = #line) {
        XCTAssertClose(Double(img.alpha(x, y)), m, 1.5, "alpha \(label)", line: line)
        XCTAssertClose(Double(img.red(x, y)), 51 * m / 255, 1.5, "red \(label)", line: line)
        XCTAssertClose(Double(img.green(x, y)), 102 * m / 255, 1.5, "green \(label)", line: line)
        XCTAssertClose(Double(img.blue(x, y)), 204 * m / 255, 1.5, "blue \(label)", line: line)
    }

    func testLumaMatte() throws {
        let a = try load("luma_matte.json")
        XCTAssertEqual(a.diagnostics, [], "luma mattes are drawn, not noted")
        let img = frame(a, 0)
        expect(img, 12, 25, mask: 255, "under white")
        expect(img, 37, 25, mask: 0, "under black")
        expect(img, 62, 25, mask: 128, "under grey 0.5")
        expect(img, 87, 25, mask: 0, "under nothing")
        expect(img, 25, 75, mask: 54.2, "under red")
        expect(img, 75, 75, mask: 127.5, "under white at 50 %")
    }

    func testInvertedLumaMatte() throws {
        let img = frame(try load("luma_matte.json"), 0)
        expect(img, 112, 25, mask: 0, "under white")
        expect(img, 137, 25, mask: 255, "under black")
        expect(img, 162, 25, mask: 127, "under grey 0.5")
        expect(img, 187, 25, mask: 255, "under nothing")
        expect(img, 125, 75, mask: 255 - 54.2, "under red")
        expect(img, 175, 75, mask: 127.5, "under white at 50 %")
    }
}
