import Foundation
import QuartzCore

/// Listing 7.1 of article 000: a button gives a standalone layer a random colour, and the change
/// animates by itself (an implicit animation, 0.25 s by default).
public final class ImplicitColorDemo: Demo {
    public static let name = "implicit-color"
    public static let title = "Implicit colour change (listing 7.1)"
    public let root = CALayer()
    /// The standalone layer whose colour changes.
    public let colorLayer = CALayer()
    /// The button.
    public let button: CALayer
    public let caption = "Click \u{201C}Change colour\u{201D}: the standalone layer fades to a random colour by itself, an implicit animation."
    private var rng = SystemRandomNumberGenerator()

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        root.anchorPoint = .zero
        colorLayer.frame = CGRect(x: size.width / 2 - 60, y: size.height / 2 - 100, width: 120, height: 120)
        colorLayer.backgroundColor = DemoKit.color(0.2, 0.5, 0.9)
        root.addSublayer(colorLayer)
        button = DemoKit.button("Change colour", frame: CGRect(x: size.width / 2 - 80, y: size.height / 2 + 60, width: 160, height: 40))
        root.addSublayer(button)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown(let p) = event else { return }
        if let hit = DemoKit.hitTest(root, p), hit === button || hit.superlayer === button {
            changeColour()
        }
    }

    /// Listing 7.1: just set the property; the layer's default action animates it.
    public func changeColour() {
        colorLayer.backgroundColor = DemoKit.randomColor(using: &rng)
    }
}
