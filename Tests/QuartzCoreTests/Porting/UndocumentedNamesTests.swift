import XCTest
import Dispatch
import QuartzCore

/// Names client code uses with Core Animation beyond Apple's documented lists, written as client
/// code writes them (only `import QuartzCore`): the compound transform sub-key "scale.xy", UIKit's
/// NSValue boxes, CoreGraphics' deprecated geometry methods and Darwin's time constants.
/// Expected values are worked out by hand.
final class UndocumentedNamesTests: LaminaTestCase {
    func testTransformScaleXYAnimatesXAndYTogether() {
        let l = makeLayer()
        let pulse = CABasicAnimation(keyPath: "transform.scale.xy")
        pulse.fromValue = NSNumber(value: 1)
        pulse.toValue = NSNumber(value: 3)
        pulse.duration = 2
        l.add(pulse, forKey: "pulse")
        CATransaction.flush()
        at(1)
        XCTAssertEqual(diagnostics, [], "the key path is known")
        let t = l.presentation()!.transform
        // Linear from 1 to 3: 2 at half time, in x and y; z untouched.
        XCTAssertEqual(Double(t.m11), 2, accuracy: 1e-9)
        XCTAssertEqual(Double(t.m22), 2, accuracy: 1e-9)
        XCTAssertEqual(Double(t.m33), 1, accuracy: 1e-9)
        XCTAssertEqual(Double(l.presentation()!.value(forKeyPath: "transform.scale.xy") as? CGFloat ?? -1), 2, accuracy: 1e-9)
    }

    func testScaleXYKeyframesOnAReplicatorsInstanceTransform() {
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        let a = CAKeyframeAnimation(keyPath: "instanceTransform.scale.xy")
        a.values = [1.0, 0.5, 1.0]
        a.duration = 2
        r.add(a, forKey: "beat")
        CATransaction.flush()
        at(1)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(Double(r.presentation()!.instanceTransform.m11), 0.5, accuracy: 1e-9)
        XCTAssertEqual(Double(r.presentation()!.instanceTransform.m22), 0.5, accuracy: 1e-9)
    }

    func testSettingScaleXYKeepsTheRotation() {
        let l = makeLayer()
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        l.setValue(2, forKeyPath: "transform.scale.xy")
        // Rz(90°) scaled by 2 in x and y: m11 = 0, m12 = 2, m21 = −2, m22 = 0.
        XCTAssertEqual(Double(l.transform.m12), 2, accuracy: 1e-9)
        XCTAssertEqual(Double(l.transform.m21), -2, accuracy: 1e-9)
        XCTAssertEqual(Double(l.transform.m33), 1, accuracy: 1e-9)
        l.transform = CATransform3DMakeScale(2, 4, 1)
        XCTAssertEqual(l.value(forKeyPath: "transform.scale.xy") as? CGFloat, 3, "the mean of x and y")
    }

