import Foundation
import CoreGraphics
import CPixelKernels

/// Geometry helpers: the device bounds of a node and of its subtree (with shadows), rectangle
/// polygons, scale and facing.
extension TreeRasterizer {

    /// The device pixels a node's subtree may touch (nil when nothing is visible). `M` maps the
    /// node's coordinates to device pixels, `P` its parent's (its shadow is given in the parent's).
    /// Walked without recursion, and remembered per node for this rasterizer (a node has one device
    /// map per frame), so nested groups cost the size of the tree once, not once per level.
    func subtreeBounds(_ i: Int, M: Matrix4x4, P: Matrix4x4, includeChildren: Bool = true) -> IntRect? {
        guard includeChildren else { return nodeBounds(i, M: M, P: P, children: .empty).withShadow }
        if let known = boundsMemo[i] { return known }
        return walkBounds(i, M: M, P: P)
    }

    /// The device pixels node `i`'s subtree draws, its own shadow left out (what an offscreen group
    /// of the node must hold: the shadow is drawn beside the group, not in it).
    func contentBounds(_ i: Int, M: Matrix4x4, P: Matrix4x4) -> IntRect? {
        if boundsMemo[i] == nil { _ = walkBounds(i, M: M, P: P) }
        return contentMemo[i] ?? nil
    }

    /// Walks node `i`'s subtree (post-order, explicit stack) filling both memos; returns its bounds.
    fileprivate func walkBounds(_ i: Int, M: Matrix4x4, P: Matrix4x4) -> IntRect? {
        struct Frame { var i: Int; var M: Matrix4x4; var P: Matrix4x4; var kids: [(Int, Matrix4x4, Matrix4x4)]; var next: Int; var box: IntRect }
        var frames = [Frame(i: i, M: M, P: P, kids: boundedChildren(i, M: M), next: 0, box: .empty)]
        var result: IntRect? = nil
        while let f = frames.indices.last {
            if frames[f].next < frames[f].kids.count {
                let (c, cm, cp) = frames[f].kids[frames[f].next]
                frames[f].next += 1
                if let known = boundsMemo[c] {
                    if let b = known { frames[f].box = frames[f].box.union(b) }
                } else {
                    frames.append(Frame(i: c, M: cm, P: cp, kids: boundedChildren(c, M: cm), next: 0, box: .empty))
                }
                continue
            }
            let done = frames.removeLast()
            let both = nodeBounds(done.i, M: done.M, P: done.P, children: done.box)
            let b = both.withShadow
            boundsMemo[done.i] = b
            contentMemo[done.i] = both.withoutShadow
            if let parent = frames.indices.last { if let b { frames[parent].box = frames[parent].box.union(b) } } else { result = b }
        }
        return result
    }

    /// The flat layers under node `i` whose pixels count toward its bounds, with their device maps
    /// and their parents': none when it clips to its bounds; a sublayer that is a 3D context counts
    /// by its planes.
    fileprivate func boundedChildren(_ i: Int, M: Matrix4x4) -> [(Int, Matrix4x4, Matrix4x4)] {
        let n = tree.nodes[i]
        guard !n.masksToBounds else { return [] }
        var out: [(Int, Matrix4x4, Matrix4x4)] = []
        let childP = M.flatteningInput
        for c in tree.children(of: i) {
            let cn = tree.nodes[c]
            let cm = cn.toParent.then(childP)
            guard cn.preserves3D else { out.append((c, cm, childP)); continue }
            // Bound a 3D context by its planes.
            var stack: [(Int, Matrix4x4)] = [(c, cm)]
            while let (k, km) = stack.popLast() {
                for g in tree.children(of: k) {
                    let gn = tree.nodes[g]
                    let gm = gn.toParent.then(km)
                    if gn.preserves3D { stack.append((g, gm)) } else { out.append((g, gm, childP)) }
                }
            }
        }
        return out
    }

    /// Node `i`'s own pixels (bounds, contents unless it clips to its bounds) with its sublayers'
    /// `children` box, and that grown by its shadow.
    fileprivate func nodeBounds(_ i: Int, M: Matrix4x4, P: Matrix4x4, children: IntRect) -> (withShadow: IntRect?, withoutShadow: IntRect?) {
        let n = tree.nodes[i]
        let H = M.projective
        var box = IntRect.empty
        func add(_ poly: [(x: Double, y: Double)]) {
            guard !poly.isEmpty else { return }
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for p in poly { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
            box = box.union(IntRect.covering(minX: minX - 1, minY: minY - 1, maxX: maxX + 1, maxY: maxY + 1))
        }
        add(H.projectClipped(TreeRasterizer.rectPolygon(n.bounds)))
        if !n.masksToBounds {
            for c in n.contents {
                switch c {
                case .image(let img): add(H.projectClipped(TreeRasterizer.rectPolygon(img.destination)))
                case .gradient(let g): add(H.projectClipped(TreeRasterizer.rectPolygon(g.rect)))
                case .fill(let f):
                    // A deferred fill's box holds its contours (which are not made here for it).
                    if let b = f.deferredBounds { add(H.projectClipped(TreeRasterizer.rectPolygon(b))); continue }
                    for k in f.contours { add(H.projectClipped(k.map { (x: Double($0.x), y: Double($0.y)) })) }
                case .glyphs(let g):
                    add(H.projectClipped(TreeRasterizer.rectPolygon(CGRect(x: g.origin.x, y: g.origin.y,
                        width: CGFloat(Double(g.mask.width) * g.scale), height: CGFloat(Double(g.mask.height) * g.scale)))))
                }
            }
            box = box.union(children)
        }
        let content = box.isEmpty ? nil : box
        if let sh = n.shadow, sh.color >> 24 != 0 {
            // A shadowPath need not follow the bounds: its shadow covers the path's own box.
            for k in sh.path ?? [] { add(H.projectClipped(k.map { (x: Double($0.x), y: Double($0.y)) })) }
            let pad = shadowReach(sh, node: n, P: P)
            box = IntRect(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad)
        }
        return (box.isEmpty ? nil : box, content)
    }

    /// The four corners of a rectangle, clockwise on a y-down screen.
    static func rectPolygon(_ r: CGRect) -> [(x: Double, y: Double)] {
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    }

    /// An estimate of device pixels per layer unit (the geometric mean of the linear part's scales).
    static func scale(of M: Matrix4x4) -> Double {
        let H = M.projective
        let w = abs(H.i) > 1e-12 ? H.i : 1
        let det = abs((H.a * H.e - H.b * H.d)) / (w * w)
        let s = det.squareRoot()
        return s.isFinite && s > 0 ? s : 1
    }

    /// Whether a plane shows its back: its projected bounds wind the other way round.
    static func isBackFacing(_ H: Projective2D, _ b: CGRect) -> Bool {
        let poly = H.projectClipped(rectPolygon(b))
        guard poly.count >= 3 else { return false }
        var area = 0.0
        for k in 0..<poly.count {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            area += p.x * q.y - q.x * p.y
        }
        return area < 0
    }
}
