import Foundation

/// The names of the value functions (Apple's `CAValueFunctionName`).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a name from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Rotation about x by one angle.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// Rotation about y by one angle.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// Rotation about z by one angle.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Scale by three values (or one, uniform).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// Scale along x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// Scale along y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// Scale along z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Translation by three values (missing ones 0).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// Translation along x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// Translation along y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// Translation along z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns an animation's scalar values into transforms (Apple's `CAValueFunction`), so that a
/// "transform" animation from 0 to 2π with .rotateZ turns a full circle.
open class CAValueFunction: NSObject {
    /// The function's name.
    open private(set) var name: CAValueFunctionName

    /// The value function named `name`; nil for an unknown name.
    public init?(name: CAValueFunctionName) {
        let known: Set<CAValueFunctionName> = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                                .translate, .translateX, .translateY, .translateZ]
        guard known.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    /// The transform for the values (one angle, one scale, or up to three components).
    func transform(from values: [CGFloat]) -> CATransform3D {
        let v0 = values.first ?? 0
        func at(_ i: Int, _ d: CGFloat) -> CGFloat { i < values.count ? values[i] : d }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v0, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v0, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v0, 0, 0, 1)
        case .scale: return values.count >= 3 ? CATransform3DMakeScale(values[0], values[1], values[2]) : CATransform3DMakeScale(v0, v0, v0)
        case .scaleX: return CATransform3DMakeScale(v0, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v0, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v0)
        case .translate: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        case .translateX: return CATransform3DMakeTranslation(v0, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v0, 0)
        default: return CATransform3DMakeTranslation(0, 0, v0)
        }
    }
}
