import XCTest
import QuartzCore

/// The Core Animation Programming Guide's own example (Key-Value Coding Extensions, listing C-1):
/// a subclass that makes `masksToBounds` default to true.
private final class ClippingLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        if key == "masksToBounds" { return true }
        if key == "cornerRadius" { return CGFloat(8) }
        if key == "anchorPoint" { return CGPoint(x: 0, y: 0) }
        return super.defaultValue(forKey: key)
    }
}

/// A subclass of a subclass inherits the override.
private final class RoundClippingShape: CAShapeLayer {
    override class func defaultValue(forKey key: String) -> Any? {
        key == "lineWidth" ? CGFloat(4) : super.defaultValue(forKey: key)
    }
}

final class DefaultValueOverrideTests: LaminaTestCase {
    func testANewLayerStartsWithItsClassesOverriddenDefaults() {
        let l = ClippingLayer()
        XCTAssertTrue(l.masksToBounds)
        XCTAssertEqual(l.cornerRadius, 8)
        XCTAssertEqual(l.anchorPoint, .zero)
        // Keys the class does not override keep the property's default.
        XCTAssertEqual(l.opacity, 1)
        XCTAssertFalse(l.isHidden)
        // And a plain layer is unchanged.
        XCTAssertFalse(CALayer().masksToBounds)
        XCTAssertEqual(CALayer().anchorPoint, CGPoint(x: 0.5, y: 0.5))
        // A value set later replaces the default as any value does.
        l.masksToBounds = false
        XCTAssertFalse(l.masksToBounds)
    }

    func testAShapeLayerSubclassOverridesItsOwnProperties() {
        let s = RoundClippingShape()
        XCTAssertEqual(s.lineWidth, 4)
        XCTAssertEqual(CAShapeLayer().lineWidth, 1)
    }

    func testTheOverriddenDefaultIsWhatIsCommittedAndDrawn() {
        // Placed by its origin (anchorPoint 0,0): position (10, 10) puts the layer's corner there.
        let l = ClippingLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.position = CGPoint(x: 10, y: 10)
        l.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        child.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        l.addSublayer(child)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.addSublayer(l)
        let r = CARenderer(size: CGSize(width: 60, height: 60))
        r.layer = root
        CATransaction.flush()
        r.beginFrame(atTime: t0, timeStamp: nil); r.render(); r.endFrame()
        let image = r.makeImage()
        XCTAssertEqual(image.pixel(x: 20, y: 20), 0xFFFF_0000, "inside the clipping layer: the child")
        XCTAssertEqual(image.pixel(x: 35, y: 35), 0, "the child is cut at the layer's bounds (masksToBounds)")
        XCTAssertEqual(image.pixel(x: 5, y: 5), 0, "the layer's corner starts at its position")
    }
}

/// CAMediaTiming is class-bound, as Apple's Objective-C protocol is: code configures any timing
/// object through the protocol, with a `let`.
final class MediaTimingExistentialTests: LaminaTestCase {
    func testTimingIsSetThroughALetExistential() {
        let cell = CAEmitterCell()
        let t: CAMediaTiming = cell
        t.beginTime = 1.5
        t.duration = 3
        XCTAssertEqual(cell.beginTime, 1.5)
        XCTAssertEqual(cell.duration, 3)
    }

    func testEveryTimingObjectTakesTheSameConfiguration() {
        func configure(_ objects: [CAMediaTiming]) {
            for o in objects {
                o.speed = 2
                o.timeOffset = 0.25
                o.repeatCount = 3
                o.autoreverses = true
                o.fillMode = .both
            }
        }
        let layer = CALayer(), anim = CABasicAnimation(keyPath: "opacity"), cell = CAEmitterCell()
        configure([layer, anim, cell])
        XCTAssertEqual(layer.speed, 2); XCTAssertEqual(anim.speed, 2); XCTAssertEqual(cell.speed, 2)
        XCTAssertEqual(layer.timeOffset, 0.25); XCTAssertEqual(anim.timeOffset, 0.25)
        XCTAssertEqual(anim.repeatCount, 3); XCTAssertTrue(cell.autoreverses)
        XCTAssertEqual(layer.fillMode, .both)
        // Identity survives the existential: it is the same object.
        let boxed: CAMediaTiming = anim
        XCTAssertTrue(boxed === anim)
    }

    func testALayerPausedThroughTheProtocolStopsItsAnimations() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0; a.duration = 2
        l.add(a, forKey: "fade")
        CATransaction.flush()
        at(0.5)
        let timing: CAMediaTiming = l
        let paused = l.convertTime(CACurrentMediaTime(), from: nil)
        timing.speed = 0
        timing.timeOffset = paused
        at(1.5)
        XCTAssertEqual(Double(l.presentation()!.opacity), 0.25, accuracy: 1e-6, "held at 0.5 s of 2 s")
    }
}
