import Foundation
import CPixelKernels

/// A gradient card: a gradient under its own rounded `masksToBounds` whose rectangle lies on whole
/// device pixels, painted without its outline: the rows between the corners in one call
/// (`lamina_gradient_over_rows`), each band of corner rows in one call through coverage whose
/// corner pixels come from `GradientCornerTiles` (rasterised once per corner shape).
extension PrimitiveDrawer {
    /// Paints gradient `g` through the rounded rectangle `rect` (whole device pixels) whose corners
    /// in `corners` (CACornerMask's bits) have radius `radius` (device pixels, already clamped as
    /// `RoundedRect.clampedRadius` does), each quarter arc cut into `steps` segments, at `opacity`:
    /// the pixels `drawGradient(_:clippedTo:box:opacity:on:)` paints through that rectangle's
    /// `RoundedRect.polygon`, up to the rounding of the polygon's coordinates (within 1/255 of a
    /// channel, `GradientCornerTilesTests`). The gradient's rectangle must hold `rect`. False
    /// (nothing drawn) when it does not apply: gradients not fused, a soft clip on the surface, a
    /// gradient the kernel does not take, no radius or one above `GradientCornerTiles.largestRadius`,
    /// a rectangle less than two rounded-up radii wide or tall, or columns the surface does not hold.
    func drawGradient(_ g: GradientSampler, roundedRect rect: IntRect, radius: Double, steps: Int, corners: UInt8,
                      opacity: Double, on surface: Surface) -> Bool {
        guard fusesGradients, surface.clip == nil, let kind = PrimitiveDrawer.gradientKernelKind(g),
              radius > 0, radius <= GradientCornerTiles.largestRadius, corners & 0xF != 0 else { return false }
        let c = Int(radius.rounded(.up))
        guard rect.width >= 2 * c, rect.height >= 2 * c,
              rect.x >= surface.columns.lowerBound, rect.maxX <= surface.columns.upperBound else { return false }
        let area = surface.scissor.intersection(rect)
        guard opacity > 0, !area.isEmpty else { return true }
        let tiles = gradientCorners.tiles(GradientCornerTiles.Key(radius: radius, steps: steps, corners: corners & 0xF))
        let rows = area.y..<area.maxY
        let top = (rect.y..<(rect.y + c)).clamped(to: rows), bottom = ((rect.maxY - c)..<rect.maxY).clamped(to: rows)
        if !top.isEmpty { paintCornerRows(tiles, bottom: false, rect: rect, rows: top, area: area, gradient: g, kind: kind, opacity: opacity, on: surface) }
        if !bottom.isEmpty { paintCornerRows(tiles, bottom: true, rect: rect, rows: bottom, area: area, gradient: g, kind: kind, opacity: opacity, on: surface) }
        // The rows between: coverage 1 from the left side to the right one.
        let y0 = max(rect.y + c, area.y), y1 = min(rect.maxY - c, area.maxY)
        guard y1 > y0 else { return true }
        let m = g.map
        g.table.withUnsafeBufferPointer { table in
            var row = LaminaGradientRow(kind: kind, sx: g.sx, sy: g.sy, ex: g.ex, ey: g.ey, a: m.a, b: m.b, c: m.c,
                                        rowX: 0, rowY: 0, rowW: 0, table: table.baseAddress)
            lamina_gradient_over_rows(&row, m.d, m.g, m.e, m.h, m.f, m.i, Int32(y0), Int32(y1 - y0), Int32(area.x), Int32(area.width),
                                      surface.row(y0) + area.x, surface.stride, Float(min(opacity, 1)))
        }
        return true
    }

    /// Paints `rows` (within the top or the bottom `tiles.side` rows of `rect`) × `area`'s columns
    /// in one `lamina_gradient_over_rows_coverage` call: each row's coverage the corner tiles' row at
    /// its two ends and 1 between them (the inside, which the kernel does not read).
    private func paintCornerRows(_ tiles: GradientCornerTiles.Tiles, bottom: Bool, rect: IntRect, rows: Range<Int>, area: IntRect,
                                 gradient g: GradientSampler, kind: Int32, opacity: Double, on surface: Surface) {
        let c = tiles.side, width = area.width, height = rows.count
        if cornerCoverage.count < width * height { cornerCoverage = [Float](repeating: 0, count: max(width * height, 2 * cornerCoverage.count)) }
        if cornerInside.count < 2 * height { cornerInside = [Int32](repeating: 0, count: max(2 * height, 2 * cornerInside.count)) }
        // Columns of the row (relative to area.x) left of the inside and from its end: the left
        // tile's columns from `leftFrom`, the right tile's from `rightFrom`.
        let full0 = min(max(rect.x + c - area.x, 0), width), full1 = min(max(rect.maxX - c - area.x, full0), width)
        let leftFrom = area.x - rect.x, rightFrom = area.x + full1 - (rect.maxX - c)
        let firstRow = bottom ? rect.maxY - c : rect.y
        tiles.values.withUnsafeBufferPointer { tv in
            cornerCoverage.withUnsafeMutableBufferPointer { cov in
                cornerInside.withUnsafeMutableBufferPointer { inside in
                    let v = cov.baseAddress!, full = inside.baseAddress!, t = tv.baseAddress!
                    for r in 0..<height {
                        let j = rows.lowerBound + r - firstRow
                        let left = t + ((bottom ? 2 : 0) * c + j) * c, right = t + ((bottom ? 3 : 1) * c + j) * c
                        let out = v + r * width
                        if full0 > 0 { out.update(from: left + leftFrom, count: full0) }
                        if width > full1 { (out + full1).update(from: right + rightFrom, count: width - full1) }
                        // Between the corners: an inside when covered whole, else that coverage.
                        let between = tiles.between[(bottom ? c : 0) + j]
                        if between == 1 {
                            full[2 * r] = Int32(full0); full[2 * r + 1] = Int32(full1)
                        } else {
                            (out + full0).update(repeating: between, count: full1 - full0)
                            full[2 * r] = 0; full[2 * r + 1] = 0
                        }
                    }
                }
            }
        }
        paintCoverageRows(g, kind: kind, y0: rows.lowerBound, height: height, x0: area.x, width: width, opacity: opacity, on: surface)
    }
}
