import Foundation

/// Methods an animation's delegate can implement (Apple's `CAAnimationDelegate`); both optional.
/// The animation passed is the copy stored on the layer, as on Apple.
public protocol CAAnimationDelegate: NSObjectProtocol {
    /// Called when the animation's active time begins.
    func animationDidStart(_ anim: CAAnimation)
    /// Called when the animation ends (`flag` true) or is removed or replaced first (`flag` false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Default: does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Default: does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
