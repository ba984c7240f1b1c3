import Foundation
import CoreGraphics

/// A layer that draws text (Apple's `CATextLayer`). Its drawing comes with the compositor.
open class CATextLayer: CALayer {
    override func makeLayerCopy() -> CALayer { CATextLayer(layer: self) }
    /// The text: a String or NSAttributedString.
    open var string: Any? { get { readState { $0.subclass.string } } set { changeProperty("string", \.subclass.string, newValue, animatable: false) } }
    /// The font: a font name (String) or a font object; nil means the default font.
    open var font: CFTypeRef? { get { readState { $0.subclass.font } } set { changeProperty("font", \.subclass.font, newValue, animatable: false) } }
    /// The font size in points (default 36). Animatable.
    open var fontSize: CGFloat { get { readState { $0.subclass.fontSize } } set { changeProperty("fontSize", \.subclass.fontSize, newValue) } }
    /// The text colour (default opaque white). Animatable.
    open var foregroundColor: CGColor? { get { readState { $0.subclass.foregroundColor } } set { changeProperty("foregroundColor", \.subclass.foregroundColor, newValue) } }
    /// Whether the text wraps to the bounds.
    open var isWrapped: Bool { get { readState { $0.subclass.isWrapped } } set { changeProperty("wrapped", \.subclass.isWrapped, newValue, animatable: false) } }
    /// How text that does not fit is truncated (default .none).
    open var truncationMode: CATextLayerTruncationMode { get { readState { $0.subclass.truncationMode } } set { changeProperty("truncationMode", \.subclass.truncationMode, newValue, animatable: false) } }
    /// The horizontal alignment (default .natural).
    open var alignmentMode: CATextLayerAlignmentMode { get { readState { $0.subclass.alignmentMode } } set { changeProperty("alignmentMode", \.subclass.alignmentMode, newValue, animatable: false) } }
    /// Whether glyph positions are quantised (kept for API compatibility).
    open var allowsFontSubpixelQuantization = false
}

/// How a text layer truncates (Apple's `CATextLayerTruncationMode`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No truncation.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// An ellipsis at the start.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// An ellipsis at the end.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// An ellipsis in the middle.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a text layer aligns text (Apple's `CATextLayerAlignmentMode`).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The script's natural alignment (left for left-to-right text).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Left aligned.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Right aligned.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Justified.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
