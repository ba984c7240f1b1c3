import Foundation
import CoreGraphics

/// The box of device pixels drawing a whole tree may change, found cheaply enough to work out
/// every frame: a frame renderer clears only what the last frame drew (`FrameRenderer.drawnBounds`).
extension TreeRasterizer {

    /// A box holding every device pixel that drawing the tree (root at node 0) through `toDevice`
    /// may change; `.empty` when it draws nothing, nil when that is not known (a root that is a 3D
    /// context, a device map or a box that is not finite).
    ///
    /// It holds what each node draws itself (`layerBox`: its contents' boxes, a fill's contour
    /// points, an image's or a gradient's rectangle, a glyph mask's, and its bounds where it draws
    /// them) and its sublayers' (its mask left out: a mask only takes pixels away), each box
    /// projected, grown by a pixel for anti-aliasing and cut to the bounds of the flat
    /// ancestors that mask to them.
    /// One box of a node's own drawing is projected, not each contour: the projection of the box
    /// holds the contours' (a box is convex, and so is what a projective map with positive w makes
    /// of it; clipping at w = 0 keeps that).
    /// A tree with a visible shadow is bounded by `subtreeBounds` (a shadow grows its whole
    /// subtree's box).
    func drawnBounds(toDevice: Matrix4x4) -> IntRect? {
        let nodes = tree.nodes
        guard !nodes.isEmpty else { return .empty }
        guard !nodes[0].preserves3D else { return nil }
        var hasShadow = false
        for k in nodes.indices where nodes[k].shadow.map({ $0.color >> 24 != 0 }) ?? false { hasShadow = true; break }
        if hasShadow {
            let m = nodes[0].toParent.then(toDevice)
            guard m.isFinite else { return nil }
            return subtreeBounds(0, M: m, P: toDevice) ?? .empty
        }
        var box = IntRect.empty
        // Node, the map of its superlayer's space into device pixels (flattened under a flat
        // layer, as the rasteriser draws; a 3D context's sublayers share its space), and the device
        // box its flat ancestors that mask to their bounds clip it to.
        let anywhere = IntRect(x: -(1 << 30), y: -(1 << 30), width: 1 << 31, height: 1 << 31)
        var stack: [(Int, Matrix4x4, IntRect)] = [(0, toDevice, anywhere)]
        while let (i, P, outer) = stack.popLast() {
            let M = nodes[i].toParent.then(P)
            guard M.isFinite else { return nil }
            var clip = outer
            if nodes[i].masksToBounds && !nodes[i].preserves3D {
                guard let b = TreeRasterizer.deviceBox(nodes[i].bounds, M) else { return nil }
                clip = clip.intersection(b)
            }
            guard let own = TreeRasterizer.layerBox(nodes[i]) else { return nil }
            guard let drawn = TreeRasterizer.deviceBox(own, M) else { return nil }
            box = box.union(drawn.intersection(clip))
            guard !clip.isEmpty else { continue }
            let childP = nodes[i].preserves3D ? M : M.flatteningInput
            let end = nodes[i].subtreeEnd, mask = nodes[i].mask
            var j = i + 1
            while j < end {
                if j != mask { stack.append((j, childP, clip)) }
                j = max(nodes[j].subtreeEnd, j + 1)
            }
        }
        return box
    }

    /// The device pixels a layer-space box `r` may touch through `M`, grown by a pixel for
    /// anti-aliasing (`.empty` for `.null` or nothing in front of the eye); nil when not finite.
    static func deviceBox(_ r: CGRect, _ M: Matrix4x4) -> IntRect? {
        guard !r.isNull else { return .empty }
        let H = M.projective
        if H.isAffine {
            // The four corners, without the polygon clipping's arrays (w is 1 everywhere).
            let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
            let xs = (x0 * H.a + y0 * H.d + H.g, x1 * H.a + y0 * H.d + H.g, x1 * H.a + y1 * H.d + H.g, x0 * H.a + y1 * H.d + H.g)
            let ys = (x0 * H.b + y0 * H.e + H.h, x1 * H.b + y0 * H.e + H.h, x1 * H.b + y1 * H.e + H.h, x0 * H.b + y1 * H.e + H.h)
            let minX = min(min(xs.0, xs.1), min(xs.2, xs.3)), maxX = max(max(xs.0, xs.1), max(xs.2, xs.3))
            let minY = min(min(ys.0, ys.1), min(ys.2, ys.3)), maxY = max(max(ys.0, ys.1), max(ys.2, ys.3))
            // A NaN is passed over by min and max: the sums catch it.
            guard (xs.0 + xs.1 + xs.2 + xs.3 + ys.0 + ys.1 + ys.2 + ys.3).isFinite else { return nil }
            return IntRect.covering(minX: minX - 1, minY: minY - 1, maxX: maxX + 1, maxY: maxY + 1)
        }
        let poly = H.projectClipped(rectPolygon(r))
        guard !poly.isEmpty else { return .empty }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in poly { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return IntRect.covering(minX: minX - 1, minY: minY - 1, maxX: maxX + 1, maxY: maxY + 1)
    }

    /// The box in layer coordinates of what node `n` draws itself: its contents, and its bounds
    /// where it draws them (a background, a border, a blend mode other than normal, which may
    /// change the backdrop under its bounds). `.null` when it draws nothing; nil when a
    /// coordinate is not finite. A layer that draws none of these leaves its bounds' pixels as
    /// they are: it only groups or clips what its sublayers draw, and a group's transparent pixels
    /// composite to nothing (source-over of alpha 0 keeps the backdrop).
    static func layerBox(_ n: RenderNode) -> CGRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var finite = true
        func add(_ r: CGRect) {
            guard !r.isNull else { return }
            finite = finite && r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite
            minX = min(minX, Double(r.minX)); minY = min(minY, Double(r.minY)); maxX = max(maxX, Double(r.maxX)); maxY = max(maxY, Double(r.maxY))
        }
        let drawsBounds = n.backgroundColor >> 24 != 0 || (n.borderWidth > 0 && n.borderColor >> 24 != 0) || n.blendMode != .normal
        if drawsBounds { add(n.bounds) }
        for c in n.contents {
            switch c {
            case .image(let img): add(img.destination)
            case .gradient(let g): add(g.rect)
            case .fill(let f):
                // A deferred fill's box holds its contours (which are not made here for it).
                if let b = f.deferredBounds { add(b); continue }
                // min and max pass a NaN over: `spoilt` turns NaN at a point that is not finite.
                var spoilt = 0.0
                for k in f.contours {
                    k.withUnsafeBufferPointer { pts in
                        for p in pts {
                            let x = Double(p.x), y = Double(p.y)
                            spoilt += (x - x) + (y - y)
                            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
                        }
                    }
                }
                guard spoilt == 0 else { return nil }
            case .glyphs(let g):
                add(CGRect(x: g.origin.x, y: g.origin.y, width: CGFloat(Double(g.mask.width) * g.scale), height: CGFloat(Double(g.mask.height) * g.scale)))
            }
        }
        guard finite else { return nil }
        if minX == .infinity && maxX == -.infinity { return .null }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
