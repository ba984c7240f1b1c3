import XCTest
import CoreGraphics
@testable import Compositor

/// A recording CGContext replayed into pixels, checked pixel by pixel against what each call
/// covers (whole pixels here, so every value is exact).
final class RecordedDrawingTests: XCTestCase {
    func testFillsClipsAlphaClearAndStrokesLandOnTheirPixels() {
        let ctx = CGContext(width: 10, height: 10)
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 3, height: 10))
        ctx.setAlpha(0.5)
        ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.restoreGState()
        ctx.clear(CGRect(x: 5, y: 5, width: 1, height: 1))
        ctx.setStrokeColor(CGColor(gray: 0, alpha: 1))
        ctx.setLineWidth(2)
        ctx.move(to: CGPoint(x: 7, y: 0)); ctx.addLine(to: CGPoint(x: 7, y: 10))
        ctx.strokePath()
        let img = RecordedDrawing.rasterize(ctx)
        for y in 0..<10 { for x in 0..<10 {
            let red = (2..<6).contains(x) && (2..<6).contains(y)
            // Blue at ½ (round(255·½) = 128 → 0x80000080) over the left three columns; over red:
            // red round(255·127/255) = 127, alpha 128 + 127 = 255.
            var want: UInt32 = red ? 0xFFFF_0000 : 0
            if x < 3 { want = red ? 0xFF7F_0080 : 0x8000_0080 }
            if x == 5 && y == 5 { want = 0 }
            if x == 6 || x == 7 { want = 0xFF00_0000 }   // the 2-wide line about x = 7: columns 6 and 7
            XCTAssertEqual(img.pixel(x: x, y: y), want, "(\(x), \(y))")
        } }
    }

    /// An image drawn into a rectangle twice its size: each texel covers 2 × 2 pixels, and the
    /// pixel centres sample a quarter texel from the texel centres — bilinear between neighbours.
    func testAnImageScaledTwiceIsSampledAtPixelCentres() {
        let src = CGImage(width: 2, height: 1, premultipliedARGB: [0xFF00_0000, 0xFFFF_FFFF])
        let ctx = CGContext(width: 4, height: 2)
        ctx.draw(src, in: CGRect(x: 0, y: 0, width: 4, height: 2))
        let img = RecordedDrawing.rasterize(ctx)
        // Pixel x samples texel (x + ½)/2 − ½: −¼ (clamped to 0), ¼, ¾, 1¼ (clamped to 1). At ¼
        // the weight is 64/256: ⌊255·64/256⌋ = 63; at ¾: ⌊255·192/256⌋ = 191.
        XCTAssertEqual((0..<4).map { img.pixel(x: $0, y: 0) }, [0xFF00_0000, 0xFF3F_3F3F, 0xFFBF_BFBF, 0xFFFF_FFFF])
        XCTAssertEqual((0..<4).map { img.pixel(x: $0, y: 1) }, (0..<4).map { img.pixel(x: $0, y: 0) })
    }

    /// A recorded drawing (a layer's `draw(in:)`) composites with the context's blend mode within
    /// the shape: `.destinationOut` with black (R = D · (1 − Sa)) erases the left half of a red
    /// square, `.sourceAtop` (R = S · Da + D · (1 − Sa)) paints blue only where red was.
    func testBlendModesActWithinTheShapeInRecordedDrawing() {
        let ctx = CGContext(width: 4, height: 4)
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        ctx.setBlendMode(.destinationOut)
        ctx.setFillColor(CGColor(gray: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        ctx.setBlendMode(.sourceAtop)
        ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 3, y: 0, width: 1, height: 4))
        let img = RecordedDrawing.rasterize(ctx)
        for y in 0..<4 {
            let want: [UInt32] = y < 2 ? [0, 0, 0xFFFF_0000, 0xFF00_00FF] : [0, 0, 0, 0]
            XCTAssertEqual((0..<4).map { img.pixel(x: $0, y: y) }, want, "row \(y)")
        }
    }
}
