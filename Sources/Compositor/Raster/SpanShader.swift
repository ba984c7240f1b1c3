import Foundation
import CPixelKernels

/// Fills a row of source colours for device pixels (x0 ..< x0 + count, y): the per-span half of
/// painting. One function per paint kind; the switch happens once per span.
enum SpanShader {
    /// Writes the paint's colours for `count` pixels starting at (x0, y) into `out`.
    @inline(__always)
    static func shade(_ paint: Paint, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch paint {
        case .solid(let c):
            out.update(repeating: c, count: count)
        case .image(let s):
            shadeImage(s, x0: x0, y: y, count: count, into: out)
        case .gradient(let g):
            shadeGradient(g, x0: x0, y: y, count: count, into: out)
        case .mask(let m):
            shadeMask(m, x0: x0, y: y, count: count, into: out)
        }
    }

    /// Linear interpolation of two premultiplied pixels, weight f/256 of `b`.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) &>> 8 & 0x00FF_00FF
        let ag = (((a &>> 8) & 0x00FF_00FF) &* g &+ ((b &>> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return rb | ag
    }

    static func shadeImage(_ s: ImageSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        s.image.premultipliedARGB.withUnsafeBufferPointer { tex in
            shadeImage(s, texels: tex.baseAddress!, x0: x0, y: y, count: count, into: out)
        }
    }

    /// shadeImage with the image's texels already borrowed (`texels`: its premultipliedARGB).
    static func shadeImage(_ s: ImageSampler, texels t: UnsafePointer<UInt32>, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        if let (dx, dy) = s.copyOffset {
            // Whole-texel translation: texel (x + dx, y + dy), clamped to the source rectangle.
            let ty = min(max(y + dy, s.y0), s.y1 - 1)
            let row = t + ty * s.image.width
            for i in 0..<count { out[i] = row[min(max(x0 + i + dx, s.x0), s.x1 - 1)] }
        } else if s.bilinear {
            sampleBilinearKernel(s, t, x0: x0, y: y, count: count, out)
        } else {
            sampleNearest(s, t, x0: x0, y: y, count: count, out)
        }
        if s.tint != 0xFFFF_FFFF { tint(out, count: count, by: s.tint) }
    }

    /// Bilinear sampling through the C kernel (AVX2 where available); bit-identical with
    /// `sampleBilinear`, which stays as its reference.
    @inline(__always)
    static func sampleBilinearKernel(_ s: ImageSampler, _ tex: UnsafePointer<UInt32>, x0: Int, y: Int, count: Int,
                                     _ out: UnsafeMutablePointer<UInt32>) {
        let m = s.map
        let py = Double(y) + 0.5
        if let f = affineFixed(s, y: y) {
            lamina_sample_bilinear_affine(tex, Int32(s.image.width), Int32(s.x0), Int32(s.y0), Int32(s.x1), Int32(s.y1),
                                          f.u0, f.du, f.v0, f.dv, Int32(x0), Int32(count), out)
            return
        }
        lamina_sample_bilinear(tex, Int32(s.image.width), Int32(s.x0), Int32(s.y0), Int32(s.x1), Int32(s.y1),
                               m.a, m.b, m.c, py * m.d + m.g, py * m.e + m.h, py * m.f + m.i,
                               s.map.isAffine ? 0 : 1, Int32(x0), Int32(count), out)
    }

    /// For an affine map, row `y`'s texel coordinates in 16.16 fixed point: pixel x samples at
    /// U = u0 + x·du, V = v0 + x·dv (exact integers, so a pixel never depends on where its span
    /// starts); nil for projective maps or values too large for the fixed-point path.
    @inline(__always)
    static func affineFixed(_ s: ImageSampler, y: Int) -> (u0: Int64, du: Int64, v0: Int64, dv: Int64)? {
        let m = s.map
        guard m.isAffine else { return nil }
        let py = Double(y) + 0.5
        let u0 = (0.5 * m.a + py * m.d + m.g - 0.5) * 65536, v0 = (0.5 * m.b + py * m.e + m.h - 0.5) * 65536
        let du = m.a * 65536, dv = m.b * 65536
        let limit = 1e15
        guard abs(u0) < limit, abs(v0) < limit, abs(du) < 1e9, abs(dv) < 1e9 else { return nil }
        return (roundedHalfAway(u0), roundedHalfAway(du), roundedHalfAway(v0), roundedHalfAway(dv))
    }

    /// `Int64(v.rounded())` (halves away from zero) for |v| < 2^62, without a call into libm:
    /// truncate, then step when the exact remainder reaches a half.
    @inline(__always)
    static func roundedHalfAway(_ v: Double) -> Int64 {
        let t = Int64(v)
        let f = v - Double(t)
        return f >= 0.5 ? t + 1 : (f <= -0.5 ? t - 1 : t)
    }

    /// The Swift reference of the fixed-point affine kernel.
    static func sampleBilinearAffine(_ s: ImageSampler, _ tex: UnsafePointer<UInt32>, x0: Int, y: Int, count: Int,
                                     _ out: UnsafeMutablePointer<UInt32>) {
        guard let f = affineFixed(s, y: y) else { return }
        let w = s.image.width, maxX = s.x1 - 1, maxY = s.y1 - 1
        let loU = Int64(s.x0) << 16, hiU = Int64(maxX) << 16, loV = Int64(s.y0) << 16, hiV = Int64(maxY) << 16
        for i in 0..<count {
            let x = Int64(x0 + i)
            let ui = Int(min(max(f.u0 &+ x &* f.du, loU), hiU) >> 8), vi = Int(min(max(f.v0 &+ x &* f.dv, loV), hiV) >> 8)
            let iu = ui >> 8, iv = vi >> 8
            let fu = UInt32(ui & 255), fv = UInt32(vi & 255)
            let iu1 = iu < maxX ? iu + 1 : maxX, iv1 = iv < maxY ? iv + 1 : maxY
            let r0 = tex + iv * w, r1 = tex + iv1 * w
            out[i] = lerp(lerp(r0[iu], r0[iu1], fu), lerp(r1[iu], r1[iu1], fu), fv)
        }
    }

    /// Bilinear sampling with 8-bit weights, clamped to the source rectangle. Each pixel's map is
    /// evaluated from its own coordinates (not accumulated), so its colour never depends on where
    /// its span starts.
    @inline(__always)
    static func sampleBilinear(_ s: ImageSampler, _ tex: UnsafePointer<UInt32>, x0: Int, y: Int, count: Int,
                               _ out: UnsafeMutablePointer<UInt32>, projective: Bool) {
        let m = s.map
        let py = Double(y) + 0.5
        let rowX = py * m.d + m.g, rowY = py * m.e + m.h, rowW = py * m.f + m.i
        let w = Int32(s.image.width)
        let maxX = Int32(s.x1 - 1), maxY = Int32(s.y1 - 1)
        // Texel coordinates in 8-bit fixed point, clamped (in Double, so the conversion is safe;
        // NaN fails both comparisons and lands on the low bound).
        let loX = Double(s.x0) * 256, loY = Double(s.y0) * 256
        let hiX = Double(maxX) * 256, hiY = Double(maxY) * 256
        for i in 0..<count {
            let px = Double(x0 &+ i) + 0.5
            var u: Double, v: Double
            if projective {
                let inv = 1 / (px * m.c + rowW)
                u = ((px * m.a + rowX) * inv - 0.5) * 256
                v = ((px * m.b + rowY) * inv - 0.5) * 256
            } else {
                u = (px * m.a + rowX - 0.5) * 256
                v = (px * m.b + rowY - 0.5) * 256
            }
            u = u > loX ? (u < hiX ? u : hiX) : loX
            v = v > loY ? (v < hiY ? v : hiY) : loY
            let ui = Int32(u), vi = Int32(v)
            let iu = ui &>> 8, iv = vi &>> 8
            let fu = UInt32(truncatingIfNeeded: ui & 255), fv = UInt32(truncatingIfNeeded: vi & 255)
            let iu1 = iu < maxX ? iu &+ 1 : maxX, iv1 = iv < maxY ? iv &+ 1 : maxY
            let r0 = tex + Int(iv &* w), r1 = tex + Int(iv1 &* w)
            let top = lerp(r0[Int(iu)], r0[Int(iu1)], fu)
            let bottom = lerp(r1[Int(iu)], r1[Int(iu1)], fu)
            out[i] = lerp(top, bottom, fv)
        }
    }

    /// Nearest-texel sampling, clamped to the source rectangle.
    @inline(__always)
    static func sampleNearest(_ s: ImageSampler, _ tex: UnsafePointer<UInt32>, x0: Int, y: Int, count: Int, _ out: UnsafeMutablePointer<UInt32>) {
        let m = s.map
        let py = Double(y) + 0.5
        let rowX = py * m.d + m.g, rowY = py * m.e + m.h, rowW = py * m.f + m.i
        let w = s.image.width
        let minXd = Double(s.x0), minYd = Double(s.y0), maxXd = Double(s.x1 - 1), maxYd = Double(s.y1 - 1)
        for i in 0..<count {
            let px = Double(x0 + i) + 0.5
            let inv = 1 / (px * m.c + rowW)
            let u = min(max(((px * m.a + rowX) * inv).rounded(.down), minXd), maxXd)
            let v = min(max(((px * m.b + rowY) * inv).rounded(.down), minYd), maxYd)
            guard u == u, v == v else { out[i] = 0; continue }
            out[i] = tex[Int(v) * w + Int(u)]
        }
    }

    /// Multiplies each pixel by a premultiplied colour, channel by channel.
    static func tint(_ p: UnsafeMutablePointer<UInt32>, count: Int, by c: UInt32) {
        let ca = c >> 24, cr = (c >> 16) & 255, cg = (c >> 8) & 255, cb = c & 255
        for i in 0..<count {
            let v = p[i]
            p[i] = Premultiplied.mul255(v >> 24, ca) << 24 | Premultiplied.mul255((v >> 16) & 255, cr) << 16
                | Premultiplied.mul255((v >> 8) & 255, cg) << 8 | Premultiplied.mul255(v & 255, cb)
        }
    }

    /// Axial, radial and conic rows through the C kernel (lamina_shade_gradient: AVX-512, AVX2 or
    /// NEON where the CPU has them, else portable C), bit-identical with `shadeGradientReference`,
    /// which stays as its reference and draws the two-circle kind.
    static func shadeGradient(_ g: GradientSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let kind: Int32
        switch g.kind {
        case .axial: kind = LAMINA_GRADIENT_AXIAL
        case .radial: kind = LAMINA_GRADIENT_RADIAL
        case .conic: kind = LAMINA_GRADIENT_CONIC
        case .twoCircle: kind = -1
        }
        // The kernel's pixel numbers are 32-bit; its table has 256 entries.
        guard kind >= 0, count > 0, count < 1 << 30, x0 > -(1 << 30), x0 < (1 << 30) - count, g.table.count == 256 else {
            shadeGradientReference(g, x0: x0, y: y, count: count, into: out)
            return
        }
        let m = g.map
        let py = Double(y) + 0.5
        g.table.withUnsafeBufferPointer { table in
            var row = LaminaGradientRow(kind: kind, sx: g.sx, sy: g.sy, ex: g.ex, ey: g.ey, a: m.a, b: m.b, c: m.c,
                                        rowX: py * m.d + m.g, rowY: py * m.e + m.h, rowW: py * m.f + m.i, table: table.baseAddress)
            lamina_shade_gradient(&row, Int32(x0), Int32(count), out)
        }
    }

    /// The Swift reference of the gradient kernel (and the two-circle kind's rows).
    static func shadeGradientReference(_ g: GradientSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = g.map
        // Each pixel's map is evaluated directly (not accumulated along the span), so a pixel's
        // colour never depends on where its span starts.
        let py = Double(y) + 0.5
        let rowX = py * m.d + m.g, rowY = py * m.e + m.h, rowW = py * m.f + m.i
        let clears = g.clearsWhereUndefined
        // An affine map (c = 0) with rowW ≠ 0: px·c + rowW is rowW for every pixel (±0 added to a
        // non-zero number), so its reciprocal is made once per row. An axial gradient's parameter
        // is then worked out inline; same arithmetic, same order, the same pixels.
        if m.c == 0, rowW != 0, case .axial = g.kind {
            let inv = 1 / rowW
            let sx = g.sx, sy = g.sy
            let dx = g.ex - sx, dy = g.ey - sy
            let len2 = dx * dx + dy * dy
            g.table.withUnsafeBufferPointer { table in
                let table = table.baseAddress!
                for i in 0..<count {
                    let px = Double(x0 + i) + 0.5
                    let x = (px * m.a + rowX) * inv, y = (px * m.b + rowY) * inv
                    let t = len2 > 0 ? ((x - sx) * dx + (y - sy) * dy) / len2 : 0
                    out[i] = table[t.isNaN ? 0 : Int(BlendFormulas.roundedByte(min(max(t, 0), 1) * 255))]
                }
            }
            return
        }
        g.table.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                let inv = 1 / (px * m.c + rowW)
                let t = g.parameter((px * m.a + rowX) * inv, (px * m.b + rowY) * inv)
                if t.isNaN && clears { out[i] = 0; continue }
                let k = t.isNaN ? 0 : Int(BlendFormulas.roundedByte(min(max(t, 0), 1) * 255))
                out[i] = table[k]
            }
        }
    }

