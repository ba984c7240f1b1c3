import Foundation
import CoreGraphics
internal import CMediaCodecs
#if canImport(Glibc)
import Glibc
#endif

/// A PNG file that could not be read or written: names the file and gives the decoder's reason.
public struct PNGCodecError: Error, CustomStringConvertible {
    /// The file (or "memory" for in-memory data).
    public let file: String
    /// What went wrong.
    public let reason: String
    /// "<file>: <reason>".
    public var description: String { "\(file): \(reason)" }
}

/// PNG reading and writing through libpng (JPEG files are read too, through libjpeg-turbo): the C
/// wrappers of the `CMediaCodecs` target. `ImageDecoder` is the entry point that returns nil and
/// reports one diagnostic instead of throwing. Images come back premultiplied (Lamina's CGImage
/// format) and are un-premultiplied on writing, rounding to nearest, so opaque and fully
/// transparent pixels survive a round trip exactly and others within one step of their
/// premultiplied value.
///
/// Thread-safe: every call decodes or encodes with its own decoder state.
public enum PNGCodec {
    /// Reads the PNG or JPEG file at `url`.
    public static func read(contentsOf url: URL) throws -> CGImage {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PNGCodecError(file: url.path, reason: "no such file")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PNGCodecError(file: url.path, reason: "cannot be read (\((error as NSError).localizedDescription))")
        }
        return try decode(data, name: url.path).image
    }

    /// Decodes PNG or JPEG file bytes held in memory.
    public static func read(data: Data) throws -> CGImage { try decode(data, name: "memory").image }

    /// The image in PNG or JPEG bytes, with the warning the JPEG decoder gave while working around
    /// damaged data (a file cut short: the missing rows are grey), if any.
    static func decode(_ data: Data, name: String) throws -> (image: CGImage, warning: String?) {
        guard let format = ImageDecoder.format(of: data) else {
            throw PNGCodecError(file: name, reason: data.isEmpty ? "no data" : "not a PNG or JPEG file")
        }
        var err = [CChar](repeating: 0, count: 512)
        var w: Int32 = 0, h: Int32 = 0
        let pixels: UnsafeMutablePointer<UInt32>? = data.withUnsafeBytes { raw in
            switch format {
            case .png: return lamina_png_decode(raw.baseAddress, raw.count, &w, &h, &err, err.count)
            case .jpeg: return lamina_jpeg_decode(raw.baseAddress, raw.count, &w, &h, &err, err.count)
            }
        }
        let message = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let pixels else { throw PNGCodecError(file: name, reason: message.isEmpty ? "does not decode" : message) }
        defer { lamina_codec_free(pixels) }
        let count = Int(w) * Int(h)
        let px = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = premultiply(pixels[i]) }
            initialized = count
        }
        return (CGImage(width: Int(w), height: Int(h), premultipliedARGB: px), message.isEmpty ? nil : message)
    }

    /// Writes `image` as a PNG file at `url` (replacing it). Every write is checked: the PNG is made
    /// in memory, written to `<file>.partial` beside it with each `write` and the `close` checked
    /// (a full disk, an I/O error), then renamed over `url`; on failure the partial file is removed
    /// and `PNGCodecError` gives the system's reason. Returns the file's size in bytes.
    @discardableResult
    public static func write(_ image: CGImage, to url: URL) throws -> Int {
        let data = try encode(image, name: url.path)
        try writeFile(data, to: url.path)
        return data.count
    }

    /// `image` as PNG file bytes.
    public static func encode(_ image: CGImage) throws -> Data { try encode(image, name: "memory") }

    private static func encode(_ image: CGImage, name: String) throws -> Data {
        guard image.width > 0, image.height > 0 else {
            throw PNGCodecError(file: name, reason: "a \(image.width)x\(image.height) image cannot be written as PNG")
        }
        guard image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw PNGCodecError(file: name, reason: "a \(image.width)x\(image.height) image is too large to be written as PNG")
        }
        let straight = image.premultipliedARGB.map(unpremultiply)
        var err = [CChar](repeating: 0, count: 512)
        var size = 0
        let bytes = straight.withUnsafeBufferPointer { px in
            lamina_png_encode(px.baseAddress, Int32(image.width), Int32(image.height), &size, &err, err.count)
        }
        guard let bytes else {
            let message = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PNGCodecError(file: name, reason: message.isEmpty ? "libpng cannot encode it" : message)
        }
        defer { lamina_codec_free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    /// Writes `data` to `path` through `<path>.partial` and a rename, every system call checked;
    /// removes the partial file on failure.
    static func writeFile(_ data: Data, to path: String) throws {
        let partial = path + ".partial"
        func failure(_ what: String) -> PNGCodecError {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            return PNGCodecError(file: path, reason: "\(what): \(reason)")
        }
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PNGCodecError(file: path, reason: "cannot create \(partial): \(String(cString: strerror(errno)))") }
        let wrote = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        guard wrote else { let e = failure("cannot write"); close(fd); throw e }
        guard close(fd) == 0 else { throw failure("cannot write (on closing)") }
        guard rename(partial, path) == 0 else { throw failure("cannot rename \(partial) to it") }
    }

    /// Straight alpha from premultiplied, rounding to nearest (transparent stays 0).
    public static func unpremultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 || a == 0 { return a == 0 ? 0 : p }
        func ch(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
        return a << 24 | ch((p >> 16) & 255) << 16 | ch((p >> 8) & 255) << 8 | ch(p & 255)
    }

    /// Premultiplied from straight alpha, rounding to nearest.
    static func premultiply(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        func ch(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
        return a << 24 | ch((p >> 16) & 255) << 16 | ch((p >> 8) & 255) << 8 | ch(p & 255)
    }
}
