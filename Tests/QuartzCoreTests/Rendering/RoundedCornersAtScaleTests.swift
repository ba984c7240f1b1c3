import XCTest
@testable import QuartzCore

/// Corner radii are in points: at scale 2 a 10-point radius is 20 pixels. Worked by geometry on a
/// red 40 × 40-point layer with cornerRadius 10 over white, drawn at scale 2 (80 × 80 pixels): the
/// corner's circle has its centre at pixel (20, 20) and radius 20, so the pixel centred at
/// (3.5, 3.5), 23.3 pixels from that centre, is outside (white), and the one at (8.5, 8.5),
/// 16.3 pixels from it, is inside (red); both are more than a pixel from the edge.
final class RoundedCornersAtScaleTests: LaminaTestCase {
    func testTheRadiusIsScaledWithTheLayer() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let card = CALayer()
        card.frame = root.bounds
        card.cornerRadius = 10
        card.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(card)
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: 40, height: 40), scale: 2)
        r.layer = root
        r.beginFrame(atTime: t0); r.render(); r.endFrame()
        let image = r.makeImage()
        XCTAssertEqual([image.width, image.height], [80, 80])
        for (x, y) in [(3, 3), (76, 3), (3, 76), (76, 76)] {
            XCTAssertEqual(image.pixel(x: x, y: y), 0xFFFF_FFFF, "(\(x), \(y)) is outside the 20-pixel corner")
        }
        for (x, y) in [(8, 8), (71, 8), (8, 71), (71, 71), (40, 1)] {
            XCTAssertEqual(image.pixel(x: x, y: y), 0xFFFF_0000, "(\(x), \(y)) is inside the card")
        }
    }
}
