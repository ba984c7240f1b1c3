import Foundation
import CPixelKernels

/// Gradient-filled shapes (Lottie's gradient fills and strokes, drawn through their mask's path)
/// through the C cell rasteriser's coverage: the shape's coverage rows from `CellRasterizer`, each
/// painted in one pass by `lamina_gradient_over`. The coverage is the cell rasteriser's (within
/// 1/255 of the Double reference, as for solid shapes); a row's pixels are then what the one-pass
/// kernel gives for that coverage (`GradientCellsTests`).
extension PrimitiveDrawer {
    /// Fills `contours` (device pixels) with gradient `g` on `surface`: through the C rasteriser's
    /// coverage when the surface has no soft clip or one that holds the shape whole, else as
    /// `draw` does. For shapes (a gradient's own rectangle keeps `draw`'s runs, whose inside of
    /// full coverage the one-pass kernel paints without reading coverage).
    func drawGradientShape(_ contours: [[(x: Double, y: Double)]], rule: FillRule, gradient g: GradientSampler, opacity: Double, on surface: Surface) {
        guard opacity > 0 else { return }
        var area = surface.scissor
        if let c = surface.clip { area = area.intersection(c.rect) }
        guard !area.isEmpty else { return }
        if surface.clip.map({ PrimitiveDrawer.isWhole($0, under: contours) }) ?? true,
           fillGradientCells(contours, rule: rule, gradient: g, opacity: opacity, area: area, on: surface) {
            return
        }
        draw(contours, rule: rule, paint: .gradient(g), opacity: opacity, on: surface)
    }

    /// Fills `contours` (device pixels) with gradient `g` at `opacity` over `area` of `surface`
    /// (which has no soft clip, or one that holds the shape whole); false (nothing drawn) when the
    /// kernel cannot take `g` or memory ran out.
    func fillGradientCells(_ contours: [[(x: Double, y: Double)]], rule: FillRule, gradient g: GradientSampler, opacity: Double,
                           area: IntRect, on surface: Surface) -> Bool {
        guard rastersGradientShapes, fusesGradients, let kind = PrimitiveDrawer.gradientKernelKind(g) else { return false }
        let limit = 1 << 30
        guard area.x > -limit, area.maxX < limit,
              let b = cells.coverage(contours, rule: rule, columns: surface.columns, rows: area.y..<area.maxY, into: &shapeCoverage) else { return false }
        // The coverage box within the area (its columns may reach past the area: other bands' or the scissor's).
        let x0 = max(b.x, area.x), x1 = min(b.x + b.width, area.maxX)
        let y0 = max(b.y, area.y), y1 = min(b.y + b.height, area.maxY)
        guard x1 > x0, y1 > y0 else { return true }
        let op = Float(min(opacity, 1))
        let m = g.map
        let stride = surface.stride, pixels = surface.pixels, fx = surface.frame.x, fy = surface.frame.y
        g.table.withUnsafeBufferPointer { table in
            shapeCoverage.withUnsafeBufferPointer { values in
                var row = LaminaGradientRow(kind: kind, sx: g.sx, sy: g.sy, ex: g.ex, ey: g.ey, a: m.a, b: m.b, c: m.c,
                                            rowX: 0, rowY: 0, rowW: 0, table: table.baseAddress)
                for y in y0..<y1 {
                    let v = values.baseAddress! + ((y - b.y) * b.width + x0 - b.x)
                    // Only the stretch of the row the shape covers.
                    var lo = 0, hi = x1 - x0
                    while lo < hi && v[lo] <= 0 { lo += 1 }
                    while hi > lo && v[hi - 1] <= 0 { hi -= 1 }
                    if hi <= lo { continue }
                    let py = Double(y) + 0.5
                    row.rowX = py * m.d + m.g; row.rowY = py * m.e + m.h; row.rowW = py * m.f + m.i
                    lamina_gradient_over(&row, Int32(x0 + lo), Int32(hi - lo), pixels + ((y - fy) * stride + x0 + lo - fx), v + lo, 0, 0, op)
                }
            }
        }
        return true
    }
}
