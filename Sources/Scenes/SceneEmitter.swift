import Foundation
import QuartzCore

/// The scene format's emitter vocabulary: CAEmitterLayer's own keys, CAEmitterCell's keys (a cell
/// is a mapping in the layer's `emitterCells` list, with nested `emitterCells` of its own), their
/// named enumerations, and the key paths animations may target (`emitterCells.NAME.key`).
enum SceneEmitter {
    /// The keys CAEmitterLayer adds to a layer's.
    static let layerKeys: [String: SceneValueKind] = [
        "emitterPosition": .point, "emitterZPosition": .number, "emitterSize": .size, "emitterDepth": .number,
        "emitterShape": .string, "emitterMode": .string, "renderMode": .string, "preservesDepth": .bool,
        "birthRate": .number, "lifetime": .number, "velocity": .number, "scale": .number, "spin": .number, "seed": .number,
    ]
    /// The layer keys animations may target (the numbers, points and sizes).
    static let animatableLayerKeys = layerKeys.filter { [.number, .point, .size].contains($0.value) && $0.key != "seed" }

    static let shapes = ["point", "line", "rectangle", "cuboid", "circle", "sphere"]
    static let modes = ["points", "outline", "surface", "volume"]
    static let renderModes = ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"]
    static let fillModes = ["removed", "forwards", "backwards", "both"]
    static let filters = ["nearest", "linear", "trilinear"]

    /// CAEmitterCell's Float properties.
    static let floatKeys: [String: ReferenceWritableKeyPath<CAEmitterCell, Float> & Sendable] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "redRange": \.redRange, "greenRange": \.greenRange, "blueRange": \.blueRange, "alphaRange": \.alphaRange,
        "redSpeed": \.redSpeed, "greenSpeed": \.greenSpeed, "blueSpeed": \.blueSpeed, "alphaSpeed": \.alphaSpeed,
        "speed": \.speed, "repeatCount": \.repeatCount, "minificationFilterBias": \.minificationFilterBias,
    ]
    /// CAEmitterCell's CGFloat properties (angles in radians, as in Apple's API).
    static let cgFloatKeys: [String: ReferenceWritableKeyPath<CAEmitterCell, CGFloat> & Sendable] = [
        "emissionLatitude": \.emissionLatitude, "emissionLongitude": \.emissionLongitude, "emissionRange": \.emissionRange,
        "velocity": \.velocity, "velocityRange": \.velocityRange,
        "xAcceleration": \.xAcceleration, "yAcceleration": \.yAcceleration, "zAcceleration": \.zAcceleration,
        "scale": \.scale, "scaleRange": \.scaleRange, "scaleSpeed": \.scaleSpeed, "spin": \.spin, "spinRange": \.spinRange,
        "contentsScale": \.contentsScale,
    ]
    /// CAEmitterCell's time properties.
    static let timeKeys: [String: ReferenceWritableKeyPath<CAEmitterCell, CFTimeInterval> & Sendable] = [
        "beginTime": \.beginTime, "duration": \.duration, "timeOffset": \.timeOffset, "repeatDuration": \.repeatDuration,
    ]

    /// Every key a cell takes, with its kind (`emitterCells` holds the nested cells).
    static let cellKeys: [String: SceneValueKind] = {
        var k: [String: SceneValueKind] = [
            "name": .string, "contents": .string, "isEnabled": .bool, "color": .color, "contentsRect": .rect,
            "minificationFilter": .string, "magnificationFilter": .string, "autoreverses": .bool, "fillMode": .string,
        ]
        for key in Array(floatKeys.keys) + Array(cgFloatKeys.keys) + Array(timeKeys.keys) { k[key] = .number }
        return k
    }()

    /// An estimate of how many particles `layer` draws at once: each cell's birthRate × lifetime
    /// (with the layer's multipliers and the lifetime's range), a sub-cell's that many per live
    /// particle of its parent; at most `CAEmitterLayer.maximumLiveParticles`.
    static func estimatedParticles(_ layer: CAEmitterLayer) -> Double {
        let cap = Double(CAEmitterLayer.maximumLiveParticles)
        func live(_ cells: [CAEmitterCell]?, parents: Double, depth: Int) -> Double {
            guard depth < 8 else { return 0 }
            var total = 0.0
            for c in cells ?? [] where c.isEnabled {
                let rate = max(0, Double(c.birthRate) * Double(layer.birthRate))
                let life = max(0, Double(c.lifetime + abs(c.lifetimeRange)) * Double(layer.lifetime))
                let n = min(parents * rate * life, cap)
                total += (n.isFinite ? n : cap) + live(c.emitterCells, parents: n.isFinite ? n : cap, depth: depth + 1)
                if total >= cap { return cap }
            }
            return total
        }
        return min(live(layer.emitterCells, parents: 1, depth: 0), cap)
    }

    /// The kind of value at a cell key path `emitterCells.NAME(.emitterCells.NAME)*.key` that
    /// animations may target (the cell's numbers, colour and contentsRect), or nil.
    static func animatableCellKind(_ keyPath: String) -> SceneValueKind? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.count % 2 == 1 else { return nil }
        for i in stride(from: 0, to: parts.count - 1, by: 2) where parts[i] != "emitterCells" || parts[i + 1].isEmpty { return nil }
        let key = String(parts[parts.count - 1])
        switch key {
        case "color": return .color
        case "contentsRect": return .rect
        default: return floatKeys[key] != nil || cgFloatKeys[key] != nil || timeKeys[key] != nil ? .number : nil
        }
    }
}
