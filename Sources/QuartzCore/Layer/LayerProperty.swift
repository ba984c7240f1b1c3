import Foundation
import Synchronization
import CoreGraphics

/// How to read and write one key path of a layer's state as a typed value. Sendable, checked: its
/// accessors are `@Sendable` closures (made once in a constant table or cached per key path).
struct LayerProperty: Sendable {
    /// The canonical key (Apple's KVC key, e.g. "hidden" for isHidden).
    let key: String
    let kind: ValueKind
    let numberType: LayerValue.NumberType
    /// Whether changing it looks up an action and animates by default.
    let animatable: Bool
    let get: @Sendable (LayerState) -> LayerValue
    let set: @Sendable (inout LayerState, LayerValue) -> Void
}

/// The table of every property of CALayer and its subclasses, by key, and the resolution of
/// key paths with sub-components ("position.x", "transform.rotation.z", "bounds.size.width").
enum LayerProperties {
    /// Every top-level key, with aliases (Swift names such as "isHidden" map to Apple's KVC key "hidden").
    static let table: [String: LayerProperty] = {
        var t: [String: LayerProperty] = [:]
        func num(_ k: String, type nt: LayerValue.NumberType = .cgFloat, animatable: Bool = true,
                 _ g: @escaping @Sendable (LayerState) -> Double, _ s: @escaping @Sendable (inout LayerState, Double) -> Void) {
            t[k] = LayerProperty(key: k, kind: .number, numberType: nt, animatable: animatable,
                                 get: { .number(g($0)) },
                                 set: { st, v in if let d = v.doubleValue { s(&st, d) } })
        }
        // Accessors are closures, not key paths: applying a key path at run time is far slower.
        func val<T>(_ k: String, _ kind: ValueKind, animatable: Bool = true, _ g: @escaping @Sendable (LayerState) -> T, _ s: @escaping @Sendable (inout LayerState, T) -> Void,
                    wrap: @escaping @Sendable (T) -> LayerValue, unwrap: @escaping @Sendable (LayerValue) -> T?) {
            t[k] = LayerProperty(key: k, kind: kind, numberType: .cgFloat, animatable: animatable,
                                 get: { wrap(g($0)) },
                                 set: { st, v in if let x = unwrap(v) { s(&st, x) } })
        }
        func point(_ k: String, _ g: @escaping @Sendable (LayerState) -> CGPoint, _ s: @escaping @Sendable (inout LayerState, CGPoint) -> Void) {
            val(k, .point, g, s, wrap: { .point($0) }, unwrap: { if case .point(let p) = $0 { return p }; return nil })
        }
        func rect(_ k: String, _ g: @escaping @Sendable (LayerState) -> CGRect, _ s: @escaping @Sendable (inout LayerState, CGRect) -> Void) {
            val(k, .rect, g, s, wrap: { .rect($0) }, unwrap: { if case .rect(let r) = $0 { return r }; return nil })
        }
        func size(_ k: String, _ g: @escaping @Sendable (LayerState) -> CGSize, _ s: @escaping @Sendable (inout LayerState, CGSize) -> Void) {
            val(k, .size, g, s, wrap: { .size($0) }, unwrap: { if case .size(let s) = $0 { return s }; return nil })
        }
        func xform(_ k: String, _ g: @escaping @Sendable (LayerState) -> CATransform3D, _ s: @escaping @Sendable (inout LayerState, CATransform3D) -> Void) {
            val(k, .transform, g, s, wrap: { .transform($0) }, unwrap: { if case .transform(let m) = $0 { return m }; return nil })
        }
        func color(_ k: String, _ g: @escaping @Sendable (LayerState) -> CGColor?, _ s: @escaping @Sendable (inout LayerState, CGColor?) -> Void) {
            val(k, .color, g, s, wrap: { .color($0) }, unwrap: { if case .color(let c) = $0 { return .some(c) }; return nil })
        }
        func path(_ k: String, _ g: @escaping @Sendable (LayerState) -> CGPath?, _ s: @escaping @Sendable (inout LayerState, CGPath?) -> Void) {
            val(k, .path, g, s, wrap: { .path($0) }, unwrap: { if case .path(let p) = $0 { return .some(p) }; return nil })
        }
        func bool(_ k: String, animatable: Bool = true, _ g: @escaping @Sendable (LayerState) -> Bool, _ s: @escaping @Sendable (inout LayerState, Bool) -> Void) {
            val(k, .bool, animatable: animatable, g, s, wrap: { .bool($0) }, unwrap: { $0.doubleValue.map { $0 != 0 } })
        }
        // Geometry
        rect("bounds", { $0.bounds }, { $0.bounds = $1 })
        point("position", { $0.position }, { $0.position = $1 })
        num("zPosition", { Double($0.zPosition) }, { $0.zPosition = CGFloat($1) })
        point("anchorPoint", { $0.anchorPoint }, { $0.anchorPoint = $1 })
        num("anchorPointZ", { Double($0.anchorPointZ) }, { $0.anchorPointZ = CGFloat($1) })
        xform("transform", { $0.transform }, { $0.transform = $1 })
        xform("sublayerTransform", { $0.sublayerTransform }, { $0.sublayerTransform = $1 })
        bool("geometryFlipped", animatable: false, { $0.isGeometryFlipped }, { $0.isGeometryFlipped = $1 })
        // Appearance
        bool("hidden", { $0.isHidden }, { $0.isHidden = $1 })
        bool("doubleSided", { $0.isDoubleSided }, { $0.isDoubleSided = $1 })
        bool("masksToBounds", { $0.masksToBounds }, { $0.masksToBounds = $1 })
        num("opacity", type: .float, { Double($0.opacity) }, { $0.opacity = Float($1) })
        color("backgroundColor", { $0.backgroundColor }, { $0.backgroundColor = $1 })
        num("cornerRadius", { Double($0.cornerRadius) }, { $0.cornerRadius = CGFloat($1) })
        num("borderWidth", { Double($0.borderWidth) }, { $0.borderWidth = CGFloat($1) })
        color("borderColor", { $0.borderColor }, { $0.borderColor = $1 })
        color("shadowColor", { $0.shadowColor }, { $0.shadowColor = $1 })
        num("shadowOpacity", type: .float, { Double($0.shadowOpacity) }, { $0.shadowOpacity = Float($1) })
        size("shadowOffset", { $0.shadowOffset }, { $0.shadowOffset = $1 })
        num("shadowRadius", { Double($0.shadowRadius) }, { $0.shadowRadius = CGFloat($1) })
        path("shadowPath", { $0.shadowPath }, { $0.shadowPath = $1 })
        bool("allowsGroupOpacity", animatable: false, { $0.allowsGroupOpacity }, { $0.allowsGroupOpacity = $1 })
        bool("allowsEdgeAntialiasing", animatable: false, { $0.allowsEdgeAntialiasing }, { $0.allowsEdgeAntialiasing = $1 })
        bool("opaque", animatable: false, { $0.isOpaque }, { $0.isOpaque = $1 })
        bool("shouldRasterize", animatable: false, { $0.shouldRasterize }, { $0.shouldRasterize = $1 })
        num("rasterizationScale", animatable: false, { Double($0.rasterizationScale) }, { $0.rasterizationScale = CGFloat($1) })
        // Contents
        val("contents", .contents, { $0.contents }, { $0.contents = $1 }, wrap: { .contents(HandedOver($0)) }, unwrap: { if case .contents(let c) = $0 { return .some(c.value) }; return nil })
        rect("contentsRect", { $0.contentsRect }, { $0.contentsRect = $1 })
        rect("contentsCenter", { $0.contentsCenter }, { $0.contentsCenter = $1 })
        num("contentsScale", animatable: false, { Double($0.contentsScale) }, { $0.contentsScale = CGFloat($1) })
        num("minificationFilterBias", type: .float, animatable: false, { Double($0.minificationFilterBias) }, { $0.minificationFilterBias = Float($1) })
        // Media timing (not animatable: changing them never runs an action)
        num("beginTime", type: .double, animatable: false, { $0.beginTime }, { $0.beginTime = $1 })
        num("duration", type: .double, animatable: false, { $0.duration }, { $0.duration = $1 })
        num("speed", type: .float, animatable: false, { Double($0.speed) }, { $0.speed = Float($1) })
        num("timeOffset", type: .double, animatable: false, { $0.timeOffset }, { $0.timeOffset = $1 })
        num("repeatCount", type: .float, animatable: false, { Double($0.repeatCount) }, { $0.repeatCount = Float($1) })
        num("repeatDuration", type: .double, animatable: false, { $0.repeatDuration }, { $0.repeatDuration = $1 })
        bool("autoreverses", animatable: false, { $0.autoreverses }, { $0.autoreverses = $1 })
        // CAShapeLayer
        val("path", .path, { $0.subclass.path }, { $0.subclass.path = $1 }, wrap: { .path($0) }, unwrap: { if case .path(let p) = $0 { return .some(p) }; return nil })
        color("fillColor", { $0.subclass.fillColor }, { $0.subclass.fillColor = $1 })
        color("strokeColor", { $0.subclass.strokeColor }, { $0.subclass.strokeColor = $1 })
        num("strokeStart", { Double($0.subclass.strokeStart) }, { $0.subclass.strokeStart = CGFloat($1) })
        num("strokeEnd", { Double($0.subclass.strokeEnd) }, { $0.subclass.strokeEnd = CGFloat($1) })
        num("lineWidth", { Double($0.subclass.lineWidth) }, { $0.subclass.lineWidth = CGFloat($1) })
        num("miterLimit", { Double($0.subclass.miterLimit) }, { $0.subclass.miterLimit = CGFloat($1) })
        num("lineDashPhase", { Double($0.subclass.lineDashPhase) }, { $0.subclass.lineDashPhase = CGFloat($1) })
        val("lineDashPattern", .numberArray, { $0.subclass.lineDashPattern }, { $0.subclass.lineDashPattern = $1 },
            wrap: { .numberArray(($0 ?? []).map { $0.doubleValue }) },
            unwrap: { if case .numberArray(let a) = $0 { return .some(a.isEmpty ? nil : a.map { NSNumber(value: $0) }) }; return nil })
        // CATextLayer
        num("fontSize", { Double($0.subclass.fontSize) }, { $0.subclass.fontSize = CGFloat($1) })
        color("foregroundColor", { $0.subclass.foregroundColor }, { $0.subclass.foregroundColor = $1 })
        // CAGradientLayer
        val("colors", .colorArray, { $0.subclass.colors }, { $0.subclass.colors = $1 }, wrap: { .colorArray($0) },
            unwrap: { if case .colorArray(let a) = $0 { return a }; return nil })
        val("locations", .numberArray, { $0.subclass.locations }, { $0.subclass.locations = $1 }, wrap: { .numberArray($0 ?? []) },
            unwrap: { if case .numberArray(let a) = $0 { return .some(a.isEmpty ? nil : a) }; return nil })
        val("startPoint", .point, { $0.subclass.startPoint }, { $0.subclass.startPoint = $1 }, wrap: { .point($0) }, unwrap: { if case .point(let p) = $0 { return p }; return nil })
        val("endPoint", .point, { $0.subclass.endPoint }, { $0.subclass.endPoint = $1 }, wrap: { .point($0) }, unwrap: { if case .point(let p) = $0 { return p }; return nil })
        // CAReplicatorLayer
        num("instanceCount", type: .int, animatable: false, { Double($0.subclass.instanceCount) }, { $0.subclass.instanceCount = $1.isFinite ? Int(min(max($1, -1), 1e9)) : 1 })
        num("instanceDelay", type: .double, { $0.subclass.instanceDelay }, { $0.subclass.instanceDelay = $1 })
        val("instanceTransform", .transform, { $0.subclass.instanceTransform }, { $0.subclass.instanceTransform = $1 }, wrap: { .transform($0) },
            unwrap: { if case .transform(let m) = $0 { return m }; return nil })
        color("instanceColor", { $0.subclass.instanceColor }, { $0.subclass.instanceColor = $1 })
        num("instanceRedOffset", type: .float, { Double($0.subclass.instanceRedOffset) }, { $0.subclass.instanceRedOffset = Float($1) })
        num("instanceGreenOffset", type: .float, { Double($0.subclass.instanceGreenOffset) }, { $0.subclass.instanceGreenOffset = Float($1) })
        num("instanceBlueOffset", type: .float, { Double($0.subclass.instanceBlueOffset) }, { $0.subclass.instanceBlueOffset = Float($1) })
        num("instanceAlphaOffset", type: .float, { Double($0.subclass.instanceAlphaOffset) }, { $0.subclass.instanceAlphaOffset = Float($1) })
        // CAEmitterLayer
        EmitterKeyPaths.addLayerKeys { k, nt, anim, g, st in num(k, type: nt, animatable: anim, g, st) }
        point("emitterPosition", { $0.subclass.emitter.emitterPosition }, { $0.subclass.emitter.emitterPosition = $1 })
        size("emitterSize", { $0.subclass.emitter.emitterSize }, { $0.subclass.emitter.emitterSize = $1 })
        // Swift spellings of Apple's Bool properties.
        t["isHidden"] = t["hidden"]; t["isDoubleSided"] = t["doubleSided"]
        t["isGeometryFlipped"] = t["geometryFlipped"]; t["isOpaque"] = t["opaque"]
        return t
    }()

