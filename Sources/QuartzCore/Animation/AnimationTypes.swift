import Foundation

/// How a keyframe animation computes intermediate values (Apple's `CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight interpolation between keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each keyframe's value is held until the next keyframe time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Constant speed over the whole animation; keyTimes and timingFunctions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// Smooth Kochanek–Bartels spline through the keyframes.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// Smooth spline at constant speed.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a path animation turns the layer along the path (Apple's `CAAnimationRotationMode`).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a mode from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Turn to the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Turn to the path's tangent plus 180 degrees.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// The kind of a transition (Apple's `CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a type from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content fades in (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a transition (Apple's `CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// The raw string value.
    public var rawValue: String
    /// Creates a subtype from its raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// From the right.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// From the left.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// From the top.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// From the bottom.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}