    static func shadeMask(_ s: MaskSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = s.map
        // Text placed on whole pixels (the usual case): the map is a translation by whole pixels,
        // every sample falls on a texel centre, and the bilinear sample below is exactly that
        // texel's value (its weights are 1 and 0), so it is read directly; same bits.
        if m.a == 1, m.b == 0, m.c == 0, m.d == 0, m.e == 1, m.f == 0, m.i == 1,
           abs(m.g) < 1e9, abs(m.h) < 1e9, m.g == m.g.rounded(), m.h == m.h.rounded() {
            shadeMaskTexels(s, x0: x0 + Int(m.g), row: y + Int(m.h), count: count, into: out)
            return
        }
        // Text placed on fractional pixels by a translation (a sliding label): the same samples as
        // the general path, with the per-row half worked out once per span.
        if isTranslation(m) {
            shadeMaskTranslated(s, x0: x0, y: y, count: count, into: out)
            return
        }
        shadeMaskMapped(s, x0: x0, y: y, count: count, into: out)
    }

    /// `shadeMaskSampled` through the C kernel (`sampleMappedRow`): text drawn rotated, scaled or
    /// in perspective. Its reference test: MaskMappedSamplesTests.
    static func shadeMaskMapped(_ s: MaskSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        shadeFromSamples(s.color, count: count, into: out) { sampleMappedRow(s, x0: x0, y: y, count: count, into: $0) }
    }

