import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The accordion mid-fold: with Apple's default (allowsEdgeAntialiasing false) no column at either
/// crease is darker than the columns beside it; with edge antialiasing asked for, the seams show
/// (the measure sees them, so its silence above means something).
final class AccordionCreaseTests: XCTestCase {
    /// The columns whose mean luminance (rows 10..<90) is below both neighbours' by more than 6 %.
    func darkColumns(antialiased: Bool) -> [Int] {
        let size = CGSize(width: 160, height: 100)
        let d = AccordionDemo(size: size)
        d.setProgress(0.5)
        for l in [d.panelA, d.panelB, d.panelC] { l.allowsEdgeAntialiasing = antialiased }
        CATransaction.flush()
        let r = CARenderer(size: size)
        r.layer = d.root
        r.beginFrame(atTime: 0); r.render(); r.endFrame()
        let img = r.makeImage()
        let px = img.premultipliedARGB
        let mean = (0..<img.width).map { x -> Double in
            var sum = 0.0
            for y in 10..<90 {
                let p = px[y * img.width + x]
                sum += 0.3 * Double((p >> 16) & 255) + 0.59 * Double((p >> 8) & 255) + 0.11 * Double(p & 255)
            }
            return sum / 80
        }
        return (1..<(img.width - 1)).filter { x in mean[x] < 0.94 * mean[x - 1] && mean[x] < 0.94 * mean[x + 1] }
    }

    func testNoDarkColumnAtTheCreases() {
        XCTAssertEqual(darkColumns(antialiased: false), [])
        XCTAssertFalse(darkColumns(antialiased: true).isEmpty, "the measure finds anti-aliased seams")
    }
}
