import Foundation

/// A drawing destination (Apple's `CGContext`). A context made for a layer records: every drawing
/// call appends an `Operation` carrying the geometry already mapped to device pixels and the
/// graphics state in force, so a rasteriser can replay it exactly; its coordinate system is y-down
/// with the origin at the top left, its CTM scaled by the layer's contentsScale. A bitmap context
/// (`init(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`) draws each call into
/// its pixels at once, with Core Graphics' y-up coordinates (see `CGContext+Bitmap.swift`).
public final class CGContext {
    /// One clip: a device-space path and its fill rule, and for `clip(to:mask:)` the image whose
    /// samples clip within that path.
    public struct Clip: Equatable {
        /// The clip path in device pixels.
        public var path: CGPath
        /// Its fill rule.
        public var rule: CGPathFillRule
        /// The mask image of `clip(to:mask:)` (nil for a path clip); `path` is then its rectangle.
        public var mask: ClipMaskImage? = nil
    }

    /// The image of `clip(to:mask:)`: drawn into `rect` (user space) through `ctm` as
    /// `draw(_:in:)` places an image, its samples become the clip's coverage: an image mask's as
    /// inverse alpha (a sample of 0 lets drawing through), another image's alpha when it has
    /// alpha, else its gray level (white lets drawing through).
    public struct ClipMaskImage: Equatable {
        /// The mask.
        public var image: CGImage
        /// The user-space rectangle it is mapped to.
        public var rect: CGRect
        /// User space to device pixels (y down), with the flip that puts the image's first row at
        /// the rectangle's maxY.
        public var ctm: CGAffineTransform
        /// Whether coverage is the image's alpha (an image mask or an image with alpha) rather than
        /// its gray level.
        public var usesAlpha: Bool
    }

    /// The stroke parameters in force for a stroke operation.
    public struct StrokeStyle: Equatable {
        /// Line width in user space.
        public var lineWidth: CGFloat
        /// Line cap.
        public var lineCap: CGLineCap
        /// Line join.
        public var lineJoin: CGLineJoin
        /// Miter limit.
        public var miterLimit: CGFloat
        /// Dash phase.
        public var dashPhase: CGFloat
        /// Dash lengths (empty: solid).
        public var dashLengths: [CGFloat]
    }

    /// A recorded drawing operation.
    public enum Operation {
        /// Fill a device-space path with a colour.
        case fillPath(CGPath, rule: CGPathFillRule, color: CGColor, alpha: CGFloat, clips: [Clip])
        /// Stroke a user-space path: ctm maps it to device space (the stroke width is in user space).
        case strokePath(CGPath, ctm: CGAffineTransform, style: StrokeStyle, color: CGColor, alpha: CGFloat, clips: [Clip])
        /// Draw an image into a user-space rectangle mapped by ctm.
        case drawImage(CGImage, rect: CGRect, ctm: CGAffineTransform, alpha: CGFloat, clips: [Clip])
        /// Clear a device-space rectangle to transparent.
        case clear(CGRect)
        /// Fill the clip with a gradient whose geometry is in the user space that ctm maps to device.
        case drawGradient(CGGradient, geometry: GradientGeometry, options: CGGradientDrawingOptions, ctm: CGAffineTransform, alpha: CGFloat, clips: [Clip])
        /// Another operation drawn with a blend mode other than `.normal` (`setBlendMode(_:)`), as
        /// Core Graphics composites it: within the operation's shape (its path, stroke outline, image
        /// rectangle or gradient area, under its clips) each pixel becomes the mode's result of the
        /// paint S over the old pixel D, mixed with D by the shape's coverage c:
        /// R = D + c·(mode(S, D) − D); outside the shape nothing changes.
        indirect case blended(Operation, mode: CGBlendMode)
        /// Another operation drawn with a shadow (`setShadow(offset:blur:color:)`): the shadow of
        /// what it draws first, composited source over under the operation's clips, then the
        /// operation itself.
        indirect case shadowed(Operation, shadow: Shadow)
        /// Another operation drawn without anti-aliasing (`setShouldAntialias(false)` or
        /// `setAllowsAntialiasing(false)`): its shape (path, stroke outline, image rectangle or
        /// gradient area) covers exactly the device pixels whose centres lie inside it, a centre on
        /// an edge counting for the pixel right of or below it; its clips stay as they were made.
        indirect case aliased(Operation)
        /// A transparency layer (`beginTransparencyLayer` … `endTransparencyLayer()`): the
        /// operations drawn between them, drawn in order into a transparent backdrop of their own
        /// (cut to `bounds`, device pixels, when the layer was begun in a rectangle), which is then
        /// composited as one image with `alpha` under `clips` (the state when the layer began).
        case transparencyLayer([Operation], bounds: CGRect?, alpha: CGFloat, clips: [Clip])
    }

