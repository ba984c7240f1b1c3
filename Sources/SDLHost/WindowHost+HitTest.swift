import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// The layer of the app's tree (`layer`) shown at `point` (window points, y down), hit-tested on
    /// the presentation tree: what the window shows at the latest committed state, animations
    /// included, hidden and fully transparent layers skipped. Returns the model layer; nil when the
    /// point is outside the app's tree (or on the window's own overlay and banner).
    package func hitTest(_ point: CGPoint) -> CALayer? {
        guard let appRoot = layer, let top = hostRoot.presentation() else { return nil }
        // The host's root sits at the window's origin with an identity transform, so window points
        // are its superlayer's coordinates, where hitTest takes its point.
        guard let hit = top.hitTestVisible(point)?.model() else { return nil }
        var l: CALayer? = hit
        while let x = l {
            if x === appRoot { return hit }
            l = x.superlayer
        }
        return nil
    }

    /// The size of the window's content in points (what `.resize` last reported).
    package var contentSize: CGSize { shared.withLock { $0.pointSize } }
}
