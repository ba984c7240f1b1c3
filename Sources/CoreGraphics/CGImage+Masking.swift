import Foundation

/// Image masks and masking (Apple's `CGImage(maskWidth:…)`, `masking(_:)` and
/// `copy(maskingColorComponents:)`).
extension CGImage {
    /// An image mask: one component a pixel of `bitsPerComponent` bits (1, 2, 4 or 8), rows
    /// `bytesPerRow` bytes apart, read from `provider`. As Apple documents, a sample of 0 paints and
    /// a sample of 1 (the largest value) masks out: as an image, a mask is black with alpha
    /// 1 − sample (a decode array of [1, 0] inverts that). Nil for other depths, a size of zero or
    /// too little data.
    public convenience init?(maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                             provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool) {
        guard width > 0, height > 0, [1, 2, 4, 8].contains(bitsPerComponent), bitsPerPixel == bitsPerComponent,
              width <= Int.max / 8 / height, bytesPerRow >= (width * bitsPerComponent + 7) / 8,
              provider.bytes.count >= bytesPerRow * (height - 1) + (width * bitsPerComponent + 7) / 8 else { return nil }
        let inverted = decode.map { $0[0] > $0[1] } ?? false
        let maxSample = (1 << bitsPerComponent) - 1
        var out = [UInt32](repeating: 0, count: width * height)
        provider.bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for y in 0..<height {
                for x in 0..<width {
                    let bit = x * bitsPerComponent
                    let byte = Int(raw[y * bytesPerRow + bit / 8])
                    let sample = (byte >> (8 - bitsPerComponent - bit % 8)) & maxSample
                    var paint = maxSample - sample                        // 0 paints: coverage is 1 − sample
                    if inverted { paint = sample }
                    out[y * width + x] = UInt32((paint * 255 + maxSample / 2) / maxSample) << 24
                }
            }
        }
        let layout = PixelLayout(bitsPerComponent: 8, bitsPerPixel: 8, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.alphaOnly.rawValue), components: 0)!
        let src = ProviderSource(provider: provider, layout: layout, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                 bytesPerRow: bytesPerRow, colorSpace: nil, decodeStorage: decode.map { DecodeStorage(copying: $0, count: 2) }, isMask: true)
        self.init(width: width, height: height, validPremultipliedARGB: out, source: src, shouldInterpolate: shouldInterpolate, renderingIntent: .defaultIntent)
    }

    /// The image with `mask` applied, stretched over the image (nearest sample): an image mask
    /// (`init(maskWidth:…)`) paints where its samples are 0; any other mask image acts as alpha by
    /// its gray level (its colour's luma), as Apple documents for masks given as images. Nil when
    /// this image is itself a mask.
    public func masking(_ mask: CGImage) -> CGImage? {
        guard !isMask, mask.width > 0, mask.height > 0 else { return nil }
        var out = premultipliedARGB
        for y in 0..<height {
            let my = min(mask.height - 1, y * mask.height / max(height, 1))
            for x in 0..<width {
                let mx = min(mask.width - 1, x * mask.width / max(width, 1))
                let m = mask.premultipliedARGB[my * mask.width + mx]
                let coverage: UInt32
                if mask.isMask {
                    coverage = m >> 24
                } else {
                    coverage = CGImage.luma(m)
                }
                out[y * width + x] = CGImage.scale(out[y * width + x], by: coverage)
            }
        }
        return CGImage(width: width, height: height, validPremultipliedARGB: out, source: source?.withoutProvider(width: width),
                       shouldInterpolate: shouldInterpolate, renderingIntent: renderingIntent)
    }

    /// The image with the colours inside `components`' ranges made transparent (chroma keying):
    /// `components` holds a minimum and a maximum for each colour component, in the 0–255 range of
    /// 8-bit components (red min, red max, green min, …). Nil for a mask or a wrong count.
    public func copy(maskingColorComponents components: [CGFloat]) -> CGImage? {
        let n = colorSpace?.numberOfComponents ?? 0
        guard !isMask, n > 0, components.count == 2 * n else { return nil }
        var out = premultipliedARGB
        for i in 0..<out.count {
            let p = out[i]
            let a = p >> 24
            guard a > 0 else { continue }
            // The colour as stored (straight), component by component.
            let channels = n == 1 ? [CGImage.luma(p)] : [(p >> 16) & 255, (p >> 8) & 255, p & 255].map { a == 255 ? $0 : min(255, ($0 * 255 + a / 2) / a) }
            var inside = true
            for c in 0..<n where CGFloat(channels[c]) < components[2 * c] || CGFloat(channels[c]) > components[2 * c + 1] { inside = false }
            if inside { out[i] = 0 }
        }
        return CGImage(width: width, height: height, validPremultipliedARGB: out, source: source?.withoutProvider(width: width),
                       shouldInterpolate: shouldInterpolate, renderingIntent: renderingIntent)
    }

    /// A premultiplied pixel scaled by `coverage` / 255 (rounding to nearest).
    static func scale(_ p: UInt32, by coverage: UInt32) -> UInt32 {
        if coverage == 255 { return p }
        if coverage == 0 { return 0 }
        func s(_ c: UInt32) -> UInt32 { (c * coverage + 127) / 255 }
        return s(p >> 24) << 24 | s((p >> 16) & 255) << 16 | s((p >> 8) & 255) << 8 | s(p & 255)
    }

    /// The Rec. 601 luma of a pixel's colour (as stored, so over black for a premultiplied one).
    package static func luma(_ p: UInt32) -> UInt32 {
        (((p >> 16) & 255) * 299 + ((p >> 8) & 255) * 587 + (p & 255) * 114 + 500) / 1000
    }
}
