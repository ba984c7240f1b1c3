import Foundation
import CPixelKernels

/// A gradient under a rounded `masksToBounds` painted through the rounded outline itself, without a
/// clip mask: the rows between the corners (covered exactly 1 from the left edge to the right one)
/// in one call (`lamina_gradient_over_rows`), the corner rows through the outline's coverage runs.
extension PrimitiveDrawer {
    /// A band of whole rows that only two edges of `poly` cross, both vertical, on whole columns
    /// x0 < x1 (the polygon's leftmost and rightmost), in opposite directions, each across the whole
    /// band (other edges lie above or below it, or are horizontal, which add no coverage): on those
    /// rows the polygon's coverage (non-zero rule) is exactly 1 on columns x0 ..< x1 and 0 elsewhere.
    /// Nil when there is none (the outline of a rounded rectangle on whole pixels has one).
    static func plainBand(_ poly: [(x: Double, y: Double)]) -> (x0: Int, x1: Int, rows: Range<Int>)? {
        let n = poly.count
        guard n >= 3 else { return nil }
        var minX = Double.infinity, maxX = -Double.infinity
        for p in poly {
            guard p.x.isFinite, p.y.isFinite, abs(p.x) < 1e9, abs(p.y) < 1e9 else { return nil }
            minX = min(minX, p.x); maxX = max(maxX, p.x)
        }
        guard minX == minX.rounded(.down), maxX == maxX.rounded(.down), maxX > minX else { return nil }
        // The two vertical edges: (lowest y, highest y, downwards).
        var left: (lo: Double, hi: Double, down: Bool)?, right: (lo: Double, hi: Double, down: Bool)?
        for k in 0..<n {
            let p = poly[k], q = poly[(k + 1) % n]
            guard p.x == q.x, p.y != q.y, p.x == minX || p.x == maxX else { continue }
            let edge = (lo: min(p.y, q.y), hi: max(p.y, q.y), down: q.y > p.y)
            if p.x == minX {
                guard left == nil else { return nil }
                left = edge
            } else {
                guard right == nil else { return nil }
                right = edge
            }
        }
        guard let l = left, let r = right, l.down != r.down else { return nil }
        let lo = max(l.lo, r.lo).rounded(.up), hi = min(l.hi, r.hi).rounded(.down)
        guard hi > lo else { return nil }
        for k in 0..<n {
            let p = poly[k], q = poly[(k + 1) % n]
            if p.y == q.y { continue }
            if p.x == q.x && (p.x == minX || p.x == maxX) { continue }
            guard max(p.y, q.y) <= lo || min(p.y, q.y) >= hi else { return nil }
        }
        return (Int(minX), Int(maxX), Int(lo)..<Int(hi))
    }

    /// Paints gradient `g` through the outline `poly` (device pixels, non-zero rule; within `box`, its
    /// pixel box) at `opacity`: the pixels of drawing the gradient's rectangle (which must hold `box`)
    /// under a clip mask of `poly` (`clipMask`), bit for bit (`GradientOverTests`). False (nothing
    /// drawn) when it does not apply: gradients not fused, a soft clip on the surface, a gradient the
    /// kernel does not take, an outline without a plain band (`plainBand`), or columns the surface
    /// does not hold.
    func drawGradient(_ g: GradientSampler, clippedTo poly: [(x: Double, y: Double)], box: IntRect, opacity: Double, on surface: Surface) -> Bool {
        guard fusesGradients, surface.clip == nil, let kind = PrimitiveDrawer.gradientKernelKind(g),
              let band = PrimitiveDrawer.plainBand(poly), band.x0 >= surface.columns.lowerBound, band.x1 <= surface.columns.upperBound else { return false }
        let area = surface.scissor.intersection(box)
        guard opacity > 0, !area.isEmpty else { return true }
        // The corner rows (and any others outside the band): the outline's runs.
        let top = area.y..<max(area.y, min(band.rows.lowerBound, area.maxY))
        let bottom = min(area.maxY, max(band.rows.upperBound, area.y))..<area.maxY
        for rows in [top, bottom] where !rows.isEmpty {
            rasterizer.rasterize([poly], rule: .nonZero, columns: surface.columns, rows: rows)
            _ = paintGradientSpans(rasterizer.spans, gradient: g, opacity: opacity, area: area, on: surface)
        }
        // The band: every row from the left edge to the right one, coverage 1.
        let y0 = max(band.rows.lowerBound, area.y), y1 = min(band.rows.upperBound, area.maxY)
        let x0 = max(band.x0, area.x), x1 = min(band.x1, area.maxX)
        guard y1 > y0, x1 > x0 else { return true }
        let m = g.map
        g.table.withUnsafeBufferPointer { table in
            var row = LaminaGradientRow(kind: kind, sx: g.sx, sy: g.sy, ex: g.ex, ey: g.ey, a: m.a, b: m.b, c: m.c,
                                        rowX: 0, rowY: 0, rowW: 0, table: table.baseAddress)
            lamina_gradient_over_rows(&row, m.d, m.g, m.e, m.h, m.f, m.i, Int32(y0), Int32(y1 - y0), Int32(x0), Int32(x1 - x0),
                                      surface.row(y0) + x0, surface.stride, Float(min(opacity, 1)))
        }
        return true
    }
}
