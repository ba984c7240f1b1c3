import Foundation
import QuartzCore

/// Listing 3-4 of article 001: border width and border colour animated together by a group over five
/// seconds, both keyframe animations paced.
public final class BorderGroupDemo: Demo {
    public static let name = "border-group"
    public static let title = "An animation group: border width and colour, paced (3-4)"
    public let root = CALayer()
    /// The layer whose border animates.
    public let box = CALayer()
    public let caption = "Click to run the 5 s group: borderWidth and borderColor keyframes, both paced (even speed through their values)."

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        box.frame = CGRect(x: size.width / 2 - 120, y: size.height / 2 - 100, width: 240, height: 200)
        box.backgroundColor = DemoKit.color(0.85, 0.85, 0.8)
        box.borderWidth = 2
        box.borderColor = DemoKit.color(0, 0.8, 0)
        root.addSublayer(box)
    }

    public func handle(_ event: DemoEvent) {
        if case .mouseDown = event { start() }
    }

    /// Listing 3-4.
    @discardableResult
    public func start() -> CAAnimationGroup {
        let width = CAKeyframeAnimation(keyPath: "borderWidth")
        width.values = [1.0, 10.0, 5.0, 30.0, 0.5, 15.0, 2.0, 50.0, 0.0]
        width.calculationMode = .paced
        let color = CAKeyframeAnimation(keyPath: "borderColor")
        color.values = [DemoKit.color(0, 1, 0), DemoKit.color(1, 0, 0), DemoKit.color(0, 0, 1)]
        color.calculationMode = .paced
        let group = CAAnimationGroup()
        group.animations = [color, width]
        group.duration = 5
        box.add(group, forKey: "BorderChanges")
        return group
    }
}
