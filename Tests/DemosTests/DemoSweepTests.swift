import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The article 003 demos at every angle: what must not move does not move, and nothing is drawn
/// where nothing should be.
final class DemoSweepTests: XCTestCase {
    func render(_ root: CALayer, size: CGSize) -> CGImage {
        CATransaction.flush()
        let r = CARenderer(size: size)
        r.layer = root
        r.beginFrame(atTime: 0); r.render(); r.endFrame()
        return r.makeImage()
    }

    /// Pixels of columns x0 ..< x1 of two images that differ.
    func differing(_ a: CGImage, _ b: CGImage, columns: Range<Int>) -> Int {
        var n = 0
        for y in 0..<a.height { for x in columns where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 } }
        return n
    }

    func testFolderKeepsTheStillHalvesStillAtEveryAngle() {
        let size = CGSize(width: 160, height: 100)
        let demo = FolderDemo(size: size)
        demo.setProgress(0)
        let start = render(demo.root, size: size)
        demo.setProgress(1)
        let end = render(demo.root, size: size)
        XCTAssertGreaterThan(differing(start, end, columns: 0..<160), 1000, "the fold changes the picture")
        for k in 1..<20 {
            let p = Double(k) / 20
            demo.setProgress(p)
            let img = render(demo.root, size: size)
            // While the page turns on the right, the current page's left half stays; once it has
            // crossed over, the next page's right half stays. (Perspective makes the turning page
            // reach a little past the centre line, so the column next to it is left out.)
            let page = demo.pageRect
            let mid = Int(page.midX)
            if p < 0.45 { XCTAssertEqual(differing(img, start, columns: 0..<(mid - 2)), 0, "left half at \(p)") }
            if p > 0.55 { XCTAssertEqual(differing(img, end, columns: (mid + 2)..<160), 0, "right half at \(p)") }
            // Every pixel is opaque: the background, the page and its halves cover the frame, no holes or garbage.
            XCTAssertTrue(img.premultipliedARGB.allSatisfy { $0 >> 24 == 255 }, "no hole at \(p)")
        }
    }

    func testAccordionKeepsTheRedEdgeStillAndThePanelsJoined() {
        let size = CGSize(width: 160, height: 100)
        let demo = AccordionDemo(size: size)
        for k in 0...10 {
            let p = Double(k) / 10
            demo.setProgress(p)
            let img = render(demo.root, size: size)
            // The red line on B's far edge stays put (the last columns stay red).
            for y in stride(from: 5, to: 95, by: 10) {
                let px = img.pixel(x: 159, y: y)
                XCTAssertGreaterThan((px >> 16) & 255, 200, "red edge at \(p), row \(y)")
                XCTAssertLessThan(px & 255, 60, "red edge at \(p), row \(y)")
            }
            // C's right edge and A's left edge meet: no background shows between them on the middle row.
            let pose = demo.pose(p)
            let seam = Int(pose.cPosition.x.rounded(.down))
            for x in max(0, seam - 1)...min(159, seam + 1) {
                XCTAssertNotEqual(img.pixel(x: x, y: 50), 0xFF26_2626, "gap at the C–A seam at \(p)")
            }
        }
    }
}
