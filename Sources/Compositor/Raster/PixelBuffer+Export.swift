import Foundation
import CPixelKernels

extension PixelBuffer {
    /// Writes the pixels of `rect` into 32-bit-per-pixel memory laid out as this buffer is
    /// (0xAARRGGBB words): `destination` receives the rectangle's top-left pixel and its rows are
    /// `pitch` bytes apart. When an overlay is given, its pixels are composited over the frame's on
    /// the way (premultiplied source-over, bit-exact with `Premultiplied.over`). `rect` must lie
    /// inside this buffer and the overlay. Returns the pixels written.
    ///
    /// This is how a frame reaches a window's framebuffer: only the damaged rectangle is copied,
    /// and the window's own layers (statistics, banners) are blended on the way, never into the frame.
    @discardableResult
    public func export(_ rect: IntRect, overlay: PixelBuffer? = nil, to destination: UnsafeMutableRawPointer, pitch: Int) -> Int {
        guard !rect.isEmpty else { return 0 }
        precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height, "export: \(rect) is outside the \(width)x\(height) frame")
        if let o = overlay { precondition(rect.maxX <= o.width && rect.maxY <= o.height, "export: \(rect) is outside the \(o.width)x\(o.height) overlay") }
        pixels.withUnsafeBufferPointer { frame in
            if overlay == nil {
                // Nothing read back: a large copy goes to memory past the caches (streaming stores),
                // as the display server reads it next, not this thread.
                lamina_copy_rect(destination.assumingMemoryBound(to: UInt32.self), pitch, frame.baseAddress! + rect.y * width + rect.x,
                                 width, Int32(rect.width), Int32(rect.height))
                return
            }
            for y in 0..<rect.height {
                let row = (destination + y * pitch).assumingMemoryBound(to: UInt32.self)
                row.update(from: frame.baseAddress! + (rect.y + y) * width + rect.x, count: rect.width)
            }
        }
        if let o = overlay {
            o.pixels.withUnsafeBufferPointer { top in
                for y in 0..<rect.height {
                    let row = (destination + y * pitch).assumingMemoryBound(to: UInt32.self)
                    BlendKernels.over(row, top.baseAddress! + (rect.y + y) * o.width + rect.x, count: rect.width, scale: 255)
                }
            }
        }
        return rect.area
    }
}
