import Foundation
import CoreGraphics

/// The fonts a file's text uses: `fonts.list` (name, family, style, ascent) and the glyph outlines
/// of `chars`, when the file carries them.
struct TextFonts: Sendable {
    /// One entry of `fonts.list`.
    struct Font: Sendable {
        /// `fName`: the name text documents give as `f`.
        var name: String
        /// `fFamily` and `fStyle`.
        var family: String
        var style: String
        /// `ascent`: the height above the baseline, in percent of the font size; nil when absent.
        var ascent: Double?
        /// The JSON path of the entry, for messages.
        var path: String
    }

    /// One glyph of `chars`: its advance `w` and its outline (`data.shapes`) at size 100.
    struct Glyph: Sendable {
        var width: Double
        var shapes: [BezierShape]
    }

    /// The fonts by `fName` (the first of each).
    var fonts: [String: Font] = [:]
    /// The glyphs by family, style and character.
    var glyphs: [GlyphKey: Glyph] = [:]
    /// The families (with style) that have at least one glyph.
    var familiesWithGlyphs: Set<String> = []

    /// Where a glyph is found: family, style, character.
    struct GlyphKey: Hashable, Sendable {
        var family: String
        var style: String
        var character: String
    }

    /// The most fonts and glyphs read.
    static let maximumFonts = 10_000
    static let maximumGlyphs = 100_000

    /// No fonts.
    init() {}

    /// Reads `fonts` and `chars` of the animation object `c`.
    init(_ c: KeyedDecodingContainer<AnyKey>, notes: inout [LottieDiagnostic]) throws {
        if c.has("fonts") {
            let f: KeyedDecodingContainer<AnyKey>
            do { f = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("fonts")) } catch {
                throw c.mismatch("fonts", expected: "an object with \"list\", the fonts")
            }
            if f.has("list") {
                var u = try arrayContainer(f.superDecoder(forKey: AnyKey("list")), expected: "a list of fonts")
                var count = 0
                while !u.isAtEnd {
                    count += 1
                    guard count <= Self.maximumFonts else { throw f.mismatch("list", expected: "at most \(Self.maximumFonts) fonts") }
                    let d = try u.superDecoder()
                    let e: KeyedDecodingContainer<AnyKey>
                    do { e = try d.container(keyedBy: AnyKey.self) } catch {
                        throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: d.codingPath, debugDescription: "expected a font, an object with \"fName\""))
                    }
                    guard let name = try e.string("fName") else {
                        throw DecodingError.keyNotFound(AnyKey("fName"), .init(codingPath: d.codingPath, debugDescription: "expected \"fName\", the font's name"))
                    }
                    let font = Font(name: name, family: try e.string("fFamily") ?? name, style: try e.string("fStyle") ?? "",
                                    ascent: try e.number("ascent"), path: JSONPath.string(d.codingPath))
                    if fonts[name] == nil { fonts[name] = font }
                }
            }
        }
        guard c.has("chars") else { return }
        var u = try arrayContainer(c.superDecoder(forKey: AnyKey("chars")), expected: "a list of glyphs")
        var count = 0
        while !u.isAtEnd {
            count += 1
            guard count <= Self.maximumGlyphs else { throw c.mismatch("chars", expected: "at most \(Self.maximumGlyphs) glyphs") }
            let d = try u.superDecoder()
            let e: KeyedDecodingContainer<AnyKey>
            do { e = try d.container(keyedBy: AnyKey.self) } catch {
                throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: d.codingPath, debugDescription: "expected a glyph, an object with \"ch\", \"fFamily\", \"style\" and \"data\""))
            }
            guard let ch = try e.string("ch") else {
                throw DecodingError.keyNotFound(AnyKey("ch"), .init(codingPath: d.codingPath, debugDescription: "expected \"ch\", the glyph's character"))
            }
            let key = GlyphKey(family: try e.string("fFamily") ?? "", style: try e.string("style") ?? "", character: ch)
            let width = try e.number("w") ?? 0
            guard abs(width) <= 1_000_000 else { throw e.mismatch("w", expected: "a glyph width of at most 1000000") }
            var shapes: [BezierShape] = []
            if try e.number("t") == 1 {
                notes.append(LottieDiagnostic(path: JSONPath.string(d.codingPath, "t"), message: "glyphs drawn as precompositions are not drawn; the character is left out"))
            } else if e.has("data"), let data = try? e.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("data")), data.has("shapes") {
                try Self.collectPaths(data.superDecoder(forKey: AnyKey("shapes")), into: &shapes, depth: 0)
            }
            if glyphs[key] == nil { glyphs[key] = Glyph(width: width, shapes: shapes) }
            familiesWithGlyphs.insert(key.family + "|" + key.style)
        }
    }

    /// The `sh` paths of a glyph's shape items, groups (`it`) opened; their static shape (the
    /// first keyframe's when animated, as glyphs are drawn still).
    private static func collectPaths(_ decoder: any Decoder, into shapes: inout [BezierShape], depth: Int) throws {
        guard depth <= ShapeItemList.maxDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected groups nested at most \(ShapeItemList.maxDepth) deep"))
        }
        var u = try arrayContainer(decoder, expected: "a list of shape items")
        while !u.isAtEnd {
            let d = try u.superDecoder()
            guard let item = try? d.container(keyedBy: AnyKey.self) else { continue }
            switch try item.string("ty") {
            case "gr" where item.has("it"):
                try collectPaths(item.superDecoder(forKey: AnyKey("it")), into: &shapes, depth: depth + 1)
            case "sh" where item.has("ks"):
                let p = try item.decode(AnimatedProperty<BezierShape>.self, forKey: AnyKey("ks"))
                shapes.append(p.value.initial)
                guard shapes.count <= BezierShape.maxVertices else { throw item.mismatch("ks", expected: "at most \(BezierShape.maxVertices) paths in one glyph") }
            default:
                break
            }
        }
    }

    /// The font a document names, or nil when `fonts.list` has none of that name.
    func font(named name: String) -> Font? { fonts[name] }

    /// Whether the file carries glyph outlines for `font` (its family and style).
    func hasGlyphs(for font: Font) -> Bool { familiesWithGlyphs.contains(font.family + "|" + font.style) }

    /// The glyph of `character` in `font`, when the file carries it.
    func glyph(_ character: String, in font: Font) -> Glyph? {
        glyphs[GlyphKey(family: font.family, style: font.style, character: character)]
    }
}
