import Foundation
import CoreGraphics

/// Decodes PNG and JPEG files into `CGImage`s: the one decoding entry point of the `QuartzCore`
/// product (libpng and libjpeg-turbo, through the `CMediaCodecs` C wrappers; never a decoder of
/// Lamina's own). Apple's image API (`CGImage(pngDataProviderSource:…)`, `CGImageSource`) is to be
/// built on it.
///
/// Bad data never crashes: bytes that are not a PNG or JPEG file, or one that is corrupt or cut
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
    }

    /// The format file bytes declare in their first bytes (PNG's eight-byte signature, JPEG's
    /// start-of-image marker), or nil for anything else.
    public static func format(of data: Data) -> Format? {
        let b = [UInt8](data.prefix(8))
        if b == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        if b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF { return .jpeg }
        return nil
    }

    /// The image in PNG or JPEG file bytes; nil and one diagnostic when they are not a PNG or JPEG
    /// file or do not decode. `name` names the source in the diagnostic.
    public static func image(from data: Data, name: String = "image data") -> CGImage? {
        guard let format = format(of: data) else {
            LaminaDiagnostics.report("\(name): not a PNG or JPEG file (\(data.count) bytes); no image")
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

    /// The image in the PNG or JPEG file at `url`; nil and one diagnostic naming the file when it
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
