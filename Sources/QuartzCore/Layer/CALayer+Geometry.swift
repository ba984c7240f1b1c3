import Foundation
import CoreGraphics

extension LayerState {
    /// The 4x4 transform from this layer's coordinates to its superlayer's, given the superlayer's
    /// state: move the anchor point to the origin, apply `transform`, move to (position, zPosition),
    /// then the superlayer's geometry flip and its sublayerTransform about its own anchor point.
    func transformToParent(_ parent: LayerState?) -> CATransform3D {
        transformToParent(placedIn: parent.map(SublayerPlacement.init))
    }

    /// The same map, given only what the superlayer's state contributes (`SublayerPlacement`):
    /// render trees work it out once per superlayer instead of carrying its whole state.
    func transformToParent(placedIn parent: SublayerPlacement?) -> CATransform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.size.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.size.height
        var m = CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ)
        if !CATransform3DIsIdentity(transform) { m = CATransform3DConcat(m, transform) }
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if let p = parent {
            if let flipY = p.flipY {
                // y' = 2·origin.y + height − y within the superlayer's bounds.
                let flip = CATransform3DConcat(CATransform3DMakeScale(1, -1, 1), CATransform3DMakeTranslation(0, flipY, 0))
                m = CATransform3DConcat(m, flip)
            }
            if let st = p.sublayerTransform { m = CATransform3DConcat(m, st) }
        }
        return m
    }

    /// The sublayerTransform applied about this layer's anchor point (in its bounds), or nil when
    /// it is the identity.
    var sublayerTransformAboutAnchor: CATransform3D? {
        if CATransform3DIsIdentity(sublayerTransform) { return nil }
        let px = bounds.origin.x + anchorPoint.x * bounds.size.width
        let py = bounds.origin.y + anchorPoint.y * bounds.size.height
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-px, -py, 0), sublayerTransform),
                                   CATransform3DMakeTranslation(px, py, 0))
    }
}

extension CALayer {
    /// The frame: the bounding box of the bounds mapped into the superlayer (without the superlayer's
    /// sublayerTransform, as Apple's frame).
    func frameRect(of s: LayerState) -> CGRect {
        let m = s.transformToParent(nil)
        let h = Homography(m)
        let r = s.bounds
        let corners = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].compactMap { h.apply($0) }
        guard corners.count == 4 else { return .null }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Sets position and bounds size so that the untransformed frame is `f` (with an identity
    /// transform; otherwise as Apple, the result is undefined and Lamina sets the size and centre).
    func setFrameRect(_ f: CGRect) {
        guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite else {
            LaminaDiagnostics.report("CALayer.frame of \(describeLayer(self)): \(f) is not finite; ignored")
            return
        }
        let r = f.standardized
        var b = bounds
        b.size = r.size
        bounds = b
        position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
    }

    /// The top of the tree this layer belongs to.
    var rootLayer: CALayer {
        var l = self
        while let p = l.superlayer ?? (l.isPresentationCopy ? nil : l.maskOwner) { l = p }
        return l
    }

    /// The homography from this layer's plane to the root space (the space the root layer is placed
    /// in). 3D transforms compose in 3D through CATransformLayer ancestors and flatten at other layers.
    func homographyToRoot() -> Homography {
        var h = Homography.identity
        var m3 = CATransform3DIdentity
        var l: CALayer = self
        while true {
            let parent = l.superlayer ?? (l.isPresentationCopy ? nil : l.maskOwner)
            m3 = CATransform3DConcat(m3, l.state.transformToParent(parent?.state))
            if let p = parent, p is CATransformLayer {
                l = p
                continue
            }
            h = h.then(Homography(m3))
            m3 = CATransform3DIdentity
            guard let p = parent else { break }
            l = p
        }
        return h
    }

    /// Converts a point in `l`'s coordinates (nil: root space) to this layer's.
    func convertPoint(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        if l === self { return p }
        let rootPoint: CGPoint? = l == nil ? p : l!.homographyToRoot().apply(p)
        guard let q = rootPoint, let inv = homographyToRoot().inverted(), let r = inv.apply(q) else {
            LaminaDiagnostics.report("convert(_:from:) on \(describeLayer(self)): the point cannot be mapped (a singular or zero-size transform, or a point behind the viewer); the result is NaN")
            return CGPoint(x: CGFloat.nan, y: CGFloat.nan)
        }
        return r
    }

    /// Maps a rectangle's four corners with `f` and returns their bounding box.
    func convertRect(_ r: CGRect, _ f: (CGPoint) -> CGPoint) -> CGRect {
        let pts = [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                   CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)].map(f)
        guard pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// This layer's local time for media time `t`, from the (model or presentation) timing of its
    /// ancestors (walked up, then applied from the top down: no recursion).
    func localTime(fromGlobal t: CFTimeInterval) -> CFTimeInterval {
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let c = l {
            chain.append(c)
            l = c.superlayer ?? (c.isPresentationCopy ? nil : c.maskOwner)
        }
        var time = t
        for c in chain.reversed() { time = c.state.localTime(fromParent: time) }
        return time
    }

    /// Media time for this layer's local time `t`.
    func globalTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var l: CALayer? = self
        while let c = l { time = c.state.parentTime(fromLocal: time); l = c.superlayer ?? (c.isPresentationCopy ? nil : c.maskOwner) }
        return time
    }

    /// Apple's hit test: `p` is in the superlayer's coordinates. Front-most sublayers first (higher
    /// zPosition, then later siblings), depth first, with an explicit stack (no recursion).
    func hitTestImpl(_ p: CGPoint, skippingTransparent: Bool = false) -> CALayer? {
        /// A layer being searched: its point in its own coordinates, and its sublayers front to back.
        struct Frame { let layer: CALayer; let local: CGPoint; let order: [CALayer]; var next: Int }
        func enter(_ l: CALayer, _ point: CGPoint) -> Frame? {
            if l.isHidden { return nil }
            if skippingTransparent && l.opacity <= 0 { return nil }
            guard let inv = Homography(l.state.transformToParent(l.superlayer?.state)).inverted(), let local = inv.apply(point) else { return nil }
            if l.masksToBounds && !l.contains(local) { return nil }
            let subs = l.sublayers ?? []
            let order = subs.indices.sorted { (subs[$0].zPosition, $0) > (subs[$1].zPosition, $1) }.map { subs[$0] }
            return Frame(layer: l, local: local, order: order, next: 0)
        }
        guard let root = enter(self, p) else { return nil }
        var frames = [root]
        while let f = frames.indices.last {
            if frames[f].next < frames[f].order.count {
                let child = frames[f].order[frames[f].next]
                frames[f].next += 1
                if let cf = enter(child, frames[f].local) { frames.append(cf) }
                continue
            }
            // No sublayer was hit: the layer itself, if the point is inside it.
            let done = frames.removeLast()
            if !(done.layer is CATransformLayer) && done.layer.contains(done.local) { return done.layer }
        }
        return nil
    }
}
