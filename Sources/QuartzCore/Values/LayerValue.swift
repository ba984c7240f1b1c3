import Foundation
import CoreGraphics

/// A typed animatable value. Values reach the engine as `Any?` (Apple's API) and are converted once,
/// against the property's `ValueKind`, into this type; interpolation then works on typed values only.
enum LayerValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(CGColor?)
    case path(CGPath?)
    case bool(Bool)
    case contents(Any?)
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
        guard let c = components else { return true }
        return c.allSatisfy { $0.isFinite }
    }
}
