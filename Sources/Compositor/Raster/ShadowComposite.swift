import Foundation
import CPixelKernels

/// Paints a blurred shadow plane, tinted, over a surface: the last step of
/// `TreeRasterizer.drawBlurredAlpha`. A reduced plane is sampled as `TreeRasterizer.upsample` does,
/// bit for bit, with the per-column and per-row parts of that sampling worked out once (a pixel's
/// column weights, its row's two reduced rows padded with zeros) instead of for every pixel: a
/// shadow of a large frame covers tens of millions of pixels.
enum ShadowComposite {
    /// Composites `plane` (covering device `area`, reduced by `factor`, `width` × `height` values)
    /// times `opacity` (and `s`'s clip) as coverage of `tints` (the shadow colour at each of 256
    /// coverage levels) over `s`, inside `draw`.
    static func paint(_ plane: UnsafeBufferPointer<Float>, width: Int, height: Int, factor: Int, area: IntRect,
                      draw: IntRect, opacity op: Float, tints tint: UnsafeBufferPointer<UInt32>, on s: Surface) {
        let clip = s.clip
        @inline(__always) func over(_ d: UnsafeMutablePointer<UInt32>, _ x: Int, _ y: Int, _ v: Float) {
            var c = v * op
            if let clip { c *= clip.value(x, y) }
            let k = Int(min(c, 1) * 255 + 0.5)
            if k == 0 { return }
            d[x] = Premultiplied.over(d[x], tint[k])
        }
        // The colour (the tint at full coverage), for the row kernel: `lamina_over_solid_coverage`
        // rounds each pixel's coverage times `op` to a level and blends the colour scaled by it as
        // `over` does, bit for bit (its reference test: FillKernelTests), on the CPU's vector level.
        let color = tint[255]
        if factor == 1 {
            for y in draw.y..<draw.maxY {
                let d = s.row(y), row = plane.baseAddress! + (y - area.y) * area.width - area.x
                if clip == nil {
                    lamina_over_solid_coverage(d + draw.x, color, row + draw.x, op, Int32(draw.width))
                } else {
                    for x in draw.x..<draw.maxX { over(d, x, y, row[x]) }
                }
            }
            return
        }
        let f = Float(factor)
        // Per column of `draw`: the padded index of the reduced column left of its centre (u0 + 1),
        // and the weights of that column (1 - fu) and the next (fu), as `upsample` computes them.
        var index = [Int](repeating: 0, count: draw.width)
        var next = [Float](repeating: 0, count: draw.width), left = [Float](repeating: 0, count: draw.width)
        for i in 0..<draw.width {
            let u = (Float(draw.x + i - area.x) + 0.5) / f - 0.5
            let u0 = Int(u.rounded(.down))
            let fu = u - Float(u0)
            index[i] = u0 + 1; next[i] = fu; left[i] = 1 - fu
        }
        // Two reduced rows, zero beyond the plane's edges (one value each side, as `at` gives).
        var top = [Float](repeating: 0, count: width + 2), bottom = [Float](repeating: 0, count: width + 2)
        func load(_ r: inout [Float], _ j: Int) {
            guard j >= 0 && j < height else { for i in r.indices { r[i] = 0 }; return }
            r.withUnsafeMutableBufferPointer { r in
                for i in 0..<width { r[i + 1] = plane[j * width + i] }
            }
        }
        // Per column, the bilinear sample's upper and lower parts (from the two reduced rows): the
        // same for every row between two reduced rows' centres (`factor` rows), made once for them.
        var upper = [Float](repeating: 0, count: draw.width), lower = [Float](repeating: 0, count: draw.width)
        var coverage = [Float](repeating: 0, count: draw.width)
        var loaded = Int.min
        for y in draw.y..<draw.maxY {
            let v = (Float(y - area.y) + 0.5) / f - 0.5
            let v0 = Int(v.rounded(.down))
            let fv = v - Float(v0), gv = 1 - fv
            if v0 != loaded {
                load(&top, v0); load(&bottom, v0 + 1); loaded = v0
                top.withUnsafeBufferPointer { t in
                    bottom.withUnsafeBufferPointer { b in
                        index.withUnsafeBufferPointer { index in
                            next.withUnsafeBufferPointer { next in
                                left.withUnsafeBufferPointer { left in
                                    upper.withUnsafeMutableBufferPointer { up in
                                        lower.withUnsafeMutableBufferPointer { lo in
                                            for i in 0..<draw.width {
                                                let j = index[i], fu = next[i], gu = left[i]
                                                up[i] = t[j] * gu + t[j + 1] * fu
                                                lo[i] = b[j] * gu + b[j + 1] * fu
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let d = s.row(y)
            upper.withUnsafeBufferPointer { up in
                lower.withUnsafeBufferPointer { lo in
                    if clip == nil {
                        // The row's coverage (`over`'s value before `op`), then the row kernel.
                        coverage.withUnsafeMutableBufferPointer { c in
                            for i in 0..<draw.width { c[i] = up[i] * gv + lo[i] * fv }
                            lamina_over_solid_coverage(d + draw.x, color, c.baseAddress!, op, Int32(draw.width))
                        }
                    } else {
                        for i in 0..<draw.width { over(d, draw.x + i, y, up[i] * gv + lo[i] * fv) }
                    }
                }
            }
        }
    }
}
