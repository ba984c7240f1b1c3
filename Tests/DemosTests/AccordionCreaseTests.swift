import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The accordion mid-fold: with Apple's default (allowsEdgeAntialiasing false) no column at either
/// crease is darker than the columns beside it; with edge antialiasing asked for, the seams show
/// (the measure sees them, so its silence above means something).
final class AccordionCreaseTests: XCTestCase {
    /// The columns whose mean luminance (rows 10..<90) is below both neighbours' by more than 6 %.
    func darkColumns(antialiased: Bool, progress: Double = 0.5) -> [Int] {
        let size = CGSize(width: 160, height: 100)
        let d = AccordionDemo(size: size)
        d.setProgress(progress)
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

    /// Mid-fold (0.5) and just before it (0.45): no dark column. At 0.45 the anti-aliased seams
    /// fall inside pixel columns, so the same measure finds them when edge antialiasing is asked
    /// for (at 0.5 they fall on pixel boundaries, where antialiasing leaves no partial column).
    func testNoDarkColumnAtTheCreases() {
        XCTAssertEqual(darkColumns(antialiased: false, progress: 0.5), [])
        XCTAssertEqual(darkColumns(antialiased: false, progress: 0.45), [])
        XCTAssertFalse(darkColumns(antialiased: true, progress: 0.45).isEmpty, "the measure finds anti-aliased seams")
    }
}
