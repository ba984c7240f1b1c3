import Foundation

/// The font shipped with Lamina that draws text whose font the file names but does not carry as
/// glyphs (`chars`): the closest of DejaVu Sans, DejaVu Sans Bold and DejaVu Sans Mono by the
/// font's family, style and name.
struct BundledFont: Sendable, Equatable {
    /// The font file's name in the fonts folder.
    var file: String
    /// The name said in diagnostics.
    var label: String

    static let regular = BundledFont(file: "DejaVuSans.ttf", label: "DejaVu Sans")
    static let bold = BundledFont(file: "DejaVuSans-Bold.ttf", label: "DejaVu Sans Bold")
    static let mono = BundledFont(file: "DejaVuSansMono.ttf", label: "DejaVu Sans Mono")

    /// The closest bundled font to a family, style and name: monospaced families (mono, courier,
    /// menlo, consolas, code) are DejaVu Sans Mono; weights from semibold up (bold, black, heavy)
    /// are DejaVu Sans Bold; every other font is DejaVu Sans.
    static func closest(family: String, style: String, name: String) -> BundledFont {
        let words = [family, style, name].joined(separator: " ").lowercased()
        if ["mono", "courier", "menlo", "consola", "code"].contains(where: words.contains) { return .mono }
        if ["bold", "black", "heavy", "semibold", "demibold"].contains(where: words.contains) { return .bold }
        return .regular
    }

    /// Whether the style asks for a slant the bundled fonts do not have.
    static func isItalic(style: String, name: String) -> Bool {
        let words = (style + " " + name).lowercased()
        return words.contains("italic") || words.contains("oblique")
    }

    /// The diagnostics of a file's text: per font used without glyphs, which bundled font replaces
    /// it; a document whose font is not listed; characters missing from a font's glyphs.
    /// The most glyph outline points all text documents of a file may draw (a bundled font's
    /// glyph counted as 100 points).
    static let maximumTextPoints = 5_000_000

    /// Also refuses, as a located error, text that would draw more than `maximumTextPoints`.
    static func check(_ layers: [LayerModel], fonts: TextFonts, notes: inout [LottieDiagnostic]) throws {
        var saidFonts = Set<String>()
        var points = 0
        for layer in layers {
            guard case .text(let model) = layer.content else { continue }
            for k in model.keyframes {
                let doc = k.document
                let font = fonts.font(named: doc.font)
                for ch in doc.drawnText {
                    if let font, let g = fonts.glyph(String(ch), in: font) {
                        points += 1 + g.shapes.reduce(0) { $0 + $1.vertices.count }
                    } else {
                        points += 100
                    }
                    guard points <= maximumTextPoints else {
                        throw DecodingError.dataCorrupted(.init(codingPath: [AnyKey(k.path + ".t")], debugDescription: "expected text drawing at most \(maximumTextPoints) glyph points in all"))
                    }
                }
                guard let font = fonts.font(named: doc.font) else {
                    if LottieFonts.face(family: doc.font, style: "", name: doc.font) == nil {
                        notes.append(LottieDiagnostic(path: k.path + ".f", message: "no font named \"\(doc.font.prefix(100))\" in fonts.list; the text is drawn in \(closest(family: doc.font, style: "", name: doc.font).label)"))
                    }
                    continue
                }
                if fonts.hasGlyphs(for: font) {
                    var missing: [String] = []
                    for ch in doc.drawnText where !TextLayout.isLineBreak(ch) && fonts.glyph(String(ch), in: font) == nil && !missing.contains(String(ch)) {
                        missing.append(String(ch))
                    }
                    if !missing.isEmpty {
                        let list = missing.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
                        notes.append(LottieDiagnostic(path: k.path + ".t", message: "the glyphs (chars) of \"\(font.family.prefix(100))\" have no \(list); those characters are left out, taking no space"))
                    }
                } else if LottieFonts.face(family: font.family, style: font.style, name: font.name) == nil, saidFonts.insert(font.name).inserted {
                    let choice = closest(family: font.family, style: font.style, name: font.name)
                    let slant = isItalic(style: font.style, name: font.name) ? " (upright: no italic is bundled)" : ""
                    notes.append(LottieDiagnostic(path: font.path, message: "the font \"\(font.name.prefix(100))\" (\(font.family.prefix(100)) \(font.style.prefix(40))) is not in the file as glyphs nor registered (LottieFonts, LAMINA_FONTS); its text is drawn in \(choice.label)\(slant), the closest bundled font"))
                }
            }
        }
    }
}
