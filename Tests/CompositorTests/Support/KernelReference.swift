import Foundation

/// Scalar references for the pixel kernels, written from the formulas their documentation states
/// (CPixelKernels.h, Premultiplied, SpanShader), channel by channel, sharing no code with them.
enum KernelReference {
    /// Channel `shift` (0, 8, 16, 24) of a pixel.
    static func channel(_ p: UInt32, _ shift: UInt32) -> UInt32 { (p >> shift) & 255 }

    /// round(x·k / 255) for x, k in 0...255 (x·k/255 never ends in exactly .5: 255 is odd).
    static func mulDiv255(_ x: UInt32, _ k: UInt32) -> UInt32 { (2 * x * k + 255) / 510 }

    /// The linear blend of two pixels with an 8-bit weight f/256 of q, each channel floored:
    /// ⌊(p·(256 − f) + q·f) / 256⌋.
    static func lerp(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let v = (channel(p, shift) * (256 - f) + channel(q, shift) * f) / 256
            out |= v << shift
        }
        return out
    }

    /// One bilinear sample of `tex` (row length w) at texel coordinates (ui, vi) in 8-bit fixed
    /// point (already clamped into the rectangle): the texel at (ui/256, vi/256), its right and lower
    /// neighbours (the last column / row stands in for a missing one), weights ui mod 256, vi mod 256.
    static func bilinear(_ tex: [UInt32], w: Int, ui: Int, vi: Int, maxX: Int, maxY: Int) -> UInt32 {
        let ix = ui / 256, iy = vi / 256, fx = UInt32(ui % 256), fy = UInt32(vi % 256)
        let ix1 = min(ix + 1, maxX), iy1 = min(iy + 1, maxY)
        let top = lerp(tex[iy * w + ix], tex[iy * w + ix1], fx)
        let bottom = lerp(tex[iy1 * w + ix], tex[iy1 * w + ix1], fx)
        return lerp(top, bottom, fy)
    }

    /// `lamina_sample_bilinear`'s documented result for device pixels px0 ..< px0 + count: the pixel
    /// centre x + 0.5 goes through the row's map (divided by w when projective), minus 0.5 for texel
    /// centres, times 256; clamped to [x0, x1 − 1] × [y0, y1 − 1] texels (NaN to the low edge), the
    /// fraction truncated.
    static func sampleBilinear(_ tex: [UInt32], w: Int, x0: Int, y0: Int, x1: Int, y1: Int,
                               a: Double, b: Double, c: Double, rowX: Double, rowY: Double, rowW: Double,
                               projective: Bool, px0: Int, count: Int) -> [UInt32] {
        let maxX = x1 - 1, maxY = y1 - 1
        func fixed(_ t: Double, _ lo: Int, _ hi: Int) -> Int {
            if t.isNaN || t <= Double(lo * 256) { return lo * 256 }
            if t >= Double(hi * 256) { return hi * 256 }
            return Int(t.rounded(.towardZero))
        }
        return (0..<count).map { i in
            let px = Double(px0 + i) + 0.5
            let u: Double, v: Double
            if projective {
                let inv = 1 / (px * c + rowW)
                u = ((px * a + rowX) * inv - 0.5) * 256
                v = ((px * b + rowY) * inv - 0.5) * 256
            } else {
                u = (px * a + rowX - 0.5) * 256
                v = (px * b + rowY - 0.5) * 256
            }
            return bilinear(tex, w: w, ui: fixed(u, x0, maxX), vi: fixed(v, y0, maxY), maxX: maxX, maxY: maxY)
        }
    }

    /// `lamina_sample_bilinear_affine`'s documented result: pixel x samples at U = u0 + x·du,
    /// V = v0 + x·dv (16.16 fixed point), clamped to [x0, x1 − 1] × [y0, y1 − 1] texels, then the
    /// low 8 fraction bits dropped (8-bit weights).
    static func sampleAffine(_ tex: [UInt32], w: Int, x0: Int, y0: Int, x1: Int, y1: Int,
                             u0: Int64, du: Int64, v0: Int64, dv: Int64, px0: Int, count: Int) -> [UInt32] {
        let maxX = x1 - 1, maxY = y1 - 1
        return (0..<count).map { i in
            let x = Int64(px0 + i)
            let U = min(max(u0 + x * du, Int64(x0) * 65536), Int64(maxX) * 65536)
            let V = min(max(v0 + x * dv, Int64(y0) * 65536), Int64(maxY) * 65536)
            return bilinear(tex, w: w, ui: Int(U / 256), vi: Int(V / 256), maxX: maxX, maxY: maxY)
        }
    }

    /// Source over with the source scaled by k/255 first: s' = round(s·k/255) per channel, then
    /// s' + round(d·(255 − s'.alpha)/255) per channel.
    static func over(_ d: UInt32, _ s: UInt32, k: UInt32 = 255) -> UInt32 {
        var scaled: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] { scaled |= mulDiv255(channel(s, shift), k) << shift }
        let ia = 255 - (scaled >> 24)
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] { out |= (channel(scaled, shift) + mulDiv255(channel(d, shift), ia)) << shift }
        return out
    }

    /// Straight colour from premultiplied: each channel round(c·255/a), at most 255; transparent is 0.
    static func unpremultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        guard a != 255 else { return p }
        guard a != 0 else { return 0 }
        var out = a << 24
        for shift: UInt32 in [0, 8, 16] { out |= min(255, (channel(p, shift) * 255 + a / 2) / a) << shift }
        return out
    }
}
