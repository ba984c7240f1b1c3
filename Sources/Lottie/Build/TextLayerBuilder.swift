import Foundation
import QuartzCore

/// Builds a text layer's layers: per document keyframe, a layer holding the text as shapes (a fill
/// `CAShapeLayer` and a stroke one, the stroke above when `of`), shown from its keyframe's frame
/// until the next (hold keyframes: an opacity animation that jumps).
///
/// The characters' outlines come from the file's glyphs (`chars`) when it carries them for the
/// document's font, scaled from size 100 as lottie-web draws them; otherwise from the closest
/// bundled font (`BundledFont`), unhinted, at the document's size.
struct TextLayerBuilder {
    let animations: KeyframeAnimationBuilder
    let fonts: TextFonts

    /// Adds the layers of `model` to `host`.
    func build(_ model: TextLayerModel, into host: CALayer) {
        let outlines = BundledOutlines(model, fonts: fonts)
        let frames = model.keyframes.map(\.frame)
        for (i, k) in model.keyframes.enumerated() {
            let group = TransformLayers.bare(nil)
            let path = Self.path(of: k.document, fonts: fonts, outlines: outlines)
            var content = group
            if let o = model.animators.opacity {
                // The animator's opacity, on a layer of its own (the group's is the keyframe's visibility).
                content = TransformLayers.bare(nil)
                content.opacity = Float(min(max(o.initial.at(0, 100) / 100, 0), 1))
                if let a = animations.animation("opacity", o, convert: { min(max($0.at(0, 100) / 100, 0), 1) as Any }) { content.add(a, forKey: "lottie.textOpacity") }
                group.addSublayer(content)
            }
            addShapes(path, k.document, animators: model.animators, to: content)
            if model.keyframes.count > 1 {
                // Shown while this keyframe is the last one reached (the first one before any).
                let track = Animated<[Double]>(keyframes: frames.enumerated().map { j, f in
                    Keyframe(time: f, value: [j == i ? 1 : 0], endValue: nil, hold: true, easing: nil, spatialOut: nil, spatialIn: nil)
                })
                group.opacity = i == 0 ? 1 : 0
                if let a = animations.animation("opacity", track, convert: { $0[0] as Any }) { group.add(a, forKey: "lottie.text") }
            }
            host.addSublayer(group)
        }
    }

    /// The fill and stroke layers of one document's path, with the animators' colours and width.
    private func addShapes(_ path: CGPath, _ doc: TextDocument, animators: TextAnimatorModel, to group: CALayer) {
        func shape() -> CAShapeLayer {
            let l = CAShapeLayer()
            l.anchorPoint = .zero
            l.bounds = .zero
            l.path = path
            return l
        }
        func cg(_ v: [Double]) -> CGColor { TextDocument.cgColor(v.count >= 3 ? v : [0, 0, 0]) }
        let color: ([Double]) -> Any = { cg($0) }
        var layers: [CAShapeLayer] = []
        if let fc = doc.fillColor {
            let fill = shape()
            fill.fillColor = TextDocument.cgColor(fc)
            if let a = animators.fillColor {
                fill.fillColor = cg(a.initial)
                if let anim = animations.animation("fillColor", a, convert: color) { fill.add(anim, forKey: "lottie.textFill") }
            }
            fill.strokeColor = nil
            layers.append(fill)
        }
        if let sc = doc.strokeColor, doc.strokeWidth > 0 || animators.strokeWidth != nil {
            let stroke = shape()
            stroke.fillColor = nil
            stroke.strokeColor = TextDocument.cgColor(sc)
            if let a = animators.strokeColor {
                stroke.strokeColor = cg(a.initial)
                if let anim = animations.animation("strokeColor", a, convert: color) { stroke.add(anim, forKey: "lottie.textStroke") }
            }
            stroke.lineWidth = doc.strokeWidth
            if let w = animators.strokeWidth {
                // lottie-web adds the animator's width to the document's.
                stroke.lineWidth = max(0, doc.strokeWidth + w.initial.at(0))
                if let anim = animations.animation("lineWidth", w, convert: { max(0, doc.strokeWidth + $0.at(0)) as Any }) { stroke.add(anim, forKey: "lottie.textWidth") }
            }
            // As lottie-web strokes text: butt caps, round joins, miter limit 4.
            stroke.lineJoin = .round
            stroke.lineCap = .butt
            stroke.miterLimit = 4
            if doc.strokeOverFill { layers.append(stroke) } else { layers.insert(stroke, at: 0) }
        }
        for l in layers { group.addSublayer(l) }
    }

