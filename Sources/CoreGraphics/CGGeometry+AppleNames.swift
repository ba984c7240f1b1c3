import Foundation

// Geometry names that Apple's CoreGraphics overlay still compiles, deprecated, and that Foundation
// on Linux does not have. Client code written before Swift's `==` on these types calls them.

extension CGPoint {
    /// Whether the points are equal (Apple's deprecated `equalTo(_:)`; use `==`).
    @available(*, deprecated, message: "Use == operator instead")
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the sizes are equal (Apple's deprecated `equalTo(_:)`; use `==`).
    @available(*, deprecated, message: "Use == operator instead")
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the rectangles are equal (Apple's deprecated `equalTo(_:)`; use `==`). As Core
    /// Graphics' CGRectEqualToRect, rectangles are compared after standardizing, so a rectangle
    /// with a negative width equals its standardized form.
    @available(*, deprecated, message: "Use == operator instead")
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        return standardized == rect2.standardized
    }

    /// The slice `atDistance` wide from `fromEdge` and the remainder (Apple's deprecated
    /// spelling of `divided(atDistance:from:)`).
    @available(*, deprecated, renamed: "divided(atDistance:from:)")
    public func divide(_ atDistance: CGFloat, fromEdge: CGRectEdge) -> (slice: CGRect, remainder: CGRect) {
        divided(atDistance: atDistance, from: fromEdge)
    }
}

extension NSValue {
    /// Boxes a point as UIKit's `NSValue(cgPoint:)` does (keyframe values, `fromValue`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// The boxed point (UIKit's `cgPointValue`).
    public var cgPointValue: CGPoint { pointValue }
    /// Boxes a size as UIKit's `NSValue(cgSize:)` does.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// The boxed size (UIKit's `cgSizeValue`).
    public var cgSizeValue: CGSize { sizeValue }
    /// Boxes a rectangle as UIKit's `NSValue(cgRect:)` does.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The boxed rectangle (UIKit's `cgRectValue`).
    public var cgRectValue: CGRect { rectValue }
    /// Boxes an affine transform as UIKit's `NSValue(cgAffineTransform:)` does (six doubles).
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var e = [Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty)]
        self.init(bytes: &e, objCType: cgAffineTransformObjCType)
    }
    /// The boxed affine transform (the identity when the value holds none).
    public var cgAffineTransformValue: CGAffineTransform {
        guard String(cString: objCType) == cgAffineTransformObjCType else { return .identity }
        var e = [Double](repeating: 0, count: 6)
        e.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CGAffineTransform(a: CGFloat(e[0]), b: CGFloat(e[1]), c: CGFloat(e[2]), d: CGFloat(e[3]), tx: CGFloat(e[4]), ty: CGFloat(e[5]))
    }
}

/// The type encoding Lamina uses for a boxed CGAffineTransform (six doubles).
package let cgAffineTransformObjCType = "[6d]"
