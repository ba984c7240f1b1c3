import Foundation
import CoreGraphics

extension LayerValue {
    /// Converts an `Any?` value (plain Swift values, NSNumber, NSValue) to the given kind, or returns
    /// nil when it is not of a type that kind accepts.
    static func from(_ any: Any?, kind: ValueKind) -> LayerValue? {
        switch kind {
        case .number:
            guard let d = number(any) else { return nil }
            return .number(d)
        case .bool:
            if let b = any as? Bool { return .bool(b) }
            if let d = number(any) { return .bool(d != 0) }
            return nil
        case .point:
            if let p = any as? CGPoint { return .point(p) }
            if let v = any as? NSValue, let p = nsValuePoint(v) { return .point(p) }
            return nil
        case .size:
            if let s = any as? CGSize { return .size(s) }
            if let v = any as? NSValue, let s = nsValueSize(v) { return .size(s) }
            return nil
        case .rect:
            if let r = any as? CGRect { return .rect(r) }
            if let v = any as? NSValue, let r = nsValueRect(v) { return .rect(r) }
            return nil
        case .transform:
            if let t = any as? CATransform3D { return .transform(t) }
            if let a = any as? CGAffineTransform { return .transform(CATransform3DMakeAffineTransform(a)) }
            if let v = any as? NSValue, String(cString: v.objCType) == caTransform3DObjCType { return .transform(v.caTransform3DValue) }
            return nil
        case .color:
            if isNilValue(any) { return .color(nil) }
            if let c = any as? CGColor { return .color(c) }
            return nil
        case .path:
            if isNilValue(any) { return .path(nil) }
            if let p = any as? CGPath { return .path(p) }
            return nil
        case .contents:
            if any is NSNull { return .contents(HandedOver(nil)) }
            return .contents(HandedOver(any))
        case .colorArray:
            if any == nil || any is NSNull { return .colorArray([]) }
            if let arr = any as? [CGColor] { return .colorArray(arr) }
            if let arr = any as? [Any] {
                var out: [CGColor] = []
                for e in arr { guard let c = e as? CGColor else { return nil }; out.append(c) }
                return .colorArray(out)
            }
            return nil
        case .numberArray:
            if any == nil || any is NSNull { return .numberArray([]) }
            if let arr = any as? [Any] {
                var out: [Double] = []
                for e in arr { guard let d = number(e) else { return nil }; out.append(d) }
                return .numberArray(out)
            }
            return nil
        }
    }

    /// Reads a number out of any numeric Swift type or NSNumber.
    static func number(_ any: Any?) -> Double? {
        switch any {
        case let d as Double: return d
        case let c as CGFloat: return Double(c)
        case let f as Float: return Double(f)
        case let i as Int: return Double(i)
        case let i as Int32: return Double(i)
        case let i as Int64: return Double(i)
        case let u as UInt: return Double(u)
        case let n as NSNumber: return n.doubleValue
        default: return nil
        }
    }

    private static func nsValuePoint(_ v: NSValue) -> CGPoint? {
        guard String(cString: v.objCType) == String(cString: NSValue(point: .zero).objCType) else { return nil }
        return v.pointValue
    }
    private static func nsValueSize(_ v: NSValue) -> CGSize? {
        guard String(cString: v.objCType) == String(cString: NSValue(size: .zero).objCType) else { return nil }
        return v.sizeValue
    }
    private static func nsValueRect(_ v: NSValue) -> CGRect? {
        guard String(cString: v.objCType) == String(cString: NSValue(rect: .zero).objCType) else { return nil }
        return v.rectValue
    }

    /// The value as the Swift type Apple's API hands back for a property of `swiftType`.
    func toAny(numberType: NumberType = .cgFloat) -> Any? {
        switch self {
        case .number(let d):
            switch numberType {
            case .cgFloat: return CGFloat(d)
            case .float: return Float(d)
            case .double: return d
            case .int: return d.isFinite ? Int(min(max(d.rounded(), -1e18), 1e18)) : 0
            }
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .transform(let t): return t
        case .color(let c): return c
        case .path(let p): return p
        case .bool(let b): return b
        case .contents(let c): return c.value
        case .colorArray(let a): return a.isEmpty ? nil : a
        case .numberArray(let a): return a.isEmpty ? nil : a.map { NSNumber(value: $0) }
        }
    }

    /// Which Swift number type a numeric property uses in Apple's API.
    enum NumberType { case cgFloat, float, double, int }
}

/// Whether `any` is nil, NSNull, or an Optional holding nil wrapped in Any.
func isNilValue(_ any: Any?) -> Bool {
    guard let v = any else { return true }
    if v is NSNull { return true }
    let m = Mirror(reflecting: v)
    return m.displayStyle == .optional && m.children.isEmpty
}
