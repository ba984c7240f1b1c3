import Foundation
import QuartzCore

/// A small view, built exactly the way article 000 section 3 explains UIKit's: the view is its
/// layer's delegate, and its `action(for:forKey:)` returns NSNull (no animation: the change snaps)
/// outside an animation block, and an animation from the on-screen value inside one. Not UIKit: no
/// responder chain or layout, just views over layers with block animations.
open class LaminaView: NSObject, CALayerDelegate {
    /// The backing layer (its delegate is this view).
    public let layer: CALayer
    /// The views inside this one, back to front.
    public private(set) var subviews: [LaminaView] = []
    /// The view this one is inside.
    public private(set) weak var superview: LaminaView?

    /// A view with a frame, backed by `layer` (a new CALayer by default; pass a CAShapeLayer, a
    /// CATextLayer ... for other kinds).
    public init(frame: CGRect = .zero, layer: CALayer = CALayer()) {
        self.layer = layer
        super.init()
        layer.delegate = self
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.frame = frame
        CATransaction.commit()
    }

    // MARK: Geometry and appearance (forwarded to the layer)

    /// The frame in the superview.
    public var frame: CGRect { get { layer.frame } set { layer.frame = newValue } }
    /// The bounds.
    public var bounds: CGRect { get { layer.bounds } set { layer.bounds = newValue } }
    /// The centre in the superview (the layer's position).
    public var center: CGPoint { get { layer.position } set { layer.position = newValue } }
    /// The background colour.
    public var backgroundColor: CGColor? { get { layer.backgroundColor } set { layer.backgroundColor = newValue } }
    /// The opacity.
    public var alpha: CGFloat { get { CGFloat(layer.opacity) } set { layer.opacity = Float(newValue) } }
    /// The 2D transform.
    public var transform: CGAffineTransform { get { layer.affineTransform() } set { layer.setAffineTransform(newValue) } }
    /// Whether the view is hidden.
    public var isHidden: Bool { get { layer.isHidden } set { layer.isHidden = newValue } }

    /// Adds a subview on top.
    public func addSubview(_ v: LaminaView) {
        v.removeFromSuperview()
        subviews.append(v)
        v.superview = self
        layer.addSublayer(v.layer)
    }

    /// Removes this view from its superview.
    public func removeFromSuperview() {
        guard let s = superview else { return }
        s.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    // MARK: The action lookup (article 000, 3.2 and 5.1)

    /// NSNull outside animation blocks (the change snaps); inside a block, an animation from the
    /// value on screen to the new one with the block's timing; inside a pop block, NSNull after
    /// saving the old value (the pop animations are made when the block ends).
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard let context = ViewAnimationContext.current else { return NSNull() }
        switch context.kind {
        case .pop:
            context.saved.append(ViewAnimationContext.Saved(layer: layer, keyPath: event, oldValue: layer.value(forKeyPath: event)))
            return NSNull()
        case .block:
            guard let from = (layer.presentation() ?? layer).value(forKeyPath: event) else { return NSNull() }
            let a = CABasicAnimation(keyPath: event)
            a.fromValue = from
            a.duration = context.duration
            a.timingFunction = context.timing
            if context.delay > 0 {
                a.beginTime = CACurrentMediaTime() + context.delay
                a.fillMode = .backwards
            }
            return a
        }
    }
}
