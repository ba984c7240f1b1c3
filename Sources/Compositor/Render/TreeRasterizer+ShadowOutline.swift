import Foundation
import CoreGraphics

/// Shadows cast from a layer's outline: a layer that draws nothing but its background (no
/// sublayers, contents, border or mask) has for composited alpha its background's rounded
/// rectangle times the colour's alpha, so its shadow is blurred from that outline, as a
/// shadowPath's is, and the layer is drawn straight onto its surface with no offscreen group.
/// What the group cost (a surface the size of the layer cleared, drawn, read back into a plane
/// and composited) was paid by every band the layer reached, every frame.
extension TreeRasterizer {
    /// The alpha (0...1) of node `i`'s background when the node's composited alpha is that
    /// background's outline: no sublayers (`hasChildren` false), contents, visible border or mask,
    /// the normal blend mode, drawn through `H` on device pixels as its outline is (anti-aliased on
    /// every edge, or placed by a map that only scales and translates, where the background is a
    /// rounded rectangle on the pixel grid whatever its edges: a rotated layer with aliased edges
    /// is drawn as staircases), a shadow without a path, and a blur of at least
    /// `minimumOutlineSigma` (a sharper shadow would show the outline's polygon where the
    /// background's corners are drawn as arcs) and at most `fullResolutionSigma` (a wider blur is
    /// made on a reduced plane, which a group's alpha reaches without a full-resolution copy and
    /// the outline's coverage would not: made anew each frame, as an animated radius makes it, it
    /// cost more than the group). Nil when the node must cast its shadow from an offscreen group's
    /// alpha, or when `tracesShadowOutline` is off.
    func outlineAlpha(_ i: Int, hasChildren: Bool, sigma: Double, toDevice H: Projective2D) -> Double? {
        guard shortcuts.tracesShadowOutline, !hasChildren, sigma >= TreeRasterizer.minimumOutlineSigma, sigma <= TreeRasterizer.fullResolutionSigma,
              tree.nodes[i].mask < 0, tree.nodes[i].contents.isEmpty, tree.nodes[i].blendMode == .normal,
              tree.nodes[i].antialiasedEdges & 0xF == 0xF || TreeRasterizer.axisAligned(H, tree.nodes[i].bounds) != nil,
              tree.nodes[i].borderWidth <= 0 || tree.nodes[i].borderColor >> 24 == 0,
              let sh = tree.nodes[i].shadow, sh.path == nil else { return nil }
        let alpha = tree.nodes[i].backgroundColor >> 24
        return alpha == 0 ? nil : Double(alpha) / 255
    }

    /// The least blur deviation (device pixels) a shadow is cast from its layer's outline with:
    /// the outline is a polygon within 0.02 of a pixel of the background's arcs, and a blur this
    /// wide spreads that over enough pixels to keep every pixel within a level of the group's.
    static let minimumOutlineSigma = 1.0

    /// Draws node `i`'s shadow from its background's outline (see `outlineAlpha`): the rounded
    /// rectangle through `M`, moved by the shadow's device offset, blurred by its deviation (both in
    /// `g`, its `shadowGeometry`), tinted and composited at `opacity` times the background's
    /// `alpha`, except on `covered`.
    func drawOutlineShadow(_ sh: RenderShadow, geometry g: (dx: Double, dy: Double, sigma: Double), node i: Int, M: Matrix4x4,
                           opacity: Double, alpha: Double, covered: ShadowComposite.Covered?, on s: Surface) {
        let H = M.projective
        let bounds = tree.nodes[i].bounds, radius = tree.nodes[i].cornerRadius, corners = tree.nodes[i].maskedCorners
        // Arcs in steps of about 0.4 device pixels (a quarter of the background's own polygon's):
        // within 0.02 of a pixel of the arc for any radius.
        let ppu = 4 * TreeRasterizer.scale(of: M)
        // Moved by whole pixels, as a group's alpha is (`drawBlurredAlpha`'s source), so that a layer's
        // shadow lies where it would with a sublayer.
        let dx = g.dx.rounded(), dy = g.dy.rounded()
        let make = { [H.projectClipped(RoundedRect.polygon(bounds, radius: radius, corners: corners, pixelsPerUnit: ppu)).map { (x: $0.x + dx, y: $0.y + dy) }] }
        // Made once while it stays (`ShadowOutlineMemo`), unless `remembersOutlines` is off.
        let traced: ShadowOutlineMemo.Outline
        if shortcuts.remembersOutlines, let memo = shadowCache?.outlineMemo {
            let recipe = ShadowOutlineMemo.Recipe(bounds: (Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height)),
                                                  radius: radius, corners: corners, pixelsPerUnit: ppu, H: H, dx: dx, dy: dy)
            traced = memo.outline(recipe, make: make)
        } else {
            traced = ShadowOutlineMemo.Outline(contours: make())
        }
        drawBlurredAlpha(contours: traced.contours, traced: traced, source: nil, dx: 0, dy: 0, sigma: g.sigma, color: sh.color,
                         opacity: opacity * alpha, covered: covered, on: s)
    }
}
