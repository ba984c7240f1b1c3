import Foundation
import CoreGraphics

/// Aliased layer edges (CALayer.allowsEdgeAntialiasing false, or an edge left out of
/// edgeAntialiasingMask): a device polygon's segments that lie on such an edge of the layer's
/// bounds are replaced by the staircase that separates the pixels whose centres are inside from
/// those outside, with corners on whole pixels, so the coverage rasteriser gives every pixel along
/// them 0 or 1 (as a GPU's rasterisation rule does). Two layers sharing an edge then cover every
/// pixel along it exactly once between them: no seam. Other segments (rounded corners, edges asked
/// to be anti-aliased) are kept.
enum AliasedEdges {
    /// The polygon with the segments on aliased bounds edges made staircases. `toLayer` maps device
    /// pixels to layer coordinates; `antialiased` holds CAEdgeAntialiasingMask's bits (1 minX,
    /// 2 maxX, 4 minY, 8 maxY) of the edges to keep smooth.
    static func apply(_ poly: [(x: Double, y: Double)], bounds: CGRect, toLayer: Projective2D?, antialiased: UInt8) -> [(x: Double, y: Double)] {
        guard antialiased & 0xF != 0xF, poly.count >= 3, let toLayer else { return poly }
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(poly.count * 2)
        var changed = false
        for k in 0..<poly.count {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            out.append(p)
            let edge = edgeBit(of: p, q, bounds: bounds, toLayer: toLayer)
            if edge != 0 && antialiased & edge == 0 && !isOwnStaircase(p, q) {
                changed = true
                appendStaircase(from: p, to: q, into: &out)
            }
        }
        return changed ? out : poly
    }

    /// Which bounds edge (its mask bit) the segment p→q lies on, 0 for none: both ends and the
    /// midpoint, mapped back to layer coordinates, on the same side within a small tolerance.
    static func edgeBit(of p: (x: Double, y: Double), _ q: (x: Double, y: Double), bounds b: CGRect, toLayer: Projective2D) -> UInt8 {
        let x0 = Double(b.minX), x1 = Double(b.maxX), y0 = Double(b.minY), y1 = Double(b.maxY)
        let tol = 1e-6 * max(1, x1 - x0, y1 - y0, abs(x0), abs(y0))
        var bits: UInt8 = 0xF
        for v in [p, q, (x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)] {
            let h = toLayer.homogeneous(v.x, v.y)
            guard h.w != 0, h.w.isFinite else { return 0 }
            let lx = h.x / h.w, ly = h.y / h.w
            var here: UInt8 = 0
            if abs(lx - x0) <= tol { here |= 1 }
            if abs(lx - x1) <= tol { here |= 2 }
            if abs(ly - y0) <= tol { here |= 4 }
            if abs(ly - y1) <= tol { here |= 8 }
            bits &= here
            if bits == 0 { return 0 }
        }
        // A degenerate bounds (zero width) puts a segment on two edges: take the lower bit.
        return bits & (~bits &+ 1)
    }

    /// Whether the segment p→q is its own staircase: along x or y between whole-pixel points (an
    /// unrotated layer on whole pixels). Its staircase would only add points along it at whole
    /// pixels, which the coverage rasteriser adds up row by row to the same values in the same
    /// order (a vertical piece gives each row the one contribution the whole segment gives it, a
    /// horizontal one gives none), so the segment is kept as it is: the same coverage, from one
    /// edge instead of two points a pixel.
    static func isOwnStaircase(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Bool {
        func whole(_ v: Double) -> Bool { v == v.rounded() && abs(v) < 1e9 }
        return (p.x == q.x || p.y == q.y) && whole(p.x) && whole(p.y) && whole(q.x) && whole(q.y)
    }

    /// The longest edge (device pixels along x or y) drawn as a staircase.
    static let maxSteps = 16384

    /// The staircase points strictly between p and q (p and q themselves belong to the polygon).
    /// A steep segment: for each pixel row whose centre line it crosses, a vertical step at the
    /// whole-pixel column nearest its crossing; a shallow one likewise by columns.
    static func appendStaircase(from p: (x: Double, y: Double), to q: (x: Double, y: Double), into out: inout [(x: Double, y: Double)]) {
        let dx = q.x - p.x, dy = q.y - p.y
        // An edge longer than `maxSteps` pixels (or far off the frame) stays smooth: its staircase
        // would cost more points than any frame has pixels along it.
        let limit = Double(maxSteps)
        guard dx.isFinite, dy.isFinite, abs(dx) + abs(dy) > 0, abs(dx) < limit, abs(dy) < limit,
              abs(p.x) < 4 * limit, abs(p.y) < 4 * limit else { return }
        if abs(dy) >= abs(dx) {
            // Rows r whose centre r + 0.5 lies in [min y, max y).
            let lo = min(p.y, q.y), hi = max(p.y, q.y)
            let r0 = Int((lo - 0.5).rounded(.up)), r1 = Int((hi - 0.5).rounded(.up)) - 1
            guard r0 <= r1 else { return }
            let rows = dy > 0 ? Array(r0...r1) : Array((r0...r1).reversed())
            for r in rows {
                let yc = Double(r) + 0.5
                let X = (p.x + dx * (yc - p.y) / dy).rounded()
                let top = Double(r), bottom = Double(r + 1)
                if dy > 0 { out.append((X, top)); out.append((X, bottom)) } else { out.append((X, bottom)); out.append((X, top)) }
            }
        } else {
            let lo = min(p.x, q.x), hi = max(p.x, q.x)
            let c0 = Int((lo - 0.5).rounded(.up)), c1 = Int((hi - 0.5).rounded(.up)) - 1
            guard c0 <= c1 else { return }
            let cols = dx > 0 ? Array(c0...c1) : Array((c0...c1).reversed())
            for c in cols {
                let xc = Double(c) + 0.5
                let Y = (p.y + dy * (xc - p.x) / dx).rounded()
                let left = Double(c), right = Double(c + 1)
                if dx > 0 { out.append((left, Y)); out.append((right, Y)) } else { out.append((right, Y)); out.append((left, Y)) }
            }
        }
    }
}
