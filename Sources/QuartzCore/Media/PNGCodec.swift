import Foundation
import CoreGraphics

/// A PNG file that could not be read or written: names the file and gives the decoder's reason.
public struct PNGCodecError: Error, CustomStringConvertible {
    /// The file (or "memory" for in-memory data).
    public let file: String
    /// What went wrong.
    public let reason: String
    /// "<file>: <reason>".
    public var description: String { "\(file): \(reason)" }
}

/// PNG reading and writing through libpng (JPEG and GIF files are read too, through libjpeg-turbo
/// and giflib; a GIF gives its first frame): the C wrappers of the `CMediaCodecs` target. `ImageDecoder` is the entry point that returns nil and
/// reports one diagnostic instead of throwing. Images come back premultiplied (Lamina's CGImage
/// format) and are un-premultiplied on writing, rounding to nearest, so opaque and fully
/// transparent pixels survive a round trip exactly and others within one step of their
/// premultiplied value.
///
/// Thread-safe: every call decodes or encodes with its own decoder state.
public enum PNGCodec {
    /// Reads the PNG, JPEG, GIF or WebP file at `url`.
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

    /// Decodes PNG, JPEG, GIF or WebP file bytes held in memory.
    public static func read(data: Data) throws -> CGImage { try decode(data, name: "memory").image }

    /// The image in PNG, JPEG, GIF or WebP bytes (a GIF's first frame), with the warning the decoder gave
    /// while working around damaged data (a JPEG cut short: the missing rows are grey), if any.
    static func decode(_ data: Data, name: String) throws -> (image: CGImage, warning: String?) {
        do {
            let decoded = try ImageFileCodec.decode(data)
            return (decoded.images[0], decoded.warning)
        } catch {
            throw PNGCodecError(file: name, reason: error.reason)
        }
    }

    /// Writes `image` as a PNG file at `url` (replacing it). The PNG is encoded a row at a time
    /// straight into a fresh temporary beside `url` (`SafeTemporaryFile`: created exclusively, never
    /// through a link, every write checked), which is synced and renamed over `url`; no copy of the
    /// image and no file-sized buffer is made. Images over `ImageFileCodec.fastPNGPixels` pixels
    /// (large frames) are compressed the fast way, on several threads (see `ImageFileCodec.writePNG`).
    /// On failure nothing is left and a `FileWriteError` gives the file and the system's reason in
    /// one line (an image that cannot be encoded throws `PNGCodecError`). Returns the file's size in
    /// bytes.
    @discardableResult
    public static func write(_ image: CGImage, to url: URL) throws -> Int {
        guard image.width > 0, image.height > 0 else { return try encode(image, name: url.path).count }
        let file = try SafeTemporaryFile(for: url.path)
        var size = 0
        do {
            try ImageFileCodec.writePNG(image) { bytes in
                size += bytes.count
                return SafeFile.writeAll(file.descriptor, bytes)
            }
        } catch {
            file.discard()
            if error.code != 0 { throw FileWriteError(path: url.path, errno: error.code) }
            throw PNGCodecError(file: url.path, reason: error.reason)
        }
        try file.commit()
        return size
    }

    /// `image` as PNG file bytes (compressed the fast way past `ImageFileCodec.fastPNGPixels`).
    public static func encode(_ image: CGImage) throws -> Data { try encode(image, name: "memory") }

    private static func encode(_ image: CGImage, name: String) throws -> Data {
        do { return try ImageFileCodec.encodePNG(image) } catch { throw PNGCodecError(file: name, reason: error.reason) }
    }

    /// Straight alpha from premultiplied, rounding to nearest (transparent stays 0).
    public static func unpremultiply(_ p: UInt32) -> UInt32 { ImageFileCodec.unpremultiply(p) }

    /// Premultiplied from straight alpha, rounding to nearest.
    static func premultiply(_ p: UInt32) -> UInt32 { ImageFileCodec.premultiply(p) }
}
