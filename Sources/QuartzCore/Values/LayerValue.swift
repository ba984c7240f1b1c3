import Foundation
import CoreGraphics

/// A typed animatable value. Values reach the engine as `Any?` (Apple's API) and are converted once,
/// against the property's `ValueKind`, into this type; interpolation then works on typed values only.
enum LayerValue: Sendable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(CGColor?)
    case path(CGPath?)
    case bool(Bool)
    /// What the app gave as `contents` (Apple's API takes `Any`), carried as is.
    case contents(HandedOver<Any?>)
    case colorArray([CGColor])
    case numberArray([Double])

    var kind: ValueKind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .transform: return .transform
        case .color: return .color
        case .path: return .path
        case .bool: return .bool
        case .contents: return .contents
        case .colorArray: return .colorArray
        case .numberArray: return .numberArray
        }
    }

    /// The value as a Double (numbers and booleans), else nil.
    var doubleValue: Double? {
        switch self {
        case .number(let d): return d
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// Whether every numeric component is finite.
    var isFinite: Bool {
        switch self {
        case .number(let d): return d.isFinite
        case .point(let p): return p.x.isFinite && p.y.isFinite
        case .size(let s): return s.width.isFinite && s.height.isFinite
        case .rect(let r): return r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case .transform(let t):
            return t.m11.isFinite && t.m12.isFinite && t.m13.isFinite && t.m14.isFinite && t.m21.isFinite && t.m22.isFinite
                && t.m23.isFinite && t.m24.isFinite && t.m31.isFinite && t.m32.isFinite && t.m33.isFinite && t.m34.isFinite
                && t.m41.isFinite && t.m42.isFinite && t.m43.isFinite && t.m44.isFinite
        case .numberArray(let a): return a.allSatisfy { $0.isFinite }
        case .color(let c): return c.map { $0.components?.allSatisfy { $0.isFinite } ?? true } ?? true
        case .bool, .path, .contents, .colorArray: return true
        }
    }
}
