import Foundation
import CoreGraphics

/// The fields of CAEmitterLayer (stored in the layer's subclass state).
struct EmitterLayerValues: Sendable {
    var cells = EmitterCellList()
    var birthRate: Double = 1
    var lifetime: Double = 1
    var emitterPosition: CGPoint = .zero
    var emitterZPosition: CGFloat = 0
    var emitterSize: CGSize = .zero
    var emitterDepth: CGFloat = 0
    var emitterShape: CAEmitterLayerEmitterShape = .point
    var emitterMode: CAEmitterLayerEmitterMode = .volume
    var renderMode: CAEmitterLayerRenderMode = .unordered
    var velocity: Double = 1
    var scale: Double = 1
    var spin: Double = 1
    var seed: UInt32 = 0
    /// Set when the model's birthRate went from positive to 0: the layer's local time then and the
    /// rate before. Particles born before it live out their lives, as on Apple (births stop, the
    /// particles in flight do not vanish).
    var stop: EmitterStop? = nil
}

/// When and at what rate an emitter stopped emitting (see EmitterLayerValues.stop).
struct EmitterStop: Equatable, Sendable {
    /// The layer's local time of the change.
    var time: Double
    /// The layer birthRate before it.
    var rate: Double
}
