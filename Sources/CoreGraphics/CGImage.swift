import Foundation

/// An immutable bitmap image (Apple's `CGImage`). Lamina stores every image as premultiplied 8-bit
/// sRGB ARGB, one UInt32 per pixel (0xAARRGGBB), row-major with the top row first.
public final class CGImage: Equatable, @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The premultiplied ARGB pixels (a Lamina addition).
    public let premultipliedARGB: [UInt32]

    /// An image from premultiplied ARGB pixels (a Lamina addition). Width and height must be ≥ 0 and
    /// the pixel count must be width × height. A colour channel above its pixel's alpha is not a
    /// premultiplied colour: it is lowered to the alpha (as Apple's initializer does with
    /// premultiplied data), so that every drawing path, scalar or vector, shows the same pixel. The
    /// pixels are checked once; valid ones are kept as given, without a copy.
    public init(width: Int, height: Int, premultipliedARGB pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0, "CGImage: width and height must not be negative (got \(width)x\(height))")
        precondition(pixels.count == width * height, "CGImage: \(pixels.count) pixels given for a \(width)x\(height) image")
        self.width = width
        self.height = height
        premultipliedARGB = CGImage.hasChannelAboveAlpha(pixels) ? pixels.map(CGImage.clampedToAlpha) : pixels
    }

    /// An image from pixels known to be premultiplied colours (the compositor's own frames and
    /// decoded files): not checked.
    package init(width: Int, height: Int, validPremultipliedARGB pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "CGImage: \(pixels.count) pixels for a \(width)x\(height) image")
        self.width = width
        self.height = height
        premultipliedARGB = pixels
    }

    /// Whether a pixel has a colour channel above its alpha (eight pixels a step).
    static func hasChannelAboveAlpha(_ pixels: [UInt32]) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 0
            let n = p.count, byte = SIMD8<UInt32>(repeating: 255)
            while i + 8 <= n {
                let v = UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: SIMD8<UInt32>.self)
                let a = v &>> 24
                let over = ((v &>> 16) & byte) .> a .| ((v &>> 8) & byte) .> a .| (v & byte) .> a
                if any(over) { return true }
                i += 8
            }
            while i < n { if clampedToAlpha(p[i]) != p[i] { return true }; i += 1 }
            return false
        }
    }

    /// The pixel with each colour channel at most its alpha.
    static func clampedToAlpha(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        return a << 24 | min((p >> 16) & 255, a) << 16 | min((p >> 8) & 255, a) << 8 | min(p & 255, a)
    }

    /// Apple's initializer for 8-bit-per-component images with 32 bits per pixel: RGBA, ARGB, BGRA
    /// or ABGR (from bitmapInfo's alpha info and byte order), premultiplied or straight alpha, or no
    /// alpha. Returns nil for other layouts, too little data, or a width or height of zero (as
    /// CGImageCreate refuses an "invalid image width").
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard width > 0, height > 0, bitsPerComponent == 8, bitsPerPixel == 32, bytesPerRow >= width * 4,
              provider.bytes.count >= bytesPerRow * max(height - 1, 0) + width * 4 else { return nil }
        guard let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) else { return nil }
        let little = bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue == CGBitmapInfo.byteOrder32Little.rawValue
        let alphaFirst = [.premultipliedFirst, .first, .noneSkipFirst].contains(alpha)
        let hasAlpha = [.premultipliedFirst, .premultipliedLast, .first, .last].contains(alpha)
        let premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
        var out = [UInt32](repeating: 0, count: width * height)
        provider.bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for y in 0..<height {
                for x in 0..<width {
                    let o = y * bytesPerRow + x * 4
                    var b = [raw[o], raw[o + 1], raw[o + 2], raw[o + 3]]
                    if little { b.reverse() }
                    var (a, r, g, bl): (UInt32, UInt32, UInt32, UInt32)
                    if alphaFirst { (a, r, g, bl) = (UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3])) }
                    else { (r, g, bl, a) = (UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3])) }
                    if !hasAlpha { a = 255 }
                    if hasAlpha && !premultiplied {
                        r = (r * a + 127) / 255; g = (g * a + 127) / 255; bl = (bl * a + 127) / 255
                    }
                    out[y * width + x] = a << 24 | min(r, a) << 16 | min(g, a) << 8 | min(bl, a)
                }
            }
        }
        self.width = width
        self.height = height
        premultipliedARGB = out
    }

    /// Bits per colour component (8).
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel (32).
    public var bitsPerPixel: Int { 32 }
    /// Bytes per row (4 × width).
    public var bytesPerRow: Int { width * 4 }
    /// The alpha layout (premultiplied, first).
    public var alphaInfo: CGImageAlphaInfo { .premultipliedFirst }
    /// The colour space (sRGB).
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }

    /// The premultiplied ARGB pixel at (x, y), top-left origin.
    public func pixel(x: Int, y: Int) -> UInt32 { premultipliedARGB[y * width + x] }

    /// The part of the image inside `rect` (in pixels, clipped to the image); nil when empty.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
        let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
        var px = [UInt32]()
        px.reserveCapacity(w * h)
        for y in y0..<(y0 + h) { px += premultipliedARGB[(y * width + x0)..<(y * width + x0 + w)] }
        return CGImage(width: w, height: h, validPremultipliedARGB: px)
    }

    /// Images are equal when their sizes and pixels are.
    public static func == (a: CGImage, b: CGImage) -> Bool {
        a.width == b.width && a.height == b.height && a.premultipliedARGB == b.premultipliedARGB
    }
}