    /// The outline of `doc`'s text, laid out by `TextLayout`, in the layer's coordinates.
    static func path(of doc: TextDocument, fonts: TextFonts, outlines: BundledOutlines) -> CGPath {
        let path = CGMutablePath()
        let scale = doc.size / 100
        if let font = fonts.font(named: doc.font), fonts.hasGlyphs(for: font) {
            // The file's glyphs, drawn at size 100: scaled, then placed.
            let ascent = (font.ascent ?? 75) * scale
            let layout = TextLayout(doc, ascent: ascent) { (fonts.glyph(String($0), in: font)?.width ?? 0) * scale }
            for p in layout.placed {
                guard let g = fonts.glyph(String(p.character), in: font) else { continue }
                let t = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: p.origin.x, ty: p.origin.y)
                for s in g.shapes { s.add(to: path, reversed: false, transform: t) }
            }
            return path
        }
        guard let face = outlines.face(for: doc) else { return path }
        let s = doc.size / face.unitsPerEm
        let listed = fonts.font(named: doc.font)?.ascent
        let ascent = listed.map { $0 * doc.size / 100 } ?? face.ascender * s
        let layout = TextLayout(doc, ascent: ascent) { (face.glyphs[$0]?.advance ?? 0) * s }
        for p in layout.placed {
            guard let g = face.glyphs[p.character]?.path else { continue }
            // Font units are y up; the layer's y goes down.
            path.addPath(g, transform: CGAffineTransform(a: s, b: 0, c: 0, d: -s, tx: p.origin.x, ty: p.origin.y))
        }
        return path
    }
}

/// The font outlines a text layer needs, read once per font for every character its documents
/// use: a registered font file's (`LottieFonts`) when one draws the document's font, else the
/// closest bundled font's.
struct BundledOutlines {
    /// Where a document's glyphs come from.
    enum Source: Hashable {
        /// A registered font file's face.
        case registered(file: String, index: Int)
        /// A font shipped with Lamina, by file name.
        case bundled(String)
    }

    private let fonts: TextFonts
    private var faces: [Source: GlyphOutlineFace] = [:]

    init(_ model: TextLayerModel, fonts: TextFonts) {
        self.fonts = fonts
        var wanted: [Source: Set<Character>] = [:]
        for k in model.keyframes {
            let doc = k.document
            if let font = fonts.font(named: doc.font), fonts.hasGlyphs(for: font) { continue }
            wanted[Self.source(for: doc, fonts: fonts), default: []].formUnion(doc.drawnText.filter { !TextLayout.isLineBreak($0) })
        }
        for (source, characters) in wanted {
            switch source {
            case .registered(let file, let index):
                if let face = GlyphOutlineFace(file: file, faceIndex: index, characters: characters) { faces[source] = face }
            case .bundled(let file):
                guard let path = GlyphOutlineFace.bundledFontFile(file) else {
                    LaminaDiagnostics.report("Lottie: the bundled font \(file) was not found (set LAMINA_ASSETS to a folder holding Fonts/); font text is not drawn")
                    continue
                }
                if let face = GlyphOutlineFace(file: path, characters: characters) { faces[source] = face }
            }
        }
    }

    /// The outlines for a document drawn in a font file.
    func face(for doc: TextDocument) -> GlyphOutlineFace? { faces[Self.source(for: doc, fonts: fonts)] }

    /// The font file that draws a document: a registered face of its font, else the closest bundled font.
    static func source(for doc: TextDocument, fonts: TextFonts) -> Source {
        let f = fonts.font(named: doc.font)
        if let face = LottieFonts.face(family: f?.family ?? doc.font, style: f?.style ?? "", name: f?.name ?? doc.font) {
            return .registered(file: face.file, index: face.index)
        }
        return .bundled(bundled(for: doc, fonts: fonts).file)
    }

    /// The bundled font that draws a document's font: chosen by the family and style `fonts.list`
    /// gives it, or by its name alone when it is not listed.
    static func bundled(for doc: TextDocument, fonts: TextFonts) -> BundledFont {
        if let f = fonts.font(named: doc.font) { return BundledFont.closest(family: f.family, style: f.style, name: f.name) }
        return BundledFont.closest(family: doc.font, style: "", name: doc.font)
    }
}
