import Foundation

/// The W3C Compositing and Blending Level 1 formulas on premultiplied 0xAARRGGBB pixels, computed
/// in Double and rounded to nearest 8-bit values (each colour channel at most the alpha). Blend
/// modes (§10) composite as source over with the blended colour mixed in:
///     co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs),   αo = αs + αb·(1 − αs)
/// where Cs = cs/αs, Cb = cb/αb are the unpremultiplied colours. Porter-Duff operators (§9.1):
///     co = Fa·cs + Fb·cb,   αo = Fa·αs + Fb·αb.
/// Only layers with a compositing filter reach this code: source over keeps its own kernels.
public enum BlendFormulas {
    /// `src` composited onto `dst` with `mode`.
    public static func blend(_ dst: UInt32, _ src: UInt32, mode: BlendMode) -> UInt32 {
        let sa = Double(src >> 24) / 255, ba = Double(dst >> 24) / 255
        let s = channels(src), b = channels(dst)
        var c: SIMD3<Double>, a: Double
        switch mode {
        case .normal: return Premultiplied.over(dst, src)
        case .clear, .copy, .destinationOver, .sourceIn, .destinationIn, .sourceOut, .destinationOut,
             .sourceAtop, .destinationAtop, .xor, .plusLighter:
            let (fa, fb) = porterDuff(mode, sa: sa, ba: ba)
            c = fa * s + fb * b
            a = fa * sa + fb * ba
            if mode == .plusLighter { a = min(a, 1); c = c.replacing(with: SIMD3(repeating: 1), where: c .> 1) }
        case .plusDarker:
            a = min(sa + ba, 1)
            c = a - (sa - s) - (ba - b)
        default:
            let cs = sa > 0 ? s / sa : .zero, cb = ba > 0 ? b / ba : .zero
            let mixed = blended(mode, cb: cb, cs: cs)
            c = s * (1 - ba) + b * (1 - sa) + sa * ba * mixed
            a = sa + ba * (1 - sa)
        }
        return pack(c, alpha: a)
    }

    /// The Porter-Duff factors (Fa, Fb) of an operator.
    static func porterDuff(_ mode: BlendMode, sa: Double, ba: Double) -> (Double, Double) {
        switch mode {
        case .clear: return (0, 0)
        case .copy: return (1, 0)
        case .destinationOver: return (1 - ba, 1)
        case .sourceIn: return (ba, 0)
        case .destinationIn: return (0, sa)
        case .sourceOut: return (1 - ba, 0)
        case .destinationOut: return (0, 1 - sa)
        case .sourceAtop: return (ba, 1 - sa)
        case .destinationAtop: return (1 - ba, sa)
        case .xor: return (1 - ba, 1 - sa)
        case .plusLighter, .plusDarker: return (1, 1)
        default: return (1, 1 - sa)
        }
    }

