import Foundation
import CoreGraphics

/// Shadows found by name: a layer whose offscreen group's alpha is fixed by a few numbers (its
/// bounds, corners, edges, background and border alphas and border width, its device map up to a
/// move by whole pixels) keeps the blur made from that alpha under those numbers. A later frame
/// that draws the layer with the same numbers finds the blur by them: the group is still drawn and
/// composited, but its alpha is not read back, fingerprinted and compared (nor, for a wide blur,
/// reduced and blurred again). A card (an opaque rounded background, a border, content inside)
/// keeps its shadow this way while it moves by whole pixels or its content changes. The blur
/// found is the one the alpha would give, so the pixels are the same either way.
extension TreeRasterizer {
    /// The numbers a layer's group alpha is made from (see `shadowName`), and the whole pixels its
    /// device map was moved by to leave them (the name holds the map less that move).
    struct ShadowName {
        /// The numbers, in a fixed order.
        let values: [Double]
        /// The whole-pixel part of the map's translation, left out of `values`.
        let shiftX: Int, shiftY: Int
    }

    /// Node `i`'s shadow name, when its offscreen group's alpha is fixed by the numbers it holds;
    /// `children` are its sublayers, `M` its device map. Nil when `namesShadows` is off or there is
    /// no shadow cache.
    ///
    /// The node: no contents or mask, the normal blend mode and a shadow without a path. Then its
    /// group's alpha is its background's and its border's, fixed by its bounds, corner radius and
    /// masked corners, edge antialiasing, the background's alpha, the border's width and alpha and
    /// its device map (exactly; moved by whole pixels when the map is affine, every alpha moves with
    /// it).
    ///
    /// Sublayers add nothing to that alpha when they lie on pixels an opaque background covers
    /// whole and are drawn with source over (every blend mode in their subtrees normal, no 3D
    /// context): over an opaque pixel, source over leaves it opaque. So a node with sublayers needs
    /// an opaque background on a map that only scales and translates, and each sublayer's subtree
    /// (with its shadows) inside the background by `shadowNameInset` (a round leaf by its rounded
    /// rectangle, anything else by its subtree's box).
    func shadowName(_ i: Int, children: [Int], M: Matrix4x4) -> ShadowName? {
        guard shortcuts.namesShadows, shadowCache != nil, tree.nodes[i].mask < 0, tree.nodes[i].contents.isEmpty, tree.nodes[i].blendMode == .normal,
              let sh = tree.nodes[i].shadow, sh.path == nil else { return nil }
        let bg = tree.nodes[i].backgroundColor >> 24
        let border = tree.nodes[i].borderWidth > 0 && tree.nodes[i].borderColor >> 24 != 0
        guard bg != 0 || border else { return nil }
        let H = M.projective
        let b = tree.nodes[i].bounds
        if !children.isEmpty {
            guard bg == 255, let r = TreeRasterizer.axisAligned(H, b) else { return nil }
            let end = min(tree.nodes[i].subtreeEnd, tree.nodes.count)
            for k in (i + 1)..<max(end, i + 1) where tree.nodes[k].blendMode != .normal || tree.nodes[k].preserves3D { return nil }
            // The radius the background is drawn with, on every corner (a square corner holds the round one).
            let radius = max(0, min(tree.nodes[i].cornerRadius, Double(min(b.width, b.height)) / 2))
            let childP = M.flatteningInput
            for c in children {
                let cm = tree.nodes[c].toParent.then(childP)
                if let round = roundLeaf(c, M: cm) {
                    guard TreeRasterizer.covers(r, rx: radius * H.a, ry: radius * H.e, round.rect, radius: round.radius) else { return nil }
                    continue
                }
                guard let box = subtreeBounds(c, M: cm, P: childP), !box.isEmpty else { continue }
                let edges = (x0: Double(box.x), y0: Double(box.y), x1: Double(box.maxX), y1: Double(box.maxY))
                guard TreeRasterizer.covers(r, rx: radius * H.a, ry: radius * H.e, edges, radius: 0) else { return nil }
            }
        }
        // An affine map moved by whole pixels moves every pixel of the group with it.
        let affine = H.c == 0 && H.f == 0 && H.i == 1
        let limit = 1_073_741_824.0
        let sx = affine && abs(H.g) < limit ? H.g.rounded(.down) : 0, sy = affine && abs(H.h) < limit ? H.h.rounded(.down) : 0
        let values: [Double] = [
            Double(b.minX), Double(b.minY), Double(b.width), Double(b.height),
            tree.nodes[i].cornerRadius, Double(tree.nodes[i].maskedCorners), Double(tree.nodes[i].antialiasedEdges),
            Double(bg), border ? tree.nodes[i].borderWidth : 0, border ? Double(tree.nodes[i].borderColor >> 24) : 0,
            H.a, H.b, H.c, H.d, H.e, H.f, H.g - sx, H.h - sy, H.i,
        ]
        return ShadowName(values: values, shiftX: Int(sx), shiftY: Int(sy))
    }

