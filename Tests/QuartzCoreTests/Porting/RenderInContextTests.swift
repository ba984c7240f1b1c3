import XCTest
import QuartzCore

/// `CALayer.render(in:)` as client code uses it: the colour at a point (a 1×1 bitmap context
/// translated by −point) and a snapshot into a flipped context. Apple: it "renders directly from
/// the layer tree, ignoring any animations", in the layer's own coordinate space.
final class RenderInContextTests: LaminaTestCase {
    /// A 40×40 blue card placed far from the origin, with a red square at (10, 10, 20, 20) whose
    /// opacity is animating from 0.
    private func card() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.position = CGPoint(x: 500, y: 500)
        root.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        square.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        CATransaction.flush()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0; fade.toValue = 1.0; fade.duration = 10
        square.add(fade, forKey: "fade")
        CATransaction.flush()
        at(1)
        return root
    }

    /// The RGBA bytes at `point` of `layer`, the way client code reads them.
    private func colour(of layer: CALayer, at point: CGPoint) -> [UInt8] {
        var pixel: [UInt8] = [0, 0, 0, 0]
        pixel.withUnsafeMutableBytes { raw in
            let ctx = CGContext(data: raw.baseAddress, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.translateBy(x: -point.x, y: -point.y)
            layer.render(in: ctx)
        }
        return pixel
    }

    func testTheColourAtAPoint() {
        let root = card()
        XCTAssertEqual(colour(of: root, at: CGPoint(x: 15, y: 15)), [255, 0, 0, 255], "the square, at full opacity: animations are ignored")
        XCTAssertEqual(colour(of: root, at: CGPoint(x: 5, y: 5)), [0, 0, 255, 255], "the card")
        XCTAssertEqual(colour(of: root, at: CGPoint(x: 35, y: 2)), [0, 0, 255, 255])
        XCTAssertEqual(colour(of: root, at: CGPoint(x: 45, y: 5)), [0, 0, 0, 0], "outside the card")
    }

    func testASnapshotIntoAFlippedContextIsUpright() throws {
        let root = card()
        let ctx = try XCTUnwrap(CGContext(data: nil, width: 80, height: 80, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        // UIKit's image contexts: y down, two pixels a point.
        ctx.translateBy(x: 0, y: 80)
        ctx.scaleBy(x: 2, y: -2)
        root.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual(image.pixel(x: 30, y: 30), 0xFFFF_0000, "the square at (10…30) points is (20…60) pixels")
        XCTAssertEqual(image.pixel(x: 10, y: 70), 0xFF00_00FF)
        XCTAssertEqual(image.pixel(x: 21, y: 21), 0xFFFF_0000)
        XCTAssertEqual(image.pixel(x: 19, y: 19), 0xFF00_00FF)
        // The model is unchanged, the animation still running.
        XCTAssertNotNil(root.sublayers?[0].animation(forKey: "fade"))
        XCTAssertEqual(root.position, CGPoint(x: 500, y: 500))
    }
}