    /// A shadow in device pixels, as `setShadow(offset:blur:color:)` set it: its offset and blur
    /// are given in the context's base space (the user space of a new context, before any CTM
    /// change: y up in points for a bitmap context, y down in points for a layer's drawing), here
    /// mapped to the device.
    public struct Shadow: Equatable {
        /// How far the shadow lies from what casts it, in device pixels (y down the rows).
        public var offset: CGSize
        /// The deviation of its Gaussian blur in device pixels (half the blur Core Graphics is given).
        public var sigma: CGFloat
        /// Its colour (the shadow's alpha is the colour's alpha times what casts it).
        public var color: CGColor

        /// A shadow `offset` away, blurred with deviation `sigma` (device pixels), in `color`.
        public init(offset: CGSize, sigma: CGFloat, color: CGColor) {
            self.offset = offset; self.sigma = sigma; self.color = color
        }
    }

    /// Where a gradient runs, in user space.
    public enum GradientGeometry: Equatable, Sendable {
        /// Along the line from start to end; colours are constant across it.
        case linear(start: CGPoint, end: CGPoint)
        /// Through the circles from the start circle to the end circle, as Core Graphics draws them.
        case radial(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat)
    }

    struct GState {
        var ctm: CGAffineTransform
        var fill = CGColor(gray: 0, alpha: 1)
        var stroke = CGColor(gray: 0, alpha: 1)
        var alpha: CGFloat = 1
        var style = StrokeStyle(lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 10, dashPhase: 0, dashLengths: [])
        var clips: [Clip] = []
        /// Settings Lamina keeps for code that reads them back and does not draw with (see
        /// `CGContext+Settings.swift`).
        var blendMode: CGBlendMode = .normal
        /// The shadow later drawing casts (nil: none), in device pixels.
        var shadow: Shadow?
        var shouldAntialias = true
        var interpolationQuality: CGInterpolationQuality = .default
        /// The colour spaces of `setFillColor(_:)` and `setStrokeColor(_:)` component lists.
        var fillSpace = CGColorSpaceCreateDeviceRGB()
        var strokeSpace = CGColorSpaceCreateDeviceRGB()
        var flatness: CGFloat = 0.5
    }

    /// Width of the backing bitmap in pixels.
    public let width: Int
    /// Height of the backing bitmap in pixels.
    public let height: Int
    /// The recorded operations, in order (empty for a bitmap context, which draws each at once).
    public private(set) var operations: [Operation] = []
    /// The pixels a bitmap context draws into (nil for a recording context).
    let bitmap: BitmapStorage?

    var gstate: GState
    /// Whether the context may anti-alias at all (`setAllowsAntialiasing(_:)`; not part of the
    /// graphics state): shapes are anti-aliased when this and the state's `shouldAntialias` are true.
    var allowsAntialiasing = true
    /// The transparency layers begun and not yet ended, innermost last (see
    /// `CGContext+TransparencyLayer.swift`); while one is open, drawing goes into it.
    var openLayers: [OpenTransparencyLayer] = []
    /// The text settings kept for code that sets them (see `CGContext+TextSettings.swift`).
    var textState = TextState()
    /// The CTM a new context starts with: from base space (where shadow offsets are given) to device.
    let baseCTM: CGAffineTransform
    var stack: [GState] = []
    var currentPath = CGMutablePath()   // in user space

    /// A context for a bitmap of width × height pixels whose CTM starts scaled by `scale`
    /// (points to pixels). A Lamina initializer.
    public init(width: Int, height: Int, scale: CGFloat = 1) {
        self.width = max(0, width)
        self.height = max(0, height)
        gstate = GState(ctm: CGAffineTransform(scaleX: scale, y: scale))
        baseCTM = gstate.ctm
        bitmap = nil
    }