    /// The canonical key for an alias ("isHidden" → "hidden").
    static func canonicalKey(_ key: String) -> String { table[key]?.key ?? key }

    /// Sub-key accessors made so far (any thread).
    private static let cache = Mutex<[String: LayerProperty]>([:])

    /// Resolves a key path (a key, or a key with sub-components) to an accessor; nil when unknown.
    static func resolve(_ keyPath: String) -> LayerProperty? {
        if let p = table[keyPath] { return p }
        if let p = cache.withLock({ $0[keyPath] }) { return p }
        guard let dot = keyPath.firstIndex(of: ".") else { return nil }
        if keyPath.hasPrefix("emitterCells.") {
            guard let p = EmitterKeyPaths.property(keyPath) else { return nil }
            cache.withLock { $0[keyPath] = p }
            return p
        }
        let baseKey = String(keyPath[..<dot]), sub = String(keyPath[keyPath.index(after: dot)...])
        guard let base = table[baseKey], let p = subProperty(base, sub, fullKey: keyPath) else { return nil }
        cache.withLock { $0[keyPath] = p }
        return p
    }

    /// An accessor for a sub-component `sub` of the value of `base`.
    private static func subProperty(_ base: LayerProperty, _ sub: String, fullKey: String) -> LayerProperty? {
        func make(_ kind: ValueKind, _ get: @escaping @Sendable (LayerValue) -> LayerValue?, _ set: @escaping @Sendable (LayerValue, LayerValue) -> LayerValue?) -> LayerProperty {
            LayerProperty(key: fullKey, kind: kind, numberType: .cgFloat, animatable: base.animatable,
                          get: { get(base.get($0)) ?? .number(0) },
                          set: { st, v in if let nv = set(base.get(st), v) { base.set(&st, nv) } })
        }
        switch base.kind {
        case .point:
            let i: Int
            switch sub { case "x": i = 0; case "y": i = 1; default: return nil }
            return make(.number, { v in v.components.map { .number($0[i]) } },
                        { old, v in
                            guard var c = old.components, let d = v.doubleValue else { return nil }
                            c[i] = d; return LayerValue.fromComponents(c, kind: .point) })
        case .size:
            let i: Int
            switch sub { case "width": i = 0; case "height": i = 1; default: return nil }
            return make(.number, { v in v.components.map { .number($0[i]) } },
                        { old, v in
                            guard var c = old.components, let d = v.doubleValue else { return nil }
                            c[i] = d; return LayerValue.fromComponents(c, kind: .size) })
        case .rect:
            let map: [String: (ValueKind, [Int])] = [
                "origin": (.point, [0, 1]), "size": (.size, [2, 3]),
                "origin.x": (.number, [0]), "origin.y": (.number, [1]),
                "size.width": (.number, [2]), "size.height": (.number, [3]),
            ]
            guard let (kind, idx) = map[sub] else { return nil }
            return make(kind, { v in v.components.flatMap { c in LayerValue.fromComponents(idx.map { c[$0] }, kind: kind) } },
                        { old, v in
                            guard var c = old.components, let nc = v.components, nc.count == idx.count else { return nil }
                            for (j, i) in idx.enumerated() { c[i] = nc[j] }
                            return LayerValue.fromComponents(c, kind: .rect) })
        case .transform:
            // Direct access to the transform field (no LayerValue round trip): this runs per frame.
            let tget: @Sendable (LayerState) -> CATransform3D, tset: @Sendable (inout LayerState, CATransform3D) -> Void
            switch base.key {
            case "transform": tget = { $0.transform }; tset = { $0.transform = $1 }
            case "sublayerTransform": tget = { $0.sublayerTransform }; tset = { $0.sublayerTransform = $1 }
            default: tget = { $0.subclass.instanceTransform }; tset = { $0.subclass.instanceTransform = $1 }
            }
            if sub == "translation" {
                return LayerProperty(key: fullKey, kind: .size, numberType: .cgFloat, animatable: base.animatable,
                                     get: { .size(transformTranslation(tget($0))) },
                                     set: { st, v in if case .size(let s) = v { tset(&st, transformSettingTranslation(tget(st), s)) } })
            }
            guard transformSubValue(CATransform3DIdentity, sub) != nil else { return nil }
            let fast = identityTransformFactory(sub)
            return LayerProperty(key: fullKey, kind: .number, numberType: .cgFloat, animatable: base.animatable,
                                 get: { .number(Double(transformSubValue(tget($0), sub) ?? 0)) },
                                 set: { st, v in
                                     guard let d = v.doubleValue else { return }
                                     let m = tget(st)
                                     if let fast, CATransform3DIsIdentity(m) { tset(&st, fast(CGFloat(d))); return }
                                     if let r = transformSetting(m, sub, CGFloat(d)) { tset(&st, r) }
                                 })
        default:
            return nil
        }
    }
}

