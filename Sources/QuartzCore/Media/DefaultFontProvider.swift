import Foundation
import Synchronization
import Compositor
import LaminaAssets
internal import CFreeType

/// Glyphs from FreeType: the font provider `CATextLayer` uses when none is installed,
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
/// file and FreeType's reason, and text set in it is drawn with DejaVu Sans instead (as Core
/// Animation draws text whose font cannot be found in its default face) rather than not at all.
///
/// Glyphs are hinted lightly (vertically only, as macOS draws text), kerned with the font's kerning
/// table, and laid out on whole pixels. Metrics follow FreeType's scaled font-wide values: ascent
/// rounds up, descent rounds toward zero, line height rounds up.
///
/// Shared between threads (text is laid out on the render side, measured on the app side): the
/// FreeType library and every face are opened, used and closed inside one mutex (`fontState`).
public final class DefaultFontProvider: FontProvider, Sendable {
    /// FreeType's state: only ever touched inside `fontState`'s lock.
    private struct FontState {
        /// Open faces by "file|pixels".
        var fonts: [String: FT_Face] = [:]
        /// The FreeType library of this provider, made on first use.
        var library: FT_Library?
        /// Why FreeType could not start, if it could not.
        var libraryFailure: String?
        /// Font files that failed (reported once each).
        var failedFiles = Set<String>()

        /// The FreeType library, started on first use.
        mutating func startLibrary() -> FT_Library? {
            if let library { return library }
            if libraryFailure != nil { return nil }
            var lib: FT_Library?
            let e = FT_Init_FreeType(&lib)
            guard e == 0, let lib else { libraryFailure = DefaultFontProvider.describe(e); return nil }
            library = lib
            return lib
        }
    }
    private let fontState = Mutex(FontState())

    /// The provider text layers use when `FontProviders.current` is nil, and the one
    /// `installAsDefault()` installs.
    public static let shared = DefaultFontProvider()

    /// A provider (fonts open lazily).
    public init() {}

    deinit {
        fontState.withLock { st in
            for f in st.fonts.values { FT_Done_Face(f) }
            if let library = st.library { FT_Done_FreeType(library) }
        }
    }

    /// Makes the shared provider `FontProviders.current` (idempotent). Not needed for text to draw:
    /// text layers use the shared provider whenever no other is installed.
    public static func installAsDefault() {
        if FontProviders.current !== shared { FontProviders.current = shared }
    }

    /// The Assets folder (`LaminaAssets.directory`): the fonts and the demos' images.
    public static var assetsDirectory: URL? { LaminaAssets.directory }

    /// Font files by name (any thread).
    private static let fileCache = Mutex<[String: String?]>([:])

