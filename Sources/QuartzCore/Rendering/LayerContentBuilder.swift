import Foundation
import CoreGraphics
import Compositor

/// Converts what a layer draws (contents image or backing store, shape, gradient, text) into render
/// contents in the layer's coordinates. Caches rasterised backing stores by identity and text
/// layouts by what they depend on, while frames use them. Used by its render tree builder's
/// thread only.
final class LayerContentBuilder {
    private var backingCache: [ObjectIdentifier: (context: CGContext, image: CGImage)] = [:]
    private var usedBackings = Set<ObjectIdentifier>()
    /// Laid-out text lines, by everything the layout depends on (not the colour): a text layer
    /// whose opacity, position or colour animates is not wrapped and measured again every frame.
    private var textCache: [TextKey: (provider: FontProvider, lines: [TextLayout.Line])] = [:]
    private var usedTexts = Set<TextKey>()
    /// Shapes' flattened contours and stroke outlines, by render node, while their paths stay.
    private var shapes = ShapeContourCache()
    /// Last frame's gradients by render node: one whose stops did not change keeps its colour table.
    private var gradients: [UInt64: RenderGradient] = [:]
    private var usedGradients = Set<UInt64>()

    /// What a text layer's lines depend on.
    private struct TextKey: Hashable {
        let provider: ObjectIdentifier
        let text: String
        let fontName: String?
        let pointSize: Double, scale: Double
        let x: Double, y: Double, width: Double, height: Double
        let wrapped: Bool
        let truncation: String, alignment: String
    }
    /// Whether a shape's fill contours and stroke outline that surely draw are left to the first
    /// band that draws them (`DeferredContours`: two threads then flatten and stroke while they
    /// draw) rather than made here (the default; false only to compare the two in tests). The
    /// contours are the same either way.
    var defersOutlines = true
    /// Pixels per point of the target: text is rasterised at least this finely, so it stays sharp
    /// on a high-DPI window whatever the layer's contentsScale.
    var deviceScale: Double = 1
    /// How far a filled shape's flattened outline may lie from its curves, in device pixels at
    /// `deviceScale` (a layer's own transform is not counted), as the stroker flattens a stroke's
    /// curves: each curve is cut into the fewest equal steps whose chords stay this close
    /// (`CGPathSegment.flatteningSteps`). Against each curve cut into 1,000 steps the pixels along
    /// an edge differ by 0.5/255 on average, at most 0.05 · √2 of full coverage for each curve
    /// crossing a pixel (`FillFlatteningCoverageTests`); Blend2D flattens to 0.2 pixels, Skia to
    /// about 0.25, and Core Graphics' default flatness is 0.5.
    static let fillFlatness: CGFloat = 0.05

    /// Forgets cached items that were not used this frame.
    func endFrame() {
        if backingCache.count > usedBackings.count { backingCache = backingCache.filter { usedBackings.contains($0.key) } }
        usedBackings.removeAll(keepingCapacity: true)
        if textCache.count > usedTexts.count { textCache = textCache.filter { usedTexts.contains($0.key) } }
        usedTexts.removeAll(keepingCapacity: true)
        shapes.endFrame()
        if gradients.count > usedGradients.count { gradients = gradients.filter { usedGradients.contains($0.key) } }
        usedGradients.removeAll(keepingCapacity: true)
    }

    /// The contents of a layer of `kind` drawn with presentation `state`, colours multiplied by
    /// `tint`, for render node `id` (what is cached between frames is cached by it).
    func contents(of kind: LayerKind, state: LayerState, tint: UInt32, id: UInt64) -> [RenderContent] {
        var out: [RenderContent] = []
        if let img = state.contents as? CGImage {
            if let c = imageContent(img, state: state, tint: tint) { out.append(c) }
        } else if let ctx = state.backing, let img = backingImage(ctx) {
            if let c = imageContent(img, state: state, tint: tint) { out.append(c) }
        }
        switch kind {
        case .shape: shapeContents(state, tint: tint, id: id, into: &out)
        case .gradient: if let g = gradientContent(state, id: id) { out.append(.gradient(g)) }
        case .text: textContents(state, tint: tint, into: &out)
        default: break
        }
        return out
    }