    /// A bitmap context over `bitmap`, with Core Graphics' y-up user space (origin at the bottom left).
    init(bitmap: BitmapStorage) {
        width = bitmap.width
        height = bitmap.height
        self.bitmap = bitmap
        gstate = GState(ctm: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(bitmap.height)))
        baseCTM = gstate.ctm
    }

    /// Records `op`, or, in a bitmap context, draws it into the pixels.
    func emit(_ op: Operation) {
        var op = op
        if case .clear = op {} else {   // clearing ignores anti-aliasing, the blend mode and the shadow
            if !(allowsAntialiasing && gstate.shouldAntialias) { op = .aliased(op) }
            if gstate.blendMode != .normal { op = .blended(op, mode: gstate.blendMode) }
            if let shadow = gstate.shadow { op = .shadowed(op, shadow: shadow) }
        }
        if !openLayers.isEmpty { openLayers[openLayers.count - 1].operations.append(op) }
        else if let bitmap { bitmap.draw(op) } else { operations.append(op) }
    }

    /// The current transformation matrix, from user space to Core Graphics' device space: pixels
    /// with the origin at the bottom left and y up. A new bitmap context's is the identity (times
    /// its scale); a layer's `draw(in:)` context's is flipped, `[s, 0, 0, −s, 0, height]` for a layer
    /// drawn at scale s, as on iOS.
    public var ctm: CGAffineTransform { gstate.ctm.concatenating(deviceFlip) }

    /// The map from user space to the pixel rows drawn into (origin at the top left, y down): the
    /// CTM without the device flip. Lamina's renderers draw through it.
    package var userToPixels: CGAffineTransform { gstate.ctm }

    /// Pixel rows (y down) to Core Graphics' device space (y up), and back: its own inverse.
    private var deviceFlip: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)) }

    /// The map from user space to device space (`ctm`).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    /// `point` from user space to device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm) }
    /// `size` from user space to device space (the transform without its translation).
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(ctm) }
    /// The bounding box of `rect` in device space.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm) }
    /// `point` from device space to user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm.inverted()) }
    /// `size` from device space to user space (the inverse transform without its translation).
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(ctm.inverted()) }
    /// The bounding box of `rect` (device space) in user space.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm.inverted()) }

    /// Makes sure drawing so far reaches the destination: Lamina draws each call at once into a
    /// bitmap and records it otherwise, so there is nothing left to do.
    public func flush() {}
    /// As `flush()`.
    public func synchronize() {}

    /// Pushes a copy of the graphics state.
    public func saveGState() { stack.append(gstate) }
    /// Restores the most recently saved graphics state (does nothing when none was saved).
    public func restoreGState() {
        // An open transparency layer keeps the state saved when it began for its end.
        guard stack.count > openLayers.last.map({ $0.stackDepth + 1 }) ?? 0, let s = stack.popLast() else { return }
        gstate = s
    }

    /// Translates user space.
    public func translateBy(x: CGFloat, y: CGFloat) { gstate.ctm = gstate.ctm.translatedBy(x: x, y: y) }
    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { gstate.ctm = gstate.ctm.scaledBy(x: x, y: y) }
    /// Rotates user space.
    public func rotate(by angle: CGFloat) { gstate.ctm = gstate.ctm.rotated(by: angle) }
    /// Applies `transform` before the current CTM.
    public func concatenate(_ transform: CGAffineTransform) { gstate.ctm = transform.concatenating(gstate.ctm) }

    /// Sets the fill colour.
    public func setFillColor(_ color: CGColor) { gstate.fill = color }
    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { gstate.stroke = color }
    /// Sets the fill colour from sRGB components.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { gstate.fill = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha) }
    /// Sets the stroke colour from sRGB components.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { gstate.stroke = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha) }
    /// Sets the line width.
    public func setLineWidth(_ width: CGFloat) { gstate.style.lineWidth = width }
    /// Sets the line cap.
    public func setLineCap(_ cap: CGLineCap) { gstate.style.lineCap = cap }
    /// Sets the line join.
    public func setLineJoin(_ join: CGLineJoin) { gstate.style.lineJoin = join }
    /// Sets the miter limit.
    public func setMiterLimit(_ limit: CGFloat) { gstate.style.miterLimit = limit }
    /// Sets the dash pattern.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { gstate.style.dashPhase = phase; gstate.style.dashLengths = lengths }
    /// Sets the global alpha (0...1).
    public func setAlpha(_ alpha: CGFloat) { gstate.alpha = max(0, min(1, alpha)) }

    /// Discards the current path.
    public func beginPath() { currentPath = CGMutablePath() }
    /// Starts a subpath.
    public func move(to point: CGPoint) { currentPath.move(to: point) }
    /// Adds a line.
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point) }
    /// Adds a cubic curve.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) { currentPath.addCurve(to: end, control1: control1, control2: control2) }
    /// Adds a quadratic curve.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { currentPath.addQuadCurve(to: end, control: control) }
    /// Adds an arc (see CGMutablePath.addArc(center:...)).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// Adds a rectangle.
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect) }
    /// Adds rectangles.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects) }
    /// Adds an ellipse.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect) }
    /// Adds a path.
    public func addPath(_ path: CGPath) { currentPath.addPath(path) }
    /// Closes the current subpath.
    public func closePath() { currentPath.closeSubpath() }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { currentPath.isEmpty }
    /// The current point of the current path.
    public var currentPointOfPath: CGPoint { currentPath.currentPoint }
    /// A copy of the current path (user space), or nil when empty.
    public var path: CGPath? { currentPath.isEmpty ? nil : currentPath.copy() }

    /// Fills the current path and clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        recordFill(currentPath, rule: rule)
        beginPath()
    }

    /// Strokes the current path and clears it.
    public func strokePath() {
        recordStroke(currentPath)
        beginPath()
    }

    /// Fills and/or strokes the current path, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: recordFill(currentPath, rule: .winding)
        case .eoFill: recordFill(currentPath, rule: .evenOdd)
        case .stroke: recordStroke(currentPath)
        case .fillStroke: recordFill(currentPath, rule: .winding); recordStroke(currentPath)
        case .eoFillStroke: recordFill(currentPath, rule: .evenOdd); recordStroke(currentPath)
        }
        beginPath()
    }

    /// Whether `point` (user space) is inside the current path as `mode` would paint it: inside
    /// its fill (non-zero or even-odd), its stroke in the current line width, cap, join and dash,
    /// or either for the fill-and-stroke modes.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard !currentPath.isEmpty else { return false }
        func inStroke() -> Bool {
            let st = gstate.style
            let source = st.dashLengths.isEmpty ? currentPath : currentPath.copy(dashingWithPhase: st.dashPhase, lengths: st.dashLengths)
            return source.copy(strokingWithWidth: st.lineWidth, lineCap: st.lineCap, lineJoin: st.lineJoin, miterLimit: st.miterLimit)
                .contains(point, using: .winding)
        }
        switch mode {
        case .fill: return currentPath.contains(point, using: .winding)
        case .eoFill: return currentPath.contains(point, using: .evenOdd)
        case .stroke: return inStroke()
        case .fillStroke: return currentPath.contains(point, using: .winding) || inStroke()
        case .eoFillStroke: return currentPath.contains(point, using: .evenOdd) || inStroke()
        }
    }

    /// Fills a rectangle (the current path is unchanged).
    public func fill(_ rect: CGRect) { recordFill(CGPath(rect: rect, transform: nil), rule: .winding) }
    /// Fills rectangles.
    public func fill(_ rects: [CGRect]) { for r in rects { fill(r) } }
    /// Strokes a rectangle's outline.
    public func stroke(_ rect: CGRect) { recordStroke(CGPath(rect: rect, transform: nil)) }
    /// Strokes a rectangle's outline with a width.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState(); setLineWidth(width); stroke(rect); restoreGState()
    }
    /// Fills an ellipse.
    public func fillEllipse(in rect: CGRect) { recordFill(CGPath(ellipseIn: rect, transform: nil), rule: .winding) }
    /// Strokes an ellipse.
    public func strokeEllipse(in rect: CGRect) { recordStroke(CGPath(ellipseIn: rect, transform: nil)) }
    /// Strokes line segments between pairs of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        let p = CGMutablePath()
        var i = 0
        while i + 1 < points.count { p.move(to: points[i]); p.addLine(to: points[i + 1]); i += 2 }
        recordStroke(p)
    }

    /// Clears a rectangle to transparent.
    public func clear(_ rect: CGRect) { emit(.clear(rect.applying(gstate.ctm))) }

    /// Intersects the clip with the current path, then clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        gstate.clips.append(Clip(path: currentPath.applying(gstate.ctm), rule: rule))
        beginPath()
    }

    /// Maps `mask` into `rect` (user space, placed as `draw(_:in:)` places an image) and
    /// intersects the clip with it: an image mask lets drawing through where its samples are 0 (as
    /// inverse alpha), an image with alpha by its alpha, a gray image by its gray level (white lets
    /// drawing through); nothing is drawn outside `rect`.
    public func clip(to rect: CGRect, mask: CGImage) {
        let r = rect.standardized
        let ctm = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: r.minY + r.maxY).concatenating(gstate.ctm)
        let alpha: Bool
        switch mask.alphaInfo {
        case .none, .noneSkipFirst, .noneSkipLast: alpha = mask.isMask
        default: alpha = true
        }
        gstate.clips.append(Clip(path: CGPath(rect: r, transform: nil).applying(gstate.ctm), rule: .winding,
                                 mask: ClipMaskImage(image: mask, rect: r, ctm: ctm, usesAlpha: alpha)))
    }

    /// Intersects the clip with a rectangle.
    public func clip(to rect: CGRect) {
        gstate.clips.append(Clip(path: CGPath(rect: rect, transform: nil).applying(gstate.ctm), rule: .winding))
    }

    /// Intersects the clip with the union of rectangles.
    public func clip(to rects: [CGRect]) {
        let p = CGMutablePath()
        p.addRects(rects)
        gstate.clips.append(Clip(path: p.applying(gstate.ctm), rule: .winding))
    }

    /// The bounding box of the clip in user space (the whole bitmap when unclipped).
    public var boundingBoxOfClipPath: CGRect {
        var r = CGRect(x: 0, y: 0, width: width, height: height)
        for c in gstate.clips { r = r.intersection(c.path.boundingBoxOfPath) }
        return r.applying(gstate.ctm.inverted())
    }

    /// Draws an image scaled into `rect`, as Core Graphics does in its y-up user space: the
    /// image's first row at the rectangle's maxY. It is upright under a bitmap context's default
    /// CTM and upside down under a flipped one, such as a layer's `draw(in:)` context (y down, as
    /// on iOS, where drawing code flips the context first to draw an image upright).
    /// The image is sampled bilinearly, or at the nearest texel when its `shouldInterpolate` is
    /// false or the context's `interpolationQuality` is `.none`.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let ctm = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: rect.minY + rect.maxY).concatenating(gstate.ctm)
        var drawn = image
        if gstate.interpolationQuality == CGInterpolationQuality.none && image.shouldInterpolate {
            // The same pixels (shared, not copied), sampled at the nearest texel.
            drawn = CGImage(width: image.width, height: image.height, validPremultipliedARGB: image.premultipliedARGB, source: image.source,
                            shouldInterpolate: false, renderingIntent: image.renderingIntent)
        }
        emit(.drawImage(drawn, rect: rect, ctm: ctm, alpha: gstate.alpha, clips: gstate.clips))
    }

    /// Draws `image` onto the device pixels one texel a pixel from the top-left corner, under the
    /// clip and alpha in force (what `CALayer.render(in:)` draws).
    package func drawDevicePixels(_ image: CGImage) {
        emit(.drawImage(image, rect: CGRect(x: 0, y: 0, width: image.width, height: image.height), ctm: .identity,
                        alpha: gstate.alpha, clips: gstate.clips))
    }

    private func recordFill(_ p: CGPath, rule: CGPathFillRule) {
        guard !p.isEmpty else { return }
        emit(.fillPath(p.applying(gstate.ctm), rule: rule, color: gstate.fill, alpha: gstate.alpha, clips: gstate.clips))
    }

    private func recordStroke(_ p: CGPath) {
        guard !p.isEmpty else { return }
        emit(.strokePath(p.copy()!, ctm: gstate.ctm, style: gstate.style, color: gstate.stroke, alpha: gstate.alpha, clips: gstate.clips))
    }
}
