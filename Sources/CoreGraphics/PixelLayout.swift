import Foundation

/// One of the pixel layouts that Lamina reads and writes in caller memory: 8 bits a component,
/// either 32 bits a pixel (RGB with alpha or a skipped byte, in any of Core Graphics' orders,
/// premultiplied or straight) or 8 bits a pixel (gray without alpha, or alpha only). What images
/// made from a data provider, `dataProvider` of any image and bitmap contexts over caller memory
/// use. Immutable; any thread.
package struct PixelLayout: Equatable, Sendable {
    /// What the bytes of a pixel hold.
    package enum Kind: Equatable, Sendable {
        /// Four bytes: red, green, blue and alpha (or an unused byte), at `order`'s positions.
        case rgba
        /// One byte: gray, opaque.
        case gray
        /// One byte: alpha; the colour is black.
        case alphaOnly
    }

    package let kind: Kind
    /// For `.rgba`: the byte offsets of red, green, blue and alpha within a pixel.
    package let offsets: (r: Int, g: Int, b: Int, a: Int)
    /// Whether a pixel has alpha (false: the alpha byte is skipped, every pixel opaque).
    package let hasAlpha: Bool
    /// Whether colours are premultiplied by alpha.
    package let premultiplied: Bool
    /// The `CGBitmapInfo` the layout was made from.
    package let bitmapInfo: CGBitmapInfo

    /// Bytes per pixel.
    package var bytesPerPixel: Int { kind == .rgba ? 4 : 1 }

    /// Whether a pixel's bytes are Lamina's own premultiplied 0xAARRGGBB word in this machine's
    /// byte order, so that pixels can be used in place.
    package var isNativeARGB: Bool {
        kind == .rgba && hasAlpha && premultiplied && offsets == PixelLayout.native.offsets
    }

    package static func == (a: PixelLayout, b: PixelLayout) -> Bool {
        a.kind == b.kind && a.offsets == b.offsets && a.hasAlpha == b.hasAlpha && a.premultiplied == b.premultiplied
    }

    /// Lamina's own layout: premultiplied ARGB words, which on a little-endian machine is
    /// `premultipliedFirst | byteOrder32Little` (bytes B, G, R, A), and on a big-endian one
    /// `premultipliedFirst | byteOrder32Big` (bytes A, R, G, B).
    package static let native: PixelLayout = {
        let order: CGBitmapInfo = 1.littleEndian == 1 ? .byteOrder32Little : .byteOrder32Big
        return PixelLayout(bitsPerComponent: 8, bitsPerPixel: 32, bitmapInfo: CGBitmapInfo(rawValue: order.rawValue | CGImageAlphaInfo.premultipliedFirst.rawValue), components: 3)!
    }()

    /// The layout for these parameters, or nil when Lamina cannot read or write it (16-bit or
    /// float components, 16- or 24-bit pixels, packed formats). `components` is the colour
    /// space's number of colour components (3 for RGB, 1 for gray, 0 for no colour space).
    package init?(bitsPerComponent: Int, bitsPerPixel: Int, bitmapInfo: CGBitmapInfo, components: Int) {
        guard bitsPerComponent == 8 else { return nil }
        // Float components and packed pixel formats are not read.
        guard bitmapInfo.rawValue & 0xF00 == 0, bitmapInfo.rawValue & 0xF0000 == 0 else { return nil }
        guard let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) else { return nil }
        self.bitmapInfo = bitmapInfo
        if bitsPerPixel == 8 {
            if alpha == .alphaOnly {
                kind = .alphaOnly; hasAlpha = true; premultiplied = true
            } else if alpha == .none, components == 1 {
                kind = .gray; hasAlpha = false; premultiplied = false
            } else {
                return nil
            }
            offsets = (0, 0, 0, 0)
            return
        }
        guard bitsPerPixel == 32, components == 3 else { return nil }
        let order = bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue
        guard order == 0 || order == CGBitmapInfo.byteOrder32Little.rawValue || order == CGBitmapInfo.byteOrder32Big.rawValue else { return nil }
        let alphaFirst: Bool
        switch alpha {
        case .premultipliedFirst, .first, .noneSkipFirst: alphaFirst = true
        case .premultipliedLast, .last, .noneSkipLast: alphaFirst = false
        case .none, .alphaOnly: return nil
        }
        kind = .rgba
        hasAlpha = [.premultipliedFirst, .premultipliedLast, .first, .last].contains(alpha)
        premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
        // Big-endian (and default) order: the bytes in memory are as named (A R G B or R G B A);
        // little-endian 32-bit order reverses them.
        let big: (r: Int, g: Int, b: Int, a: Int) = alphaFirst ? (1, 2, 3, 0) : (0, 1, 2, 3)
        offsets = order == CGBitmapInfo.byteOrder32Little.rawValue ? (3 - big.r, 3 - big.g, 3 - big.b, 3 - big.a) : big
    }

    /// The pixel at `p` as premultiplied 0xAARRGGBB (straight colours are premultiplied, rounding
    /// to nearest; a colour above its alpha is lowered to it).
    @inline(__always)
    package func read(_ p: UnsafeRawPointer) -> UInt32 {
        switch kind {
        case .gray:
            let v = UInt32(p.load(as: UInt8.self))
            return 0xFF00_0000 | v << 16 | v << 8 | v
        case .alphaOnly:
            return UInt32(p.load(as: UInt8.self)) << 24
        case .rgba:
            var r = UInt32(p.load(fromByteOffset: offsets.r, as: UInt8.self))
            var g = UInt32(p.load(fromByteOffset: offsets.g, as: UInt8.self))
            var b = UInt32(p.load(fromByteOffset: offsets.b, as: UInt8.self))
            let a = hasAlpha ? UInt32(p.load(fromByteOffset: offsets.a, as: UInt8.self)) : 255
            if hasAlpha && !premultiplied {
                r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255
            }
            return a << 24 | min(r, a) << 16 | min(g, a) << 8 | min(b, a)
        }
    }

    /// Stores premultiplied 0xAARRGGBB `v` at `p` in this layout (un-premultiplied, rounding to
    /// nearest, for straight alpha; gray is the Rec. 601 luma of the colour over black).
    @inline(__always)
    package func write(_ v: UInt32, to p: UnsafeMutableRawPointer) {
        let a = v >> 24, r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255
        switch kind {
        case .gray:
            p.storeBytes(of: UInt8(CGImage.luma(v)), as: UInt8.self)
        case .alphaOnly:
            p.storeBytes(of: UInt8(a), as: UInt8.self)
        case .rgba:
            var (rr, gg, bb) = (r, g, b)
            if hasAlpha && !premultiplied {
                if a == 0 { (rr, gg, bb) = (0, 0, 0) }
                else { rr = min(255, (r * 255 + a / 2) / a); gg = min(255, (g * 255 + a / 2) / a); bb = min(255, (b * 255 + a / 2) / a) }
            }
            p.storeBytes(of: UInt8(rr), toByteOffset: offsets.r, as: UInt8.self)
            p.storeBytes(of: UInt8(gg), toByteOffset: offsets.g, as: UInt8.self)
            p.storeBytes(of: UInt8(bb), toByteOffset: offsets.b, as: UInt8.self)
            // A skipped byte is written as 255, as Core Graphics leaves it for opaque pixels.
            p.storeBytes(of: UInt8(hasAlpha ? a : 255), toByteOffset: offsets.a, as: UInt8.self)
        }
    }
}
