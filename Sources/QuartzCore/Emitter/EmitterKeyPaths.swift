import Foundation
import CoreGraphics

/// The key paths of CAEmitterLayer: its own keys, and `emitterCells.NAME.key` (nested:
/// `emitterCells.A.emitterCells.B.key`) reaching a named cell's value, readable, settable and
/// animatable through the layer.
enum EmitterKeyPaths {
    /// Adds the layer's own keys to the property table.
    static func addLayerKeys(_ add: (String, LayerValue.NumberType, Bool, @escaping @Sendable (LayerState) -> Double, @escaping @Sendable (inout LayerState, Double) -> Void) -> Void) {
        add("birthRate", .float, true, { $0.subclass.emitter.birthRate }, { $0.subclass.emitter.birthRate = $1 })
        add("lifetime", .float, true, { $0.subclass.emitter.lifetime }, { $0.subclass.emitter.lifetime = $1 })
        add("emitterZPosition", .cgFloat, true, { Double($0.subclass.emitter.emitterZPosition) }, { $0.subclass.emitter.emitterZPosition = CGFloat($1) })
        add("emitterDepth", .cgFloat, true, { Double($0.subclass.emitter.emitterDepth) }, { $0.subclass.emitter.emitterDepth = CGFloat($1) })
        add("velocity", .float, true, { $0.subclass.emitter.velocity }, { $0.subclass.emitter.velocity = $1 })
        add("scale", .float, true, { $0.subclass.emitter.scale }, { $0.subclass.emitter.scale = $1 })
        add("spin", .float, true, { $0.subclass.emitter.spin }, { $0.subclass.emitter.spin = $1 })
        add("seed", .int, false, { Double($0.subclass.emitter.seed) },
            { $0.subclass.emitter.seed = $1.isFinite ? UInt32(truncatingIfNeeded: Int64(min(max($1, -9e18), 9e18))) : 0 })
    }

    /// The accessor for `emitterCells.NAME(.emitterCells.NAME)*.key`, or nil when the path is not one.
    static func property(_ keyPath: String) -> LayerProperty? {
        guard let (names, key) = split(keyPath) else { return nil }
        @Sendable func read(_ st: LayerState) -> EmitterCellValues? { cell(st.subclass.emitter.cells.values, names[...]) }
        @Sendable func write(_ st: inout LayerState, _ f: (inout EmitterCellValues) -> Void) {
            var sub = st.subclass
            if update(&sub.emitter.cells.values, names[...], f) { st.subclass = sub }
        }
        if let kp = EmitterCellValues.numberKeys[key] {
            return LayerProperty(key: keyPath, kind: .number, numberType: .float, animatable: true,
                                 get: { .number(read($0)?[keyPath: kp] ?? 0) },
                                 set: { st, v in if let d = v.doubleValue { write(&st) { $0[keyPath: kp] = d } } })
        }
        switch key {
        case "color":
            return LayerProperty(key: keyPath, kind: .color, numberType: .cgFloat, animatable: true,
                                 get: { .color(read($0)?.color) },
                                 set: { st, v in if case .color(let c) = v { write(&st) { $0.color = c } } })
        case "contentsRect":
            return LayerProperty(key: keyPath, kind: .rect, numberType: .cgFloat, animatable: true,
                                 get: { .rect(read($0)?.contentsRect ?? .zero) },
                                 set: { st, v in if case .rect(let r) = v { write(&st) { $0.contentsRect = r } } })
        case "enabled", "isEnabled":
            return LayerProperty(key: keyPath, kind: .bool, numberType: .cgFloat, animatable: true,
                                 get: { .bool(read($0)?.isEnabled ?? false) },
                                 set: { st, v in if let d = v.doubleValue { write(&st) { $0.isEnabled = d != 0 } } })
        default:
            return nil
        }
    }

    /// The cell names and final key of `emitterCells.A(.emitterCells.B)*.key`, or nil.
    static func split(_ keyPath: String) -> (names: [String], key: String)? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts.count % 2 == 1 else { return nil }
        var names: [String] = []
        var i = 0
        while i + 1 < parts.count - 1 {
            guard parts[i] == "emitterCells", !parts[i + 1].isEmpty else { return nil }
            names.append(parts[i + 1]); i += 2
        }
        return (names, parts[parts.count - 1])
    }

    /// Applies `f` to the named cell of a cell list; false when there is none.
    static func updateCell(_ cells: inout [EmitterCellValues], _ names: [String], _ f: (inout EmitterCellValues) -> Void) -> Bool {
        update(&cells, names[...], f)
    }

    /// The cell reached by following `names` from `cells`.
    private static func cell(_ cells: [EmitterCellValues], _ names: ArraySlice<String>) -> EmitterCellValues? {
        guard let first = names.first, let i = EmitterCellValues.index(named: first, in: cells) else { return nil }
        return names.count == 1 ? cells[i] : cell(cells[i].cells, names.dropFirst())
    }

    /// Applies `f` to the cell reached by `names`; false when there is none.
    private static func update(_ cells: inout [EmitterCellValues], _ names: ArraySlice<String>, _ f: (inout EmitterCellValues) -> Void) -> Bool {
        guard let first = names.first, let i = EmitterCellValues.index(named: first, in: cells) else { return false }
        if names.count == 1 { f(&cells[i]); return true }
        return update(&cells[i].cells, names.dropFirst(), f)
    }
}
