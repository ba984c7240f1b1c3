import Foundation
import CoreGraphics

/// Decodes PNG, JPEG, GIF and WebP files into `CGImage`s: the one decoding entry point of the `QuartzCore`
/// product (libpng, libjpeg-turbo and giflib, through the `CMediaCodecs` C wrappers; never a
/// decoder of Lamina's own). Apple's spelling of the same is `CGImage(pngDataProviderSource:…)` in
/// CoreGraphics and `CGImageSource` in the `ImageIO` product.
///
/// Bad data never crashes: bytes that are not a PNG, JPEG, GIF or WebP file, or one that is corrupt or cut
/// short where its decoder notices, give nil and one `LaminaDiagnostics` message naming the source
/// and the decoder's reason. (`PNGCodec.read` throws the same reasons instead.) A JPEG file whose
/// damage libjpeg works around (one cut short: the missing rows come out grey, as browsers show
/// them) gives the image and one diagnostic with libjpeg's warning. Images larger than 2^28 pixels
/// are refused before any pixel memory is taken. CMYK JPEG files are not decoded. Images come back
/// premultiplied, in sRGB (PNG gamma converted), as every Lamina `CGImage` is.
///
/// Thread-safe: every call has its own decoder state; calls may run on any thread at once.
public enum ImageDecoder {
    /// The file formats decoded.
    public enum Format: String, Sendable, CaseIterable {
        /// PNG (any bit depth and colour type, with transparency).
        case png
        /// JPEG (baseline and progressive).
        case jpeg
        /// GIF (the first frame; ImageIO's `CGImageSource` gives every frame).
        case gif
        /// WebP (still images, lossy or lossless, with alpha; animated files are refused).
        case webp
    }

    /// The format file bytes declare in their first bytes (PNG's eight-byte signature, JPEG's
    /// start-of-image marker, GIF's "GIF87a" or "GIF89a", WebP's "RIFF" … "WEBP"), or nil for anything else.
    public static func format(of data: Data) -> Format? {
        ImageFileCodec.format(of: data).flatMap { Format(rawValue: $0.rawValue) }
    }

    /// The image in PNG, JPEG, GIF or WebP file bytes; nil and one diagnostic when they are not a PNG, JPEG, GIF or WebP
    /// file or do not decode. `name` names the source in the diagnostic.
    public static func image(from data: Data, name: String = "image data") -> CGImage? {
        guard let format = format(of: data) else {
            LaminaDiagnostics.report("\(name): not a PNG, JPEG, GIF or WebP file (\(data.count) bytes); no image")
            return nil
        }
        do {
            let decoded = try PNGCodec.decode(data, name: name)
            if let warning = decoded.warning {
                LaminaDiagnostics.report("\(name): the \(format.rawValue.uppercased()) data is damaged (\(warning)); decoded what it holds")
            }
            return decoded.image
        } catch let e as PNGCodecError {
            LaminaDiagnostics.report("\(name): the \(format.rawValue.uppercased()) data does not decode (\(e.reason)); no image")
        } catch {
            LaminaDiagnostics.report("\(name): the \(format.rawValue.uppercased()) data does not decode (\(error)); no image")
        }
        return nil
    }

    /// The image in the PNG, JPEG, GIF or WebP file at `url`; nil and one diagnostic naming the file when it
    /// cannot be read or does not decode.
    public static func image(contentsOf url: URL) -> CGImage? {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            LaminaDiagnostics.report("\(url.path): cannot be read (\((error as NSError).localizedDescription)); no image")
            return nil
        }
        return image(from: data, name: url.path)
    }
}
