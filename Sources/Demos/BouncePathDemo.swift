import Foundation
import QuartzCore

/// Listing 3-3 of article 001: a layer follows a path of two arcs (a bounce) over five seconds, with
/// the path drawn; pressing R switches to rotationMode auto, where the layer turns along the path.
public final class BouncePathDemo: Demo {
    public static let name = "bounce-path"
    public static let title = "Keyframe animation along a path (listing 3-3)"
    public let root = CALayer()
    /// The moving layer.
    public let ball = CALayer()
    /// The drawn path.
    public let track = CAShapeLayer()
    /// Whether the layer turns along the path.
    public private(set) var rotates = false
    public let caption = "Click to run the 5 s bounce along its path; press R to toggle rotationMode auto (the layer turns with the path)."

    /// The path of listing 3-3.
    public static let path: CGPath = {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 74, y: 74))
        p.addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
        p.addCurve(to: CGPoint(x: 566, y: 74), control1: CGPoint(x: 320, y: 500), control2: CGPoint(x: 566, y: 500))
        return p
    }()

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        root.anchorPoint = .zero
        track.frame = root.bounds
        track.path = BouncePathDemo.path
        track.fillColor = nil
        track.strokeColor = DemoKit.color(0.5, 0.55, 0.65)
        track.lineWidth = 2
        track.lineDashPattern = [6, 4]
        root.addSublayer(track)
        ball.bounds = CGRect(x: 0, y: 0, width: 44, height: 30)
        ball.position = CGPoint(x: 74, y: 74)
        ball.backgroundColor = DemoKit.color(0.95, 0.55, 0.2)
        ball.cornerRadius = 8
        let nose = CALayer()
        nose.frame = CGRect(x: 30, y: 10, width: 10, height: 10)
        nose.backgroundColor = DemoKit.color(1, 1, 1)
        nose.cornerRadius = 5
        ball.addSublayer(nose)
        root.addSublayer(ball)
    }

    public func handle(_ event: DemoEvent) {
        switch event {
        case .mouseDown: start()
        case .key("R"): rotates.toggle(); start()
        default: break
        }
    }

    /// Listing 3-3: a keyframe animation of position along the path, 5 seconds.
    @discardableResult
    public func start(beginTime: CFTimeInterval = 0) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = BouncePathDemo.path
        a.duration = 5
        a.beginTime = beginTime
        if rotates { a.rotationMode = .rotateAuto }
        ball.add(a, forKey: "position")
        return a
    }
}
