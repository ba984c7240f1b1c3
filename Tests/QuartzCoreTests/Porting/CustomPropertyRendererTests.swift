import XCTest
import Synchronization
import QuartzCore

/// What the gauge's draw(in:) saw, in order: its progress and whether it drew a presentation copy.
private let gaugeDrawings = Mutex<[(progress: CGFloat, presentation: Bool)]>([])

/// A gauge written as client code writes one (Apple's `@NSManaged var progress` in the Linux
/// spelling): `progress` needs display, and draw(in:) fills the left `progress` part of its bounds red.
private final class GaugeLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? CGFloat(0) : super.defaultValue(forKey: key)
    }
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
    override func draw(in ctx: CGContext) {
        let p = progress
        gaugeDrawings.withLock { $0.append((p, self !== model())) }
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * p, height: bounds.height))
    }
}

/// Apple: "Animations changing the value of the attribute also trigger redisplay." A layer whose
/// class's needsDisplay(forKey:) is true for an animated key is redrawn at every frame a renderer
/// draws, from its presentation at that frame's time: also through CARenderer driven by app code
/// (beginFrame, render, endFrame after each flush), not only in the window.
final class CustomPropertyRendererTests: LaminaTestCase {
    override func setUp() {
        super.setUp()
        gaugeDrawings.withLock { $0.removeAll() }
    }

    /// Red pixels in the middle row of `image`.
    private func redColumns(_ image: CGImage) -> Int {
        let y = image.height / 2
        return (0..<image.width).filter { image.pixel(x: $0, y: y) == 0xFFFF_0000 }.count
    }

    func testACARendererDrawsTheInterpolatedValueAtEachFrameTime() {
        let gauge = GaugeLayer()
        gauge.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        let renderer = CARenderer(size: CGSize(width: 100, height: 10))
        renderer.layer = gauge
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = CGFloat(0)
        a.toValue = CGFloat(1)
        a.duration = 2
        a.timingFunction = CAMediaTimingFunction(name: .linear)
        gauge.add(a, forKey: "fill")
        CATransaction.flush()                                   // starts at t0
        gaugeDrawings.withLock { $0.removeAll() }

        // Linear from 0 to 1 over 2 s: progress = elapsed / 2, so the red part is 100 × that wide.
        for (elapsed, expected) in [(0.5, 0.25), (1.0, 0.5), (1.5, 0.75)] {
            renderer.beginFrame(atTime: t0 + elapsed, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
            let last = gaugeDrawings.withLock { $0.last }
            XCTAssertNotNil(last, "draw(in:) ran for the frame at +\(elapsed) s")
            XCTAssertEqual(Double(last?.progress ?? -1), expected, accuracy: 1e-9, "at +\(elapsed) s")
            XCTAssertEqual(last?.presentation, true, "drawn on a presentation copy")
            XCTAssertEqual(redColumns(renderer.makeImage()), Int(expected * 100), "the frame at +\(elapsed) s shows that drawing")
        }
        // The same time again draws nothing new: the value on screen has not changed.
        let count = gaugeDrawings.withLock { $0.count }
        renderer.beginFrame(atTime: t0 + 1.5, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        XCTAssertEqual(gaugeDrawings.withLock { $0.count }, count)
        // The model value is untouched by the drawing.
        XCTAssertEqual(gauge.progress, 0)
    }

    func testALayerOutsideTheRenderersTreeIsNotDrawnByIt() {
        let gauge = GaugeLayer()
        gauge.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        let other = CALayer()
        other.frame = gauge.frame
        let renderer = CARenderer(size: CGSize(width: 100, height: 10))
        renderer.layer = other
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = CGFloat(0); a.toValue = CGFloat(1); a.duration = 2
        gauge.add(a, forKey: "fill")
        CATransaction.flush()
        gaugeDrawings.withLock { $0.removeAll() }
        renderer.beginFrame(atTime: t0 + 1, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        XCTAssertTrue(gaugeDrawings.withLock { $0.isEmpty })
    }
}
