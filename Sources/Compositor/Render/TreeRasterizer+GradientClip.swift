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

extension TreeRasterizer {
    /// Draws leaf `i`'s contents, when they are one gradient and the node, under `H`, is a rounded
    /// rectangle on whole device pixels (H only scales, the same along both axes, and translates)
    /// inside the gradient's rectangle: through `PrimitiveDrawer.drawGradient(_:roundedRect:…)`,
    /// without building its outline. False (nothing drawn) when that does not apply, or the drawer
    /// declines it. `bounds`, `radius`, `corners`: the node's; `ppu`: device pixels a unit.
    func drawGradientCard(_ i: Int, H: Projective2D, bounds: CGRect, radius: Double, corners: UInt8, ppu: Double,
                          opacity: Double, on s: Surface) -> Bool {
        guard s.clip == nil, H.a == H.e, tree.nodes[i].contents.count == 1, case .gradient(let g) = tree.nodes[i].contents[0],
              let box = TreeRasterizer.wholePixelRect(H, bounds), let area = TreeRasterizer.wholePixelRect(H, g.rect),
              area.intersection(box) == box else { return false }
        let r = RoundedRect.clampedRadius(bounds, radius)
        guard r > 0, corners & 0xF != 0, let inv = H.inverse else { return false }
        return drawer.drawGradient(GradientSampler(g, deviceToLayer: inv), roundedRect: box, radius: r * H.a,
                                   steps: RoundedRect.arcSteps(radius: r, pixelsPerUnit: ppu), corners: corners, opacity: opacity, on: s)
    }

    /// The device rectangle of `r` under `H` when H only scales and translates and its four sides
    /// land on whole pixels (below 2³⁰ in size), else nil.
    static func wholePixelRect(_ H: Projective2D, _ r: CGRect) -> IntRect? {
        guard let d = axisAligned(H, r), d.x1 > d.x0, d.y1 > d.y0,
              [d.x0, d.y0, d.x1, d.y1].allSatisfy({ abs($0) < 1_073_741_824 && $0 == $0.rounded() }) else { return nil }
        return IntRect(x: Int(d.x0), y: Int(d.y0), width: Int(d.x1) - Int(d.x0), height: Int(d.y1) - Int(d.y0))
    }
}
