import Foundation
import QuartzCore

/// Listing 4.2 of article 000: hit testing on the presentation tree. A click anywhere moves the
/// layer there (slowly); a click on the moving layer, where it is on screen, changes its colour.
/// T switches to hit testing on the model tree, which finds the layer where it is going, not where
/// it is, and so misses it while it moves.
public final class HitTestDemo: Demo {
    public static let name = "hit-test"
    public static let title = "Presentation hit testing (4.2)"
    public let root = CALayer()
    /// The layer that moves.
    public let mover = CALayer()
    /// Whether clicks are tested on the model tree instead.
    public private(set) var usesModel = false
    private let modeLabel: CATextLayer
    public var caption: String { "Click anywhere to move the square, click the moving square to recolour it; T switches to model hit testing (\(usesModel ? "on" : "off"))." }
    private var rng = SystemRandomNumberGenerator()

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        mover.frame = CGRect(x: size.width / 2 - 40, y: size.height / 2 - 40, width: 80, height: 80)
        mover.backgroundColor = DemoKit.color(0.9, 0.3, 0.3)
        mover.cornerRadius = 8
        root.addSublayer(mover)
        modeLabel = DemoKit.label("Hit testing: presentation tree", origin: CGPoint(x: 16, y: 12), width: 400, fontSize: 15)
        root.addSublayer(modeLabel)
    }

    public func handle(_ event: DemoEvent) {
        switch event {
        case .key("T"):
            usesModel.toggle()
            modeLabel.string = usesModel ? "Hit testing: model tree (misses the moving square)" : "Hit testing: presentation tree"
        case .mouseDown(let p):
            let hit = usesModel ? DemoKit.modelHitTest(root, p) : DemoKit.hitTest(root, p)
            if hit === mover {
                mover.backgroundColor = DemoKit.randomColor(using: &rng)
            } else {
                CATransaction.begin()
                CATransaction.setAnimationDuration(4)
                mover.position = p
                CATransaction.commit()
            }
        default: break
        }
    }
}
