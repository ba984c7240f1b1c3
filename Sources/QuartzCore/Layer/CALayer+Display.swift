import Foundation
import CoreGraphics

extension CALayer {
    /// The standard display: a new backing context of bounds.size × contentsScale pixels, scaled so
    /// that drawing happens in points, handed to draw(in:) (after the delegate's layerWillDraw).
    func displayIntoBacking() {
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let w = bounds.width * scale, h = bounds.height * scale
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w * h <= 64_000_000 else {
            if !(w.isFinite && h.isFinite) || w * h > 64_000_000 {
                LaminaDiagnostics.report("display() of \(describeLayer(self)): a backing store of \(w)x\(h) pixels is not possible; nothing drawn")
            }
            backing = nil
            return
        }
        delegate?.layerWillDraw(self)
        let ctx = CGContext(width: Int(w.rounded(.up)), height: Int(h.rounded(.up)), scale: scale)
        draw(in: ctx)
        ModelLock.shared.lock()
        backing = ctx
        if !isPresentationCopy { CATransactionStack.current.markDirty(self) }
        ModelLock.shared.unlock()
    }
}
