import Foundation
import CoreGraphics

/// The values of one CAEmitterCell, copied when the cells are set on a layer, so the render side
/// reads plain values and key paths such as `emitterCells.NAME.birthRate` animate them.
struct EmitterCellValues: Sendable {
    var name: String? = nil
    var isEnabled = true
    var birthRate: Double = 0
    var lifetime: Double = 0
    var lifetimeRange: Double = 0
    var emissionLatitude: Double = 0
    var emissionLongitude: Double = 0
    var emissionRange: Double = 0
    var velocity: Double = 0
    var velocityRange: Double = 0
    var xAcceleration: Double = 0
    var yAcceleration: Double = 0
    var zAcceleration: Double = 0
    var scale: Double = 1
    var scaleRange: Double = 0
    var scaleSpeed: Double = 0
    var spin: Double = 0
    var spinRange: Double = 0
    var color: CGColor? = LayerState.opaqueWhite
    var redRange: Double = 0, greenRange: Double = 0, blueRange: Double = 0, alphaRange: Double = 0
    var redSpeed: Double = 0, greenSpeed: Double = 0, blueSpeed: Double = 0, alphaSpeed: Double = 0
    var contents: Any? { get { handedContents.value } set { handedContents = HandedOver(newValue) } }
    var handedContents = HandedOver<Any?>(nil)
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: Double = 1
    var minificationFilter = "linear"
    var magnificationFilter = "linear"
    var minificationFilterBias: Double = 0
    var style: [AnyHashable: Any]? { get { handedStyle.value } set { handedStyle = HandedOver(newValue) } }
    var handedStyle = HandedOver<[AnyHashable: Any]?>(nil)
    // CAMediaTiming
    var beginTime: Double = 0
    var duration: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    var repeatCount: Double = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed
    /// The sub-cells each particle of this cell emits.
    var cells: [EmitterCellValues] = []
    /// The values before each model change of a birth value made through the layer, oldest first
    /// (see `EmitterCellEpoch`; empty until the layer has been committed and then changed).
    var epochs: [EmitterCellEpoch] = []
    /// Births at or before this layer time give no particle: they belong to epochs dropped once
    /// all their particles were dead.
    var bornAfter = -Double.infinity

    /// The numeric keys readable and animatable through `emitterCells.NAME.key`.
    static let numberKeys: [String: WritableKeyPath<EmitterCellValues, Double> & Sendable] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "emissionLatitude": \.emissionLatitude, "emissionLongitude": \.emissionLongitude, "emissionRange": \.emissionRange,
        "velocity": \.velocity, "velocityRange": \.velocityRange,
        "xAcceleration": \.xAcceleration, "yAcceleration": \.yAcceleration, "zAcceleration": \.zAcceleration,
        "scale": \.scale, "scaleRange": \.scaleRange, "scaleSpeed": \.scaleSpeed, "spin": \.spin, "spinRange": \.spinRange,
        "redRange": \.redRange, "greenRange": \.greenRange, "blueRange": \.blueRange, "alphaRange": \.alphaRange,
        "redSpeed": \.redSpeed, "greenSpeed": \.greenSpeed, "blueSpeed": \.blueSpeed, "alphaSpeed": \.alphaSpeed,
        "contentsScale": \.contentsScale, "minificationFilterBias": \.minificationFilterBias,
        "beginTime": \.beginTime, "duration": \.duration, "speed": \.speed, "timeOffset": \.timeOffset,
        "repeatCount": \.repeatCount, "repeatDuration": \.repeatDuration,
    ]

    /// The index of the cell named `name` in `cells`, or nil.
    static func index(named name: String, in cells: [EmitterCellValues]) -> Int? {
        cells.firstIndex { $0.name == name }
    }
}

/// The emitter cells of a layer: the objects the app set (returned by the getter) and their values.
struct EmitterCellList: Sendable {
    var objects: [CAEmitterCell]? = nil
    var values: [EmitterCellValues] = []
}
