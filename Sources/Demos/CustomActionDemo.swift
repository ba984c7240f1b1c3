import Foundation
import QuartzCore

/// Listing 3.5 of article 000: a custom action. The layer's `actions` dictionary maps
/// backgroundColor to a CATransition, so every colour change pushes the new colour in from the left.
public final class CustomActionDemo: Demo {
    public static let name = "custom-action"
    public static let title = "A custom action: push transition on colour change (3.5)"
    public let root = CALayer()
    /// The layer with the custom action.
    public let colorLayer = CALayer()
    /// The button.
    public let button: CALayer
    public let caption = "Click \u{201C}Change colour\u{201D}: the layer's actions dictionary turns the colour change into a push transition from the left."
    private var rng = SystemRandomNumberGenerator()

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        colorLayer.frame = CGRect(x: size.width / 2 - 100, y: size.height / 2 - 130, width: 200, height: 150)
        colorLayer.backgroundColor = DemoKit.color(0.2, 0.5, 0.9)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromLeft
        colorLayer.actions = ["backgroundColor": push]
        root.addSublayer(colorLayer)
        button = DemoKit.button("Change colour", frame: CGRect(x: size.width / 2 - 80, y: size.height / 2 + 50, width: 160, height: 40))
        root.addSublayer(button)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown(let p) = event, let hit = DemoKit.hitTest(root, p), hit === button || hit.superlayer === button else { return }
        colorLayer.backgroundColor = DemoKit.randomColor(using: &rng)
    }
}
