import Foundation
internal import CMediaCodecs

/// The image file formats Lamina reads: PNG, JPEG, GIF and WebP, through libpng, libjpeg-turbo, giflib and libwebp
/// (the C wrappers of the CMediaCodecs target; never a decoder of Lamina's own). Shared by
/// CoreGraphics' `CGImage(pngDataProviderSource:…)`, ImageIO's `CGImageSource` and QuartzCore's
/// `ImageDecoder` and `PNGCodec`. Thread-safe: every call has its own decoder state.
package enum ImageFileCodec {
    /// A file format.
    package enum Format: String, Sendable {
        case png, jpeg, gif, webp

        /// Apple's uniform type identifier for it ("public.png", "public.jpeg", "com.compuserve.gif",
        /// "org.webmproject.webp").
        package var typeIdentifier: String {
            switch self {
            case .png: return "public.png"
            case .jpeg: return "public.jpeg"
            case .gif: return "com.compuserve.gif"
            case .webp: return "org.webmproject.webp"
            }
        }
    }

    /// The format file bytes declare in their first bytes (PNG's signature, JPEG's start-of-image
    /// marker, "GIF87a"/"GIF89a", "RIFF" size "WEBP"), or nil.
    package static func format(of data: Data) -> Format? {
        let head = [UInt8](data.prefix(12))
        if head.count == 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        let b = [UInt8](data.prefix(8))
        if b == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        if b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF { return .jpeg }
        if b.count >= 6, let s = String(bytes: b[0..<6], encoding: .ascii), s == "GIF87a" || s == "GIF89a" { return .gif }
        return nil
    }

    /// A file that did not decode: why.
    package struct Failure: Error, Sendable {
        /// The decoder's reason.
        package let reason: String
    }

    /// Decoded frames: premultiplied images (one for PNG and JPEG, every frame for GIF), the GIF
    /// frames' delays in seconds, and the warning a decoder gave while working around damage.
    package struct Decoded: Sendable {
        package let format: Format
        package let images: [CGImage]
        package let delays: [Double]
        package let warning: String?
    }

    /// Decodes PNG, JPEG, GIF or WebP bytes (`only` restricts the format).
    package static func decode(_ data: Data, only: Format? = nil) throws(Failure) -> Decoded {
        guard let format = format(of: data) else {
            throw Failure(reason: data.isEmpty ? "no data" : "not a PNG, JPEG, GIF or WebP file")
        }
        if let only, only != format { throw Failure(reason: "not a \(only.rawValue.uppercased()) file (it is \(format.rawValue.uppercased()))") }
        var err = [CChar](repeating: 0, count: 512)
        var w: Int32 = 0, h: Int32 = 0, frames: Int32 = 1
        var delays: UnsafeMutablePointer<Int32>? = nil
        let pixels: UnsafeMutablePointer<UInt32>? = data.withUnsafeBytes { raw in
            switch format {
            case .png: return lamina_png_decode(raw.baseAddress, raw.count, &w, &h, &err, err.count)
            case .jpeg: return lamina_jpeg_decode(raw.baseAddress, raw.count, &w, &h, &err, err.count)
            case .gif: return lamina_gif_decode(raw.baseAddress, raw.count, &w, &h, &frames, &delays, &err, err.count)
            case .webp: return lamina_webp_decode(raw.baseAddress, raw.count, &w, &h, &err, err.count)
            }
        }
        defer { lamina_codec_free(delays) }
        let message = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let pixels else { throw Failure(reason: message.isEmpty ? "does not decode" : message) }
        defer { lamina_codec_free(pixels) }
        let plane = Int(w) * Int(h)
        var images: [CGImage] = []
        for f in 0..<Int(frames) {
            let base = pixels + f * plane
            let px = [UInt32](unsafeUninitializedCapacity: plane) { buffer, initialized in
                for i in 0..<plane { buffer[i] = premultiply(base[i]) }
                initialized = plane
            }
            images.append(CGImage(width: Int(w), height: Int(h), validPremultipliedARGB: px))
        }
        var frameDelays: [Double] = []
        for f in 0..<Int(frames) { frameDelays.append(delays.map { Double($0[f]) / 100 } ?? 0) }
        return Decoded(format: format, images: images, delays: frameDelays, warning: message.isEmpty ? nil : message)
    }

    /// Images of more than this many pixels (4 Mpx: 2048 x 2048) are written the fast way (see
    /// `writePNG`); smaller ones compactly, as they always were (the same bytes).
    package static let fastPNGPixels = 1 << 22

    /// The threads a fast PNG is deflated on: the machine's processors, at most 8.
    package static var pngThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) }

    /// A PNG that could not be written: the encoder's reason, or the error number of the sink
    /// that failed (`code`, nonzero).
    package struct WriteFailure: Error, Sendable {
        /// Why.
        package let reason: String
        /// The sink's error (an errno), or 0 when the encoder itself failed.
        package let code: Int32
    }

    /// Writes `image` as a PNG file, handing its bytes to `sink` in order (on this thread); `sink`
    /// returns 0, or an error number that stops the writing and is thrown as `code`. Straight alpha,
    /// rounded to nearest; the image is converted a row at a time, never copied whole. `fast`
    /// (default: more than `fastPNGPixels` pixels) writes RGB for an opaque image, filters rows with
    /// Up and deflates at zlib level 1 on `pngThreads` threads (several times faster, larger files);
    /// otherwise libpng's adaptive filters and default level (the bytes libpng's simplified writer
    /// gives). The pixels read back are the same either way. `threads` (default `pngThreads`) bounds
    /// the segments a fast PNG is cut into.
    package static func writePNG(_ image: CGImage, fast: Bool? = nil, threads: Int? = nil, to sink: (UnsafeRawBufferPointer) -> Int32) throws(WriteFailure) {
        guard image.width > 0, image.height > 0 else {
            throw WriteFailure(reason: "a \(image.width)x\(image.height) image cannot be written as PNG", code: 0)
        }
        guard image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw WriteFailure(reason: "a \(image.width)x\(image.height) image is too large to be written as PNG", code: 0)
        }
        let isFast = fast ?? (image.width * image.height > fastPNGPixels)
        var err = [CChar](repeating: 0, count: 512)
        let result: Int32 = withoutActuallyEscaping(sink) { sink in
            let box = PNGSinkBox(sink)
            let context = Unmanaged.passUnretained(box).toOpaque()
            return withExtendedLifetime(box) {
                image.premultipliedARGB.withUnsafeBufferPointer { px in
                    lamina_png_write(px.baseAddress, Int32(image.width), Int32(image.height), isFast ? 1 : 0, Int32(clamping: threads ?? pngThreads), { context, bytes, count in
                        let box = Unmanaged<PNGSinkBox>.fromOpaque(context!).takeUnretainedValue()
                        return box.sink(UnsafeRawBufferPointer(start: bytes, count: count))
                    }, context, &err, err.count)
                }
            }
        }
        guard result == 0 else {
            let message = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw WriteFailure(reason: message.isEmpty ? "libpng cannot encode it" : message, code: max(result, 0))
        }
    }

    /// Encodes `image` as PNG file bytes (straight alpha, rounded to nearest; see `writePNG`).
    package static func encodePNG(_ image: CGImage, fast: Bool? = nil, threads: Int? = nil) throws(Failure) -> Data {
        var data = Data()
        do {
            try writePNG(image, fast: fast, threads: threads) { bytes in data.append(contentsOf: bytes); return 0 }
        } catch {
            throw Failure(reason: error.reason)
        }
        return data
    }

    /// Straight alpha from premultiplied, rounding to nearest (transparent stays 0).
    package static func unpremultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 || a == 0 { return a == 0 ? 0 : p }
        func ch(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
        return a << 24 | ch((p >> 16) & 255) << 16 | ch((p >> 8) & 255) << 8 | ch(p & 255)
    }

    /// Premultiplied from straight alpha, rounding to nearest.
    package static func premultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        func ch(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
        return a << 24 | ch((p >> 16) & 255) << 16 | ch((p >> 8) & 255) << 8 | ch(p & 255)
    }
}

/// The Swift end of a C sink: the closure `ImageFileCodec.writePNG` hands bytes to, reached from the
/// C callback through an unretained pointer. Used on one thread only (the writer calls its sink on
/// the calling thread), for the duration of one call.
private final class PNGSinkBox {
    let sink: (UnsafeRawBufferPointer) -> Int32
    init(_ sink: @escaping (UnsafeRawBufferPointer) -> Int32) { self.sink = sink }
}
