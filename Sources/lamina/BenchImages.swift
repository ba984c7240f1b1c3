import Foundation
import QuartzCore
import Compositor
import SDLHost

/// Image output for benchmarks.
enum BenchImages {
    /// Writes a pixel buffer as a PNG (through SDL2_image).
    static func writePNG(_ buffer: PixelBuffer, to url: URL) throws {
        try PNGCodec.write(CGImage(width: buffer.width, height: buffer.height, validPremultipliedARGB: buffer.pixels), to: url)
    }
}
