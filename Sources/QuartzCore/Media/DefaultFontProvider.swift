import Foundation
import Compositor
import LaminaAssets
internal import CSDL2

/// Glyphs from SDL2_ttf (FreeType): the font provider `CATextLayer` uses when none is installed,
/// so text draws with no setup in a program that links only the `QuartzCore` product.
///
/// How a font name (`CATextLayer.font` as a String, or a CTFont-style PostScript or family name)
/// resolves, checked in this order:
/// 1. a name ending in `.ttf` or `.otf` is a path to that font file;
/// 2. a name containing "Mono", "Courier" or "Menlo" (any case) is DejaVu Sans Mono;
/// 3. a name containing "Bold", "Heavy" or "Black" is DejaVu Sans Bold;
/// 4. every other name ("Helvetica", "Helvetica Neue", "Arial", ".SFUI-Regular", "system", an
///    unknown name) and nil is DejaVu Sans.
/// The three DejaVu faces ship with the product (`LaminaAssets.fontsDirectory` says where they are
/// found). Opened fonts are cached per (file, pixel size).
///
/// A font file that does not work (missing, not a font, truncated: FreeType cannot open it or
/// cannot draw a glyph with it) is reported once per file through `LaminaDiagnostics`, naming the
/// file and SDL_ttf's reason, and text set in it is drawn with DejaVu Sans instead (as Core
/// Animation draws text whose font cannot be found in its default face) rather than not at all.
///
/// Shared between threads (text is laid out on the render side, measured on the app side): every
/// font is opened, used and closed under `lock`.
public final class DefaultFontProvider: FontProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var fonts: [String: OpaquePointer] = [:]
    /// Font files that failed (reported once each), guarded by `lock`.
    private var failedFiles = Set<String>()
    private static let initOnce: Bool = TTF_Init() == 0

    /// The provider text layers use when `FontProviders.current` is nil, and the one
    /// `installAsDefault()` installs.
    public static let shared = DefaultFontProvider()

    /// A provider (fonts open lazily).
    public init() {}

    deinit { for f in fonts.values { TTF_CloseFont(f) } }

    /// Makes the shared provider `FontProviders.current` (idempotent). Not needed for text to draw:
    /// text layers use the shared provider whenever no other is installed.
    public static func installAsDefault() {
        if FontProviders.current !== shared { FontProviders.current = shared }
    }

    /// The Assets folder (`LaminaAssets.directory`): the fonts and the demos' images.
    public static var assetsDirectory: URL? { LaminaAssets.directory }

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
        guard let assets = LaminaAssets.fontsDirectory else { return nil }
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
    static var defaultFontFile: String? { LaminaAssets.fontsDirectory?.appendingPathComponent("DejaVuSans.ttf").path }

    /// Most fonts kept open at once; past it the cache starts again (a scene may ask for any
    /// number of sizes, and each open face holds FreeType's tables).
    static let openFontLimit = 32

    /// Runs `body` with the font for `name` at `size` pixels, under the lock: a font is only used
    /// while the lock is held, so the cache may close fonts without pulling one from under a user.
    /// A font file that fails (see the type's notes) is reported once and replaced by the default.
    private func withFont<T>(_ name: String?, _ size: Double, _ body: (OpaquePointer) -> T?) -> T? {
        guard DefaultFontProvider.initOnce, var file = DefaultFontProvider.fontFile(for: name) else {
            LaminaDiagnostics.report(DefaultFontProvider.initOnce
                ? "CATextLayer: the default fonts were not found (set LAMINA_ASSETS to a folder holding Fonts/DejaVuSans.ttf); text is not drawn"
                : "CATextLayer: SDL_ttf could not start; text is not drawn")
            return nil
        }
        let px = Int32(max(1, min(size.isFinite ? size.rounded() : 12, 2000)))
        lock.lock(); defer { lock.unlock() }
        if failedFiles.contains(file), let fallback = DefaultFontProvider.defaultFontFile { file = fallback }
        if let f = fonts["\(file)|\(px)"] { return body(f) }
        if fonts.count >= DefaultFontProvider.openFontLimit {
            for f in fonts.values { TTF_CloseFont(f) }
            fonts.removeAll(keepingCapacity: true)
        }
        if let f = DefaultFontProvider.open(file, px) {
            fonts["\(file)|\(px)"] = f
            return body(f)
        }
        // The file does not work: say so once, then use the default face.
        let reason = DefaultFontProvider.ttfError()
        if failedFiles.insert(file).inserted {
            LaminaDiagnostics.report("font file \(file) cannot be used (\(reason)); text in it is drawn in DejaVu Sans")
        }
        guard let fallback = DefaultFontProvider.defaultFontFile, fallback != file else { return nil }
        if let f = fonts["\(fallback)|\(px)"] { return body(f) }
        guard let f = DefaultFontProvider.open(fallback, px) else { return nil }
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
