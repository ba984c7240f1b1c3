import Foundation

/// The Objective-C type encoding Lamina uses for a boxed CATransform3D (sixteen doubles; Foundation
/// on Linux cannot box arbitrary structs).
let caTransform3DObjCType = "[16d]"

extension NSValue {
    /// Boxes a transform, as Apple's `NSValue(caTransform3D:)`, so that code setting
    /// `toValue = NSValue(caTransform3D: t)` works unchanged.
    public convenience init(caTransform3D t: CATransform3D) {
        var e = t.entries
        self.init(bytes: &e, objCType: caTransform3DObjCType)
    }

    /// The boxed transform (the identity when the value does not hold a transform).
    public var caTransform3DValue: CATransform3D {
        guard String(cString: objCType) == caTransform3DObjCType else { return CATransform3DIdentity }
        var e = [Double](repeating: 0, count: 16)
        e.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(entries: e)
    }
}
