import Foundation
import CoreGraphics
import Compositor

/// Colour conversions from CoreGraphics values to the compositor's premultiplied pixels.
enum RenderColor {
    /// A CGColor (nil: transparent) as premultiplied 0xAARRGGBB, with its alpha times `alpha`.
    static func premultiplied(_ c: CGColor?, alpha: Double = 1) -> UInt32 {
        guard let c else { return 0 }
        return Premultiplied.pack(c, alpha: alpha)
    }

    /// Straight-alpha sRGB components of a CGColor.
    static func straight(_ c: CGColor) -> SIMD4<Double> {
        let s = c.srgbComponents
        return SIMD4(Double(s.red), Double(s.green), Double(s.blue), Double(s.alpha))
    }

    /// Multiplies a premultiplied pixel by a premultiplied tint, channel by channel.
    static func tint(_ p: UInt32, _ t: UInt32) -> UInt32 {
        if t == 0xFFFF_FFFF { return p }
        func ch(_ s: UInt32) -> UInt32 { Premultiplied.mul255((p >> s) & 255, (t >> s) & 255) << s }
        return ch(24) | ch(16) | ch(8) | ch(0)
    }
}
