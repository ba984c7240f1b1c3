import Foundation
import CoreGraphics

/// A layer that emits, animates and draws particles (Apple's `CAEmitterLayer`). Each of its
/// `emitterCells` emits particles from the emitter shape; the layer's `birthRate`, `lifetime`,
/// `velocity`, `scale` and `spin` multiply the cells' values. Particles are a pure function of the
/// layer's local time and `seed`: the same time and seed draw the same frame, and a frame costs
/// the particles alive in it whatever the time since the emitter started. Emission starts at the
/// layer's local time 0 (set `beginTime` to start an emitter afresh, as on Apple).
open class CAEmitterLayer: CALayer {
    override func makeLayerCopy() -> CALayer { CAEmitterLayer(layer: self) }

    /// The cells emitted (default nil). The layer copies their values when set: change them
    /// afterwards with key paths such as `emitterCells.NAME.birthRate` (animatable).
    open var emitterCells: [CAEmitterCell]? {
        get { readState { $0.subclass.emitter.cells.objects } }
        set {
            let list = EmitterCellList(objects: newValue, values: (newValue ?? []).map { $0.snapshot() })
            changeProperty("emitterCells", \.subclass.emitter.cells, list, animatable: false)
        }
    }
    /// Multiplies each cell's birthRate (default 1). Animatable. Setting it to 0 stops births: the
    /// particles already emitted live out their lifetimes; a positive value emits again.
    open var birthRate: Float {
        get { readState { Float($0.subclass.emitter.birthRate) } }
        set {
            let old = readState { $0.subclass.emitter.birthRate }
            var stop = readState { $0.subclass.emitter.stop }
            if newValue == 0, old > 0, old.isFinite {
                stop = EmitterStop(time: convertTime(CACurrentMediaTime(), from: nil), rate: old)
            } else if newValue != 0 {
                stop = nil
            }
            changeProperty("birthRate", \.subclass.emitter.stop, stop, animatable: false)
            changeProperty("birthRate", \.subclass.emitter.birthRate, Double(newValue))
        }
    }
    /// Multiplies each cell's lifetime (default 1). Animatable.
    open var lifetime: Float { get { readState { Float($0.subclass.emitter.lifetime) } } set { changeProperty("lifetime", \.subclass.emitter.lifetime, Double(newValue)) } }
    /// The centre of the emitter shape, in the layer's coordinates (default zero). Animatable.
    open var emitterPosition: CGPoint { get { readState { $0.subclass.emitter.emitterPosition } } set { changeProperty("emitterPosition", \.subclass.emitter.emitterPosition, newValue) } }
    /// The z of the emitter shape's centre (default 0). Animatable.
    open var emitterZPosition: CGFloat { get { readState { $0.subclass.emitter.emitterZPosition } } set { changeProperty("emitterZPosition", \.subclass.emitter.emitterZPosition, newValue) } }
    /// The size of the emitter shape (default zero). Animatable.
    open var emitterSize: CGSize { get { readState { $0.subclass.emitter.emitterSize } } set { changeProperty("emitterSize", \.subclass.emitter.emitterSize, newValue) } }
    /// The depth of a cuboid emitter shape (default 0). Animatable.
    open var emitterDepth: CGFloat { get { readState { $0.subclass.emitter.emitterDepth } } set { changeProperty("emitterDepth", \.subclass.emitter.emitterDepth, newValue) } }
    /// The emitter's shape (default `.point`).
    open var emitterShape: CAEmitterLayerEmitterShape { get { readState { $0.subclass.emitter.emitterShape } } set { changeProperty("emitterShape", \.subclass.emitter.emitterShape, newValue, animatable: false) } }
    /// Where on the shape particles are born (default `.volume`).
    open var emitterMode: CAEmitterLayerEmitterMode { get { readState { $0.subclass.emitter.emitterMode } } set { changeProperty("emitterMode", \.subclass.emitter.emitterMode, newValue, animatable: false) } }
    /// The order and blending particles are drawn with (default `.unordered`).
    open var renderMode: CAEmitterLayerRenderMode { get { readState { $0.subclass.emitter.renderMode } } set { changeProperty("renderMode", \.subclass.emitter.renderMode, newValue, animatable: false) } }
    /// Whether particles are drawn in one 3D space (default false: flattened into the layer).
    open var preservesDepth: Bool { get { readState { $0.subclass.preservesDepth } } set { changeProperty("preservesDepth", \.subclass.preservesDepth, newValue, animatable: false) } }
    /// Multiplies each particle's initial speed (default 1). Animatable.
    open var velocity: Float { get { readState { Float($0.subclass.emitter.velocity) } } set { changeProperty("velocity", \.subclass.emitter.velocity, Double(newValue)) } }
    /// Multiplies each particle's scale (default 1). Animatable.
    open var scale: Float { get { readState { Float($0.subclass.emitter.scale) } } set { changeProperty("scale", \.subclass.emitter.scale, Double(newValue)) } }
    /// Multiplies each particle's spin (default 1). Animatable.
    open var spin: Float { get { readState { Float($0.subclass.emitter.spin) } } set { changeProperty("spin", \.subclass.emitter.spin, Double(newValue)) } }
    /// The seed of every random draw (default 0): another seed gives other particles.
    open var seed: UInt32 { get { readState { $0.subclass.emitter.seed } } set { changeProperty("seed", \.subclass.emitter.seed, newValue, animatable: false) } }

