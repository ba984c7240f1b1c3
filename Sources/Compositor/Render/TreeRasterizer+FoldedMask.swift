import Foundation
import CoreGraphics

/// A layer that draws one gradient or image, masked by a layer that fills one path (how Lottie's
/// gradient fills and strokes arrive: a `CAGradientLayer` whose mask is a `CAShapeLayer`): the
/// paint drawn straight through the path's coverage, with no offscreen group, no mask surface and
/// no composite. The same picture as the group: where the path covers a pixel, the paint covers all
/// of it (checked), so the group's pixel is the paint's colour and the mask's alpha is the path's
/// coverage times its colour's alpha and its opacity; the two differ only by where each rounds to
/// 8 bits (at most 2/255 a channel, `FoldedMaskTests`).
extension TreeRasterizer {
    /// Draws node `i` (flat, its map to device pixels `M`, its opacity with what it inherits `op`)
    /// with its mask folded into its paint, and returns true; false (nothing drawn) when the node or
    /// its mask is not of that kind.
    func drawFoldedMask(_ i: Int, M: Matrix4x4, opacity op: Double, on s: Surface) -> Bool {
        guard shortcuts.foldsPathMasks else { return false }
        let m = tree.nodes[i].mask
        guard m > i, m < tree.nodes.count, tree.nodes[i].maskChannel == .alpha, tree.nodes[i].blendMode == .normal,
              tree.nodes[i].subtreeEnd <= m + 1, tree.nodes[m].subtreeEnd <= m + 1,
              !tree.nodes[i].masksToBounds, TreeRasterizer.drawsOnlyContents(tree.nodes[i]),
              tree.nodes[i].contents.count == 1,
              TreeRasterizer.drawsOnlyContents(tree.nodes[m]), tree.nodes[m].mask < 0, tree.nodes[m].isDoubleSided,
              !tree.nodes[m].preserves3D, !tree.nodes[m].masksToBounds, tree.nodes[m].blendMode == .normal,
              tree.nodes[m].contents.count == 1, case .fill(let path) = tree.nodes[m].contents[0] else { return false }
        let H = M.projective
        let MM = tree.nodes[m].toParent.then(M.flatteningInput)
        guard H.isAffine, MM.isFinite, let inv = H.inverse else { return false }
        let HM = MM.projective
        guard HM.isAffine else { return false }
        let maskOpacity = tree.nodes[m].opacity * Double(path.color >> 24) / 255
        // The paint and the rectangle it covers, in the node's coordinates.
        let paint: Paint, covered: CGRect
        switch tree.nodes[i].contents[0] {
        case .gradient(let g):
            paint = .gradient(GradientSampler(g, deviceToLayer: inv))
            covered = g.rect
        case .image(let img):
            guard img.center == CGRect(x: 0, y: 0, width: 1, height: 1), let (sampler, _) = TreeRasterizer.sampler(img, H: H) else { return false }
            paint = .image(sampler)
            covered = img.destination
        default:
            return false
        }
        let contours = path.contours.map { HM.projectClipped($0) }
        // Every pixel the path touches lies within √2 device pixels of the path's hull, which is
        // inside the paint's rectangle when its corners are: the rectangle inset by that distance in
        // the node's units (√2 times the inverse's Frobenius norm bounds it) must hold every point.
        let reach = 2.0.squareRoot() * (inv.a * inv.a + inv.b * inv.b + inv.d * inv.d + inv.e * inv.e).squareRoot()
        let inner = covered.insetBy(dx: CGFloat(reach), dy: CGFloat(reach))
        guard !inner.isNull, reach.isFinite else { return false }
        let x0 = Double(inner.minX), y0 = Double(inner.minY), x1 = Double(inner.maxX), y1 = Double(inner.maxY)
        for contour in contours {
            for p in contour {
                let q = inv.homogeneous(p.x, p.y)
                guard q.x >= x0, q.x <= x1, q.y >= y0, q.y <= y1 else { return false }
            }
        }
        let opacity = op * maskOpacity
        guard opacity > 0 else { foldedMasks += 1; return true }
        s.occlusionOrder = i
        defer { s.occlusionOrder = .max }
        if case .gradient(let g) = paint {
            drawer.drawGradientShape(contours, rule: path.rule, gradient: g, opacity: opacity, on: s)
        } else {
            drawer.draw(contours, rule: path.rule, paint: paint, opacity: opacity, on: s)
        }
        foldedMasks += 1
        return true
    }

    /// Whether a node draws nothing but its contents: no background, no border, no visible shadow.
    static func drawsOnlyContents(_ n: borrowing RenderNode) -> Bool {
        n.backgroundColor >> 24 == 0 && !(n.borderWidth > 0 && n.borderColor >> 24 != 0) && (n.shadow.map { $0.color >> 24 == 0 } ?? true)
    }
}
