import Foundation

/// One drawing command of a path (a Lamina addition used for path interpolation and rendering).
public enum CGPathCommand: Equatable, Hashable, Sendable {
    /// Starts a new subpath at a point.
    case move(to: CGPoint)
    /// A straight line to a point.
    case addLine(to: CGPoint)
    /// A quadratic Bézier curve.
    case addQuadCurve(to: CGPoint, control: CGPoint)
    /// A cubic Bézier curve.
    case addCurve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    /// Closes the current subpath.
    case closeSubpath

    /// The command with every point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPathCommand {
        switch self {
        case .move(let p): return .move(to: p.applying(t))
        case .addLine(let p): return .addLine(to: p.applying(t))
        case .addQuadCurve(let p, let c): return .addQuadCurve(to: p.applying(t), control: c.applying(t))
        case .addCurve(let p, let c1, let c2): return .addCurve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}

/// The kind of a path element (Apple's `CGPathElementType`).
public enum CGPathElementType: Int32, Sendable {
    /// A move; one point.
    case moveToPoint = 0
    /// A line; one point.
    case addLineToPoint = 1
    /// A quadratic curve; control then end point.
    case addQuadCurveToPoint = 2
    /// A cubic curve; two controls then end point.
    case addCurveToPoint = 3
    /// A close; no points.
    case closeSubpath = 4
}

/// A path element as handed to `applyWithBlock` (Apple's `CGPathElement`).
public struct CGPathElement {
    /// The element's kind.
    public var type: CGPathElementType
    /// Its points (see CGPathElementType for the count).
    public var points: UnsafeMutablePointer<CGPoint>
}

/// The rule deciding which points are inside a path (Apple's `CGPathFillRule`).
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number.
    case winding = 0
    /// Odd crossing count.
    case evenOdd = 1
}

/// The function `CGPath.apply(info:function:)` calls for each element, with its info pointer (a C
/// function pointer on Apple; a Swift function type here, since `CGPathElement` is a Swift struct).
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void
