import Foundation
import CoreGraphics

/// A layer that draws a colour gradient (Apple's `CAGradientLayer`). Its drawing comes with the compositor.
open class CAGradientLayer: CALayer {
    override func makeLayerCopy() -> CALayer { CAGradientLayer(layer: self) }
    /// The gradient colours (CGColor values). Animatable.
    open var colors: [Any]? {
        get { let c = readState { $0.subclass.colors }; return c.isEmpty ? nil : c }
        set {
            guard let v = LayerValue.from(newValue, kind: .colorArray), case .colorArray(let arr) = v else {
                LaminaDiagnostics.report("CAGradientLayer.colors of \(describeLayer(self)): every element must be a CGColor; ignored")
                return
            }
            changeProperty("colors", \.subclass.colors, arr)
        }
    }
    /// The stop of each colour, 0 to 1 (nil: evenly spaced). Animatable.
    open var locations: [NSNumber]? {
        get { readState { $0.subclass.locations }?.map { NSNumber(value: $0) } }
        set { changeProperty("locations", \.subclass.locations, newValue?.map { $0.doubleValue }) }
    }
    /// The start point in unit coordinates of the bounds (default (0.5, 0)). Animatable.
    open var startPoint: CGPoint { get { readState { $0.subclass.startPoint } } set { changeProperty("startPoint", \.subclass.startPoint, newValue) } }
    /// The end point in unit coordinates of the bounds (default (0.5, 1)). Animatable.
    open var endPoint: CGPoint { get { readState { $0.subclass.endPoint } } set { changeProperty("endPoint", \.subclass.endPoint, newValue) } }
    /// The kind of gradient (default .axial).
    open var type: CAGradientLayerType { get { readState { $0.subclass.gradientType } } set { changeProperty("type", \.subclass.gradientType, newValue, animatable: false) } }
}

/// The kind of gradient (Apple's `CAGradientLayerType`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a type from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from startPoint to endPoint.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// An ellipse centred at startPoint reaching endPoint.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around startPoint, starting towards endPoint.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
