import Foundation

extension TreeRasterizer {
    /// Composites a finished group with the node's blend mode (its compositingFilter). Modes that
    /// change the backdrop where the group is transparent (sourceIn, destinationIn, copy, …) act
    /// within the layer's bounds only; outside them what is below stays.
    func compositeBlended(_ group: Surface, node n: RenderNode, M: Matrix4x4, opacity: Double, mask: Surface?, on s: Surface) {
        let savedClip = s.clip, savedScissor = s.scissor
        defer { s.clip = savedClip; s.scissor = savedScissor }
        // The group holds the node's bounds and everything its subtree draws; outside it the source
        // is transparent, and every mode but those leaves the backdrop as it is there.
        if n.blendMode.affectsBackdropOutsideSource {
            applyClip(M.projective.projectClipped(TreeRasterizer.rectPolygon(n.bounds)), on: s)
        }
        drawer.composite(group, onto: s, area: group.frame, opacity: opacity, mask: mask, mode: n.blendMode)
    }
}
