import Foundation
import CoreGraphics

/// The shape a soft clip was made of, in the clipping layer's own coordinates: a rectangle with
/// rounded corners, seen through an affine map. A point it holds is inside the polygon the clip's
/// mask was rasterised from (its corners are chords of the arcs: a corner holds only points within
/// the circle the chords enclose), so a pixel whose square it holds has clip coverage 1. Known from
/// geometry alone, the same answer in every band (`PrimitiveDrawer.isWhole`).
struct ClipShape {
    /// Device → the clipping layer's coordinates (affine).
    let toLayer: Projective2D
    /// The rectangle, in the layer's coordinates.
    let x0: Double, y0: Double, x1: Double, y1: Double
    /// The corner radius (clamped as `RoundedRect.polygon` clamps it) and which corners are rounded
    /// (bit 0 minX/minY, 1 maxX/minY, 2 minX/maxY, 3 maxX/maxY).
    let radius: Double, corners: UInt8
    /// The radius of the circle a rounded corner's chords enclose.
    let innerRadius: Double
    /// Device pixels a box must keep from the shape's edge (1 for aliased edges, which are
    /// staircases within a pixel of the smooth edge).
    let margin: Int

    /// The shape of `rect` with `radius` on `corners` drawn through `toDevice` at `pixelsPerUnit`
    /// (as `RoundedRect.polygon` makes its polygon), holding boxes `margin` device pixels clear of its
    /// edge; nil when the map is not affine or not invertible.
    init?(rect: CGRect, radius: Double, corners: UInt8, pixelsPerUnit: Double, toDevice: Projective2D, margin: Int = 0) {
        guard toDevice.isAffine, let inv = toDevice.inverse else { return nil }
        toLayer = inv
        self.margin = max(0, margin)
        x0 = Double(rect.minX); y0 = Double(rect.minY); x1 = Double(rect.maxX); y1 = Double(rect.maxY)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
        let r = max(0, min(radius.isFinite ? radius : 0, (x1 - x0) / 2, (y1 - y0) / 2))
        self.radius = r
        self.corners = r > 0 ? corners & 0xF : 0
        // RoundedRect.polygon's steps a quarter circle; its chords enclose the circle of radius r·cos(θ/2).
        let devR = r * (pixelsPerUnit.isFinite ? max(pixelsPerUnit, 0.01) : 1)
        let steps = (devR * Double.pi / 2 / 1.5).rounded(.up)
        let n = steps.isNaN ? 2 : min(max(steps, 2), 64)
        innerRadius = r * cos(Double.pi / 4 / n) * (1 - 1e-9)
    }

    /// Whether device point (x, y) is held (strictly inside the rectangle, and within a rounded
    /// corner's inner circle where it lies in that corner's square).
    func holds(_ x: Double, _ y: Double) -> Bool {
        let p = toLayer.homogeneous(x, y)
        let u = p.x, v = p.y
        guard u > x0, u < x1, v > y0, v < y1 else { return false }
        guard corners != 0 else { return true }
        let r = radius, q = innerRadius * innerRadius
        func within(_ cx: Double, _ cy: Double) -> Bool { (u - cx) * (u - cx) + (v - cy) * (v - cy) <= q }
        if corners & 1 != 0, u < x0 + r, v < y0 + r, !within(x0 + r, y0 + r) { return false }
        if corners & 2 != 0, u > x1 - r, v < y0 + r, !within(x1 - r, y0 + r) { return false }
        if corners & 4 != 0, u < x0 + r, v > y1 - r, !within(x0 + r, y1 - r) { return false }
        if corners & 8 != 0, u > x1 - r, v > y1 - r, !within(x1 - r, y1 - r) { return false }
        return true
    }

    /// Whether the shape holds every pixel of `box` (whole device pixels) and `margin` more around
    /// it: its four corners (the shape is convex).
    func holds(_ box: IntRect) -> Bool {
        let a = Double(box.x - margin), b = Double(box.y - margin), c = Double(box.maxX + margin), d = Double(box.maxY + margin)
        return holds(a, b) && holds(c, b) && holds(c, d) && holds(a, d)
    }
}