    /// B(Cb, Cs) for a blend mode, on unpremultiplied colours in 0...1.
    static func blended(_ mode: BlendMode, cb: SIMD3<Double>, cs: SIMD3<Double>) -> SIMD3<Double> {
        func each(_ f: (Double, Double) -> Double) -> SIMD3<Double> { SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z)) }
        switch mode {
        case .multiply: return cb * cs
        case .screen: return each(screen)
        case .overlay: return each { b, s in hardLight(s, b) }
        case .darken: return each { min($0, $1) }
        case .lighten: return each { max($0, $1) }
        case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each(hardLight)
        case .softLight: return each(softLight)
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return each { b, s in b + s - 2 * b * s }
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    static func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }

    static func hardLight(_ b: Double, _ s: Double) -> Double {
        s <= 0.5 ? b * 2 * s : screen(b, 2 * s - 1)
    }

    static func softLight(_ b: Double, _ s: Double) -> Double {
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
    }

    static func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = lum(c), n = c.min(), x = c.max()
        var c = c
        if n < 0 { c = l + (c - l) * l / (l - n) }
        if x > 1 { c = l + (c - l) * (1 - l) / (x - l) }
        return c
    }

    static func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> { clipColor(c + (l - lum(c))) }

    static func sat(_ c: SIMD3<Double>) -> Double { c.max() - c.min() }

    /// SetSat: the largest component becomes s, the smallest 0, the middle one in proportion.
    static func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let x = c.max(), n = c.min()
        guard x > n else { return .zero }
        return (c - n) * s / (x - n)
    }

    /// A premultiplied pixel's colour channels in 0...1.
    static func channels(_ p: UInt32) -> SIMD3<Double> {
        SIMD3(Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)) / 255
    }

    /// Rounds premultiplied components in 0...1 to a pixel (colour clamped to 0...alpha).
    static func pack(_ c: SIMD3<Double>, alpha: Double) -> UInt32 {
        let A = roundedByte(min(max(alpha, 0), 1) * 255)
        func q(_ v: Double) -> UInt32 { min(roundedByte(min(max(v, 0), 1) * 255), A) }
        return A << 24 | q(c.x) << 16 | q(c.y) << 8 | q(c.z)
    }

    /// `UInt32(v.rounded())` (halves away from zero) for v in 0...255, without a call into libm:
    /// truncate, then step up when the exact remainder reaches a half, told by the sign of
    /// remainder − ½ (no branch: in a gradient the step comes and goes pixel by pixel). NaN gives 0:
    /// a non-separable mode's colour is NaN for some invalid pixels (a colour channel above alpha),
    /// which stopped the process when converted.
    @inline(__always)
    static func roundedByte(_ v: Double) -> UInt32 {
        guard !v.isNaN else { return 0 }
        let t = UInt32(v)
        return t &+ UInt32(truncatingIfNeeded: ((v - Double(t) - 0.5).bitPattern >> 63) ^ 1)
    }

    /// Whether `mode` is one of the blend modes of §10 (separable or not), whose result has a closed
    /// form when either side is transparent (see `blendFast`), rather than a Porter-Duff operator.
    static func isBlendMode(_ mode: BlendMode) -> Bool {
        switch mode {
        case .normal, .clear, .copy, .destinationOver, .sourceIn, .destinationIn, .sourceOut, .destinationOut,
             .sourceAtop, .destinationAtop, .xor, .plusLighter, .plusDarker:
            return false
        default:
            return true
        }
    }

    /// A pixel with each colour channel clamped to its alpha (what `pack` makes of it).
    @inline(__always)
    static func clampedToAlpha(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        return a << 24 | min((p >> 16) & 0xFF, a) << 16 | min((p >> 8) & 0xFF, a) << 8 | min(p & 0xFF, a)
    }

    /// `blend(dst, src, mode:)`, the same pixel, without the formula when a side is transparent.
    /// A blend mode (`isBlendMode`) with a transparent source (αs = 0, cs = 0) leaves co = cb·1
    /// exactly and αo = αb, with a transparent backdrop co = cs and αo = αs: the other pixel itself,
    /// when it is a valid premultiplied one (B(Cb, Cs), times 0 there, is then finite; an invalid
    /// pixel can make it NaN, so those take the formula). A Porter-Duff operator's factor of the
    /// other side is then exactly 0 or 1 (Fb at αs = 0, Fa at αb = 0): nothing, or the other pixel
    /// as `pack` rounds it (its channels clamped to its alpha).
    @inline(__always)
    static func blendFast(_ dst: UInt32, _ src: UInt32, mode: BlendMode) -> UInt32 {
        guard src == 0 || dst == 0, mode != .normal else { return blend(dst, src, mode: mode) }
        if isBlendMode(mode) {
            let other = src == 0 ? dst : src
            return clampedToAlpha(other) == other ? other : blend(dst, src, mode: mode)
        }
        if src == 0 { return porterDuff(mode, sa: 0, ba: Double(dst >> 24) / 255).1 == 1 ? clampedToAlpha(dst) : 0 }
        return porterDuff(mode, sa: Double(src >> 24) / 255, ba: 0).0 == 1 ? clampedToAlpha(src) : 0
    }

    /// `blend` for one mode over many pixels, keeping the last (backdrop, source) pair and its
    /// result: flat colours repeat the same pair along rows and down them.
    struct Memo {
        let mode: BlendMode
        private var dst: UInt32 = 0, src: UInt32 = 0, out: UInt32

        init(mode: BlendMode) {
            self.mode = mode
            out = BlendFormulas.blend(0, 0, mode: mode)
        }

        /// `BlendFormulas.blend(dst, src, mode: mode)`.
        @inline(__always)
        mutating func blend(_ d: UInt32, _ s: UInt32) -> UInt32 {
            if d == dst && s == src { return out }
            dst = d; src = s
            out = BlendFormulas.blendFast(d, s, mode: mode)
            return out
        }
    }
}

extension BlendFormulas {
    /// old·(1 − coverage) + new·coverage per channel, rounded (a soft clip's edge).
    public static func mix(_ old: UInt32, _ new: UInt32, coverage: Float) -> UInt32 {
        let c = Double(min(max(coverage, 0), 1))
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let o = Double((old >> UInt32(shift)) & 0xFF), n = Double((new >> UInt32(shift)) & 0xFF)
            out |= UInt32((o + (n - o) * c).rounded()) << UInt32(shift)
        }
        return out
    }
}