    /// The cache key of node's shadow named `name`, blurred over `layout` from a group of device
    /// rectangle `group` moved by (`ix`, `iy`), on a surface of `columns`: every rectangle less
    /// the name's whole-pixel move, and of the columns those the group spans (the group draws no
    /// pixel outside them, and where it lies inside the surface's the rest change nothing).
    static func shadowNameKey(_ name: ShadowName, group: IntRect, ix: Int, iy: Int, layout: BlurLayout, columns: Range<Int>,
                              sigma: Double) -> ShadowOutlineKey {
        func moved(_ r: IntRect) -> IntRect { IntRect(x: r.x - name.shiftX, y: r.y - name.shiftY, width: r.width, height: r.height) }
        let g = moved(group)
        let lo = max(columns.lowerBound, group.x), hi = max(lo, min(columns.upperBound, group.maxX))
        return ShadowOutlineKey(name: name.values + [Double(g.x), Double(g.y), Double(g.width), Double(g.height), Double(ix), Double(iy)],
                                source: moved(layout.source), area: moved(layout.area),
                                columns: (lo - name.shiftX)..<(hi - name.shiftX), sigma: sigma, factor: layout.factor)
    }

    /// Node `c`'s device rectangle and corner radius when it is a leaf that draws only inside its
    /// rounded bounds (background and border; no contents, mask or visible shadow), rounded on every
    /// corner, on a map `M` that scales both ways alike and translates. Nil otherwise.
    func roundLeaf(_ c: Int, M: Matrix4x4) -> (rect: (x0: Double, y0: Double, x1: Double, y1: Double), radius: Double)? {
        let H = M.projective
        guard tree.nodes[c].subtreeEnd <= c + 1, tree.nodes[c].contents.isEmpty, tree.nodes[c].mask < 0,
              tree.nodes[c].shadow.map({ $0.color >> 24 == 0 }) ?? true, tree.nodes[c].maskedCorners & 0xF == 0xF,
              let rect = TreeRasterizer.axisAligned(H, tree.nodes[c].bounds), abs(H.a - H.e) <= 1e-9 * H.a else { return nil }
        let b = tree.nodes[c].bounds
        return (rect, max(0, min(tree.nodes[c].cornerRadius, Double(min(b.width, b.height)) / 2)) * H.a)
    }

