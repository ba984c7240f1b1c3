import Foundation
import QuartzCore
import LaminaViews

/// Article 000 section 5.2: the custom "pop" block animation API on the position, size, colour and
/// rotation of four views.
public final class PopDemo: Demo {
    public static let name = "pop"
    public static let title = "A custom block animation API: pop (article 000, 5.2)"
    public let root = CALayer()
    /// The four views: position, size, colour, rotation.
    public private(set) var views: [LaminaView] = []
    public let caption = "Click: each view pops (fast to the new value, slowly back) on position, size, colour and rotation."

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        for i in 0..<4 {
            let v = LaminaView(frame: CGRect(x: 80 + CGFloat(i) * (size.width - 160) / 4, y: size.height / 2 - 50, width: 100, height: 100))
            v.backgroundColor = DemoKit.color(0.25 + 0.15 * CGFloat(i), 0.55, 0.9 - 0.15 * CGFloat(i))
            v.layer.cornerRadius = 10
            root.addSublayer(v.layer)
            views.append(v)
        }
        for (i, t) in ["position", "size", "colour", "rotation"].enumerated() {
            root.addSublayer(DemoKit.label(t, origin: CGPoint(x: views[i].frame.minX, y: views[i].frame.maxY + 30), width: 100, alignment: .center))
        }
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown = event else { return }
        pop()
    }

    /// The four pops in one block.
    public func pop() {
        LaminaView.popAnimation(withDuration: 0.7) {
            self.views[0].center.y -= 80
            self.views[1].bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
            self.views[2].backgroundColor = DemoKit.color(1, 0.85, 0.2)
            self.views[3].layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        }
    }
}
