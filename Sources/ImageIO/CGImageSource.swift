import Foundation
import CoreGraphics

/// The state of an image source (Apple's `CGImageSourceStatus`).
public enum CGImageSourceStatus: Int32, Sendable {
    /// The data ended before the first image could be read, or is damaged.
    case statusUnexpectedEOF = -5
    /// The data is not an image file Lamina reads.
    case statusInvalidData = -4
    /// The data's type is not one Lamina reads (PNG, JPEG, GIF and WebP are).
    case statusUnknownType = -3
    /// Reading has started (not used: sources read their data whole).
    case statusReadingHeader = -2
    /// The data is incomplete (not used: sources read their data whole).
    case statusIncomplete = -1
    /// Every image of the source is available.
    case statusComplete = 0
}

/// An image file read for its images (Apple's ImageIO `CGImageSource`): PNG, JPEG and still WebP
/// files hold one image, GIF files one per frame (each frame as a viewer shows it, drawn over the
/// ones before with the file's disposal methods). Decoded by libpng, libjpeg-turbo, giflib and libwebp when the source
/// is made; images larger than 2^28 pixels in all are refused. Bad data never crashes: it gives a
/// source with no images, whose status says why, and one `LaminaDiagnostics` message.
///
/// Made with `CGImageSourceCreateWithURL`, `CGImageSourceCreateWithData` or
/// `CGImageSourceCreateWithDataProvider`; read with the `CGImageSource…` functions. Immutable after
/// it is made: any thread.
public final class CGImageSource: Sendable {
    let images: [CGImage]
    let delays: [Double]
    let type: String?
    let status: CGImageSourceStatus
    let byteCount: Int

    init(data: Data, name: String) {
        byteCount = data.count
        do {
            let decoded = try ImageFileCodec.decode(data)
            images = decoded.images
            delays = decoded.delays
            type = decoded.format.typeIdentifier
            status = .statusComplete
            if let w = decoded.warning {
                LaminaDiagnostics.report("CGImageSource (\(name)): the \(decoded.format.rawValue.uppercased()) data is damaged (\(w)); decoded what it holds")
            }
        } catch {
            images = []
            delays = []
            let format = ImageFileCodec.format(of: data)
            type = format?.typeIdentifier
            status = data.isEmpty ? .statusUnexpectedEOF : format == nil ? .statusUnknownType : .statusInvalidData
            LaminaDiagnostics.report("CGImageSource (\(name)): \(error.reason); no images")
        }
    }
}

/// An image source over the file at `url`; nil when the file cannot be read.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = try? Data(contentsOf: url as URL) else {
        LaminaDiagnostics.report("CGImageSource: \((url as URL).path) cannot be read; no source")
        return nil
    }
    return CGImageSource(data: data, name: (url as URL).lastPathComponent)
}

/// An image source over bytes in memory.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: data as Data, name: "data")
}

/// An image source over a data provider's bytes.
public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: (provider.data as Data?) ?? Data(), name: "data provider")
}

/// How many images the source holds (0 when its data did not decode).
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { isrc.images.count }

/// The uniform type identifier of the source's data ("public.png", "public.jpeg",
/// "com.compuserve.gif", "org.webmproject.webp"), nil when it is none of those.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? { isrc.type.map { $0 as NSString } }

/// Whether the source's images are available, or why not.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus { isrc.status }

/// The image at `index` (premultiplied 8-bit sRGB, as every Lamina image); nil past the last one.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index >= 0, index < isrc.images.count else { return nil }
    return isrc.images[index]
}

/// The properties of the image at `index`: `kCGImagePropertyPixelWidth`, `…PixelHeight`,
/// `…HasAlpha`, and for GIF frames `kCGImagePropertyGIFDictionary` with the frame's delay
/// (`kCGImagePropertyGIFUnclampedDelayTime` as the file gives it, `kCGImagePropertyGIFDelayTime`
/// with delays under 0.011 s made 0.1 s, as viewers play them). Nil past the last image.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard index >= 0, index < isrc.images.count else { return nil }
    let image = isrc.images[index]
    let props = NSMutableDictionary()
    props[kCGImagePropertyPixelWidth] = NSNumber(value: image.width)
    props[kCGImagePropertyPixelHeight] = NSNumber(value: image.height)
    props[kCGImagePropertyHasAlpha] = NSNumber(value: image.premultipliedARGB.contains { $0 >> 24 != 255 })
    if isrc.type == "com.compuserve.gif" {
        let delay = isrc.delays[index]
        let gif = NSMutableDictionary()
        gif[kCGImagePropertyGIFUnclampedDelayTime] = NSNumber(value: delay)
        gif[kCGImagePropertyGIFDelayTime] = NSNumber(value: delay < 0.011 ? 0.1 : delay)
        props[kCGImagePropertyGIFDictionary] = gif
    }
    return props
}

/// The properties of the source's file: `kCGImagePropertyFileSize`.
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    let props = NSMutableDictionary()
    props[kCGImagePropertyFileSize] = NSNumber(value: isrc.byteCount)
    return props
}

/// The type identifiers image sources read.
public func CGImageSourceCopyTypeIdentifiers() -> CFArray {
    ["public.png", "public.jpeg", "com.compuserve.gif", "org.webmproject.webp"] as NSArray
}