    func testUIKitNSValueBoxesAsKeyframeValues() {
        let l = makeLayer()
        let a = CAKeyframeAnimation(keyPath: "position")
        a.values = [NSValue(cgPoint: CGPoint(x: 0, y: 0)), NSValue(cgPoint: CGPoint(x: 100, y: 40))]
        a.duration = 2
        l.add(a, forKey: "move")
        let b = CABasicAnimation(keyPath: "bounds")
        b.toValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 300, height: 100))
        b.duration = 2
        l.add(b, forKey: "grow")
        CATransaction.flush()
        at(1)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(l.presentation()!.position, CGPoint(x: 50, y: 20))
        XCTAssertEqual(l.presentation()!.bounds.size, CGSize(width: 200, height: 100))
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 3, y: 4)).cgPointValue, CGPoint(x: 3, y: 4))
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue, CGSize(width: 3, height: 4))
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(NSValue(cgAffineTransform: t).cgAffineTransformValue, t)
        XCTAssertEqual(NSValue(cgPoint: .zero).cgAffineTransformValue, .identity, "not a transform")
    }

    @available(*, deprecated, message: "calls Apple's deprecated geometry methods on purpose")
    func testDeprecatedGeometryMethodsStillCompileAndAgreeWithTheOperators() {
        let r = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertTrue(r.equalTo(CGRect(x: 10, y: 20, width: 30, height: 40)))
        XCTAssertTrue(r.equalTo(CGRect(x: 40, y: 60, width: -30, height: -40)), "compared standardized, as CGRectEqualToRect")
        XCTAssertFalse(r.equalTo(.zero))
        XCTAssertTrue(CGRect.null.equalTo(.null))
        XCTAssertTrue(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        XCTAssertFalse(CGSize(width: 1, height: 2).equalTo(.zero))
        let (slice, rest) = r.divide(10, fromEdge: .minYEdge)
        XCTAssertEqual(slice, CGRect(x: 10, y: 20, width: 30, height: 10))
        XCTAssertEqual(rest, CGRect(x: 10, y: 30, width: 30, height: 30))
    }

    func testDarwinTimeConstantsAreUInt64AsOnApple() {
        let second: UInt64 = NSEC_PER_SEC
        XCTAssertEqual(second, 1_000_000_000)
        XCTAssertEqual(NSEC_PER_MSEC * 1000, NSEC_PER_SEC)
        XCTAssertEqual(NSEC_PER_USEC * USEC_PER_SEC, NSEC_PER_SEC)
        // The idiom of delayed animation starts: half a second in nanoseconds.
        let delay = DispatchTime.now() + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
        XCTAssertGreaterThan(delay.uptimeNanoseconds, DispatchTime.now().uptimeNanoseconds)
        XCTAssertEqual(DispatchTimeInterval.nanoseconds(Int(NSEC_PER_MSEC)), .milliseconds(1))
    }
}

/// Counts elements through the info pointer (a C function captures nothing).
private func countElement(_ info: UnsafeMutableRawPointer?, _ element: UnsafePointer<CGPathElement>) {
    info!.assumingMemoryBound(to: Int.self).pointee += element.pointee.type == .closeSubpath ? 100 : 1
}

/// More of Apple's API that client code calls: C-style path iteration, `isRect`, and iOS 10's
/// `preferredFramesPerSecond`.
final class ClientAPITests: XCTestCase {
    func testPathApplyAndIsRect() {
        let rect = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        var count = 0
        rect.apply(info: &count, function: countElement)
        XCTAssertEqual(count, 104, "a move, three lines and a close")
        var r = CGRect.zero
        XCTAssertTrue(rect.isRect(&r))
        XCTAssertEqual(r, CGRect(x: 1, y: 2, width: 3, height: 4))
        let tri = CGMutablePath()
        tri.addLines(between: [.zero, CGPoint(x: 4, y: 0), CGPoint(x: 0, y: 3)])
        tri.closeSubpath()
        XCTAssertFalse(tri.isRect(nil))
        XCTAssertFalse(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil).isRect(nil))
        let slanted = CGMutablePath()
        slanted.addLines(between: [.zero, CGPoint(x: 4, y: 1), CGPoint(x: 3, y: 5), CGPoint(x: -1, y: 4)])
        slanted.closeSubpath()
        XCTAssertFalse(slanted.isRect(nil), "a rotated square is not an axis-aligned rectangle")
    }

    func testPreferredFramesPerSecondIsThePreferredRate() {
        let link = CADisplayLink { _ in }
        XCTAssertEqual(link.preferredFramesPerSecond, 0)
        link.preferredFramesPerSecond = 30
        XCTAssertEqual(link.preferredFrameRateRange.preferred, 30)
        XCTAssertEqual(link.preferredFramesPerSecond, 30)
        link.preferredFramesPerSecond = 0
        XCTAssertEqual(link.preferredFrameRateRange, .default)
    }
}