    // MARK: Images

    private func backingImage(_ ctx: CGContext) -> CGImage? {
        let key = ObjectIdentifier(ctx)
        usedBackings.insert(key)
        if let hit = backingCache[key], hit.context === ctx { return hit.image }
        let img = RecordedDrawing.rasterize(ctx)
        backingCache[key] = (ctx, img)
        return img
    }

    /// An image placed by contentsGravity, showing contentsRect, stretched by contentsCenter.
    func imageContent(_ img: CGImage, state s: LayerState, tint: UInt32) -> RenderContent? {
        guard img.width > 0, img.height > 0 else { return nil }
        let cr = s.contentsRect.standardized
        guard cr.width.isFinite, cr.height.isFinite, cr.width > 0, cr.height > 0 else { return nil }
        let scale = s.contentsScale.isFinite && s.contentsScale > 0 ? s.contentsScale : 1
        let source = CGRect(x: cr.minX * CGFloat(img.width), y: cr.minY * CGFloat(img.height),
                            width: cr.width * CGFloat(img.width), height: cr.height * CGFloat(img.height))
        let size = CGSize(width: source.width / scale, height: source.height / scale)
        let dest = ContentsGravity.destination(s.contentsGravity, size: size, bounds: s.bounds, flipped: s.isGeometryFlipped)
        guard dest.width.isFinite, dest.height.isFinite else { return nil }
        var r = RenderImage(image: img, destination: dest, source: source)
        r.center = s.contentsCenter
        r.scale = Double(scale)
        r.magnification = s.magnificationFilter == .nearest ? .nearest : .linear
        r.minification = s.minificationFilter == .nearest ? .nearest : .linear
        r.tint = tint
        return .image(r)
    }

    // MARK: Shapes

    private func shapeContents(_ s: LayerState, tint: UInt32, id: UInt64, into out: inout [RenderContent]) {
        // A layer without subclass fields has no path. The fields are read in place (the
        // subclass state is large).
        s.sub?.withValue { sub in shapeContents(sub, tint: tint, id: id, into: &out) }
    }

    private func shapeContents(_ sub: borrowing SubclassState, tint: UInt32, id: UInt64, into out: inout [RenderContent]) {
        guard let path = sub.path else { return }
        // Fills are flattened to 0.05 device pixels (see `fillFlatness`), strokes by the stroker
        // (0.05 units).
        let tol = Self.fillFlatness / CGFloat(deviceScale)
        if let fc = sub.fillColor {
            let color = RenderColor.tint(RenderColor.premultiplied(fc), tint)
            if color >> 24 != 0 {
                let rule: FillRule = sub.fillRule == .evenOdd ? .evenOdd : .nonZero
                switch shapes.fill(path, node: id, tolerance: tol, defers: defersOutlines) {
                case .made(let contours):
                    if !contours.isEmpty { out.append(.fill(RenderFill(contours: contours, rule: rule, color: color))) }
                case .deferred(let contours):
                    out.append(.fill(RenderFill(deferred: contours, rule: rule, color: color)))
                }
            }
        }
        if let sc = sub.strokeColor, sub.lineWidth > 0 {
            let color = RenderColor.tint(RenderColor.premultiplied(sc), tint)
            guard color >> 24 != 0 else { return }
            let cap: CGLineCap = sub.lineCap == .round ? .round : sub.lineCap == .square ? .square : .butt
            let join: CGLineJoin = sub.lineJoin == .round ? .round : sub.lineJoin == .bevel ? .bevel : .miter
            let dashes = (sub.lineDashPattern ?? []).map { CGFloat($0.doubleValue) }
            let stroke = ShapeContourCache.Stroke(lineWidth: sub.lineWidth, miterLimit: sub.miterLimit, dashPhase: sub.lineDashPhase,
                                                  cap: cap, join: join, dashPattern: dashes, start: sub.strokeStart, end: sub.strokeEnd)
            switch shapes.outline(path, stroke: stroke, node: id, tolerance: tol, defers: defersOutlines) {
            case .made(let contours):
                if !contours.isEmpty { out.append(.fill(RenderFill(contours: contours, rule: .nonZero, color: color))) }
            case .deferred(let outline):
                // Made by the first band that draws it (see DeferredContours).
                out.append(.fill(RenderFill(deferred: outline, rule: .nonZero, color: color)))
            }
        }
    }

