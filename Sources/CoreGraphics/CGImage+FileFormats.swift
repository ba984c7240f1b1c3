import Foundation

extension CGImage {
    /// Apple's initializer for PNG-encoded data: the image in the provider's PNG bytes (libpng; any
    /// bit depth and colour type, gamma converted to sRGB, premultiplied as every Lamina image is).
    /// Nil when the bytes are not a PNG file or do not decode (one `LaminaDiagnostics` message says why).
    /// `shouldInterpolate` and `intent` are kept (the image reports them); `decode` is not used:
    /// Lamina images are 8-bit sRGB.
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let image = CGImage.decodeFile(source.bytes, only: .png) else { return nil }
        self.init(width: image.width, height: image.height, validPremultipliedARGB: image.premultipliedARGB, source: nil,
                  shouldInterpolate: shouldInterpolate, renderingIntent: intent)
    }

    /// Apple's initializer for JPEG-encoded data (libjpeg-turbo; greyscale, YCbCr and RGB, baseline
    /// or progressive). Nil when the bytes are not a JPEG file or do not decode (one diagnostic). A
    /// file cut short decodes as libjpeg does (the missing rows grey), with one diagnostic.
    public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let image = CGImage.decodeFile(source.bytes, only: .jpeg) else { return nil }
        self.init(width: image.width, height: image.height, validPremultipliedARGB: image.premultipliedARGB, source: nil,
                  shouldInterpolate: shouldInterpolate, renderingIntent: intent)
    }

    /// The first image in `data` of `format`, or nil with one diagnostic.
    static func decodeFile(_ data: Data, only format: ImageFileCodec.Format) -> CGImage? {
        do {
            let decoded = try ImageFileCodec.decode(data, only: format)
            if let w = decoded.warning { LaminaDiagnostics.report("CGImage: the \(format.rawValue.uppercased()) data is damaged (\(w)); decoded what it holds") }
            return decoded.images[0]
        } catch {
            LaminaDiagnostics.report("CGImage: the \(format.rawValue.uppercased()) data does not decode (\(error.reason)); no image")
            return nil
        }
    }
}
