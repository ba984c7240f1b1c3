import Foundation

/// Bitmap contexts (Apple's `CGBitmapContext` functions as `CGContext` initializers and
/// properties): drawing into pixels in memory, the caller's or the context's own, and reading them
/// back with `makeImage()`. Each drawing call is drawn at once (by the compositor's rasteriser),
/// so the memory holds the result as soon as the call returns, as on Apple. User space is Core
/// Graphics' own: y up, origin at the bottom left; an image drawn with `draw(_:in:)` and the
/// default CTM lands upright, its first row at the top of memory.
extension CGContext {
    /// A context that draws into `height` rows of `bytesPerRow` bytes at `data` (nil: memory the
    /// context allocates, zeroed, `bytesPerRow` 0: packed rows). Lamina draws 8-bit components
    /// (`bitsPerComponent` 8): 32-bit RGB pixels in any of Core Graphics' orders (`bitmapInfo`'s
    /// alpha info and byte order; premultiplied, or without alpha, as Apple's bitmap contexts
    /// allow), 8-bit gray without alpha (a gray `space`) and 8-bit alpha only. Nil for other
    /// layouts, a size of zero, a `bytesPerRow` too small for the width, or a program without
    /// Lamina's compositor (one `LaminaDiagnostics` message says which).
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        let bitsPerPixel = alpha == .alphaOnly || space.numberOfComponents == 1 ? 8 : 32
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20,
              let layout = PixelLayout(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, bitmapInfo: info,
                                       components: alpha == .alphaOnly ? 0 : space.numberOfComponents),
              // As Apple's: straight (unpremultiplied) alpha is not a bitmap context format.
              alpha != .first, alpha != .last,
              bytesPerRow == 0 || bytesPerRow >= width * layout.bytesPerPixel else {
            LaminaDiagnostics.report("CGContext: no bitmap context for \(width)x\(height), \(bitsPerComponent) bits a component, bytesPerRow \(bytesPerRow), bitmapInfo 0x\(String(bitmapInfo, radix: 16)) (Lamina draws 8-bit RGB with premultiplied or no alpha, 8-bit gray and alpha only)")
            return nil
        }
        guard let rasterizer = BitmapRasterizers.shared else {
            LaminaDiagnostics.report("CGContext: bitmap contexts need Lamina's compositor, which this program does not link (use the QuartzCore product)")
            return nil
        }
        self.init(bitmap: BitmapStorage(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
                                        layout: layout, colorSpace: alpha == .alphaOnly ? nil : space, rasterizer: rasterizer))
    }

    /// The first byte of a bitmap context's pixels (nil for other contexts).
    public var data: UnsafeMutableRawPointer? { bitmap?.data }
    /// Bytes per row of a bitmap context (0 for other contexts).
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
    /// Bits per component of a bitmap context (0 for other contexts).
    public var bitsPerComponent: Int { bitmap?.bitsPerComponent ?? 0 }
    /// Bits per pixel of a bitmap context (0 for other contexts).
    public var bitsPerPixel: Int { bitmap.map { $0.layout.bytesPerPixel * 8 } ?? 0 }
    /// The layout flags of a bitmap context (empty for other contexts).
    public var bitmapInfo: CGBitmapInfo { bitmap?.layout.bitmapInfo ?? [] }
    /// The alpha layout of a bitmap context (`.none` for other contexts).
    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }
    /// The colour space of a bitmap context (nil for alpha-only and other contexts).
    public var colorSpace: CGColorSpace? { bitmap?.colorSpace }

    /// An image of what the context holds now: a bitmap context's pixels (in its layout: the
    /// image's `dataProvider` gives bytes as the context has them), or a recording context's
    /// operations drawn into a new bitmap. Later drawing does not change the image.
    public func makeImage() -> CGImage? {
        if let b = bitmap {
            let source = ProviderSource(provider: nil, layout: b.layout, bitsPerComponent: b.bitsPerComponent, bitsPerPixel: b.layout.bytesPerPixel * 8,
                                        bytesPerRow: b.width * b.layout.bytesPerPixel, colorSpace: b.colorSpace, decodeStorage: nil, isMask: false)
            return CGImage(width: b.width, height: b.height, validPremultipliedARGB: b.readPixels(), source: b.layout.isNativeARGB ? nil : source,
                           shouldInterpolate: true, renderingIntent: .defaultIntent)
        }
        guard width > 0, height > 0, let rasterizer = BitmapRasterizers.shared else { return nil }
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { px in
            for op in operations { rasterizer.draw(op, into: px.baseAddress!, stride: width, region: (0, 0, width, height)) }
        }
        return CGImage(width: width, height: height, validPremultipliedARGB: pixels)
    }
}
