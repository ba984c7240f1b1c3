import Foundation
import CoreGraphics

/// Premultiplied ARGB pixel arithmetic with exact 8-bit rounding.
public enum Premultiplied {
    /// x·a/255 rounded to nearest, exact for a = 0 and a = 255.
    @inline(__always)
    public static func mul255(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let t = x * a + 128
        return (t + (t >> 8)) >> 8
    }

    /// Packs straight-alpha components in 0...1 (clamped) into a premultiplied pixel.
    public static func pack(red: Double, green: Double, blue: Double, alpha: Double) -> UInt32 {
        func c(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let a = c(alpha)
        let A = UInt32((a * 255).rounded())
        let R = UInt32((c(red) * a * 255).rounded()), G = UInt32((c(green) * a * 255).rounded()), B = UInt32((c(blue) * a * 255).rounded())
        return A << 24 | min(R, A) << 16 | min(G, A) << 8 | min(B, A)
    }

    /// A CGColor as a premultiplied pixel (sRGB), its alpha times `alpha`.
    public static func pack(_ c: CGColor, alpha: Double = 1) -> UInt32 {
        let s = c.srgbComponents
        return pack(red: Double(s.red), green: Double(s.green), blue: Double(s.blue), alpha: Double(s.alpha) * alpha)
    }

    /// The pixel scaled by `k` (0...255): every channel times k/255.
    @inline(__always)
    public static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        if k == 255 { return p }
        if k == 0 { return 0 }
        // Two channels at a time in 16-bit lanes: (rb, ag).
        let rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        let ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        let rb2 = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        let ag2 = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb2 | ag2
    }

    /// Source over: src + dst·(1 − src.alpha).
    @inline(__always)
    public static func over(_ dst: UInt32, _ src: UInt32) -> UInt32 {
        let sa = src >> 24
        if sa == 255 { return src }
        if sa == 0 { return dst }
        return src &+ scale(dst, 255 - sa)
    }
}
