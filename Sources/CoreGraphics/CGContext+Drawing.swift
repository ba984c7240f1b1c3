import Foundation

/// The quality of image interpolation a context asks for (Apple's `CGInterpolationQuality`).
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default.
    case `default` = 0
    /// No interpolation.
    case none = 1
    /// Low quality, fast.
    case low = 2
    /// Medium quality.
    case medium = 4
    /// High quality, slower.
    case high = 3
}

/// More of Apple's `CGContext` drawing API: gradients, gray colours, path helpers, clip reset, blend
/// modes, shadows, anti-aliasing, interpolation quality, and flatness (kept without drawing
/// differently).
extension CGContext {
    /// Sets the fill colour to a gray level and alpha.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { gstate.fill = CGColor(gray: gray, alpha: alpha) }
    /// Sets the stroke colour to a gray level and alpha.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { gstate.stroke = CGColor(gray: gray, alpha: alpha) }

    /// Sets the colour space of later `setFillColor(_:)` component lists (part of the graphics
    /// state; device RGB at first), and the fill colour to that space's black (opaque).
    public func setFillColorSpace(_ space: CGColorSpace) {
        gstate.fillSpace = space
        gstate.fill = CGColor(colorSpace: space, components: [CGFloat](repeating: 0, count: space.numberOfComponents) + [1]) ?? gstate.fill
    }
    /// Sets the colour space of later `setStrokeColor(_:)` component lists, and the stroke colour
    /// to that space's black (opaque).
    public func setStrokeColorSpace(_ space: CGColorSpace) {
        gstate.strokeSpace = space
        gstate.stroke = CGColor(colorSpace: space, components: [CGFloat](repeating: 0, count: space.numberOfComponents) + [1]) ?? gstate.stroke
    }
    /// Sets the fill colour from components in the fill colour space (`setFillColorSpace(_:)`):
    /// its colour components, then alpha.
    public func setFillColor(_ components: UnsafePointer<CGFloat>) {
        if let c = CGColor(colorSpace: gstate.fillSpace, components: components) { gstate.fill = c }
    }
    /// Sets the stroke colour from components in the stroke colour space, then alpha.
    public func setStrokeColor(_ components: UnsafePointer<CGFloat>) {
        if let c = CGColor(colorSpace: gstate.strokeSpace, components: components) { gstate.stroke = c }
    }

    /// Adds straight lines through `points` to the current path (a move to the first).
    public func addLines(between points: [CGPoint]) { currentPath.addLines(between: points) }
    /// Adds an arc of `radius` tangent to the lines from the current point to `tangent1End` and
    /// from there to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
    }

    /// Replaces the current path with the outline of its stroke in the current line width, cap,
    /// join, miter limit and dash.
    public func replacePathWithStrokedPath() {
        guard !currentPath.isEmpty else { return }
        let st = gstate.style
        let source = st.dashLengths.isEmpty ? currentPath : currentPath.copy(dashingWithPhase: st.dashPhase, lengths: st.dashLengths)
        let outline = source.copy(strokingWithWidth: st.lineWidth, lineCap: st.lineCap, lineJoin: st.lineJoin, miterLimit: st.miterLimit)
        currentPath = CGMutablePath()
        currentPath.addPath(outline)
    }

    /// Removes every clip (the whole bitmap is drawable again).
    public func resetClip() { gstate.clips = [] }

    /// Fills the clip with `gradient` along the line from `start` to `end` (user space): colours
    /// are constant across the line; before the start and after the end nothing is drawn unless
    /// `options` asks for it.
    public func drawLinearGradient(_ gradient: CGGradient, start startPoint: CGPoint, end endPoint: CGPoint, options: CGGradientDrawingOptions) {
        emit(.drawGradient(gradient, geometry: .linear(start: startPoint, end: endPoint), options: options, ctm: gstate.ctm, alpha: gstate.alpha, clips: gstate.clips))
    }

    /// Fills the clip with `gradient` through the circles from the start circle to the end circle
    /// (user space), as Core Graphics draws a radial gradient: each point takes the colour of the
    /// last circle (largest t) that passes through it; outside the circles from t = 0 to 1 nothing
    /// is drawn unless `options` extends them.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
                                   options: CGGradientDrawingOptions) {
        emit(.drawGradient(gradient, geometry: .radial(startCenter: startCenter, startRadius: max(0, startRadius), endCenter: endCenter, endRadius: max(0, endRadius)),
                           options: options, ctm: gstate.ctm, alpha: gstate.alpha, clips: gstate.clips))
    }

    /// The blend mode for later drawing (saved with the graphics state): fills, strokes, images
    /// and gradients composite with it within their shape (see `CGBlendMode`); `clear(_:)` ignores it.
    public func setBlendMode(_ mode: CGBlendMode) {
        gstate.blendMode = mode
    }

    /// A shadow for later drawing (part of the graphics state): everything drawn casts a shadow
    /// in `color`, `offset` away and blurred by `blur`, both in base space (the context's user space
    /// before any CTM change: y up in a bitmap context, y down in a layer's drawing, as on iOS 3.2
    /// and later); the blur is twice the Gaussian's deviation. A nil or transparent colour turns
    /// shadows off. Fractions of a device pixel in the offset move the shadow by as much.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite else { gstate.shadow = nil; return }
        let b = baseCTM
        let device = CGSize(width: b.a * offset.width + b.c * offset.height, height: b.b * offset.width + b.d * offset.height)
        let scale = abs(b.a * b.d - b.b * b.c).squareRoot()
        let sigma = blur.isFinite && blur > 0 ? blur * scale / 2 : 0
        gstate.shadow = Shadow(offset: device, sigma: sigma, color: color)
    }

    /// A shadow in one third-opaque black (Apple's default colour), as `setShadow(offset:blur:color:)`.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    /// Whether later shapes are anti-aliased (part of the graphics state; true at first). Without
    /// anti-aliasing a fill, stroke, image or gradient covers exactly the pixels whose centres lie
    /// inside its shape (see `CGContext.Operation.aliased`). Drawing is anti-aliased only when this
    /// and `setAllowsAntialiasing(_:)` are both true.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        gstate.shouldAntialias = shouldAntialias
    }

    /// Whether the context may anti-alias at all (not part of the graphics state, so
    /// `restoreGState()` leaves it; true at first): false draws every later shape without
    /// anti-aliasing whatever `setShouldAntialias(_:)` says.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        self.allowsAntialiasing = allowsAntialiasing
    }

    /// The interpolation quality asked for images (part of the graphics state): `.none` draws
    /// images at the nearest texel (pixel art scaled up stays sharp); every other quality draws
    /// them bilinearly.
    public var interpolationQuality: CGInterpolationQuality {
        get { gstate.interpolationQuality }
        set { gstate.interpolationQuality = newValue }
    }

    /// The flatness of curves (kept; curves are flattened to within 0.05 device pixels).
    public func setFlatness(_ flatness: CGFloat) { gstate.flatness = flatness }
}
