import Foundation

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
        let g = 256 - f
        let rb = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* g &+ ((b >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return rb | ag
    }

    static func shadeImage(_ s: ImageSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = s.map
        // Each pixel's map is evaluated directly (not accumulated along the span), so a pixel's
        // colour never depends on where its span starts.
        let py = Double(y) + 0.5
        let rowX = py * m.d + m.g, rowY = py * m.e + m.h, rowW = py * m.f + m.i
        let w = s.image.width
        let maxX = s.x1 - 1, maxY = s.y1 - 1
        let minXd = Double(s.x0), minYd = Double(s.y0), maxXd = Double(maxX), maxYd = Double(maxY)
        s.image.premultipliedARGB.withUnsafeBufferPointer { tex in
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                let inv = 1 / (px * m.c + rowW)
                var u = (px * m.a + rowX) * inv, v = (px * m.b + rowY) * inv
                if s.bilinear {
                    u -= 0.5; v -= 0.5
                    u = min(max(u, minXd), maxXd); v = min(max(v, minYd), maxYd)
                    if !(u == u && v == v) { out[i] = 0; continue }
                    let iu = Int(u), iv = Int(v)
                    let fu = UInt32((u - Double(iu)) * 256), fv = UInt32((v - Double(iv)) * 256)
                    let iu1 = min(iu + 1, maxX), iv1 = min(iv + 1, maxY)
                    let r0 = iv * w, r1 = iv1 * w
                    let top = lerp(tex[r0 + iu], tex[r0 + iu1], fu)
                    let bottom = lerp(tex[r1 + iu], tex[r1 + iu1], fu)
                    out[i] = lerp(top, bottom, fv)
                } else {
                    u = min(max(u.rounded(.down), minXd), maxXd); v = min(max(v.rounded(.down), minYd), maxYd)
                    if !(u == u && v == v) { out[i] = 0; continue }
                    out[i] = tex[Int(v) * w + Int(u)]
                }
            }
        }
        if s.tint != 0xFFFF_FFFF { tint(out, count: count, by: s.tint) }
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

    static func shadeGradient(_ g: GradientSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = g.map
        // Each pixel's map is evaluated directly (not accumulated along the span), so a pixel's
        // colour never depends on where its span starts.
        let py = Double(y) + 0.5
        let rowX = py * m.d + m.g, rowY = py * m.e + m.h, rowW = py * m.f + m.i
        g.table.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                let inv = 1 / (px * m.c + rowW)
                let t = g.parameter((px * m.a + rowX) * inv, (px * m.b + rowY) * inv)
                let k = t.isNaN ? 0 : Int((min(max(t, 0), 1) * 255).rounded())
                out[i] = table[k]
            }
        }
    }

    static func shadeMask(_ s: MaskSampler, x0: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
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
