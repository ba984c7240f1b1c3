import Foundation
import CoreGraphics
internal import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// A PNG file that could not be read or written: names the file and gives SDL's reason.
public struct PNGCodecError: Error, CustomStringConvertible {
    /// The file (or "memory" for in-memory data).
    public let file: String
    /// What went wrong.
    public let reason: String
    /// "<file>: <reason>".
    public var description: String { "\(file): \(reason)" }
}

/// PNG reading and writing through SDL2_image (libpng; JPEG files are read too, through libjpeg).
/// `ImageDecoder` is the entry point that returns nil and reports one diagnostic instead of throwing.
/// Images come back premultiplied (Lamina's CGImage format) and are un-premultiplied on writing, rounding to nearest, so opaque and fully
/// transparent pixels survive a round trip exactly and others within one step of their
/// premultiplied value.
public enum PNGCodec {
    private static let initOnce: Void = { _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)) }()
    private static let lock = NSLock()

    /// Reads the PNG or JPEG file (or any other format SDL2_image knows) at `url`.
    public static func read(contentsOf url: URL) throws -> CGImage {
        lock.lock(); defer { lock.unlock() }
        _ = initOnce
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PNGCodecError(file: url.path, reason: "no such file")
        }
        guard let surface = IMG_Load(url.path) else { throw PNGCodecError(file: url.path, reason: lastError()) }
        defer { SDL_FreeSurface(surface) }
        return try image(from: surface, name: url.path)
    }

    /// Decodes PNG or JPEG file bytes (or any other format SDL2_image knows) held in memory.
    public static func read(data: Data) throws -> CGImage {
        lock.lock(); defer { lock.unlock() }
        _ = initOnce
        return try data.withUnsafeBytes { raw -> CGImage in
            guard let base = raw.baseAddress, raw.count > 0 else { throw PNGCodecError(file: "memory", reason: "no data") }
            guard raw.count < Int(Int32.max), let rw = SDL_RWFromConstMem(base, Int32(raw.count)) else {
                throw PNGCodecError(file: "memory", reason: "\(raw.count) bytes is more than an image file can be here (2 GiB)")
            }
            guard let surface = IMG_Load_RW(rw, 1) else { throw PNGCodecError(file: "memory", reason: lastError()) }
            defer { SDL_FreeSurface(surface) }
            return try image(from: surface, name: "memory")
        }
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
        lock.lock(); defer { lock.unlock() }
        _ = initOnce
        guard image.width > 0, image.height > 0 else {
            throw PNGCodecError(file: name, reason: "a \(image.width)x\(image.height) image cannot be written as PNG")
        }
        // Deflate's worst case is a little over its input (the raw rows and a filter byte each);
        // chunk headers and the file's own are a few kilobytes at most.
        let raw = (image.width * 4 + 1) * image.height
        let capacity = raw + raw / 256 + 65_536
        guard capacity < Int(Int32.max) else {
            throw PNGCodecError(file: name, reason: "a \(image.width)x\(image.height) image is too large to be written as PNG here")
        }
        var straight = image.premultipliedARGB.map(unpremultiply)
        var out = Data(count: capacity)
        let written = straight.withUnsafeMutableBytes { px -> Int in
            out.withUnsafeMutableBytes { buffer -> Int in
                guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(px.baseAddress, Int32(image.width), Int32(image.height), 32,
                                                                       Int32(image.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else { return -1 }
                defer { SDL_FreeSurface(surface) }
                guard let rw = SDL_RWFromMem(buffer.baseAddress, Int32(buffer.count)) else { return -1 }
                defer { SDL_RWclose(rw) }
                guard IMG_SavePNG_RW(surface, rw, 0) == 0 else { return -1 }
                return Int(SDL_RWtell(rw))
            }
        }
        guard written > 8 else { throw PNGCodecError(file: name, reason: lastError()) }
        out.count = written
        return out
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

    /// The surface's pixels premultiplied, converted straight into the image's own array (one copy
    /// besides SDL's decoded surface: a 64-megapixel image peaks at twice its 256 MB, where
    /// converting to a second surface first took three times). Paletted surfaces, which
    /// SDL_ConvertPixels does not take, and those with a colour key (which it would ignore) go
    /// through a converted surface.
    private static func image(from surface: UnsafeMutablePointer<SDL_Surface>, name: String) throws -> CGImage {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h)
        guard w > 0, h > 0, let format = surface.pointee.format else { throw PNGCodecError(file: name, reason: "the decoded image has no pixels") }
        if format.pointee.palette != nil || format.pointee.BitsPerPixel <= 8 || SDL_HasColorKey(surface) == SDL_TRUE {
            guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
                throw PNGCodecError(file: name, reason: lastError())
            }
            defer { SDL_FreeSurface(argb) }
            return try image(from: argb, name: name)
        }
        var px = [UInt32](repeating: 0, count: w * h)
        if SDL_MUSTLOCK(surface) { SDL_LockSurface(surface) }
        defer { if SDL_MUSTLOCK(surface) { SDL_UnlockSurface(surface) } }
        guard let base = surface.pointee.pixels else { throw PNGCodecError(file: name, reason: "the decoded surface has no pixels") }
        let ok = px.withUnsafeMutableBytes { dst in
            SDL_ConvertPixels(Int32(w), Int32(h), format.pointee.format, base, surface.pointee.pitch,
                              SDL_PIXELFORMAT_ARGB8888.rawValue, dst.baseAddress, Int32(w * 4)) == 0
        }
        guard ok else { throw PNGCodecError(file: name, reason: lastError()) }
        px.withUnsafeMutableBufferPointer { b in for i in b.indices { b[i] = premultiply(b[i]) } }
        return CGImage(width: w, height: h, premultipliedARGB: px)
    }

    private static func lastError() -> String {
        guard let e = SDL_GetError() else { return "unknown SDL error" }
        let s = String(cString: e)
        return s.isEmpty ? "unknown SDL error" : s
    }
}

/// SDL_MUSTLOCK is a C macro; this is its definition.
@inline(__always)
func SDL_MUSTLOCK(_ s: UnsafeMutablePointer<SDL_Surface>) -> Bool { (s.pointee.flags & UInt32(SDL_RLEACCEL)) != 0 }
