import Foundation
import CPixelKernels

/// A gradient under a rounded `masksToBounds` painted through the rounded outline itself, without a
/// clip mask: the rows between the corners (covered exactly 1 from the left edge to the right one)
/// in one call (`lamina_gradient_over_rows`), the rows of the top corners and those of the bottom
/// ones each in one call through the outline's coverage (`lamina_gradient_over_rows_coverage`).
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
            paintGradientCorner(rasterizer.spans, gradient: g, kind: kind, rows: rows, columns: area.x..<area.maxX, opacity: opacity, on: surface)
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

    /// Paints gradient `g` (kernel kind `kind`) through coverage runs `spans` (rows in order, runs
    /// left to right, within `columns`) on `rows` × `columns` of `surface` (inside its scissor and
    /// columns; no soft clip) at `opacity`, in one `lamina_gradient_over_rows_coverage` call: each
    /// row's coverage (0 between the runs) with its longest run of coverage 1 as its inside, the
    /// pixels `paintGradientSpans` paints for the same runs.
    func paintGradientCorner(_ spans: [CoverageSpan], gradient g: GradientSampler, kind: Int32, rows: Range<Int>, columns: Range<Int>,
                             opacity: Double, on surface: Surface) {
        let width = columns.count, height = rows.count
        guard width > 0, height > 0, opacity > 0 else { return }
        if cornerCoverage.count < width * height { cornerCoverage = [Float](repeating: 0, count: max(width * height, 2 * cornerCoverage.count)) }
        if cornerInside.count < 2 * height { cornerInside = [Int32](repeating: 0, count: max(2 * height, 2 * cornerInside.count)) }
        let x0 = columns.lowerBound, y0 = rows.lowerBound
        cornerCoverage.withUnsafeMutableBufferPointer { cov in
            cornerInside.withUnsafeMutableBufferPointer { inside in
                let v = cov.baseAddress!, full = inside.baseAddress!
                v.update(repeating: 0, count: width * height)
                full.update(repeating: 0, count: 2 * height)
                spans.withUnsafeBufferPointer { runs in
                    for run in runs {
                        let y = Int(run.y)
                        guard rows.contains(y), run.coverage > 0 else { continue }
                        let s0 = max(Int(run.x), x0), s1 = min(Int(run.x + run.length), columns.upperBound)
                        if s1 <= s0 { continue }
                        let r = y - y0
                        (v + (r * width + s0 - x0)).update(repeating: run.coverage, count: s1 - s0)
                        if run.coverage == 1, s1 - s0 > Int(full[2 * r + 1] - full[2 * r]) {
                            full[2 * r] = Int32(s0 - x0); full[2 * r + 1] = Int32(s1 - x0)
                        }
                    }
                }
            }
        }
        paintCoverageRows(g, kind: kind, y0: y0, height: height, x0: x0, width: width, opacity: opacity, on: surface)
    }

    /// Paints `height` rows of `width` pixels from (x0, y0) with gradient `g` (the C kernel's
    /// `kind`) through the coverage in `cornerCoverage` (`width` values a row) and each row's inside
    /// of coverage 1 in `cornerInside` (two values a row), times `opacity`, in one C call
    /// (`lamina_gradient_over_rows_coverage`): a rounded corner's rows.
    func paintCoverageRows(_ g: GradientSampler, kind: Int32, y0: Int, height: Int, x0: Int, width: Int, opacity: Double, on surface: Surface) {
        let m = g.map
        g.table.withUnsafeBufferPointer { table in
            cornerCoverage.withUnsafeBufferPointer { cov in
                cornerInside.withUnsafeBufferPointer { inside in
                    var row = LaminaGradientRow(kind: kind, sx: g.sx, sy: g.sy, ex: g.ex, ey: g.ey, a: m.a, b: m.b, c: m.c,
                                                rowX: 0, rowY: 0, rowW: 0, table: table.baseAddress)
                    lamina_gradient_over_rows_coverage(&row, m.d, m.g, m.e, m.h, m.f, m.i, Int32(y0), Int32(height), Int32(x0), Int32(width),
                                                       surface.row(y0) + x0, surface.stride, cov.baseAddress, width, inside.baseAddress,
                                                       Float(min(opacity, 1)))
                }
            }
        }
    }
}
