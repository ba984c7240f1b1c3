import Foundation
import QuartzCore

/// Article 001: stopping an explicit animation early. removeAnimation(forKey:) makes the layer snap
/// to its model value; copying the presentation value into the model first keeps it where it is.
public final class StopEarlyDemo: Demo {
    public static let name = "stop-early"
    public static let title = "Stopping an animation early: snap or keep (article 001)"
    public let root = CALayer()
    /// Stopped by removing the animation only.
    public let snapping = CALayer()
    /// Stopped after copying the presentation value to the model.
    public let keeping = CALayer()
    public let caption = "Click to start both 4 s slides, S stops them: the top one snaps back (removed), the bottom one stays (presentation copied)."

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        for (i, l) in [snapping, keeping].enumerated() {
            l.frame = CGRect(x: 60, y: 120 + CGFloat(i) * 160, width: 70, height: 70)
            l.backgroundColor = i == 0 ? DemoKit.color(0.9, 0.35, 0.35) : DemoKit.color(0.35, 0.8, 0.45)
            l.cornerRadius = 35
            root.addSublayer(l)
        }
    }

    public func handle(_ event: DemoEvent) {
        switch event {
        case .mouseDown: start()
        case .key("S"): stop()
        default: break
        }
    }

    /// Both layers slide right over 4 s (the model stays at the start).
    public func start() {
        for l in [snapping, keeping] {
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 95.0
            a.toValue = Double(root.bounds.width - 95)
            a.duration = 4
            l.add(a, forKey: "slide")
        }
    }

    /// Stops both: one by removal only, the other after copying its presentation position.
    public func stop() {
        snapping.removeAnimation(forKey: "slide")
        if let p = keeping.presentation() {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            keeping.position = p.position
            CATransaction.commit()
        }
        keeping.removeAnimation(forKey: "slide")
    }
}
