import XCTest
import CoreGraphics

/// Colour spaces and conversion to sRGB components, against the formulas.
final class ColorTests: XCTestCase {
    /// Linear sRGB is encoded with the sRGB transfer curve: 12.92·v up to 0.0031308, then
    /// 1.055·v^(1/2.4) − 0.055; both pieces meet at the knee.
    func testLinearSRGBEncoding() {
        let space = CGColorSpace(name: CGColorSpace.linearSRGB)!
        func enc(_ v: CGFloat) -> CGFloat {
            var c: [CGFloat] = [v, 0, 0, 1]
            return CGColor(colorSpace: space, components: &c)!.srgbComponents.red
        }
        XCTAssertEqual(Double(enc(0)), 0)
        XCTAssertEqual(Double(enc(1)), 1, accuracy: 1e-12)
        XCTAssertEqual(Double(enc(0.002)), 0.02584, accuracy: 1e-12)
        XCTAssertEqual(Double(enc(0.18)), 1.055 * pow(0.18, 1 / 2.4) - 0.055, accuracy: 1e-12)
        XCTAssertEqual(Double(enc(0.18)), 0.4613561, accuracy: 1e-6, "18 % grey is about 46 % in sRGB")
        XCTAssertEqual(Double(enc(0.0031308)), 12.92 * 0.0031308, accuracy: 1e-6, "continuous at the knee")
        XCTAssertEqual(Double(enc(0.0031309)), 12.92 * 0.0031308, accuracy: 1e-5)
    }

    func testSRGBAndGrayComponents() {
        let c = CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        let s = c.srgbComponents
        XCTAssertEqual([s.red, s.green, s.blue, s.alpha], [0.1, 0.2, 0.3, 0.4], "sRGB passes through")
        let g = CGColor(gray: 0.3, alpha: 0.6).srgbComponents
        XCTAssertEqual([g.red, g.green, g.blue, g.alpha], [0.3, 0.3, 0.3, 0.6], "gray expands")
        var comps: [CGFloat] = [0.7, 0.5]
        let fromSpace = CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: &comps)!
        XCTAssertEqual(fromSpace.components, [0.7, 0.5], "a gray space reads one component and alpha")
        XCTAssertEqual(fromSpace.srgbComponents.blue, 0.7)
        XCTAssertNil(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: nil))
        XCTAssertEqual(CGColor.clear.alpha, 0)
        XCTAssertEqual(CGColor.white.srgbComponents.red, 1)
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB().numberOfComponents, 3)
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().numberOfComponents, 1)
        XCTAssertNil(CGColorSpace(name: "kCGColorSpaceNoSuchSpace"))
        // copy(alpha:) keeps the space and colour.
        let half = c.copy(alpha: 0.5)!
        XCTAssertEqual(half.colorSpace, c.colorSpace)
        XCTAssertEqual(half.components, [0.1, 0.2, 0.3, 0.5])
        XCTAssertNotEqual(half, c)
    }
}
