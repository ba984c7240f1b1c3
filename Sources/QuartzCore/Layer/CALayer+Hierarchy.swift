import Foundation
import CoreGraphics

/// The model tree's bookkeeping behind `removeFromSuperlayer()`, `addSublayer(_:)` and `mask`
/// (app side, under `ModelLock`).
extension CALayer {
    func detachFromParent() {
        if let p = _superlayer {
            p._sublayers?.removeAll { $0 === self }
            if p._sublayers?.isEmpty == true { p._sublayers = nil }
            p.needsLayoutFlag = true
            CATransactionStack.current.markDirty(p)
            _superlayer = nil
        }
        if let o = maskOwner {
            o._mask = nil
            CATransactionStack.current.markDirty(o)
            maskOwner = nil
        }
        CATransactionStack.current.markDirty(self)
    }

    func isAncestorOrSelf(_ other: CALayer) -> Bool {
        // A layer with nothing under it (no sublayers, no mask) is nobody's ancestor: the common
        // case of adding a new layer costs nothing, however deep the tree.
        if other !== self && other._sublayers == nil && other._mask == nil { return false }
        var l: CALayer? = self
        while let c = l {
            if c === other { return true }
            l = c._superlayer ?? c.maskOwner
        }
        return false
    }
}
