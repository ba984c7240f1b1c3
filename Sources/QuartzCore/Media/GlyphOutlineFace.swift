import Foundation
import CoreGraphics
import LaminaAssets
internal import CFreeType

/// Glyph outlines of a font file, unhinted and unscaled (font units, y up, baseline at 0): what a
/// player that draws text as shapes needs (Lottie's font text). Read once, with every glyph asked
/// for, then immutable, so it may be shared between threads.
package struct GlyphOutlineFace: Sendable {
    /// One glyph: its advance and its outline, in font units (y up).
    package struct Glyph: Sendable {
        /// How far the pen moves after the glyph.
        package let advance: Double
        /// The outline; nil for a glyph with no ink (a space).
        package let path: CGPath?
    }

    /// Font units per em: a glyph at size `s` is its outline times `s / unitsPerEm`.
    package let unitsPerEm: Double
    /// The face's ascender and descender (descender below 0), in font units.
    package let ascender: Double
    package let descender: Double
    /// The face's family and style names, as the font file gives them.
    package let familyName: String
    package let styleName: String
    /// The glyphs asked for, by character; a character the font has no glyph for maps to the
    /// font's missing glyph (index 0), as text renderers draw it.
    package let glyphs: [Character: Glyph]

    /// The path of one of the fonts shipped with Lamina (`DejaVuSans.ttf`, `DejaVuSans-Bold.ttf`,
    /// `DejaVuSansMono.ttf`), nil when the fonts folder is not found.
    package static func bundledFontFile(_ name: String) -> String? {
        guard let dir = LaminaAssets.fontsDirectory else { return nil }
        let path = dir.appendingPathComponent(name).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The family, style and PostScript names of each face of the font file at `file` (a
    /// collection holds several), as FreeType reads them; empty when FreeType cannot open it.
    package static func faceNames(file: String) -> [(family: String, style: String, postScript: String, index: Int)] {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return [] }
        defer { FT_Done_FreeType(library) }
        var out: [(family: String, style: String, postScript: String, index: Int)] = []
        var index = 0, count = 1
        while index < min(count, 64) {
            var faceRef: FT_Face?
            guard FT_New_Face(library, file, index, &faceRef) == 0, let face = faceRef else { break }
            count = Int(face.pointee.num_faces)
            out.append((face.pointee.family_name.map { String(cString: $0) } ?? "",
                        face.pointee.style_name.map { String(cString: $0) } ?? "",
                        FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? "", index))
            FT_Done_Face(face)
            index += 1
        }
        return out
    }

    /// Reads the outlines of `characters` (each by its first Unicode scalar) from face `faceIndex`
    /// of the font file at `file`; nil when FreeType cannot open it.
    package init?(file: String, faceIndex: Int = 0, characters: Set<Character>) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var faceRef: FT_Face?
        guard FT_New_Face(library, file, faceIndex, &faceRef) == 0, let face = faceRef else { return nil }
        defer { FT_Done_Face(face) }
        let em = Double(face.pointee.units_per_EM)
        guard em > 0 else { return nil }
        unitsPerEm = em
        ascender = Double(face.pointee.ascender)
        descender = Double(face.pointee.descender)
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        var out: [Character: Glyph] = [:]
        for ch in characters {
            guard let scalar = ch.unicodeScalars.first else { continue }
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            // FT_LOAD_NO_SCALE: the outline and metrics in font units, unhinted.
            guard FT_Load_Glyph(face, index, Int32(1)) == 0 else { continue }
            let slot = face.pointee.glyph.pointee
            let path = Self.path(of: slot.outline)
            out[ch] = Glyph(advance: Double(slot.metrics.horiAdvance), path: path.isEmpty ? nil : path)
        }
        glyphs = out
    }

    /// An outline's contours as a path: on-curve points joined by lines, quadratic (conic) and cubic
    /// curves, an implied on-curve point between two conic controls, every contour closed.
    private static func path(of outline: FT_Outline) -> CGPath {
        let path = CGMutablePath()
        guard outline.n_points > 0, let points = outline.points, let tags = outline.tags, let contours = outline.contours else { return path }
        func point(_ i: Int) -> CGPoint { CGPoint(x: Double(points[i].x), y: Double(points[i].y)) }
        func kind(_ i: Int) -> Int { Int(UInt8(bitPattern: tags[i]) & 3) }   // 1 on, 0 conic control, 2 cubic control
        var start = 0
        for c in 0..<Int(outline.n_contours) {
            let end = Int(contours[c])
            guard end >= start, end < Int(outline.n_points) else { break }
            let n = end - start + 1
            defer { start = end + 1 }
            // Begin on an on-curve point; a contour of control points only begins between its first two.
            var first = 0
            while first < n && kind(start + first) != 1 { first += 1 }
            let allControls = first == n
            let origin: CGPoint
            if allControls {
                let a = point(start), b = point(start + (n > 1 ? 1 : 0))
                origin = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                first = 0
            } else {
                origin = point(start + first)
            }
            path.move(to: origin)
            var pendingConic: CGPoint?
            var cubic: [CGPoint] = []
            func onCurve(_ p: CGPoint) {
                if let c = pendingConic {
                    path.addQuadCurve(to: p, control: c)
                } else if cubic.count >= 2 {
                    path.addCurve(to: p, control1: cubic[0], control2: cubic[1])
                } else {
                    path.addLine(to: p)
                }
                pendingConic = nil
                cubic.removeAll()
            }
            // Every other point once (all of them when the contour has no on-curve point), then back
            // to the origin.
            for k in 1...(allControls ? n : max(n - 1, 1)) where allControls || n > 1 {
                let idx = start + (first + k) % n
                let p = point(idx)
                switch kind(idx) {
                case 0:
                    if let c = pendingConic { path.addQuadCurve(to: CGPoint(x: (c.x + p.x) / 2, y: (c.y + p.y) / 2), control: c) }
                    pendingConic = p
                case 2:
                    cubic.append(p)
                default:
                    onCurve(p)
                }
            }
            onCurve(origin)
            path.closeSubpath()
        }
        return path
    }
}
