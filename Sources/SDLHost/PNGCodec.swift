import Foundation
import QuartzCore
import CSDL2

/// A PNG file that could not be read or written: names the file and gives SDL's reason.
public struct PNGCodecError: Error, CustomStringConvertible {
    /// The file (or "memory" for in-memory data).
    public let file: String
    /// What went wrong.
    public let reason: String
    /// "<file>: <reason>".
    public var description: String { "\(file): \(reason)" }
}

/// PNG reading and writing through SDL2_image. Images come back premultiplied (Lamina's CGImage
/// format) and are un-premultiplied on writing, rounding to nearest, so opaque and fully
/// transparent pixels survive a round trip exactly and others within one step of their
/// premultiplied value.
public enum PNGCodec {
    private static let initOnce: Void = { _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue)) }()
    private static let lock = NSLock()

    /// Reads the PNG (or any format SDL2_image knows) at `url`.
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

    /// Decodes image bytes held in memory.
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

    /// Writes `image` as a PNG file at `url` (replacing it).
    public static func write(_ image: CGImage, to url: URL) throws {
        lock.lock(); defer { lock.unlock() }
        _ = initOnce
        guard image.width > 0, image.height > 0 else {
            throw PNGCodecError(file: url.path, reason: "a \(image.width)x\(image.height) image cannot be written as PNG")
        }
        var straight = image.premultipliedARGB.map(unpremultiply)
        let ok = straight.withUnsafeMutableBytes { raw -> Bool in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(image.width), Int32(image.height), 32,
                                                                   Int32(image.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue) else { return false }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, url.path) == 0
        }
        if !ok { throw PNGCodecError(file: url.path, reason: lastError()) }
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

    private static func image(from surface: UnsafeMutablePointer<SDL_Surface>, name: String) throws -> CGImage {
        guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw PNGCodecError(file: name, reason: lastError())
        }
        defer { SDL_FreeSurface(argb) }
        let w = Int(argb.pointee.w), h = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        var px = [UInt32](repeating: 0, count: w * h)
        if SDL_MUSTLOCK(argb) { SDL_LockSurface(argb) }
        defer { if SDL_MUSTLOCK(argb) { SDL_UnlockSurface(argb) } }
        guard let base = argb.pointee.pixels else { throw PNGCodecError(file: name, reason: "the decoded surface has no pixels") }
        for y in 0..<h {
            let row = base.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { px[y * w + x] = premultiply(row[x]) }
        }
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