    // MARK: Gradients

    private func gradientContent(_ s: LayerState, id: UInt64) -> RenderGradient? {
        let sub = s.subclass
        guard !sub.colors.isEmpty, s.bounds.width > 0, s.bounds.height > 0 else { return nil }
        let n = sub.colors.count
        var locs: [Double]
        if let l = sub.locations, l.count == n, l.allSatisfy({ $0.isFinite }) { locs = l }
        else { locs = n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) } }
        var stops = zip(locs, sub.colors).map { (location: min(max($0, 0), 1), color: RenderColor.straight($1)) }
        stops.sort { $0.location < $1.location }
        let b = s.bounds
        func pt(_ u: CGPoint) -> CGPoint { CGPoint(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        let kind: GradientKind = sub.gradientType == .radial ? .radial : sub.gradientType == .conic ? .conic : .axial
        let g = RenderGradient(kind: kind, rect: b, start: pt(sub.startPoint), end: pt(sub.endPoint), stops: stops, reusing: gradients[id])
        gradients[id] = g
        usedGradients.insert(id)
        return g
    }

    // MARK: Text

    private func textContents(_ s: LayerState, tint: UInt32, into out: inout [RenderContent]) {
        let sub = s.subclass
        let text: String
        switch sub.string {
        case let str as String: text = str
        case let a as NSAttributedString: text = a.string
        default: return
        }
        guard !text.isEmpty else { return }
        // The installed provider, else the default one (the fonts shipped with the product).
        let provider: FontProvider = FontProviders.current ?? DefaultFontProvider.shared
        let fontName: String? = (sub.font as? String) ?? (sub.font as? NSString).map { String($0) }
        let scale = max(s.contentsScale.isFinite && s.contentsScale > 0 ? Double(s.contentsScale) : 1, deviceScale)
        let color = RenderColor.tint(RenderColor.premultiplied(sub.foregroundColor), tint)
        guard color >> 24 != 0 else { return }
        let b = s.bounds
        let key = TextKey(provider: ObjectIdentifier(provider), text: text, fontName: fontName, pointSize: Double(sub.fontSize), scale: scale,
                          x: Double(b.minX), y: Double(b.minY), width: Double(b.width), height: Double(b.height),
                          wrapped: sub.isWrapped, truncation: sub.truncationMode.rawValue, alignment: sub.alignmentMode.rawValue)
        usedTexts.insert(key)
        let lines: [TextLayout.Line]
        // The provider is kept with its lines: a new provider at the address of one since freed
        // is not taken for it.
        if let hit = textCache[key], hit.provider === provider {
            lines = hit.lines
        } else {
            let layout = TextLayout(provider: provider, fontName: fontName, pointSize: Double(sub.fontSize), scale: scale)
            lines = layout.lines(text, bounds: b, wrapped: sub.isWrapped, truncation: sub.truncationMode, alignment: sub.alignmentMode)
            textCache[key] = (provider, lines)
        }
        for line in lines {
            out.append(.glyphs(RenderGlyphs(mask: line.mask, origin: line.origin, scale: 1 / scale, color: color)))
        }
    }
}
