import Foundation
import CPixelKernels

/// A frame in planar YUV 4:2:0 (I420), BT.709 limited range: the luma plane (`width` x `height`
/// bytes), then the U and V planes (`chromaWidth` x `chromaHeight` bytes each), packed without
/// padding, as ffmpeg's `rawvideo` demuxer reads `yuv420p`. Converting here, on the recording's
/// threads, spares the encoder a colour conversion and sends it 12 bits a pixel instead of 32.
///
/// A value type; one thread at a time (the conversion itself splits rows across threads).
public struct I420Frame {
    /// Width and height in pixels.
    public let width: Int, height: Int
    /// The three planes, back to back.
    public private(set) var bytes: [UInt8]

    /// The chroma planes' width and height: half the frame's, rounded up.
    public var chromaWidth: Int { (width + 1) / 2 }
    /// The chroma planes' height.
    public var chromaHeight: Int { (height + 1) / 2 }

    /// A black frame (Y 16, U and V 128) of `width` x `height` pixels (negative sizes become 0).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        let luma = self.width * self.height, chroma = ((self.width + 1) / 2) * ((self.height + 1) / 2)
        bytes = [UInt8](repeating: 16, count: luma) + [UInt8](repeating: 128, count: 2 * chroma)
    }

    /// Converts `pixels` (premultiplied ARGB words, `width` x `height`, row-major) into this frame:
    /// luma Y = (5983 R + 20127 G + 2032 B + 16·2¹⁵ + 2¹⁴) >> 15, chroma from each 2x2 block's sums
    /// (BT.709 scaled to 219 and 224 levels; the exact formula is in CPixelKernels' yuv.c; AVX2 or
    /// portable code, bit-identical). A pixel's colour is its premultiplied colour (the frame over
    /// black), or with `straight` its un-premultiplied colour where it is not opaque. Rows are split
    /// across `threads` threads.
    public mutating func convert(_ pixels: UnsafeBufferPointer<UInt32>, straight: Bool = false, threads: Int = 2) {
        precondition(pixels.count == width * height, "I420Frame: \(pixels.count) pixels for a \(width)x\(height) frame")
        guard width > 0, height > 0 else { return }
        let w = width, h = height, cw = chromaWidth, ch = chromaHeight
        let pairs = (h + 1) / 2
        let parts = max(1, min(threads, pairs))
        bytes.withUnsafeMutableBufferPointer { out in
            let y = out.baseAddress!, u = y + w * h, v = u + cw * ch
            let src = pixels.baseAddress!
            // Sendable addresses for the worker closures (each part writes its own rows only).
            let addresses = (Int(bitPattern: src), Int(bitPattern: y), Int(bitPattern: u), Int(bitPattern: v))
            DispatchQueue.concurrentPerform(iterations: parts) { k in
                let first = pairs * k / parts, last = pairs * (k + 1) / parts
                guard last > first else { return }
                lamina_argb_to_i420(UnsafePointer(bitPattern: addresses.0), Int32(w), Int32(w), Int32(h), Int32(first * 2), Int32((last - first) * 2),
                                    straight ? 1 : 0, UnsafeMutablePointer(bitPattern: addresses.1), Int32(w),
                                    UnsafeMutablePointer(bitPattern: addresses.2), UnsafeMutablePointer(bitPattern: addresses.3), Int32(cw))
            }
        }
    }
}
