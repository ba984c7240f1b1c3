import Foundation

/// The byte order of an image's pixels (Apple's `CGImageByteOrderInfo`).
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The mask of the byte-order bits of a `CGBitmapInfo`.
    case orderMask = 0x7000
    /// The default byte order (big-endian).
    case orderDefault = 0
    /// 16-bit little-endian.
    case order16Little = 0x1000
    /// 32-bit little-endian.
    case order32Little = 0x2000
    /// 16-bit big-endian.
    case order16Big = 0x3000
    /// 32-bit big-endian.
    case order32Big = 0x4000
}

/// How an image's pixel components are packed (Apple's `CGImagePixelFormatInfo`).
public enum CGImagePixelFormatInfo: UInt32, Sendable {
    /// The mask of the pixel-format bits of a `CGBitmapInfo`.
    case mask = 0xF0000
    /// Components packed in bytes (every Lamina image).
    case packed = 0
    /// 5 bits each of red, green and blue.
    case RGB555 = 0x10000
    /// 5, 6 and 5 bits of red, green and blue.
    case RGB565 = 0x20000
    /// 10 bits each of red, green and blue.
    case RGB101010 = 0x30000
    /// 10-bit components in the CIF10 layout.
    case RGBCIF10 = 0x40000
}

/// Apple's read API of an image: its layout, its bytes through `dataProvider`, and the drawing
/// settings it was made with. An image made from a data provider reports the layout it was made
/// with and returns that provider; any other image (decoded from a file, rendered, drawn into a
/// bitmap context) is Lamina's premultiplied ARGB words: `premultipliedFirst` in the machine's
/// 32-bit byte order (`byteOrder32Little` on x86-64 and arm64: bytes B, G, R, A), 8 bits a
/// component, `4 × width` bytes a row.
extension CGImage {
    private var layout: PixelLayout { source?.layout ?? PixelLayout.native }

    /// Bits per colour component (8).
    public var bitsPerComponent: Int { source?.bitsPerComponent ?? 8 }
    /// Bits per pixel (32 for colour images; 8 for gray, alpha-only and 8-bit mask images).
    public var bitsPerPixel: Int { source?.bitsPerPixel ?? 32 }
    /// Bytes per row of `dataProvider`'s bytes.
    public var bytesPerRow: Int { source?.bytesPerRow ?? width * 4 }
    /// The alpha layout and byte order of `dataProvider`'s bytes.
    public var bitmapInfo: CGBitmapInfo { layout.bitmapInfo }
    /// The alpha layout (`premultipliedFirst` for Lamina's own pixels).
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .premultipliedFirst
    }
    /// The byte order (`order32Little` for Lamina's own pixels on a little-endian machine).
    public var byteOrderInfo: CGImageByteOrderInfo {
        CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue) ?? .orderDefault
    }
    /// How components are packed (always `.packed`).
    public var pixelFormatInfo: CGImagePixelFormatInfo { .packed }
    /// The colour space (device RGB, or the one the image was made with); nil for an image mask.
    public var colorSpace: CGColorSpace? { isMask ? nil : (source?.colorSpace ?? CGColorSpaceCreateDeviceRGB()) }
    /// Whether the image is an image mask (made with `init(maskWidth:…)`).
    public var isMask: Bool { source?.isMask ?? false }
    /// The decode array the image was made with (two entries a component), nil when none was.
    public var decode: UnsafePointer<CGFloat>? {
        guard let p = source?.decodeStorage?.pointer else { return nil }
        return UnsafePointer(p)
    }

    /// The image's bytes, in the layout the properties above describe: the provider the image was
    /// made with, or a provider over bytes made from the pixels.
    public var dataProvider: CGDataProvider? {
        if let p = source?.provider { return p }
        return CGDataProvider(data: exportedBytes())
    }

    /// The pixels in `layout`, rows `bytesPerRow` apart.
    private func exportedBytes() -> Data {
        let l = layout, stride = bytesPerRow, bpp = l.bytesPerPixel
        var d = Data(count: stride * height)
        d.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            premultipliedARGB.withUnsafeBufferPointer { px in
                if l.isNativeARGB && stride == width * 4 {
                    base.copyMemory(from: px.baseAddress!, byteCount: px.count * 4)
                    return
                }
                for y in 0..<height {
                    let row = base + y * stride
                    for x in 0..<width { l.write(px[y * width + x], to: row + x * bpp) }
                }
            }
        }
        return d
    }

    /// A copy of the image (the image itself: images are immutable, as Apple's copy shares them).
    public func copy() -> CGImage? { self }

    /// A copy of the image in `space`; nil when `space` has another number of components than the
    /// image's colour space (Lamina's pixels are sRGB, so colours are not converted).
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard !isMask, space.numberOfComponents == (colorSpace?.numberOfComponents ?? 3) else { return nil }
        let s = source.map {
            ProviderSource(provider: $0.provider, layout: $0.layout, bitsPerComponent: $0.bitsPerComponent, bitsPerPixel: $0.bitsPerPixel,
                           bytesPerRow: $0.bytesPerRow, colorSpace: space, decodeStorage: $0.decodeStorage, isMask: false)
        }
        return CGImage(width: width, height: height, validPremultipliedARGB: premultipliedARGB, source: s,
                       shouldInterpolate: shouldInterpolate, renderingIntent: renderingIntent)
    }
}