    /// `color` scaled by each of `count` mask samples (0...255) that `sample` writes, into `out`
    /// (0 where a sample is 0).
    @inline(__always)
    private static func shadeFromSamples(_ color: UInt32, count: Int, into out: UnsafeMutablePointer<UInt32>,
                                         _ sample: (UnsafeMutablePointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { samples in
            let k = samples.baseAddress!
            sample(k)
            for i in 0..<count { out[i] = k[i] == 0 ? 0 : Premultiplied.scale(color, UInt32(k[i])) }
        }
    }

    /// The mask's bilinear samples (0...255) for pixels x0..<x0 + count of row y through any map:
    /// bit for bit `shadeMaskSampled`'s arithmetic, by the C kernel `lamina_sample_mask_mapped_row`
    /// (eight pixels a step at AVX2 and AVX-512, the texels gathered).
    static func sampleMappedRow(_ s: MaskSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let m = s.map
        let w = s.mask.width, h = s.mask.height
        guard w > 0, h > 0, w <= Int(Int32.max), h <= Int(Int32.max), count <= Int(Int32.max) else {
            out.update(repeating: 0, count: count)
            return
        }
        let py = Double(y) + 0.5
        let rowX = py * m.d + m.g, rowY = py * m.e + m.h, rowW = py * m.f + m.i
        s.mask.alpha.withUnsafeBufferPointer { a in
            lamina_sample_mask_mapped_row(out, a.baseAddress!, Int32(w), Int32(h), m.a, m.b, m.c, rowX, rowY, rowW, Int64(x0), Int32(count))
        }
    }

    /// Whether `m` is a translation (by any amount; the maps `shadeMaskTranslated` takes).
    @inline(__always)
    static func isTranslation(_ m: Projective2D) -> Bool {
        m.a == 1 && m.b == 0 && m.c == 0 && m.d == 0 && m.e == 1 && m.f == 0 && m.i == 1 && abs(m.g) < 1e9 && abs(m.h) < 1e9
    }

    /// `shadeMaskSampled` for a map that is a translation (by any amount): the mask's samples along
    /// the row from `sampleTranslatedRow`, the colour scaled by each. Its reference test:
    /// MaskShadeTexelTests.
    static func shadeMaskTranslated(_ s: MaskSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        shadeFromSamples(s.color, count: count, into: out) { sampleTranslatedRow(s, x0: x0, y: y, count: count, into: $0) }
    }

    /// The mask's bilinear samples (0...255) for pixels x0..<x0 + count of row y, `s.map` being a
    /// translation: bit for bit `shadeMaskSampled`'s arithmetic (with the map's ones and zeros, its
    /// division is by 1 and its products by 0 and 1 are exact, so they are left out), the sample's
    /// row and its weight found once, the columns by the C kernel `lamina_sample_mask_row` (eight
    /// pixels a vector at AVX-512, four at AVX2).
    static func sampleTranslatedRow(_ s: MaskSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let m = s.map
        let w = s.mask.width, h = s.mask.height
        let v = ((Double(y) + 0.5) + m.h) - 0.5
        guard v > -1, v < Double(h), w <= Int(Int32.max), count <= Int(Int32.max) else { out.update(repeating: 0, count: count); return }
        let fv0 = floorInline(v)
        let iv = Int(fv0), fv = v - fv0, gv = 1 - fv
        s.mask.alpha.withUnsafeBufferPointer { a in
            let base = a.baseAddress!
            // The two mask rows the sample reads (nil: outside the mask, zeros).
            let top: UnsafePointer<UInt8>? = iv >= 0 && iv < h ? base + iv * w : nil
            let bottom: UnsafePointer<UInt8>? = iv + 1 >= 0 && iv + 1 < h ? base + (iv + 1) * w : nil
            lamina_sample_mask_row(out, top, bottom, Int32(w), m.g, gv, fv, Int64(x0), Int32(count))
        }
    }

    /// `v.rounded(.down)` for |v| < 2^62, without a call into libm.
    @inline(__always)
    static func floorInline(_ v: Double) -> Double {
        let t = Double(Int64(v))
        return t > v ? t - 1 : t
    }

    /// `shadeMask` for a map that is a translation by whole pixels: texel (x0 + i, row) for pixel
    /// i, transparent outside the mask.
    static func shadeMaskTexels(_ s: MaskSampler, x0: Int, row: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let w = s.mask.width, h = s.mask.height
        guard row >= 0, row < h else { out.update(repeating: 0, count: count); return }
        s.mask.alpha.withUnsafeBufferPointer { a in
            let base = row * w
            for i in 0..<count {
                let u = x0 + i
                let k = u >= 0 && u < w ? UInt32(a[base + u]) : 0
                out[i] = k == 0 ? 0 : Premultiplied.scale(s.color, k)
            }
        }
    }

    /// `shadeMask` for any map: each pixel centre mapped into the mask and sampled bilinearly. The
    /// reference of the faster paths (`shadeMaskTexels`, `shadeMaskTranslated`, `shadeMaskMapped`),
    /// kept for their tests.
    static func shadeMaskSampled(_ s: MaskSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = s.map
        // Each pixel's map is evaluated directly (not accumulated along the span), so a pixel's
        // colour never depends on where its span starts.
        let py = Double(y) + 0.5
        let rowX = py * m.d + m.g, rowY = py * m.e + m.h, rowW = py * m.f + m.i
        let w = s.mask.width, h = s.mask.height
        s.mask.alpha.withUnsafeBufferPointer { a in
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                let inv = 1 / (px * m.c + rowW)
                let u = (px * m.a + rowX) * inv - 0.5, v = (px * m.b + rowY) * inv - 0.5
                // Bilinear with transparent outside the mask.
                guard u > -1, v > -1, u < Double(w), v < Double(h) else { out[i] = 0; continue }
                let fu0 = u.rounded(.down), fv0 = v.rounded(.down)
                let iu = Int(fu0), iv = Int(fv0)
                let fu = u - fu0, fv = v - fv0
                func at(_ x: Int, _ y: Int) -> Double { x < 0 || y < 0 || x >= w || y >= h ? 0 : Double(a[y * w + x]) }
                let top = at(iu, iv) * (1 - fu) + at(iu + 1, iv) * fu
                let bottom = at(iu, iv + 1) * (1 - fu) + at(iu + 1, iv + 1) * fu
                let k = UInt32((top * (1 - fv) + bottom * fv).rounded())
                out[i] = Premultiplied.scale(s.color, min(k, 255))
            }
        }
    }
}
