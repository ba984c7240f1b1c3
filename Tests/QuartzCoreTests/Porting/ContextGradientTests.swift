import XCTest
import QuartzCore

/// Core Graphics' gradients and drawing helpers as client code calls them in `draw(in:)` or on a
/// bitmap context. Expected colours are worked out from Core Graphics' definitions: a linear
/// gradient's parameter is the projection on start→end; a radial one's is the largest t whose circle
/// (centre c0 + t (c1 − c0), radius r0 + t (r1 − r0)) passes through the point; the colour is the
/// stops interpolated at t, here through Lamina's 256-entry table (t rounded to 1/255).
final class ContextGradientTests: LaminaTestCase {
    /// A one-row RGBA bitmap context `width` pixels wide (y up: its row is user y 0…1).
    private func row(_ width: Int, _ draw: (CGContext) -> Void) -> [[Int]] {
        var px = [UInt8](repeating: 0, count: width * 4)
        px.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: width, height: 1, bitsPerComponent: 8, bytesPerRow: width * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            draw(ctx)
        }
        return stride(from: 0, to: px.count, by: 4).map { px[$0..<$0 + 4].map(Int.init) }
    }

    private func assertClose(_ a: [Int], _ b: [Int], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= 1 }, "\(a) is not \(b) (±1): \(message)", file: file, line: line)
    }

    private let redToBlue = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                       colors: [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)] as CFArray,
                                       locations: [0, 1])!
    private let whiteToBlack: CGGradient = {
        let components: [CGFloat] = [1, 1, 0, 1]            // gray, alpha; gray, alpha
        return CGGradient(colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: components, locations: nil, count: 2)!
    }()

    func testALinearGradientDrawsOnlyBetweenItsEndsUnlessExtended() {
        let plain = row(100) { $0.drawLinearGradient(redToBlue, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: []) }
        // Pixel 50's centre 50.5: t = 30.5 / 60 = 0.508, entry 130 of 255: red 125, blue 130.
        assertClose(plain[50], [125, 0, 130, 255], "the middle")
        assertClose(plain[20], [253, 0, 2, 255], "pixel 20: t = 0.5 / 60, entry 2")
        XCTAssertEqual(plain[19], [0, 0, 0, 0], "before the start")
        XCTAssertEqual(plain[80], [0, 0, 0, 0], "after the end")
        let extended = row(100) {
            $0.drawLinearGradient(redToBlue, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        XCTAssertEqual(extended[5], [255, 0, 0, 255])
        XCTAssertEqual(extended[95], [0, 0, 255, 255])
        assertClose(extended[50], plain[50], "the same inside")
    }

    func testAConcentricRadialGradient() {
        // Centre at pixel 0's centre; radius 20.
        let draw: (CGContext, CGGradientDrawingOptions) -> Void = { ctx, options in
            ctx.drawRadialGradient(self.whiteToBlack, startCenter: CGPoint(x: 0.5, y: 0.5), startRadius: 0,
                                   endCenter: CGPoint(x: 0.5, y: 0.5), endRadius: 20, options: options)
        }
        let plain = row(30) { draw($0, []) }
        XCTAssertEqual(plain[0], [255, 255, 255, 255], "t = 0 at the centre")
        assertClose(plain[10], [127, 127, 127, 255], "t = 0.5: entry 128")
        XCTAssertEqual(plain[25], [0, 0, 0, 0], "outside the end circle")
        let extended = row(30) { draw($0, .drawsAfterEndLocation) }
        XCTAssertEqual(extended[25], [0, 0, 0, 255])
    }

    func testATwoCircleRadialGradientTakesTheLargestCircle() {
        // c0 = 0 (relative), r0 = 0; c1 = (10, 0), r1 = 10: the point (d, 0) is on the circle of
        // t = d² / (20 d) = d / 20... for d = 5, t = 0.25; d = 15, t = 0.75; d = 25, t = 1.25.
        let draw: (CGContext, CGGradientDrawingOptions) -> Void = { ctx, options in
            ctx.drawRadialGradient(self.whiteToBlack, startCenter: CGPoint(x: 0.5, y: 0.5), startRadius: 0,
                                   endCenter: CGPoint(x: 10.5, y: 0.5), endRadius: 10, options: options)
        }
        let plain = row(30) { draw($0, []) }
        assertClose(plain[5], [191, 191, 191, 255], "t = 0.25: entry 64")
        assertClose(plain[15], [64, 64, 64, 255], "t = 0.75: entry 191")
        XCTAssertEqual(plain[25], [0, 0, 0, 0], "t = 1.25 is past the end")
        let extended = row(30) { draw($0, .drawsAfterEndLocation) }
        XCTAssertEqual(extended[25], [0, 0, 0, 255])
        // A start circle of radius 10 at the same centre as the end's radius 20: inside it nothing.
        let ring = row(30) {
            $0.drawRadialGradient(self.whiteToBlack, startCenter: CGPoint(x: 0.5, y: 0.5), startRadius: 10,
                                  endCenter: CGPoint(x: 0.5, y: 0.5), endRadius: 20, options: [])
        }
        XCTAssertEqual(ring[5], [0, 0, 0, 0], "inside the start circle")
        assertClose(ring[15], [127, 127, 127, 255], "half way from radius 10 to 20")
    }

    func testDrawingHelpers() {
        let lines = row(10) { ctx in
            ctx.setFillColor(gray: 1, alpha: 1)
            ctx.clip(to: CGRect(x: 0, y: 0, width: 3, height: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 1))
            ctx.resetClip()
            ctx.setFillColor(gray: 0.5, alpha: 1)
            ctx.addLines(between: [CGPoint(x: 6, y: 0), CGPoint(x: 8, y: 0), CGPoint(x: 8, y: 1), CGPoint(x: 6, y: 1)])
            ctx.fillPath()
        }
        XCTAssertEqual(lines[1], [255, 255, 255, 255])
        XCTAssertEqual(lines[4], [0, 0, 0, 0], "clipped out")
        assertClose(lines[7], [128, 128, 128, 255], "after resetClip, the polygon")
        let stroked = row(10) { ctx in
            ctx.setLineWidth(2)
            ctx.move(to: CGPoint(x: 2, y: 0.5))
            ctx.addLine(to: CGPoint(x: 8, y: 0.5))
            ctx.replacePathWithStrokedPath()
            ctx.setFillColor(gray: 0, alpha: 1)
            ctx.fillPath()
        }
        XCTAssertEqual(stroked[5], [0, 0, 0, 255], "the stroke's outline, filled")
        XCTAssertEqual(stroked[1], [0, 0, 0, 0], "butt caps end at the line's ends")
        XCTAssertEqual(diagnostics, [])
    }

    /// Blend modes, shadows and anti-aliasing off are drawn, so none of them is reported; a setting
    /// kept without changing the drawing (interpolation quality) reads back as set.
    func testSettingsLaminaDrawsAreNotReported() {
        _ = row(4) { ctx in
            ctx.setBlendMode(.multiply)
            ctx.setShadow(offset: CGSize(width: 2, height: 2), blur: 3)
            ctx.setShouldAntialias(false)
            ctx.setAllowsAntialiasing(false)
            ctx.interpolationQuality = .high
            XCTAssertEqual(ctx.interpolationQuality, .high)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        }
        XCTAssertEqual(diagnostics, [])
    }
}
