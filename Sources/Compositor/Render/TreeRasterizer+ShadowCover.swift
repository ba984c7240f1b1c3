import Foundation
import CoreGraphics

/// Where a layer's shadow need not be painted: the pixels its own opaque background covers whole
/// (drawn after the shadow, and never made less opaque by what its sublayers draw over it). A
/// card's shadow is mostly under the card; painting only the part that shows saves most of the
/// shadow's blending (`ShadowCoverTests`: the same pixels as painting it all).
extension TreeRasterizer {
    /// The inside of node `i`'s background, on device pixels through `M`, when the node draws over
    /// it opaquely: an opaque background drawn on a map that only scales and translates, at full
    /// opacity (`op`, with what it inherits), with no mask and, in its whole subtree, only the
    /// normal blend mode (every other part and sublayer is then drawn over it with source over,
    /// which keeps it opaque); and `s` has no soft clip. Nil otherwise.
    func opaqueCover(_ i: Int, M: Matrix4x4, opacity op: Double, on s: Surface) -> ShadowComposite.Covered? {
        guard shortcuts.skipsCoveredShadow else { return nil }
        return opaqueCover(i, M: M, opacity: op, clipped: s.clip != nil)
    }

    /// `opaqueCover(_:M:opacity:on:)` on a surface with a soft clip (`clipped`: nil) or without.
    func opaqueCover(_ i: Int, M: Matrix4x4, opacity op: Double, clipped: Bool) -> ShadowComposite.Covered? {
        guard !clipped, op >= 1, tree.nodes[i].mask < 0, tree.nodes[i].backgroundColor >> 24 == 255,
              let r = TreeRasterizer.axisAligned(M.projective, tree.nodes[i].bounds) else { return nil }
        let end = min(tree.nodes[i].subtreeEnd, tree.nodes.count)
        for k in i..<max(end, i + 1) where tree.nodes[k].blendMode != .normal { return nil }
        let H = M.projective
        let b = tree.nodes[i].bounds
        // The radius the background is drawn with (see `body`), on every corner to be safe.
        let radius = tree.nodes[i].maskedCorners & 0xF != 0 ? max(0, min(tree.nodes[i].cornerRadius, Double(min(b.width, b.height)) / 2)) : 0
        return TreeRasterizer.insideCross(r, rx: radius * H.a, ry: radius * H.e)
    }

    /// The whole device pixels inside a rounded rectangle (device edges `r`, corner radii `rx`,
    /// `ry`), as the cross of two rectangles: between the straight sides (tall) and between the
    /// straight top and bottom (wide). Nil when neither holds a pixel or the values are out of range.
    static func insideCross(_ r: (x0: Double, y0: Double, x1: Double, y1: Double), rx: Double, ry: Double) -> ShadowComposite.Covered? {
        let limit = 1_073_741_824.0
        guard rx.isFinite, ry.isFinite, rx >= 0, ry >= 0, abs(r.x0) < limit, abs(r.x1) < limit, abs(r.y0) < limit, abs(r.y1) < limit else { return nil }
        func span(_ lo: Double, _ hi: Double) -> (Int, Int) { (Int(lo.rounded(.up)), Int(hi.rounded(.down))) }
        let (tx0, tx1) = span(r.x0 + rx, r.x1 - rx), (ty0, ty1) = span(r.y0, r.y1)
        let (wx0, wx1) = span(r.x0, r.x1), (wy0, wy1) = span(r.y0 + ry, r.y1 - ry)
        let tall = IntRect(x: tx0, y: ty0, width: max(0, tx1 - tx0), height: max(0, ty1 - ty0))
        let wide = IntRect(x: wx0, y: wy0, width: max(0, wx1 - wx0), height: max(0, wy1 - wy0))
        guard !tall.isEmpty || !wide.isEmpty else { return nil }
        return ShadowComposite.Covered(tall: tall, wide: wide)
    }
}
