import Foundation

extension CALayer {
    func valueImpl(forKeyPath keyPath: String) -> Any? {
        if let p = LayerProperties.resolve(keyPath) {
            if keyPath.contains(".") { return p.get(state).toAny(numberType: .cgFloat) }
            return p.get(state).toAny(numberType: p.numberType)
        }
        switch keyPath {
        case "name": return name
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "mask": return mask
        case "delegate": return delegate
        case "contentsGravity": return contentsGravity
        case "cornerCurve": return cornerCurve
        case "maskedCorners": return maskedCorners
        case "fillMode": return fillMode
        case "compositingFilter": return compositingFilter
        case "edgeAntialiasingMask": return edgeAntialiasingMask
        default: break
        }
        return customValue(forKey: keyPath)
    }

    func setValueImpl(_ value: Any?, forKeyPath keyPath: String) {
        if let p = LayerProperties.resolve(keyPath) {
            guard let v = LayerValue.from(value, kind: p.kind) else {
                LaminaDiagnostics.report("setValue(_:forKey:) on \(describeLayer(self)) for '\(keyPath)': a value of type \(value.map { "\(type(of: $0))" } ?? "nil") is not a \(p.kind.rawValue); ignored")
                return
            }
            guard v.isFinite else {
                LaminaDiagnostics.report("setValue(_:forKey:) on \(describeLayer(self)) for '\(keyPath)': value is not finite; ignored")
                return
            }
            changeProperty(p, v)
            return
        }
        switch keyPath {
        case "name": name = value as? String
        case "contentsGravity":
            if let g = value as? CALayerContentsGravity { contentsGravity = g } else if let s = value as? String { contentsGravity = CALayerContentsGravity(rawValue: s) }
        case "mask": mask = value as? CALayer
        case "compositingFilter": compositingFilter = value
        case "cornerCurve":
            if let c = value as? CALayerCornerCurve { cornerCurve = c } else if let s = value as? String { cornerCurve = CALayerCornerCurve(rawValue: s) }
        case "fillMode":
            if let f = value as? CAMediaTimingFillMode { fillMode = f } else if let s = value as? String { fillMode = CAMediaTimingFillMode(rawValue: s) }
        case "maskedCorners":
            if let m = value as? CACornerMask { maskedCorners = m } else if let n = CALayer.bits(value) { maskedCorners = CACornerMask(rawValue: UInt(n)) }
        case "edgeAntialiasingMask":
            if let m = value as? CAEdgeAntialiasingMask { edgeAntialiasingMask = m } else if let n = CALayer.bits(value) { edgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: UInt32(n)) }
        default:
            setCustomValue(value, forKey: keyPath)
        }
    }

    /// A bit mask given as a number (Int, UInt, UInt32 or NSNumber), as KVC passes option sets; nil otherwise.
    static func bits(_ value: Any?) -> UInt32? {
        switch value {
        case let n as Int where n >= 0 && n <= Int(UInt32.max): return UInt32(n)
        case let n as UInt where n <= UInt(UInt32.max): return UInt32(n)
        case let n as UInt32: return n
        case let n as NSNumber where n.int64Value >= 0 && n.int64Value <= Int64(UInt32.max): return n.uint32Value
        default: return nil
        }
    }

    /// Values stored under keys that are not properties (Apple's CALayer accepts any key).
    var customValues: [String: Any] {
        get { customStore?.values ?? [:] }
        set { if customStore == nil { customStore = CustomValueStore() }; customStore!.values = newValue }
    }
}

/// Storage for custom key-value pairs of a layer.
final class CustomValueStore {
    var values: [String: Any] = [:]
}
