import Foundation

/// Turns a drawn mask surface into one read by luma (`MaskChannel.luminance` and
/// `.inverseLuminance`): every pixel's alpha becomes its luma (or one minus it), its colour 0.
enum LuminanceMask {
    /// Rec. 709 luma weights in 65536ths (0.2126, 0.7152, 0.0722), summing to 65536 so that
    /// opaque white gives exactly 255.
    static let red: UInt32 = 13_933, green: UInt32 = 46_871, blue: UInt32 = 4_732

    /// The luma (0...255) of a premultiplied pixel: its colour's luma times its alpha.
    @inline(__always)
    static func luma(_ p: UInt32) -> UInt32 {
        (red * ((p >> 16) & 0xFF) + green * ((p >> 8) & 0xFF) + blue * (p & 0xFF) + 32_768) >> 16
    }

    /// Rewrites `surface`'s pixels in place as `channel` reads them (nothing for `.alpha`).
    static func apply(_ channel: MaskChannel, to surface: Surface) {
        guard channel != .alpha else { return }
        let inverted = channel == .inverseLuminance
        let f = surface.frame
        guard !f.isEmpty else { return }
        for y in f.y..<f.maxY {
            let row = surface.row(y)
            for x in f.x..<f.maxX {
                let l = min(luma(row[x]), 255)
                row[x] = (inverted ? 255 - l : l) << 24
            }
        }
    }
}
