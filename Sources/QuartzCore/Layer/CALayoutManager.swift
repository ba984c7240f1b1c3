import Foundation

/// An object that lays out a layer's sublayers (Apple's `CALayoutManager`), set as a layer's
/// `layoutManager`. Every method is optional, as on Apple.
///
/// Lamina cannot ask whether a delegate implements `layoutSublayers(of:)` (Swift on Linux has no
/// Objective-C `respondsToSelector`), so the layout manager is consulted when the layer has no
/// delegate; a layer with a delegate lays out through the delegate.
public protocol CALayoutManager: NSObjectProtocol {
    /// Lays out the sublayers of `layer`. The default does nothing.
    func layoutSublayers(of layer: CALayer)
    /// The preferred size of `layer` in its superlayer's coordinates. The default is its bounds size.
    func preferredSize(of layer: CALayer) -> CGSize
}

extension CALayoutManager {
    /// Default: does nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// Default: the layer's bounds size.
    public func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
}
