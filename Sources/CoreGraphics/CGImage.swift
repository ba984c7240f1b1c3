import Foundation

/// An immutable bitmap image (Apple's `CGImage`). Lamina stores every image as premultiplied 8-bit
/// sRGB ARGB, one UInt32 per pixel (0xAARRGGBB), row-major with the top row first.
public final class CGImage: Equatable, Sendable {
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
        source = nil; shouldInterpolate = true; renderingIntent = .defaultIntent
    }

    /// An image from pixels known to be premultiplied colours (the compositor's own frames and
    /// decoded files): not checked.
    package init(width: Int, height: Int, validPremultipliedARGB pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "CGImage: \(pixels.count) pixels for a \(width)x\(height) image")
        self.width = width
        self.height = height
        premultipliedARGB = pixels
        source = nil; shouldInterpolate = true; renderingIntent = .defaultIntent
    }

    /// An image of `pixels` carrying another image's provider layout and drawing settings (copies,
    /// masks, colour-space copies).
    package init(width: Int, height: Int, validPremultipliedARGB pixels: [UInt32], source: ProviderSource?,
                 shouldInterpolate: Bool, renderingIntent: CGColorRenderingIntent) {
        self.width = width
        self.height = height
        premultipliedARGB = pixels
        self.source = source
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = renderingIntent
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

    /// Apple's initializer: an image over `provider`'s bytes in the layout given by the other
    /// parameters. Lamina reads 8-bit components: 32-bit RGB pixels (RGBA, ARGB, BGRA or ABGR, from
    /// bitmapInfo's alpha info and byte order; premultiplied, straight or without alpha) and 8-bit
    /// gray or alpha-only pixels. Returns nil for other layouts, too little data, a `bytesPerRow`
    /// too small for the width, or a width or height of zero (as CGImageCreate refuses an "invalid
    /// image width"). The image keeps the provider and its layout: `dataProvider`, `bytesPerRow`,
    /// `bitmapInfo` and the other properties report them as given.
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard width > 0, height > 0,
              let layout = PixelLayout(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, bitmapInfo: bitmapInfo, components: space.numberOfComponents),
              bytesPerRow >= width * layout.bytesPerPixel,
              width <= Int.max / 4 / height,
              provider.bytes.count >= bytesPerRow * (height - 1) + width * layout.bytesPerPixel else { return nil }
        var out = [UInt32](repeating: 0, count: width * height)
        provider.bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = raw.baseAddress! + y * bytesPerRow
                    for x in 0..<width { dst[y * width + x] = layout.read(row + x * layout.bytesPerPixel) }
                }
            }
        }
        self.width = width
        self.height = height
        premultipliedARGB = out
        let n = space.numberOfComponents + (layout.kind == .rgba && layout.hasAlpha ? 1 : 0)
        source = ProviderSource(provider: provider, layout: layout, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                bytesPerRow: bytesPerRow, colorSpace: space,
                                decodeStorage: decode.map { DecodeStorage(copying: $0, count: 2 * max(n, 1)) }, isMask: false)
        self.shouldInterpolate = shouldInterpolate
        renderingIntent = intent
    }

    /// The layout and provider an image was made from (nil: Lamina's own pixels, reported as
    /// premultiplied ARGB words).
    package let source: ProviderSource?
    /// Whether the image is smoothed when drawn scaled (what it was made with; true by default).
    public let shouldInterpolate: Bool
    /// The rendering intent the image was made with (`.defaultIntent` by default).
    public let renderingIntent: CGColorRenderingIntent

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
        // The part keeps the image's layout and settings; its bytes are made anew, row after row.
        return CGImage(width: w, height: h, validPremultipliedARGB: px, source: source?.withoutProvider(width: w),
                       shouldInterpolate: shouldInterpolate, renderingIntent: renderingIntent)
    }

    /// Images are equal when their sizes and pixels are.
    public static func == (a: CGImage, b: CGImage) -> Bool {
        a.width == b.width && a.height == b.height && a.premultipliedARGB == b.premultipliedARGB
    }
}
