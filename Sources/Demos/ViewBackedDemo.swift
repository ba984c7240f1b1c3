import Foundation
import QuartzCore
import LaminaViews

/// Sections 3.1 to 3.2 of article 000: a view-backed layer. Its view (the layer's delegate) answers
/// NSNull outside an animation block, so the colour change snaps; inside a block it animates.
public final class ViewBackedDemo: Demo {
    public static let name = "view-backed"
    public static let title = "A view's layer: snaps outside a block, animates inside (3.1\u{2013}3.2)"
    public let root = CALayer()
    /// The view whose layer changes colour.
    public let view: LaminaView
    /// The two buttons.
    public let snapButton: CALayer, blockButton: CALayer
    public let caption = "\u{201C}No block\u{201D} snaps (the view returns NSNull for the action); \u{201C}In a block\u{201D} animates over 1 s."
    private var rng = SystemRandomNumberGenerator()

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        view = LaminaView(frame: CGRect(x: size.width / 2 - 70, y: size.height / 2 - 120, width: 140, height: 140))
        view.backgroundColor = DemoKit.color(0.2, 0.5, 0.9)
        root.addSublayer(view.layer)
        snapButton = DemoKit.button("No block", frame: CGRect(x: size.width / 2 - 170, y: size.height / 2 + 50, width: 160, height: 40))
        blockButton = DemoKit.button("In a block", frame: CGRect(x: size.width / 2 + 10, y: size.height / 2 + 50, width: 160, height: 40))
        root.addSublayer(snapButton)
        root.addSublayer(blockButton)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown(let p) = event, let hit = DemoKit.hitTest(root, p) else { return }
        if hit === snapButton || hit.superlayer === snapButton { view.backgroundColor = DemoKit.randomColor(using: &rng) }
        if hit === blockButton || hit.superlayer === blockButton {
            let c = DemoKit.randomColor(using: &rng)
            LaminaView.animate(withDuration: 1, animations: { self.view.backgroundColor = c })
        }
    }
}
