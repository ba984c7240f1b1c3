import Foundation

/// How text is painted (Apple's `CGTextDrawingMode`).
public enum CGTextDrawingMode: Int32, Sendable {
    /// Fill the glyphs.
    case fill = 0
    /// Stroke the glyphs.
    case stroke = 1
    /// Fill, then stroke.
    case fillStroke = 2
    /// Neither (the text position still advances).
    case invisible = 3
    /// Fill, then add the glyphs to the clip.
    case fillClip = 4
    /// Stroke, then add the glyphs to the clip.
    case strokeClip = 5
    /// Fill, stroke, then add the glyphs to the clip.
    case fillStrokeClip = 6
    /// Add the glyphs to the clip.
    case clip = 7
}

/// Apple's text settings of a `CGContext`, kept so that drawing code that sets them (often before
/// drawing text with Core Text, or out of habit in a layer's `draw(in:)`) compiles and reads them
/// back. Lamina's contexts draw no glyphs of their own (text is drawn by `CATextLayer`), so these
/// change no pixels.
extension CGContext {
    /// The text matrix (text space to user space; the identity at first). Not part of the
    /// graphics state, as on Apple.
    public var textMatrix: CGAffineTransform {
        get { textState.matrix }
        set { textState.matrix = newValue }
    }

    /// Where the next glyph would be drawn, in text space.
    public var textPosition: CGPoint {
        get { textState.position }
        set { textState.position = newValue }
    }

    /// Sets how text would be painted (kept).
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { textState.drawingMode = mode }
    /// Sets the extra space between characters, in text space (kept).
    public func setCharacterSpacing(_ spacing: CGFloat) { textState.characterSpacing = spacing }
    /// Whether fonts should be smoothed (kept).
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) { textState.flags[0] = shouldSmoothFonts }
    /// Whether font smoothing is allowed (kept).
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) { textState.flags[1] = allowsFontSmoothing }
    /// Whether glyphs should be placed at fractions of a pixel (kept).
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) { textState.flags[2] = shouldSubpixelPositionFonts }
    /// Whether placing glyphs at fractions of a pixel is allowed (kept).
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) { textState.flags[3] = allowsFontSubpixelPositioning }
    /// Whether glyph positions should be quantized (kept).
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) { textState.flags[4] = shouldSubpixelQuantizeFonts }
    /// Whether quantizing glyph positions is allowed (kept).
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) { textState.flags[5] = allowsFontSubpixelQuantization }

    /// The text settings a context keeps.
    struct TextState {
        var matrix = CGAffineTransform.identity
        var position = CGPoint.zero
        var drawingMode = CGTextDrawingMode.fill
        var characterSpacing: CGFloat = 0
        /// Smoothing and subpixel settings, in the order of the setters above.
        var flags = [Bool](repeating: true, count: 6)
    }
}