    /// The font file for a name, remembered (text layout asks once per width it measures; the
    /// lookup builds URLs and touches the file system). At most 256 names are kept.
    static func fontFile(for name: String?) -> String? {
        let key = name ?? "\u{0}"
        if let hit = fileCache.withLock({ $0[key] }) { return hit }
        let found = lookUpFontFile(for: name)
        fileCache.withLock { c in
            if c.count >= 256 { c.removeAll() }
            c[key] = .some(found)
        }
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

    /// Runs `body` with the font for `name` at `size` pixels, inside `fontState`'s lock: a font is only used
    /// while the lock is held, so the cache may close fonts without pulling one from under a user.
    /// A font file that fails (see the type's notes) is reported once and replaced by the default.
    private func withFont<T: Sendable>(_ name: String?, _ size: Double, _ body: (FT_Face) -> T?) -> T? {
        guard var file = DefaultFontProvider.fontFile(for: name) else {
            LaminaDiagnostics.report("CATextLayer: the default fonts were not found (set LAMINA_ASSETS to a folder holding Fonts/DejaVuSans.ttf); text is not drawn")
            return nil
        }
        let px = UInt32(max(1, min(size.isFinite ? size.rounded() : 12, 2000)))
        return fontState.withLock { st -> T? in
            guard let library = st.startLibrary() else {
                LaminaDiagnostics.report("CATextLayer: FreeType could not start (\(st.libraryFailure ?? "unknown error")); text is not drawn")
                return nil
            }
            if st.failedFiles.contains(file), let fallback = DefaultFontProvider.defaultFontFile { file = fallback }
            if let f = st.fonts["\(file)|\(px)"] { return body(f) }
            if st.fonts.count >= DefaultFontProvider.openFontLimit {
                for f in st.fonts.values { FT_Done_Face(f) }
                st.fonts.removeAll(keepingCapacity: true)
            }
            var reason = ""
            if let f = DefaultFontProvider.open(file, px, library, &reason) {
                st.fonts["\(file)|\(px)"] = f
                return body(f)
            }
            // The file does not work: say so once, then use the default face.
            if st.failedFiles.insert(file).inserted {
                LaminaDiagnostics.report("font file \(file) cannot be used (\(reason)); text in it is drawn in DejaVu Sans")
            }
            guard let fallback = DefaultFontProvider.defaultFontFile, fallback != file else { return nil }
            if let f = st.fonts["\(fallback)|\(px)"] { return body(f) }
            guard let f = DefaultFontProvider.open(fallback, px, library, &reason) else { return nil }
            st.fonts["\(fallback)|\(px)"] = f
            return body(f)
        }
    }

    /// Light hinting (FT_LOAD_TARGET_LIGHT: vertical only), rendered to 8-bit coverage (FT_LOAD_RENDER).
    static let loadFlags = Int32(1 << 16 | 1 << 2)
    /// FT_FACE_FLAG_KERNING: the face has a kerning table.
    static let kerningFlag = 1 << 6

    /// Opens `file` at `px` pixels and checks that it draws a glyph (a truncated font may open and
    /// then draw nothing); nil and FreeType's reason when either fails.
    private static func open(_ file: String, _ px: UInt32, _ library: FT_Library, _ reason: inout String) -> FT_Face? {
        var face: FT_Face?
        var e = FT_New_Face(library, file, 0, &face)
        guard e == 0, let face else { reason = describe(e); return nil }
        e = FT_Set_Pixel_Sizes(face, 0, px)
        if e == 0 {
            let index = FT_Get_Char_Index(face, 0x41)  // "A"
            e = index == 0 ? -1 : FT_Load_Glyph(face, index, loadFlags)
            if e == 0, face.pointee.glyph.pointee.bitmap.buffer == nil { e = -1 }
        }
        guard e == 0 else {
            reason = e == -1 ? "it draws no glyph for \"A\"" : describe(e)
            FT_Done_Face(face)
            return nil
        }
        return face
    }

    /// FreeType's words for an error code.
    private static func describe(_ e: FT_Error) -> String {
        if let s = FT_Error_String(e) { return String(cString: s) }
        return "FreeType error \(e)"
    }

    /// One glyph placed on the line: its index, its pen position in 26.6 pixels.
    private struct Placed { var index: UInt32; var pen: Int }

    /// The glyphs of `text` and their pen positions, kerned, and where the pen ends (26.6 pixels).
    /// Positions are whole pixels (light hinting keeps advances whole).
    private static func layOut(_ text: String, _ face: FT_Face) -> (glyphs: [Placed], end: Int) {
        let kerns = (face.pointee.face_flags & kerningFlag) != 0
        var glyphs: [Placed] = []
        var pen = 0, previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if kerns, previous != 0, index != 0 {
                var delta = FT_Vector()
                if FT_Get_Kerning(face, previous, index, 0, &delta) == 0 { pen += Int(delta.x) }
            }
            pen = (pen + 32) & ~63
            glyphs.append(Placed(index: index, pen: pen))
            if FT_Load_Glyph(face, index, loadFlags) == 0 {
                pen += Int(face.pointee.glyph.pointee.advance.x)
            }
            previous = index
        }
        return (glyphs, (pen + 32) & ~63)
    }

