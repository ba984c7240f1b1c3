import Foundation
import CoreGraphics

/// What fills the pixels a primitive covers. Each case shades a whole row span at a time, so the
/// choice is made once per span, never per pixel.
enum Paint {
    /// One premultiplied colour.
    case solid(UInt32)
    /// An image sampled through a device-to-texel projective map.
    case image(ImageSampler)
    /// A gradient evaluated through a device-to-layer map.
    case gradient(GradientSampler)
    /// A coverage mask tinted with a colour.
    case mask(MaskSampler)
}

/// Samples a texel rectangle of an image for device pixels.
struct ImageSampler {
    /// The image's pixels.
    let image: CGImage
    /// Device pixel centre → texel coordinates.
    let map: Projective2D
    /// Texels outside this integer rectangle clamp to its edge: x0, y0 inclusive, x1, y1 exclusive.
    let x0: Int, y0: Int, x1: Int, y1: Int
    /// Bilinear (true) or nearest.
    let bilinear: Bool
    /// Multiplies every sample (premultiplied colour); 0xFFFFFFFF leaves it.
    let tint: UInt32
    /// When the map is a whole-texel translation (texel = pixel + offset), the offset: pixels are
    /// then copied, not sampled.
    let copyOffset: (dx: Int, dy: Int)?

    init(image: CGImage, map: Projective2D, x0: Int, y0: Int, x1: Int, y1: Int, bilinear: Bool, tint: UInt32) {
        // An affine map whose last entry drifted from 1 by rounding is normalised (exactly affine).
        var map = map
        if map.c == 0, map.f == 0, map.i != 0, map.i != 1 {
            let k = 1 / map.i
            map = Projective2D(a: map.a * k, b: map.b * k, c: 0, d: map.d * k, e: map.e * k, f: 0, g: map.g * k, h: map.h * k, i: 1)
        }
        self.image = image; self.map = map
        // The rectangle is kept inside the image: a texel outside it would be read from memory
        // past the image's pixels.
        self.x0 = min(max(x0, 0), max(image.width - 1, 0)); self.x1 = min(max(x1, self.x0 + 1), image.width)
        self.y0 = min(max(y0, 0), max(image.height - 1, 0)); self.y1 = min(max(y1, self.y0 + 1), image.height)
        self.bilinear = bilinear; self.tint = tint
        let m = map
        // Near-integers (within 1e-9 texel) count as whole texels: the inverse of a translation
        // by whole pixels is exact in principle but not always in floating point.
        func snap(_ v: Double) -> Double { abs(v - v.rounded()) < 1e-9 ? v.rounded() : v }
        if abs(m.a - 1) < 1e-12, abs(m.b) < 1e-12, m.c == 0, abs(m.d) < 1e-12, abs(m.e - 1) < 1e-12, m.f == 0, m.i == 1,
           snap(m.g) == snap(m.g).rounded(), snap(m.h) == snap(m.h).rounded(), abs(m.g) < 1e9, abs(m.h) < 1e9 {
            copyOffset = (Int(snap(m.g)), Int(snap(m.h)))
        } else {
            copyOffset = nil
        }
    }
}

/// Evaluates a gradient for device pixels through a 256-entry premultiplied colour table.
struct GradientSampler {
    /// Device pixel centre → layer coordinates.
    let map: Projective2D
    /// The kind and its geometry in layer coordinates.
    let kind: GradientKind
    let sx: Double, sy: Double, ex: Double, ey: Double
    /// 256 premultiplied colours for t = 0…1.
    let table: [UInt32]

    init(_ g: RenderGradient, deviceToLayer: Projective2D) {
        map = deviceToLayer
        kind = g.kind
        sx = Double(g.start.x); sy = Double(g.start.y); ex = Double(g.end.x); ey = Double(g.end.y)
        table = g.table
    }

