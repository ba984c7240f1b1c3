import Foundation
import QuartzCore
import LaminaViews

/// Listing 3-5 of article 001: inside one view animation block, an implicit opacity change runs
/// with the block's timing while an explicit position animation runs with its own (longer) one.
public final class ViewBlockMixDemo: Demo {
    public static let name = "view-block-mix"
    public static let title = "Implicit and explicit animations in one view block (3-5)"
    public let root = CALayer()
    /// The view animated.
    public let view: LaminaView
    public let caption = "Click: in one block the opacity fades implicitly over 1 s while an explicit position animation takes 3 s. Click again to reset."
    private var done = false

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        view = LaminaView(frame: CGRect(x: 80, y: size.height / 2 - 60, width: 120, height: 120))
        view.backgroundColor = DemoKit.color(0.9, 0.45, 0.3)
        root.addSublayer(view.layer)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown = event else { return }
        if done {
            view.alpha = 1
            view.center = CGPoint(x: 140, y: root.bounds.height / 2)
            done = false
            return
        }
        run()
        done = true
    }

    /// Listing 3-5.
    public func run() {
        let myNewPosition = CGPoint(x: root.bounds.width - 140, y: root.bounds.height / 2)
        LaminaView.animate(withDuration: 1, animations: {
            // Change the opacity implicitly.
            self.view.alpha = 0.2
            // Change the position explicitly.
            let theAnim = CABasicAnimation(keyPath: "position")
            theAnim.fromValue = NSValue(point: self.view.layer.position)
            theAnim.toValue = NSValue(point: myNewPosition)
            theAnim.duration = 3.0
            self.view.layer.add(theAnim, forKey: "AnimateFrame")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            self.view.layer.position = myNewPosition
            CATransaction.commit()
        })
    }
}