    /// Ascent, descent and line height of the face at its current size, in whole pixels.
    private static func metrics(of face: FT_Face) -> FontMetrics {
        let scale = face.pointee.size.pointee.metrics.y_scale
        func ceil26(_ v: FT_Long) -> Double { Double((v + 63) >> 6) }
        let ascent = ceil26(FT_MulFix(FT_Long(face.pointee.ascender), scale))
        let descent = -ceil26(FT_MulFix(FT_Long(face.pointee.descender), scale))
        let line = ceil26(FT_MulFix(FT_Long(face.pointee.height), scale))
        return FontMetrics(ascent: ascent, descent: descent, lineHeight: line)
    }

    /// How many fonts are open now.
    var openFontCount: Int { fontState.withLock { $0.fonts.count } }

    /// Ascent, descent and line spacing of the font at `size` pixels.
    public func metrics(fontName: String?, size: Double) -> FontMetrics? {
        withFont(fontName, size) { f in DefaultFontProvider.metrics(of: f) }
    }

    /// The advance width of `text` in pixels, widened to the ink of a glyph that reaches past the
    /// last advance (0 for empty text or an unknown font).
    public func width(of text: String, fontName: String?, size: Double) -> Double {
        guard !text.isEmpty else { return 0 }
        return withFont(fontName, size) { f -> Double? in Double(DefaultFontProvider.extent(text, f).width) } ?? 0
    }

    /// The horizontal extent of `text`'s line: where drawing starts (≤ 0 when the first glyph's ink
    /// reaches left of the pen) and the width from there.
    private static func extent(_ text: String, _ f: FT_Face) -> (left: Int, width: Int) {
        let (glyphs, end) = layOut(text, f)
        var minX = 0, maxX = end >> 6
        for g in glyphs where FT_Load_Glyph(f, g.index, loadFlags) == 0 {
            let slot = f.pointee.glyph.pointee
            guard slot.bitmap.width > 0 else { continue }
            let x = (g.pen >> 6) + Int(slot.bitmap_left)
            minX = min(minX, x)
            maxX = max(maxX, x + Int(slot.bitmap.width))
        }
        return (minX, maxX - minX)
    }

    /// `text` rendered anti-aliased with the baseline `ascent` pixels below the mask's top; the mask
    /// is ascent + descent tall, taller when a glyph reaches below the descent line.
    public func render(_ text: String, fontName: String?, size: Double) -> AlphaMask? {
        guard !text.isEmpty else { return nil }
        return withFont(fontName, size) { f in Self.render(text, with: f) }
    }

    private static func render(_ text: String, with f: FT_Face) -> AlphaMask? {
        let m = metrics(of: f)
        let ascent = Int(m.ascent)
        let (left, width) = extent(text, f)
        let (glyphs, _) = layOut(text, f)
        var bottom = ascent + Int(m.descent)
        for g in glyphs where FT_Load_Glyph(f, g.index, loadFlags) == 0 {
            let slot = f.pointee.glyph.pointee
            bottom = max(bottom, ascent - Int(slot.bitmap_top) + Int(slot.bitmap.rows))
        }
        guard width > 0, bottom > 0 else { return nil }
        var alpha = [UInt8](repeating: 0, count: width * bottom)
        for g in glyphs where FT_Load_Glyph(f, g.index, loadFlags) == 0 {
            let bitmap = f.pointee.glyph.pointee.bitmap
            let top = ascent - Int(f.pointee.glyph.pointee.bitmap_top)
            let x0 = (g.pen >> 6) + Int(f.pointee.glyph.pointee.bitmap_left) - left
            guard let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { continue }
            for r in 0..<Int(bitmap.rows) {
                let y = top + r
                guard y >= 0, y < bottom else { continue }
                let row = buffer.advanced(by: r * Int(bitmap.pitch))
                for c in 0..<Int(bitmap.width) {
                    let x = x0 + c
                    guard x >= 0, x < width else { continue }
                    let v = row[c]
                    if v > alpha[y * width + x] { alpha[y * width + x] = v }
                }
            }
        }
        return AlphaMask(width: width, height: bottom, alpha: alpha)
    }
}
