import Foundation

/// An animation of one layer property named by a key path (Apple's `CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    /// The key path animated, e.g. "position", "transform.rotation.z". Nil: the key the animation is added under.
    open var keyPath: String?
    /// Whether the animated value is added to the property's current (underlying) value.
    open var isAdditive = false
    /// Whether each repetition starts where the previous one ended.
    open var isCumulative = false
    /// A function turning the animation's scalar values into transforms (for "transform" key paths).
    open var valueFunction: CAValueFunction?

    /// The resolved property accessor (set when added to a layer).
    var property: LayerProperty?
    /// The kind values are converted to: the property's kind, or numbers when a value function is set.
    var valueKind: ValueKind = .number

    /// Creates an animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func makeEmptyCopy() -> CAAnimation { CAPropertyAnimation() }

    override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative; valueFunction = o.valueFunction
    }

    override func prepare(for layer: CALayer, key: String) {
        let path = keyPath ?? key
        if keyPath == nil { keyPath = key }
        guard let p = LayerProperties.resolve(path) ?? (path.contains(".") ? nil : layer.customProperty(forKey: path, sample: sampleValue)) else {
            LaminaDiagnostics.report("\(diagnosticName) on \(describeLayer(layer)): unknown key path '\(path)'; the animation has no effect")
            property = nil
            return
        }
        property = p
        if valueFunction != nil {
            if p.kind != .transform {
                LaminaDiagnostics.report("\(diagnosticName) on \(describeLayer(layer)) for '\(path)': a valueFunction needs a transform key path; the value function is ignored")
                valueFunction = nil
                valueKind = p.kind
            } else {
                valueKind = .numberArray
            }
        } else {
            valueKind = p.kind
        }
    }

    /// A value of this animation, from which a custom key's kind is told when the layer has none.
    private final var sampleValue: Any? {
        if let b = self as? CABasicAnimation { return b.toValue ?? b.fromValue ?? b.byValue }
        if let k = self as? CAKeyframeAnimation { return k.values?.first ?? (k.path != nil ? CGPoint.zero : nil) }
        return nil
    }

    /// Converts an `Any?` value of this animation, reporting values of the wrong type or non-finite ones.
    func convert(_ any: Any?, role: String, layer: CALayer) -> LayerValue? {
        if isNilValue(any) {
            // nil (or NSNull) is a value for optional properties: no colour, no path, no contents.
            switch valueKind {
            case .color: return .color(nil)
            case .path: return .path(nil)
            case .contents: return .contents(HandedOver(nil))
            default: return nil
            }
        }
        guard let any else { return nil }
        var v: LayerValue?
        if valueKind == .numberArray && valueFunction != nil {
            if let d = LayerValue.number(any) { v = .numberArray([d]) } else { v = LayerValue.from(any, kind: .numberArray) }
        } else {
            v = LayerValue.from(any, kind: valueKind)
        }
        guard let value = v else {
            LaminaDiagnostics.report("\(diagnosticName) on \(describeLayer(layer)) for '\(keyPath ?? "?")': \(role) has type \(type(of: any)), expected a \(valueKind.rawValue) value; it is ignored")
            return nil
        }
        if !value.isFinite {
            LaminaDiagnostics.report("\(diagnosticName) on \(describeLayer(layer)) for '\(keyPath ?? "?")': \(role) is not finite (NaN or infinity); it is ignored")
            return nil
        }
        return value
    }

    /// The property's current value in `state`, in this animation's value kind.
    func baseValue(_ state: LayerState) -> LayerValue? {
        guard let p = property else { return nil }
        let v = p.get(state)
        if valueFunction != nil { return nil }
        return v
    }

    /// Stores an animated value into the property (through the value function when there is one).
    func store(_ v: LayerValue, into state: inout LayerState, base: LayerValue?) {
        guard let p = property else { return }
        var value = v
        if let vf = valueFunction, case .numberArray(let comps) = v {
            value = .transform(vf.transform(from: comps.map { CGFloat($0) }))
        }
        if isAdditive { value = LayerValue.add(base ?? p.get(state), value) }
        if !value.isFinite { return }
        p.set(&state, value)
    }
}
