import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore

/// CALayer.compositingFilter by name and allowsEdgeAntialiasing / edgeAntialiasingMask, through the
/// renderer: the case (multiply over red came out unblended) and the properties' rules.
final class CompositingFilterTests: XCTestCase {
    override func tearDown() { LaminaDiagnostics.handler = nil }

    func render(_ root: CALayer, size: CGSize = CGSize(width: 40, height: 40)) -> [UInt32] {
        CATransaction.flush()
        let r = CARenderer(size: size)
        r.layer = root
        r.beginFrame(atTime: 0); r.render(); r.endFrame()
        return r.makeImage().premultipliedARGB
    }

    func redRoot(_ child: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(child)
        return root
    }

    /// Grey 128/255 multiplied onto pure red: red 255·128/255 = 128, green and blue 0.
    func testMultiplyByNameBlendsOverRed() {
        let grey = CALayer()
        grey.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        grey.backgroundColor = CGColor(srgbRed: 128 / 255, green: 128 / 255, blue: 128 / 255, alpha: 1)
        grey.compositingFilter = "multiplyBlendMode"
        XCTAssertEqual(grey.compositingFilter as? String, "multiplyBlendMode")
        let px = render(redRoot(grey))
        XCTAssertEqual(px[20 * 40 + 20], 0xFF80_0000)
        XCTAssertEqual(px[2 * 40 + 2], 0xFFFF_0000)
        grey.compositingFilter = nil
        XCTAssertEqual(render(redRoot(grey))[20 * 40 + 20], 0xFF80_8080, "nil: source over")
    }

    /// A value that is not a name, or an unknown name: one diagnostic, drawn source over.
    func testOtherValuesAreReportedAndDrawnSourceOver() {
        let log = MessageLog()
        LaminaDiagnostics.handler = { log.append($0) }
        var messages: [String] { log.messages }
        let l = CALayer()
        l.compositingFilter = 42
        XCTAssertNil(l.compositingFilter)
        l.compositingFilter = "multiply"
        XCTAssertEqual(messages.count, 2)
        XCTAssertTrue(messages[1].contains("unknown filter name 'multiply'"), messages[1])
        l.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        l.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        XCTAssertEqual(render(redRoot(l))[20 * 40 + 20], 0xFF00_00FF)
    }

    /// Apple's defaults: allowsEdgeAntialiasing false, every edge in the mask; the mask's bits are
    /// Apple's (left 1, right 2, bottom 4, top 8).
    func testEdgeAntialiasingDefaultsAndBits() {
        let l = CALayer()
        XCTAssertFalse(l.allowsEdgeAntialiasing)
        XCTAssertEqual(l.edgeAntialiasingMask.rawValue, 15)
        l.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
        XCTAssertEqual(l.edgeAntialiasingMask.rawValue, 9)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerBottomEdge.rawValue, 4)
    }

    /// A rotated white square on black: aliased by default (every pixel black or white), smooth
    /// once allowsEdgeAntialiasing is true (some grey pixels).
    func testRotatedLayerEdgesFollowAllowsEdgeAntialiasing() {
        func pixels(_ allow: Bool) -> [UInt32] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
            let sq = CALayer()
            sq.frame = CGRect(x: 10.3, y: 10.6, width: 20, height: 20)
            sq.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            sq.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            sq.allowsEdgeAntialiasing = allow
            root.addSublayer(sq)
            return render(root)
        }
        let grey = { (p: UInt32) in p != 0xFF00_0000 && p != 0xFFFF_FFFF }
        // Corners (where two staircases join at a fractional point) may be partial: at most 4 × 4.
        XCTAssertLessThanOrEqual(pixels(false).filter(grey).count, 16)
        XCTAssertGreaterThan(pixels(true).filter(grey).count, 40)
    }
}
