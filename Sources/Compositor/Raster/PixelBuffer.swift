import Foundation

/// A rectangle of premultiplied 8-bit sRGB pixels, one UInt32 per pixel as 0xAARRGGBB, row-major with
/// the top row first. The compositor draws into these.
public struct PixelBuffer: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, `width × height` of them.
    public var pixels: [UInt32]

    /// A buffer filled with `fill` (transparent black by default). Negative sizes become 0.
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt32](repeating: fill, count: self.width * self.height)
    }

    /// The pixel at (x, y); x and y must be inside the buffer.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Sets every pixel to `color`.
    public mutating func clear(to color: UInt32 = 0) {
        for i in pixels.indices { pixels[i] = color }
    }
}
