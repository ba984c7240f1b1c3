import Foundation

/// The methods a layer's delegate can implement (Apple's `CALayerDelegate`). Every method is
/// optional, as on Apple: the defaults do what a layer without that delegate method does.
public protocol CALayerDelegate: NSObjectProtocol {
    /// Updates the layer's content. The default draws through draw(_:in:) into a backing context.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`. The default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer draws. The default does nothing.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers. The default does nothing.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event` on `layer`: an action, NSNull to stop the search with no action, or nil
    /// to let the layer continue its search. The default returns nil.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    /// Default: draws the layer's content with draw(in:) into a new backing context.
    public func display(_ layer: CALayer) { layer.displayIntoBacking() }
    /// Default: draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Default: does nothing.
    public func layerWillDraw(_ layer: CALayer) {}
    /// Default: does nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// Default: nil (continue the search).
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
