import Foundation
import CPixelKernels

/// Gradients painted through coverage runs in one pass a run (`lamina_gradient_over`): each pixel's
/// gradient colour is worked out, scaled by the run's coverage times the opacity (times the soft
/// clip's coverage, pixel by pixel, outside the clip's run of full coverage) and composited
/// source-over, in the C kernel, with no row of colours handed back to Swift. The same pixels as
/// shading the row (`SpanShader.shadeGradient`) and blending it (`paintSpans`), bit for bit
/// (`GradientOverTests`).
extension PrimitiveDrawer {
    /// The kernel's kind for `g` (nil: the two-circle kind, or a table the kernel cannot take).
    @inline(__always)
    static func gradientKernelKind(_ g: GradientSampler) -> Int32? {
        guard g.table.count == 256 else { return nil }
        switch g.kind {
        case .axial: return LAMINA_GRADIENT_AXIAL
        case .radial: return LAMINA_GRADIENT_RADIAL
        case .conic: return LAMINA_GRADIENT_CONIC
        case .twoCircle: return nil
        }
    }

    /// Paints `spans` (within `area`) with gradient `g` at `opacity` through `surface`'s soft clip
    /// (if any), as `paintSpans` would; false (nothing drawn) when the kernel cannot take `g`.
    func paintGradientSpans(_ spans: [CoverageSpan], gradient g: GradientSampler, opacity: Double, area: IntRect, on surface: Surface) -> Bool {
        guard let kind = PrimitiveDrawer.gradientKernelKind(g) else { return false }
        let op = Float(min(opacity, 1))
        let clip = surface.clip
        let m = g.map
        let ax0 = area.x, ax1 = area.maxX, ay0 = area.y, ay1 = area.maxY
        let stride = surface.stride, pixels = surface.pixels, fx = surface.frame.x, fy = surface.frame.y
        // The kernel's pixel numbers are 32-bit.
        let limit = 1 << 30
        guard ax0 > -limit, ax1 < limit else { return false }
        g.table.withUnsafeBufferPointer { table in
            var row = LaminaGradientRow(kind: kind, sx: g.sx, sy: g.sy, ex: g.ex, ey: g.ey, a: m.a, b: m.b, c: m.c,
                                        rowX: 0, rowY: 0, rowW: 0, table: table.baseAddress)
            /// One run: pixels x0 ..< x1 of row y, coverage c (times the opacity), through the clip's values.
            @inline(__always) func paint(_ y: Int, _ x0: Int, _ x1: Int, _ c: Float, clipValues: UnsafePointer<Float>?) {
                let py = Double(y) + 0.5
                row.rowX = py * m.d + m.g; row.rowY = py * m.e + m.h; row.rowW = py * m.f + m.i
                let n = x1 - x0
                let dst = pixels + ((y - fy) * stride + x0 - fx)
                if let clip, let clipValues {
                    // Coverage × clip per pixel, except on the clip's run of exact ones (there c × 1 is c).
                    let inside = clip.fullRun(y)
                    let m0 = min(max(inside.lo, x0), x1), m1 = max(min(inside.hi, x1), m0)
                    let r = clip.rect
                    lamina_gradient_over(&row, Int32(x0), Int32(n), dst, clipValues + ((y - r.y) * r.width + x0 - r.x),
                                         Int32(m0 - x0), Int32(m1 - x0), c)
                } else {
                    lamina_gradient_over(&row, Int32(x0), Int32(n), dst, nil, 0, Int32(n), c)
                }
            }
            /// Without a clip: each row's spans in one call, their coverage as a row of values (0
            /// between them) and the longest run of coverage 1 as the inside (pixel for pixel the
            /// factors of the spans one by one: coverage × opacity, rounded the same way).
            func paintRows() {
                spans.withUnsafeBufferPointer { runs in
                    var i = 0
                    while i < runs.count {
                        let y = Int(runs[i].y)
                        var j = i + 1
                        while j < runs.count && Int(runs[j].y) == y { j += 1 }
                        defer { i = j }
                        if y < ay0 || y >= ay1 { continue }
                        // The row's extent within the area (runs come left to right, apart).
                        let x0 = max(Int(runs[i].x), ax0), x1 = min(Int(runs[j - 1].x + runs[j - 1].length), ax1)
                        if x1 <= x0 { continue }
                        if j - i == 1 {
                            if runs[i].coverage > 0 { paint(y, x0, x1, runs[i].coverage * op, clipValues: nil) }
                            continue
                        }
                        let n = x1 - x0
                        if coverageRow.count < n { coverageRow = [Float](repeating: 0, count: max(n, 2 * coverageRow.count)) }
                        var full = (lo: 0, hi: 0)
                        coverageRow.withUnsafeMutableBufferPointer { row in
                            let v = row.baseAddress!
                            v.update(repeating: 0, count: n)
                            for k in i..<j where runs[k].coverage > 0 {
                                let s0 = max(Int(runs[k].x), x0), s1 = min(Int(runs[k].x + runs[k].length), x1)
                                if s1 <= s0 { continue }
                                (v + (s0 - x0)).update(repeating: runs[k].coverage, count: s1 - s0)
                                if runs[k].coverage == 1, s1 - s0 > full.hi - full.lo { full = (s0 - x0, s1 - x0) }
                            }
                        }
                        let py = Double(y) + 0.5
                        row.rowX = py * m.d + m.g; row.rowY = py * m.e + m.h; row.rowW = py * m.f + m.i
                        coverageRow.withUnsafeBufferPointer { v in
                            lamina_gradient_over(&row, Int32(x0), Int32(n), pixels + ((y - fy) * stride + x0 - fx), v.baseAddress,
                                                 Int32(full.lo), Int32(full.hi), op)
                        }
                    }
                }
            }
            /// Every span within the area (and, clipped, within the clip's rectangle: the clip is 0
            /// outside it, where nothing is drawn).
            func paintAll(_ clipValues: UnsafePointer<Float>?) {
                var bx0 = ax0, bx1 = ax1, by0 = ay0, by1 = ay1
                if let r = clip?.rect { bx0 = max(bx0, r.x); bx1 = min(bx1, r.maxX); by0 = max(by0, r.y); by1 = min(by1, r.maxY) }
                spans.withUnsafeBufferPointer { runs in
                    for span in runs {
                        let y = Int(span.y)
                        if y < by0 || y >= by1 || span.coverage <= 0 { continue }
                        let x0 = max(Int(span.x), bx0), x1 = min(Int(span.x + span.length), bx1)
                        if x1 <= x0 { continue }
                        paint(y, x0, x1, span.coverage * op, clipValues: clipValues)
                    }
                }
            }
            if let clip {
                // An empty clip shows nothing.
                clip.values.withUnsafeBufferPointer { if let v = $0.baseAddress, !clip.rect.isEmpty { paintAll(v) } }
            } else {
                paintRows()
            }
        }
        return true
    }
}
