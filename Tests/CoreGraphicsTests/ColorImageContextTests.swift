import XCTest
import CoreGraphics

final class ColorImageContextTests: XCTestCase {
    func testColors() {
        let c = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        XCTAssertEqual(c.components, [0.2, 0.4, 0.6, 0.8])
        XCTAssertEqual(c.alpha, 0.8)
        XCTAssertEqual(c.numberOfComponents, 4)
        XCTAssertEqual(c.copy(alpha: 0.5)?.alpha, 0.5)
        XCTAssertEqual(c.copy(alpha: 0.5)?.components?.first, 0.2)
        let g = CGColor(gray: 0.5, alpha: 1)
        XCTAssertEqual(g.srgbComponents.green, 0.5)
        XCTAssertEqual(g.colorSpace?.model, .monochrome)
        XCTAssertNotEqual(c, g)
        var comps: [CGFloat] = [1, 0, 0, 1]
        XCTAssertEqual(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: &comps)?.srgbComponents.red, 1)
    }

    func testImageFromStraightRGBABecomesPremultipliedARGB() {
        let bytes: [UInt8] = [255, 0, 0, 128, 0, 255, 0, 255]
        let img = CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                          provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        XCTAssertEqual(img.pixel(x: 0, y: 0), 0x8080_0000)
        XCTAssertEqual(img.pixel(x: 1, y: 0), 0xFF00_FF00)
        XCTAssertEqual(img.cropping(to: CGRect(x: 1, y: 0, width: 5, height: 5))?.width, 1)
        XCTAssertNil(CGImage(width: 2, height: 1, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                             bitmapInfo: [], provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
    }

    func testContextRecordsStateWithEachOperation() {
        let ctx = CGContext(width: 20, height: 20, scale: 2)
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.saveGState()
        ctx.translateBy(x: 5, y: 0)
        ctx.setAlpha(0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.move(to: .zero); ctx.addLine(to: CGPoint(x: 3, y: 3))
        ctx.setLineWidth(4)
        ctx.strokePath()
        XCTAssertTrue(ctx.isPathEmpty)
        XCTAssertEqual(ctx.operations.count, 3)
        guard case .fillPath(let p1, _, _, let a1, _) = ctx.operations[0], case .fillPath(let p2, _, _, let a2, _) = ctx.operations[1],
              case .strokePath(_, let ctm, let style, _, _, _) = ctx.operations[2] else { return XCTFail("wrong operations") }
        XCTAssertEqual(p1.boundingBox, CGRect(x: 10, y: 0, width: 2, height: 2), "device space: translated then scaled by 2")
        XCTAssertEqual(a1, 0.5)
        XCTAssertEqual(p2.boundingBox, CGRect(x: 0, y: 0, width: 2, height: 2), "state restored")
        XCTAssertEqual(a2, 1)
        XCTAssertEqual(ctm, CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(style.lineWidth, 4)
    }
}
