import Foundation
import CoreGraphics

/// A layer that draws a path (Apple's `CAShapeLayer`): fill, stroke, dashes, and partial strokes
/// via strokeStart/strokeEnd. Its drawing comes with the compositor.
open class CAShapeLayer: CALayer {
    override func makeLayerCopy() -> CALayer { CAShapeLayer(layer: self) }
    /// The path to draw. Animatable (between paths with matching elements).
    open var path: CGPath? { get { readState { $0.subclass.path } } set { changeProperty("path", \.subclass.path, newValue) } }
    /// The fill colour (default opaque black; nil: no fill). Animatable.
    open var fillColor: CGColor? { get { readState { $0.subclass.fillColor } } set { changeProperty("fillColor", \.subclass.fillColor, newValue) } }
    /// The fill rule (default .nonZero).
    open var fillRule: CAShapeLayerFillRule { get { readState { $0.subclass.fillRule } } set { changeProperty("fillRule", \.subclass.fillRule, newValue, animatable: false) } }
    /// The stroke colour (default nil: no stroke). Animatable.
    open var strokeColor: CGColor? { get { readState { $0.subclass.strokeColor } } set { changeProperty("strokeColor", \.subclass.strokeColor, newValue) } }
    /// Where along the path the stroke starts, 0 to 1. Animatable.
    open var strokeStart: CGFloat { get { readState { $0.subclass.strokeStart } } set { changeProperty("strokeStart", \.subclass.strokeStart, newValue) } }
    /// Where along the path the stroke ends, 0 to 1 (default 1). Animatable.
    open var strokeEnd: CGFloat { get { readState { $0.subclass.strokeEnd } } set { changeProperty("strokeEnd", \.subclass.strokeEnd, newValue) } }
    /// The stroke width (default 1). Animatable.
    open var lineWidth: CGFloat { get { readState { $0.subclass.lineWidth } } set { changeProperty("lineWidth", \.subclass.lineWidth, newValue) } }
    /// The miter limit (default 10). Animatable.
    open var miterLimit: CGFloat { get { readState { $0.subclass.miterLimit } } set { changeProperty("miterLimit", \.subclass.miterLimit, newValue) } }
    /// The line cap (default .butt).
    open var lineCap: CAShapeLayerLineCap { get { readState { $0.subclass.lineCap } } set { changeProperty("lineCap", \.subclass.lineCap, newValue, animatable: false) } }
    /// The line join (default .miter).
    open var lineJoin: CAShapeLayerLineJoin { get { readState { $0.subclass.lineJoin } } set { changeProperty("lineJoin", \.subclass.lineJoin, newValue, animatable: false) } }
    /// The dash phase. Animatable.
    open var lineDashPhase: CGFloat { get { readState { $0.subclass.lineDashPhase } } set { changeProperty("lineDashPhase", \.subclass.lineDashPhase, newValue) } }
    /// The dash pattern (lengths of painted and unpainted segments), nil for a solid line.
    open var lineDashPattern: [NSNumber]? { get { readState { $0.subclass.lineDashPattern } } set { changeProperty("lineDashPattern", \.subclass.lineDashPattern, newValue) } }
}

/// The fill rule of a shape layer (Apple's `CAShapeLayerFillRule`).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a fill rule from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Non-zero winding.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Even-odd.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The line cap of a shape layer (Apple's `CAShapeLayerLineCap`).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a cap from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Squared off at the end point.
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle past the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half square past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The line join of a shape layer (Apple's `CAShapeLayerLineJoin`).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a join from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp corner (up to the miter limit).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A rounded corner.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// A cut-off corner.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
