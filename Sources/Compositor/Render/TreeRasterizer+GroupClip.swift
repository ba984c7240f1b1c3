import Foundation

/// Compositing a finished group under a soft clip.
extension TreeRasterizer {
    /// Composites `group` over `s` (times `opacity` and `mask`), as `PrimitiveDrawer.composite`
    /// does. When `s` has a soft clip whose coverage over all the group can touch changes no 8-bit
    /// factor (1, or within a few ulps of it: `ClipMask.leavesFactorsUnchanged`; a fading text layer
    /// inside a rounded `masksToBounds` tile), the clip changes no pixel there, so it is left aside
    /// for the composite: the same pixels through the unclipped path, without a clip lookup and
    /// rounding per pixel.
    func compositeGroup(_ group: Surface, onto s: Surface, opacity: Double, mask: Surface?) {
        guard let clip = s.clip, clip.leavesFactorsUnchanged(s.scissor.intersection(group.frame)) else {
            drawer.composite(group, onto: s, opacity: opacity, mask: mask)
            return
        }
        s.clip = nil
        drawer.composite(group, onto: s, opacity: opacity, mask: mask)
        s.clip = clip
    }
}