    /// Straight-alpha interpolation between stops (as Core Graphics), then premultiplied.
    static func makeTable(_ stops: [(location: Double, color: SIMD4<Double>)]) -> [UInt32] {
        var t = [UInt32](repeating: 0, count: 256)
        guard !stops.isEmpty else { return t }
        for i in 0..<256 {
            let x = Double(i) / 255
            var c = stops[0].color
            if x >= stops[stops.count - 1].location { c = stops[stops.count - 1].color }
            else if x > stops[0].location {
                for k in 1..<stops.count where x <= stops[k].location {
                    let a = stops[k - 1], b = stops[k]
                    let span = b.location - a.location
                    let f = span > 0 ? (x - a.location) / span : 1
                    c = a.color + (b.color - a.color) * f
                    break
                }
            }
            t[i] = Premultiplied.pack(red: c.x, green: c.y, blue: c.z, alpha: c.w)
        }
        return t
    }

    /// The gradient parameter at a layer point.
    @inline(__always)
    func parameter(_ x: Double, _ y: Double) -> Double {
        switch kind {
        case .axial:
            let dx = ex - sx, dy = ey - sy
            let len2 = dx * dx + dy * dy
            return len2 > 0 ? ((x - sx) * dx + (y - sy) * dy) / len2 : 0
        case .radial:
            let rx = abs(ex - sx), ry = abs(ey - sy)
            if rx == 0 && ry == 0 { return 1 }
            let u = rx > 0 ? (x - sx) / rx : (x == sx ? 0 : .infinity)
            let v = ry > 0 ? (y - sy) / ry : (y == sy ? 0 : .infinity)
            return (u * u + v * v).squareRoot()
        case .conic:
            let a0 = atan2(ey - sy, ex - sx)
            var a = atan2(y - sy, x - sx) - a0
            while a < 0 { a += 2 * .pi }
            while a >= 2 * .pi { a -= 2 * .pi }
            return a / (2 * .pi)
        case let .twoCircle(r0, r1, extendStart, extendEnd):
            return GradientSampler.twoCircleParameter(x - sx, y - sy, ex - sx, ey - sy, r0, r1, extendStart, extendEnd)
        }
    }

    /// Whether pixels where the gradient has no value are left transparent (Core Graphics' radial
    /// gradients) rather than taking the first colour.
    var clearsWhereUndefined: Bool {
        if case .twoCircle = kind { return true }
        return false
    }

    /// The largest t with r(t) = r0 + t (r1 − r0) ≥ 0 whose circle, centred at t·(cx, cy) from the
    /// start centre, passes through (px, py) (relative to the start centre), limited to t ≥ 0 and
    /// t ≤ 1 unless extended that way; NaN where there is none. On the circle means
    /// |p − t c|² = r(t)², that is (c·c − dr²) t² − 2 (p·c + r0 dr) t + (p·p − r0²) = 0.
    static func twoCircleParameter(_ px: Double, _ py: Double, _ cx: Double, _ cy: Double, _ r0: Double, _ r1: Double,
                                   _ extendStart: Bool, _ extendEnd: Bool) -> Double {
        let dr = r1 - r0
        let a = cx * cx + cy * cy - dr * dr
        let b = px * cx + py * cy + r0 * dr
        let c = px * px + py * py - r0 * r0
        func valid(_ t: Double) -> Bool {
            t.isFinite && r0 + t * dr >= 0 && (extendStart || t >= 0) && (extendEnd || t <= 1)
        }
        if abs(a) < 1e-12 {
            guard b != 0 else { return .nan }
            let t = c / (2 * b)
            return valid(t) ? t : .nan
        }
        let disc = b * b - a * c
        guard disc >= 0 else { return .nan }
        let root = disc.squareRoot()
        let t1 = (b + root) / a, t2 = (b - root) / a
        let (hi, lo) = t1 >= t2 ? (t1, t2) : (t2, t1)
        if valid(hi) { return hi }
        return valid(lo) ? lo : .nan
    }
}

/// Samples an alpha mask for device pixels and tints it.
struct MaskSampler {
    let mask: AlphaMask
    /// Device pixel centre → mask pixel coordinates.
    let map: Projective2D
    /// Premultiplied colour.
    let color: UInt32
}
