import Foundation
import QuartzCore
import Compositor
import CSDL2

/// Glyphs from SDL2_ttf (FreeType): Lamina's font provider on Linux. Font names resolve to the
/// fonts shipped in Assets/Fonts (DejaVu Sans; "Helvetica", "Arial", ".SFUI", "system" and other
/// common UI names map to it, names containing "Bold" to DejaVu Sans Bold, "Courier"/"Menlo"/"Mono"
/// to DejaVu Sans Mono); a name may also be a path to a .ttf/.otf file. Unknown names and nil fall
/// back to DejaVu Sans. Opened fonts are cached per (file, pixel size).
///
/// A font file that does not work (missing, not a font, truncated: FreeType cannot open it or
/// cannot draw a glyph with it) is reported once per file through `LaminaDiagnostics`, naming the
/// file and SDL_ttf's reason, and text set in it is drawn with DejaVu Sans instead (as Core
/// Animation draws text whose font cannot be found in its default face) rather than not at all.
///
/// Shared between threads (text is laid out on the render side, measured on the app side): every
/// font is opened, used and closed under `lock`.
public final class SDLFontProvider: FontProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var fonts: [String: OpaquePointer] = [:]
    /// Font files that failed (reported once each), guarded by `lock`.
    private var failedFiles = Set<String>()
    private static let initOnce: Bool = TTF_Init() == 0

    /// The provider installed by `installAsDefault()`.
    public static let shared = SDLFontProvider()

    /// A provider (fonts open lazily).
    public init() {}

    deinit { for f in fonts.values { TTF_CloseFont(f) } }

    /// Makes the shared provider the one text layers use (idempotent).
    public static func installAsDefault() {
        if FontProviders.current !== shared { FontProviders.current = shared }
    }

    /// The Assets folder: $LAMINA_ASSETS, else an `Assets` folder beside the executable or up to four
    /// folders above it, else the package's own (found from this source file in a checkout).
    public static let assetsDirectory: URL? = {
        let fm = FileManager.default
        func valid(_ u: URL) -> Bool { fm.fileExists(atPath: u.appendingPathComponent("Fonts/DejaVuSans.ttf").path) }
        if let env = ProcessInfo.processInfo.environment["LAMINA_ASSETS"], valid(URL(fileURLWithPath: env)) {
            return URL(fileURLWithPath: env)
        }
        // The running executable (/proc/self/exe works however it was started, even from $PATH).
        let exe = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
        var dir = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0...4 {
            let a = dir.appendingPathComponent("Assets")
            if valid(a) { return a }
            dir = dir.deletingLastPathComponent()
        }
        var src = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0...3 {
            let a = src.appendingPathComponent("Assets")
            if valid(a) { return a }
            src = src.deletingLastPathComponent()
        }
        return nil
    }()

    nonisolated(unsafe) private static var fileCache: [String: String?] = [:]
    private static let fileCacheLock = NSLock()

    /// The font file for a name, remembered (text layout asks once per width it measures; the
    /// lookup builds URLs and touches the file system). At most 256 names are kept.
    static func fontFile(for name: String?) -> String? {
        let key = name ?? "\u{0}"
        fileCacheLock.lock()
        if let hit = fileCache[key] { fileCacheLock.unlock(); return hit }
        fileCacheLock.unlock()
        let found = lookUpFontFile(for: name)
        fileCacheLock.lock()
        if fileCache.count >= 256 { fileCache.removeAll() }
        fileCache[key] = .some(found)
        fileCacheLock.unlock()
        return found
    }

    private static func lookUpFontFile(for name: String?) -> String? {
        if let n = name, isFontPath(n) {
            if FileManager.default.fileExists(atPath: n) { return n }
            LaminaDiagnostics.report("font file \(n): no such file; text in it is drawn in DejaVu Sans")
        }
        guard let assets = assetsDirectory?.appendingPathComponent("Fonts") else { return nil }
        let lower = (name ?? "").lowercased()
        let file: String
        if lower.contains("mono") || lower.contains("courier") || lower.contains("menlo") { file = "DejaVuSansMono.ttf" }
        else if lower.contains("bold") || lower.contains("heavy") || lower.contains("black") { file = "DejaVuSans-Bold.ttf" }
        else { file = "DejaVuSans.ttf" }
        let path = assets.appendingPathComponent(file).path
        // A missing variant falls back to the regular face.
        return FileManager.default.fileExists(atPath: path) ? path : defaultFontFile
    }

    /// Whether a font name is a path to a font file (.ttf or .otf).
    static func isFontPath(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")
    }

    /// The regular face every failure falls back to.
    static var defaultFontFile: String? { assetsDirectory?.appendingPathComponent("Fonts/DejaVuSans.ttf").path }

    /// Most fonts kept open at once; past it the cache starts again (a scene may ask for any
    /// number of sizes, and each open face holds FreeType's tables).
    static let openFontLimit = 32

    /// Runs `body` with the font for `name` at `size` pixels, under the lock: a font is only used
    /// while the lock is held, so the cache may close fonts without pulling one from under a user.
    /// A font file that fails (see the type's notes) is reported once and replaced by the default.
    private func withFont<T>(_ name: String?, _ size: Double, _ body: (OpaquePointer) -> T?) -> T? {
        guard SDLFontProvider.initOnce, var file = SDLFontProvider.fontFile(for: name) else { return nil }
        let px = Int32(max(1, min(size.isFinite ? size.rounded() : 12, 2000)))
        lock.lock(); defer { lock.unlock() }
        if failedFiles.contains(file), let fallback = SDLFontProvider.defaultFontFile { file = fallback }
        if let f = fonts["\(file)|\(px)"] { return body(f) }
        if fonts.count >= SDLFontProvider.openFontLimit {
            for f in fonts.values { TTF_CloseFont(f) }
            fonts.removeAll(keepingCapacity: true)
        }
        if let f = SDLFontProvider.open(file, px) {
            fonts["\(file)|\(px)"] = f
            return body(f)
        }
        // The file does not work: say so once, then use the default face.
        let reason = SDLFontProvider.ttfError()
        if failedFiles.insert(file).inserted {
            LaminaDiagnostics.report("font file \(file) cannot be used (\(reason)); text in it is drawn in DejaVu Sans")
        }
        guard let fallback = SDLFontProvider.defaultFontFile, fallback != file else { return nil }
        if let f = fonts["\(fallback)|\(px)"] { return body(f) }
        guard let f = SDLFontProvider.open(fallback, px) else { return nil }
        fonts["\(fallback)|\(px)"] = f
        return body(f)
    }

    /// Opens `file` at `px` pixels and checks that it draws a glyph (a truncated font may open and
    /// then draw nothing); nil when either fails.
    private static func open(_ file: String, _ px: Int32) -> OpaquePointer? {
        guard let f = TTF_OpenFont(file, px) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        TTF_SetFontKerning(f, 1)
        guard let probe = TTF_RenderUTF8_Blended(f, "Ag", SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            TTF_CloseFont(f)
            return nil
        }
        SDL_FreeSurface(probe)
        return f
    }

    /// SDL_ttf's last error, or a general reason.
    private static func ttfError() -> String {
        guard let e = SDL_GetError() else { return "SDL_ttf cannot open it" }
        let s = String(cString: e)
        return s.isEmpty ? "SDL_ttf cannot open it" : s
    }

    /// How many fonts are open now.
    var openFontCount: Int { lock.lock(); defer { lock.unlock() }; return fonts.count }

    /// Ascent, descent and line spacing of the font at `size` pixels.
    public func metrics(fontName: String?, size: Double) -> FontMetrics? {
        withFont(fontName, size) { f in
            FontMetrics(ascent: Double(TTF_FontAscent(f)), descent: Double(-TTF_FontDescent(f)), lineHeight: Double(TTF_FontLineSkip(f)))
        }
    }

    /// The advance width of `text` in pixels (0 for empty text or an unknown font).
    public func width(of text: String, fontName: String?, size: Double) -> Double {
        guard !text.isEmpty else { return 0 }
        return withFont(fontName, size) { f -> Double? in
            var w: Int32 = 0, h: Int32 = 0
            guard TTF_SizeUTF8(f, text, &w, &h) == 0 else { return nil }
            return Double(w)
        } ?? 0
    }

    /// `text` rendered anti-aliased with the baseline `ascent` pixels below the mask's top; the mask
    /// is the line height tall, one row taller when a glyph reaches below the descent line.
    public func render(_ text: String, fontName: String?, size: Double) -> AlphaMask? {
        guard !text.isEmpty else { return nil }
        return withFont(fontName, size) { f in Self.render(text, with: f) }
    }

    private static func render(_ text: String, with f: OpaquePointer) -> AlphaMask? {
        guard let s = TTF_RenderUTF8_Blended(f, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(s) }
        guard let argb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let w = Int(argb.pointee.w), h = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        guard w > 0, h > 0, let base = argb.pointee.pixels else { return nil }
        var alpha = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = base.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { alpha[y * w + x] = UInt8(row[x] >> 24) }
        }
        return AlphaMask(width: w, height: h, alpha: alpha)
    }
}
