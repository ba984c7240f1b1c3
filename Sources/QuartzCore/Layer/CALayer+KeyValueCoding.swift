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
        default:
            setCustomValue(value, forKey: keyPath)
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
