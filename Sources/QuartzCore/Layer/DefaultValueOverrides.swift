import Foundation
import Synchronization

/// The built-in properties whose default a layer class changes by overriding
/// `class func defaultValue(forKey:)`, as Apple's Key-Value Coding Extensions describe it ("a
/// subclass … override its defaultValueForKey: method"; the guide's example makes `masksToBounds`
/// default to true). A new layer of such a class starts with those values.
///
/// Worked out once per class: each built-in key is asked of the class and the answers that differ
/// from the property's own default are kept. Lamina's own classes are never asked (their defaults
/// are the properties' own). Shared by every thread that makes layers; the table is guarded by
/// its `Mutex`, and the class's `defaultValue(forKey:)` is called outside it.
enum DefaultValueOverrides {
    /// One changed default: the property and the value a new layer starts with.
    struct Override: Sendable {
        let property: LayerProperty
        let value: LayerValue
    }

    private static let table = Mutex<[ObjectIdentifier: [Override]]>([:])

    /// Lamina's own layer classes: their defaults are the properties' own.
    private static let builtIn: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self), ObjectIdentifier(CATextLayer.self),
        ObjectIdentifier(CAGradientLayer.self), ObjectIdentifier(CAReplicatorLayer.self), ObjectIdentifier(CAScrollLayer.self),
        ObjectIdentifier(CATiledLayer.self), ObjectIdentifier(CATransformLayer.self), ObjectIdentifier(CAEmitterLayer.self),
    ]

    /// Every built-in property once, by its canonical key.
    private static let properties: [LayerProperty] = {
        var seen = Set<String>()
        return LayerProperties.table.values.filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
    }()

    /// The overridden defaults of `cls` (empty for Lamina's own classes and for subclasses that
    /// override none).
    static func overrides(for cls: CALayer.Type) -> [Override] {
        let id = ObjectIdentifier(cls)
        if builtIn.contains(id) { return [] }
        if let known = table.withLock({ $0[id] }) { return known }
        let base = LayerState()
        var found: [Override] = []
        for p in properties {
            guard let any = cls.defaultValue(forKey: p.key), let v = LayerValue.from(any, kind: p.kind) else { continue }
            if String(describing: v) != String(describing: p.get(base)) { found.append(Override(property: p, value: v)) }
        }
        table.withLock { $0[id] = found }
        return found
    }

    /// Applies the overridden defaults of `cls` to a new layer's state.
    static func apply(to state: inout LayerState, of cls: CALayer.Type) {
        for o in overrides(for: cls) { o.property.set(&state, o.value) }
    }
}
