import Foundation

/// Draws filled contours with a paint onto a surface: anti-aliased coverage, times the surface's
/// soft clip, times an opacity, composited source-over. Holds the reusable scratch buffers, so one
/// drawer per thread.
final class PrimitiveDrawer {
    private var rasterizer = CoverageRasterizer()
    private var source = [UInt32](repeating: 0, count: 256)

    /// Fills `contours` (device pixels) on `surface`.
    func draw(_ contours: [[(x: Double, y: Double)]], rule: FillRule, paint: Paint, opacity: Double, on surface: Surface) {
        guard opacity > 0 else { return }
        var area = surface.scissor
        if let c = surface.clip { area = area.intersection(c.rect) }
        guard !area.isEmpty else { return }
        let ox = Double(area.x), oy = Double(area.y)
        let local = contours.map { $0.map { (x: $0.x - ox, y: $0.y - oy) } }
        rasterizer.rasterize(local, rule: rule, clipWidth: area.width, clipHeight: area.height)
        let b = rasterizer.bounds
        guard b.width > 0, b.height > 0 else { return }
        if source.count < b.width { source = [UInt32](repeating: 0, count: b.width) }
        let op = Float(min(opacity, 1))
        let clip = surface.clip
        let cov = rasterizer.coverage
        source.withUnsafeMutableBufferPointer { src in
            cov.withUnsafeBufferPointer { cov in
                for ry in 0..<b.height {
                    let y = area.y + b.y + ry
                    let x0 = area.x + b.x
                    let covRow = cov.baseAddress! + ry * b.width
                    // Trim transparent ends of the row.
                    var lo = 0, hi = b.width
                    while lo < hi && covRow[lo] <= 0 { lo += 1 }
                    while hi > lo && covRow[hi - 1] <= 0 { hi -= 1 }
                    if lo >= hi { continue }
                    SpanShader.shade(paint, x0: x0 + lo, y: y, count: hi - lo, into: src.baseAddress!)
                    let dst = surface.row(y)
                    for i in lo..<hi {
                        var c = covRow[i] * op
                        if let clip { c *= clip.value(x0 + i, y) }
                        if c <= 0 { continue }
                        let k = UInt32(min(c, 1) * 255 + 0.5)
                        if k == 0 { continue }
                        dst[x0 + i] = Premultiplied.over(dst[x0 + i], Premultiplied.scale(src[i - lo], k))
                    }
                }
            }
        }
    }

    /// The coverage of `contours` (device pixels) over `area` as a clip mask (intersected with `outer`).
    func clipMask(_ contours: [[(x: Double, y: Double)]], rule: FillRule, area: IntRect, outer: ClipMask?) -> ClipMask {
        var a = area
        if let o = outer { a = a.intersection(o.rect) }
        var values = [Float](repeating: 0, count: a.area)
        if !a.isEmpty {
            let local = contours.map { $0.map { (x: $0.x - Double(a.x), y: $0.y - Double(a.y)) } }
            rasterizer.rasterize(local, rule: rule, clipWidth: a.width, clipHeight: a.height)
            let b = rasterizer.bounds
            for ry in 0..<b.height {
                for rx in 0..<b.width {
                    let x = b.x + rx, y = b.y + ry
                    var v = rasterizer.coverage[ry * b.width + rx]
                    if let o = outer { v *= o.value(a.x + x, a.y + y) }
                    values[y * a.width + x] = v
                }
            }
        }
        return ClipMask(rect: a, values: values)
    }

    /// Composites `src` (an offscreen surface) onto `dst` with `opacity`, optionally times `mask`
    /// (alpha of another offscreen surface of the same frame), within dst's scissor and clip.
    func composite(_ src: Surface, onto dst: Surface, opacity: Double, mask: Surface?) {
        var area = dst.scissor.intersection(src.frame)
        if let c = dst.clip { area = area.intersection(c.rect) }
        guard !area.isEmpty, opacity > 0 else { return }
        let op = UInt32((min(opacity, 1) * 255).rounded())
        for y in area.y..<area.maxY {
            let s = src.row(y), d = dst.row(y)
            let m: UnsafeMutablePointer<UInt32>? = mask.map { $0.frame.y <= y && y < $0.frame.maxY ? $0.row(y) : nil } ?? nil
            let maskInRows = mask == nil || m != nil
            for x in area.x..<area.maxX {
                var k = op
                if let mask {
                    guard maskInRows, let m, x >= mask.frame.x, x < mask.frame.maxX else { k = 0; continue }
                    k = Premultiplied.mul255(k, m[x] >> 24)
                }
                if let clip = dst.clip { k = UInt32((Float(k) * clip.value(x, y)).rounded()) }
                if k == 0 { continue }
                d[x] = Premultiplied.over(d[x], Premultiplied.scale(s[x], k))
            }
        }
    }
}
