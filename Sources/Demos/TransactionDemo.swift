import Foundation
import QuartzCore

/// Listings 7.2 and 2.3 of article 000: the colour change inside a one-second transaction, and with
/// a completion block that then turns the layer by 90 degrees at the default duration (0.25 s,
/// because the block runs after the one-second transaction has been committed and popped).
public final class TransactionDemo: Demo {
    public static let name = "transaction"
    public static let title = "Transactions: duration and completion block (7.2, 2.3)"
    public let root = CALayer()
    /// The coloured layer.
    public let colorLayer = CALayer()
    /// The two buttons: "1 s transaction" and "… then rotate".
    public let slowButton: CALayer, rotateButton: CALayer
    public let caption = "\u{201C}1 s transaction\u{201D} slows the implicit change; \u{201C}then rotate\u{201D} adds a completion block whose 90\u{B0} turn runs at the default 0.25 s."
    private var rng = SystemRandomNumberGenerator()

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        colorLayer.frame = CGRect(x: size.width / 2 - 60, y: size.height / 2 - 110, width: 120, height: 120)
        colorLayer.backgroundColor = DemoKit.color(0.2, 0.5, 0.9)
        root.addSublayer(colorLayer)
        slowButton = DemoKit.button("1 s transaction", frame: CGRect(x: size.width / 2 - 170, y: size.height / 2 + 50, width: 160, height: 40))
        rotateButton = DemoKit.button("\u{2026} then rotate", frame: CGRect(x: size.width / 2 + 10, y: size.height / 2 + 50, width: 160, height: 40))
        root.addSublayer(slowButton)
        root.addSublayer(rotateButton)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown(let p) = event, let hit = DemoKit.hitTest(root, p) else { return }
        if hit === slowButton || hit.superlayer === slowButton { change(rotateAfter: false) }
        if hit === rotateButton || hit.superlayer === rotateButton { change(rotateAfter: true) }
    }

    /// Listing 7.2 (and 2.3 with `rotateAfter`).
    public func change(rotateAfter: Bool) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        if rotateAfter {
            CATransaction.setCompletionBlock { [colorLayer] in
                colorLayer.setAffineTransform(colorLayer.affineTransform().rotated(by: .pi / 2))
            }
        }
        colorLayer.backgroundColor = DemoKit.randomColor(using: &rng)
        CATransaction.commit()
    }
}
