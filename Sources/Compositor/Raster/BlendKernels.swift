import Foundation

/// Row kernels for source-over on premultiplied ARGB: four pixels per step in 16-bit lanes (SSE2,
/// the x86-64 baseline, so no -march flags), bit-exact with `Premultiplied.over` and `scale`.
enum BlendKernels {
    /// x·k/255 per 16-bit lane, rounded as Premultiplied.mul255.
    @inline(__always)
    static func mul255(_ x: SIMD8<UInt16>, _ k: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = x &* k &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Four pixels scaled by per-pixel factors k (0...255 in each 32-bit lane).
    @inline(__always)
    static func scale4(_ p: SIMD4<UInt32>, _ k: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let k16 = unsafeBitCast(k | (k &<< 16), to: SIMD8<UInt16>.self)
        let rb = mul255(unsafeBitCast(p & 0x00FF_00FF, to: SIMD8<UInt16>.self), k16)
        let ag = mul255(unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self), k16)
        return unsafeBitCast(rb, to: SIMD4<UInt32>.self) | (unsafeBitCast(ag, to: SIMD4<UInt32>.self) &<< 8)
    }

    /// Source over for four pixels: s + d·(255 − s.alpha)/255.
    @inline(__always)
    static func over4(_ d: SIMD4<UInt32>, _ s: SIMD4<UInt32>) -> SIMD4<UInt32> {
        s &+ scale4(d, (~s) &>> 24)
    }

    /// dst[i] = src[i] over dst[i] for `count` pixels.
    static func over(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int) {
        var i = 0
        let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
        while i + 4 <= count {
            let sv = s.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            d.storeBytes(of: over4(dv, sv), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count { dst[i] = Premultiplied.over(dst[i], src[i]); i += 1 }
    }

    /// dst[i] = (src[i] · k/255) over dst[i] for `count` pixels.
    static func over(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, scale k: UInt32) {
        if k >= 255 { over(dst, src, count: count); return }
        if k == 0 { return }
        var i = 0
        let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
        let kv = SIMD4<UInt32>(repeating: k)
        while i + 4 <= count {
            let sv = scale4(s.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self), kv)
            let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            d.storeBytes(of: over4(dv, sv), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count { dst[i] = Premultiplied.over(dst[i], Premultiplied.scale(src[i], k)); i += 1 }
    }

    /// dst[i] = color over dst[i] for `count` pixels (an opaque colour is a plain fill).
    static func overSolid(_ dst: UnsafeMutablePointer<UInt32>, color: UInt32, count: Int) {
        if color >> 24 == 255 { dst.update(repeating: color, count: count); return }
        if color >> 24 == 0 && color == 0 { return }
        var i = 0
        let d = UnsafeMutableRawPointer(dst)
        let cv = SIMD4<UInt32>(repeating: color)
        let k = SIMD4<UInt32>(repeating: 255 - (color >> 24))
        while i + 4 <= count {
            let dv = d.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            d.storeBytes(of: cv &+ scale4(dv, k), toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            i += 4
        }
        while i < count { dst[i] = Premultiplied.over(dst[i], color); i += 1 }
    }
}
