import Foundation
import QuartzCore

/// Listing 3-2 of article 001: an explicit fade from 1 to 0 over one second. The left layer also
/// sets its model opacity to 0, so it stays faded; the right one does not, and snaps back when the
/// animation is removed.
public final class ExplicitFadeDemo: Demo {
    public static let name = "explicit-fade"
    public static let title = "Explicit fade, with and without updating the model (3-2)"
    public let root = CALayer()
    /// The layer whose model is updated.
    public let kept = CALayer()
    /// The layer whose model is not.
    public let snapped = CALayer()
    public let caption = "Click to fade both: the left one also sets its model opacity (stays faded), the right one doesn't (snaps back). Click again to reset."
    private var faded = false

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        for (i, l) in [kept, snapped].enumerated() {
            l.frame = CGRect(x: size.width / 2 - 220 + CGFloat(i) * 260, y: size.height / 2 - 80, width: 180, height: 160)
            l.backgroundColor = i == 0 ? DemoKit.color(0.3, 0.7, 0.4) : DemoKit.color(0.9, 0.5, 0.2)
            l.cornerRadius = 12
            root.addSublayer(l)
            root.addSublayer(DemoKit.label(i == 0 ? "model updated" : "model untouched", origin: CGPoint(x: l.frame.minX, y: l.frame.maxY + 10), width: 180, alignment: .center))
        }
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown = event else { return }
        if faded {
            CATransaction.begin(); CATransaction.setDisableActions(true); kept.opacity = 1; CATransaction.commit()
            faded = false
            return
        }
        fade()
        faded = true
    }

    /// Listing 3-2 on both layers, the model updated on the left one only.
    public func fade() {
        for l in [kept, snapped] {
            let fadeAnim = CABasicAnimation(keyPath: "opacity")
            fadeAnim.fromValue = 1.0
            fadeAnim.toValue = 0.0
            fadeAnim.duration = 1.0
            l.add(fadeAnim, forKey: "opacity")
        }
        // Change the actual data value in the layer to the final value (left layer only).
        CATransaction.begin(); CATransaction.setDisableActions(true); kept.opacity = 0; CATransaction.commit()
    }
}
