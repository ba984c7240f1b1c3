import XCTest
import QuartzCore

/// The 32-bit words of a w × h transparent bitmap context, top row first, after `draw`: by default
/// in Lamina's own layout (premultiplied ARGB words, `premultipliedFirst | byteOrder32Little`),
/// else in `bitmapInfo`'s (e.g. `premultipliedLast`: bytes R, G, B, A in memory). `yDown` turns the
/// user space y down first (rows top first, like the pixels) for tests that reason in rows.
func bitmapContextPixels(_ w: Int, _ h: Int,
                         bitmapInfo: UInt32 = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue,
                         yDown: Bool = false, _ draw: (CGContext) throws -> Void) throws -> [UInt32] {
    var px = [UInt32](repeating: 0, count: w * h)
    try px.withUnsafeMutableBytes { raw in
        let ctx = try XCTUnwrap(CGContext(data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo))
        if yDown { ctx.translateBy(x: 0, y: CGFloat(h)); ctx.scaleBy(x: 1, y: -1) }
        try draw(ctx)
    }
    return px
}
