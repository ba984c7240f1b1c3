import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// Article 003's accordion on screen (issue 12): panel A stays adjacent to panel C in projection at
/// every angle, nothing of A drawn over C (near the end of the fold and at rest A's projection
/// overlapped C by 47–84 px at 960 wide) and no gap between them. A is painted magenta here, a
/// colour the page art never uses, so its pixels can be told from C's.
final class AccordionProjectionTests: XCTestCase {
    func isMagenta(_ px: UInt32) -> Bool { (px >> 16) & 255 > 200 && (px >> 8) & 255 < 40 && px & 255 > 200 }

    func testAStaysBesideCOnScreenAtEveryAngle() {
        let size = CGSize(width: 320, height: 200)
        let demo = AccordionDemo(size: size)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        demo.panelA.contents = nil
        demo.panelA.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        let r = CARenderer(size: size)
        r.layer = demo.root
        for k in 0...40 {
            let p = Double(k) / 40
            demo.setProgress(p)
            CATransaction.flush()
            r.beginFrame(atTime: 0); r.render(); r.endFrame()
            let img = r.makeImage()
            // C's right edge is flat (z = 0), so on screen it is where the model puts it.
            let seam = Int(demo.pose(p).cPosition.x.rounded())
            for y in stride(from: 10, to: 200, by: 20) {
                let over = (0..<max(0, seam - 1)).filter { isMagenta(img.pixel(x: $0, y: y)) }
                XCTAssertTrue(over.isEmpty, "A over C at progress \(p), row \(y): x \(over.first ?? 0)...\(over.last ?? 0), C ends at \(seam)")
            }
            // Adjacent: A starts at the seam (within a pixel of antialiasing) on the middle row.
            let first = (0..<320).first { isMagenta(img.pixel(x: $0, y: 100)) }
            XCTAssertNotNil(first, "A is on screen at \(p)")
            if let first { XCTAssertLessThanOrEqual(abs(first - seam), 1, "A starts at \(first), C ends at \(seam), progress \(p)") }
        }
    }
}
