import Foundation

/// Gradient layers under their own rounded `masksToBounds` (a `CAGradientLayer` with a corner
/// radius, the common card): painted through the rounded outline directly instead of through a
/// clip mask (`PrimitiveDrawer.drawGradient(_:clippedTo:box:opacity:on:)`), the same pixels.
extension TreeRasterizer {
    /// Draws leaf `i`'s contents, when they are one gradient whose rectangle lies on whole pixels
    /// and holds `poly` (the layer's clip outline, device pixels), through `poly`; false (nothing
    /// drawn) when that does not apply, or the drawer declines it.
    func drawGradientClipped(_ i: Int, clip poly: [(x: Double, y: Double)], H: Projective2D, opacity: Double, on s: Surface) -> Bool {
        guard s.clip == nil, tree.nodes[i].contents.count == 1, case .gradient(let g) = tree.nodes[i].contents[0],
              let inv = H.inverse, let rect = TreeRasterizer.pixelRect(H.projectClipped(TreeRasterizer.rectPolygon(g.rect))) else { return false }
        let box = TreeRasterizer.clipBox(poly).box
        guard !box.isEmpty, rect.intersection(box) == box else { return false }
        return drawer.drawGradient(GradientSampler(g, deviceToLayer: inv), clippedTo: poly, box: box, opacity: opacity, on: s)
    }
}
