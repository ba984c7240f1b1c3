import XCTest
import QuartzCore

/// Animation code written the way loading-indicator libraries for iOS write it (only
/// `import QuartzCore`, no `@testable`): shape layers built from paths, grouped keyframe animations
/// whose begin times are staggered into the past, repeatCount = HUGE. The expected values are
/// worked out by hand below from the keyframes and Apple's timing rules.
final class ClientStyleIndicatorTests: XCTestCase {
    override func setUp() {
        super.setUp()
        CAMediaClock.manualTime = 1000
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.manualTime = nil
        super.tearDown()
    }

    /// Three pulsing dots, as a "ball pulse" indicator builds them.
    func makeBallPulse(in layer: CALayer, size: CGSize) {
        let circleSpacing: CGFloat = 2
        let circleSize = (size.width - 2 * circleSpacing) / 3
        let x = (layer.bounds.size.width - size.width) / 2
        let y = (layer.bounds.size.height - circleSize) / 2
        let duration: CFTimeInterval = 0.75
        let beginTime = CACurrentMediaTime()
        let beginTimes: [CFTimeInterval] = [-0.36, -0.24, -0.12]

        let scaleAnimation = CAKeyframeAnimation(keyPath: "transform.scale")
        scaleAnimation.keyTimes = [0, 0.3, 1]
        scaleAnimation.values = [1, 0.3, 1]

        let opacityAnimation = CAKeyframeAnimation(keyPath: "opacity")
        opacityAnimation.keyTimes = [0, 0.3, 1]
        opacityAnimation.values = [1, 0.7, 1]

        let strokeAnimation = CAKeyframeAnimation(keyPath: "strokeEnd")
        strokeAnimation.keyTimes = [0, 1]
        strokeAnimation.values = [0, 1]

        let animation = CAAnimationGroup()
        animation.animations = [scaleAnimation, opacityAnimation, strokeAnimation]
        animation.duration = duration
        animation.repeatCount = HUGE
        animation.isRemovedOnCompletion = false

        for i in 0..<3 {
            let circle = CAShapeLayer()
            let path = CGMutablePath()
            path.addArc(center: CGPoint(x: circleSize / 2, y: circleSize / 2), radius: circleSize / 2,
                        startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            circle.path = path
            circle.fillColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            circle.strokeColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            circle.frame = CGRect(x: x + circleSize * CGFloat(i) + circleSpacing * CGFloat(i), y: y,
                                  width: circleSize, height: circleSize)
            animation.beginTime = beginTime + beginTimes[i]
            circle.add(animation, forKey: "animation")
            layer.addSublayer(circle)
        }
    }

    func testStaggeredPulsingDotsStillRunAHundredSecondsLater() {
        let host = CALayer()
        host.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        makeBallPulse(in: host, size: CGSize(width: 64, height: 64))
        CATransaction.flush()
        let dots = host.sublayers as! [CAShapeLayer]
        XCTAssertEqual(dots.map { $0.frame.origin.x }, [18, 40, 62], "(100 - 64) / 2 + (64 - 4) / 3 * i + 2 * i")

        CAMediaClock.manualTime = 1100
        // Dot i has run 100 - beginTimes[i] seconds: 100.36, 100.24, 100.12. Each 0.75 s iteration
        // repeats, so the time into the current one is that minus 133 * 0.75 = 99.75: 0.61, 0.49,
        // 0.37, i.e. fractions f = 0.61/0.75, 0.49/0.75, 0.37/0.75 = 0.81333, 0.65333, 0.49333.
        // All lie between keyTimes 0.3 and 1, where u = (f - 0.3) / 0.7 and
        // scale = 0.3 + 0.7u = f, opacity = 0.7 + 0.3u, strokeEnd = f.
        let fractions = [0.61 / 0.75, 0.49 / 0.75, 0.37 / 0.75]
        for (dot, f) in zip(dots, fractions) {
            let p = dot.presentation()!
            let u = (f - 0.3) / 0.7
            XCTAssertEqual(Double(p.transform.m11), f, accuracy: 1e-6, "scale x")
            XCTAssertEqual(Double(p.transform.m22), f, accuracy: 1e-6, "scale y")
            XCTAssertEqual(Double(p.opacity), 0.7 + 0.3 * u, accuracy: 1e-6)
            XCTAssertEqual(Double(p.strokeEnd), f, accuracy: 1e-6)
        }
        XCTAssertEqual(dots[0].animation(forKey: "animation")?.repeatCount, HUGE)
    }

    func testADotAlongAClosedPathWithGroupedKeyframes() {
        // An "orbit" indicator: a dot follows a closed square path (move, 3 lines, close) and
        // fades, grouped, begun half a second in the past, repeating for ever.
        let dot = CAShapeLayer()
        dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        dot.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        let square = CGMutablePath()
        square.move(to: CGPoint(x: 10, y: 10))
        square.addLine(to: CGPoint(x: 50, y: 10))
        square.addLine(to: CGPoint(x: 50, y: 50))
        square.addLine(to: CGPoint(x: 10, y: 50))
        square.closeSubpath()
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = square
        move.keyTimes = [0, 0.25, 0.5, 1]   // four keyframes: the start and three line ends
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1, 0]
        let group = CAAnimationGroup()
        group.animations = [move, fade]
        group.duration = 4
        group.repeatCount = HUGE
        group.beginTime = CACurrentMediaTime() - 0.5
        dot.add(group, forKey: "orbit")
        CATransaction.flush()
        // 10.5 s in: 2.5 s into the third iteration, fraction 0.625, in the last interval
        // (0.5–1), which runs (50,50)→(10,50)→(10,10), 80 long: 0.25 of it is 20 → (30, 50).
        CAMediaClock.manualTime = 1010
        let p = dot.presentation()!
        XCTAssertEqual(Double(p.position.x), 30, accuracy: 1e-6)
        XCTAssertEqual(Double(p.position.y), 50, accuracy: 1e-6)
        XCTAssertEqual(Double(p.opacity), 0.375, accuracy: 1e-6)
    }
}