    /// Whether a rounded rectangle (device edges `box`, corner radius `radius` on every corner; 0
    /// for a box of whole pixels) lies at least `shadowNameInset` device pixels inside the rounded
    /// rectangle with device edges `r` and corner radii `rx`, `ry` (so that the latter's background
    /// covers whole every pixel the former touches: a touched pixel lies within 0.71 of it). The
    /// box is its inner rectangle grown by a disc of its radius, so it lies inside when the inner
    /// rectangle's corners lie inside `r` shrunk by the inset plus that radius: `r`'s straight
    /// sides moved in, and each corner's ellipse scaled about its centre by 1 - shrink / its
    /// smaller radius (for a circle, exactly the shrunk circle).
    static func covers(_ r: (x0: Double, y0: Double, x1: Double, y1: Double), rx: Double, ry: Double,
                       _ box: (x0: Double, y0: Double, x1: Double, y1: Double), radius: Double) -> Bool {
        let t = shadowNameInset + radius
        guard rx.isFinite, ry.isFinite, rx >= 0, ry >= 0, t.isFinite, box.x0 <= box.x1, box.y0 <= box.y1 else { return false }
        let inner = (x0: box.x0 + radius, y0: box.y0 + radius, x1: box.x1 - radius, y1: box.y1 - radius)
        for (x, y) in [(inner.x0, inner.y0), (inner.x1, inner.y0), (inner.x0, inner.y1), (inner.x1, inner.y1)] {
            guard x >= r.x0 + t, x <= r.x1 - t, y >= r.y0 + t, y <= r.y1 - t else { return false }
            // From the nearest point of the straight-sided middle cross: nonzero both ways in a corner's quarter.
            let dx = x - min(max(x, r.x0 + rx), r.x1 - rx), dy = y - min(max(y, r.y0 + ry), r.y1 - ry)
            guard dx != 0 && dy != 0 else { continue }
            let k = 1 - t / min(rx, ry)
            guard k > 0, (dx / rx) * (dx / rx) + (dy / ry) * (dy / ry) <= k * k else { return false }
        }
        return true
    }

    /// Paints node `i`'s shadow `sh` from the blur kept under its name, when there is one (kept by
    /// another band that drew the node's group in this frame, or in an earlier frame), before the
    /// group is drawn: the group (device rectangle `group`, drawn whole) is then needed only where
    /// this band composites it (nowhere, when it lies outside the band and only its shadow
    /// reaches it), not whole for its alpha. Returns whether it painted it; false when the shadow
    /// has no name or no blur is kept under it (the group is then drawn whole, as before).
    /// `M`, `P`: the node's device maps; `op`: its opacity. The same pixels as through the group:
    /// what `drawBlurredAlpha` paints from a blur found by name, and nothing draws on `s` between
    /// this and the group's end.
    func paintNamedShadowFirst(_ i: Int, shadow sh: RenderShadow, group: IntRect, M: Matrix4x4, P: Matrix4x4, opacity op: Double,
                               on s: Surface) -> Bool {
        // Only when the group is not inside the band whole (then there is nothing to save).
        guard shadowCache != nil, sh.path == nil, group.intersection(s.scissor) != group,
              let name = shadowName(i, children: tree.children(of: i), M: M) else { return false }
        let g = shadowGeometry(sh, node: tree.nodes[i], P: P)
        let ix = Int(g.dx.rounded()), iy = Int(g.dy.rounded())
        let srcBox = IntRect(x: group.x + ix, y: group.y + iy, width: group.width, height: group.height)
        // No layout: the shadow draws nothing here (as `drawBlurredAlpha` finds).
        guard let layout = blurLayout(srcBox, whole: true, sigma: g.sigma, scissor: s.scissor) else { return true }
        let key = TreeRasterizer.shadowNameKey(name, group: group, ix: ix, iy: iy, layout: layout, columns: s.columns, sigma: g.sigma)
        guard let kept = shadowCache?.plane(forName: key, thisFrame: true) else { return false }
        paintBlurred(kept, factor: layout.factor, area: layout.area, draw: layout.draw,
                     color: sh.color, opacity: op, covered: opaqueCover(i, M: M, opacity: op, on: s), on: s)
        return true
    }

    /// How far inside the background (device pixels) a sublayer's pixels must lie for it to cover
    /// them whole: a pixel's half-diagonal (0.71) and room for the arcs drawn as polygons.
    static let shadowNameInset = 1.0
}
