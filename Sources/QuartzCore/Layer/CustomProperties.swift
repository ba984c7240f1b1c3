import Foundation
import CoreGraphics

/// Custom properties: keys that are not CALayer properties, set with `setValue(_:forKey:)`. Values
/// of an animatable kind (numbers, Bool, points, sizes, rects, transforms, colours) live in the
/// layer's state (`LayerState.custom`), so they are committed, animated and presented like
/// built-in properties; other values are kept beside the layer, unanimated.
extension LayerProperties {
    /// The accessor of custom key `key` of `kind`; `fallback` is read while the layer has no value
    /// under the key (the class's `defaultValue(forKey:)`, or zero).
    static func custom(_ key: String, kind: ValueKind, fallback: LayerValue) -> LayerProperty {
        LayerProperty(key: key, kind: kind, numberType: .cgFloat, animatable: true,
                      get: { $0.custom?[key] ?? fallback },
                      set: { st, v in var c = st.custom ?? [:]; c[key] = v; st.custom = c })
    }
}

extension LayerValue {
    /// The value of an animatable kind that `any` is (nil for other values, nil and NSNull).
    static func inferred(_ any: Any?) -> LayerValue? {
        guard let any, !(any is NSNull) else { return nil }
        if let b = any as? Bool { return .bool(b) }
        for kind in [ValueKind.number, .point, .size, .rect, .transform] {
            if let v = from(any, kind: kind) { return v }
        }
        if let c = any as? CGColor { return .color(c) }
        return nil
    }

    /// The zero of `kind`: 0, false, the zero point, size and rect, the identity transform, no colour.
    static func zero(of kind: ValueKind) -> LayerValue {
        switch kind {
        case .number: return .number(0)
        case .bool: return .bool(false)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(CATransform3DIdentity)
        case .color: return .color(nil)
        case .path: return .path(nil)
        case .contents: return .contents(HandedOver(nil))
        case .colorArray: return .colorArray([])
        case .numberArray: return .numberArray([])
        }
    }

    /// The value as the Swift type of `like` (a number comes back as the Double, Float, Int,
    /// CGFloat or NSNumber it was set as; CGFloat when unknown).
    func toAny(like original: Any?) -> Any? {
        guard case .number(let d) = self else { return toAny() }
        switch original {
        case is Double: return d
        case is Float: return Float(d)
        case is Int: return toAny(numberType: .int)
        case is NSNumber: return NSNumber(value: d)
        default: return CGFloat(d)
        }
    }
}

extension CALayer {
    /// The accessor of custom key `key` for an animation whose values look like `sample`: its kind
    /// is that of the layer's value, else of the class's `defaultValue(forKey:)`, else of `sample`.
    /// Nil when none of them is of an animatable kind.
    func customProperty(forKey key: String, sample: Any?) -> LayerProperty? {
        let defaultAny = type(of: self).defaultValue(forKey: key)
        guard let kind = state.custom?[key]?.kind ?? LayerValue.inferred(defaultAny)?.kind ?? LayerValue.inferred(sample)?.kind else { return nil }
        let fallback = LayerValue.from(defaultAny, kind: kind).flatMap { isNilValue(defaultAny) ? nil : $0 } ?? LayerValue.zero(of: kind)
        return LayerProperties.custom(key, kind: kind, fallback: fallback)
    }

    /// Stores `value` under custom key `key`: animatable kinds through the layer's state (running
    /// the key's action and marking the layer for display where `needsDisplay(forKey:)` says so).
    func setCustomValue(_ value: Any?, forKey key: String) {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        if let v = LayerValue.inferred(value), v.isFinite {
            // The action runs first, while the layer (and copies made from it) has the old value;
            // the value is also kept as given, for its Swift type.
            changeProperty(LayerProperties.custom(key, kind: v.kind, fallback: LayerValue.zero(of: v.kind)), v)
            customValues[key] = value
            return
        }
        customValues[key] = value
        if state.custom?[key] != nil {
            state.custom![key] = nil
            if !isPresentationCopy { CATransactionStack.current.markDirty(self) }
        }
    }

    /// The value under custom key `key` (the presented value on a presentation copy), in the Swift
    /// type it was set as; the class's `defaultValue(forKey:)` when unset.
    func customValue(forKey key: String) -> Any? {
        let original = customValues[key]
        if let v = state.custom?[key] { return v.toAny(like: original ?? type(of: self).defaultValue(forKey: key)) }
        // A value of an animatable kind is read from the state only (a presentation copy shows the
        // committed one, not a newer model value).
        if let original, LayerValue.inferred(original) == nil { return original }
        return type(of: self).defaultValue(forKey: key)
    }
}
