import Foundation

/// What draws a context's operations into pixels: the compositor's rasteriser, which sits above
/// CoreGraphics (it depends on it), so CoreGraphics finds it by name at run time, once. Every
/// program that links Lamina's `QuartzCore` product has it.
package protocol BitmapRasterizing: Sendable {
    /// Draws `op` into the premultiplied ARGB pixels of device rectangle `region` (`pixels` is the
    /// region's first pixel; rows `stride` pixels apart), compositing over what they hold.
    static func draw(_ op: CGContext.Operation, into pixels: UnsafeMutablePointer<UInt32>, stride: Int,
                     region: (x: Int, y: Int, width: Int, height: Int))
}

/// The rasteriser, found once.
package enum BitmapRasterizers {
    /// The mangled name of `Compositor.BitmapContextRasterizer` (an enum).
    static let typeName = "10Compositor23BitmapContextRasterizerO"

    /// The compositor's rasteriser, or nil when it is not linked into the program.
    package static let shared: BitmapRasterizing.Type? = _typeByName(typeName) as? BitmapRasterizing.Type
}