/// A function giving the transform that setting sub-key `sub` to a value on an identity transform
/// gives, without decomposing (the common case of animating "transform.scale" or
/// "transform.rotation.z" on an untransformed layer); nil for sub-keys without one.
func identityTransformFactory(_ sub: String) -> (@Sendable (CGFloat) -> CATransform3D)? {
    switch sub {
    case "scale": return { CATransform3DMakeScale($0, $0, $0) }
    case "scale.x": return { CATransform3DMakeScale($0, 1, 1) }
    case "scale.y": return { CATransform3DMakeScale(1, $0, 1) }
    case "scale.z": return { CATransform3DMakeScale(1, 1, $0) }
    case "scale.xy": return { CATransform3DMakeScale($0, $0, 1) }
    case "rotation", "rotation.z": return { CATransform3DMakeRotation($0, 0, 0, 1) }
    case "rotation.x": return { CATransform3DMakeRotation($0, 1, 0, 0) }
    case "rotation.y": return { CATransform3DMakeRotation($0, 0, 1, 0) }
    case "translation.x": return { CATransform3DMakeTranslation($0, 0, 0) }
    case "translation.y": return { CATransform3DMakeTranslation(0, $0, 0) }
    case "translation.z": return { CATransform3DMakeTranslation(0, 0, $0) }
    default: return nil
    }
}