    /// Sets a value at a key path. A model change of a cell's birth value through
    /// `emitterCells.NAME.key` (birthRate, lifetime, velocity, scale, spin, colour, their ranges
    /// and speeds, the accelerations and the emission angles) reaches only the particles born
    /// after it, as on Apple: once the layer has been committed, the cell's values until now are
    /// kept for the particles born so far (an epoch; see `EmitterCellEpoch`). An animation of such
    /// a key changes the values of the particles born since the last model change.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if isCommitted, keyPath.hasPrefix("emitterCells."), let (names, key) = EmitterKeyPaths.split(keyPath),
           EmitterCellValues.birthKeys.contains(key) {
            var list = readState { $0.subclass.emitter.cells }
            let now = convertTime(CACurrentMediaTime(), from: nil)
            let layer = readState { $0.subclass.emitter }
            if EmitterKeyPaths.updateCell(&list.values, names, { $0.beginEpoch(at: now, layer: layer) }) {
                changeProperty("emitterCells", \.subclass.emitter.cells, list, animatable: false)
            }
        }
        super.setValue(value, forKeyPath: keyPath)
    }

    /// The value for a key: also `emitterCells`, `emitterShape`, `emitterMode`, `renderMode` (their
    /// raw strings, as Apple's KVC gives them) and `preservesDepth`.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "emitterCells": return emitterCells
        case "emitterShape": return emitterShape.rawValue
        case "emitterMode": return emitterMode.rawValue
        case "renderMode": return renderMode.rawValue
        case "preservesDepth": return preservesDepth
        default: return super.value(forKey: key)
        }
    }

    /// Sets the value for a key: also `emitterCells` (an array of cells), the shape, mode and
    /// render mode (their types or raw strings) and `preservesDepth`.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "emitterCells": emitterCells = value as? [CAEmitterCell]
        case "emitterShape":
            if let v = value as? CAEmitterLayerEmitterShape { emitterShape = v } else if let s = value as? String { emitterShape = .init(rawValue: s) }
        case "emitterMode":
            if let v = value as? CAEmitterLayerEmitterMode { emitterMode = v } else if let s = value as? String { emitterMode = .init(rawValue: s) }
        case "renderMode":
            if let v = value as? CAEmitterLayerRenderMode { renderMode = v } else if let s = value as? String { renderMode = .init(rawValue: s) }
        case "preservesDepth": if let b = value as? Bool { preservesDepth = b }
        default: super.setValue(value, forKey: key)
        }
    }

    /// The most particles one emitter draws in a frame; past it the newest are kept and one
    /// diagnostic is reported.
    public static let maximumLiveParticles = 10_000
}
