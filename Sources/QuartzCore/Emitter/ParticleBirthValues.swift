import Foundation

/// The values of a cell that a particle takes at its birth, as plain numbers (no references, so a
/// particle's copy costs nothing): made once per cell and epoch for a frame, then picked per
/// particle by its birth time.
struct ParticleBirthValues {
    var birthRate: Double
    var lifetime: Double, lifetimeRange: Double
    var emissionLongitude: Double, emissionLatitude: Double, emissionRange: Double
    var velocity: Double, velocityRange: Double
    var acceleration: SIMD3<Double>
    var scale: Double, scaleRange: Double, scaleSpeed: Double
    var spin: Double, spinRange: Double
    /// The colour (straight alpha), its ranges and speeds, red to alpha.
    var color: SIMD4<Double>, colorRanges: SIMD4<Double>, colorSpeeds: SIMD4<Double>

    init(_ c: EmitterCellValues) {
        birthRate = c.birthRate
        lifetime = c.lifetime; lifetimeRange = c.lifetimeRange
        emissionLongitude = c.emissionLongitude; emissionLatitude = c.emissionLatitude; emissionRange = c.emissionRange
        velocity = c.velocity; velocityRange = c.velocityRange
        acceleration = SIMD3(c.xAcceleration, c.yAcceleration, c.zAcceleration)
        scale = c.scale; scaleRange = c.scaleRange; scaleSpeed = c.scaleSpeed
        spin = c.spin; spinRange = c.spinRange
        color = RenderColor.straight(c.color ?? LayerState.opaqueWhite)
        colorRanges = SIMD4(c.redRange, c.greenRange, c.blueRange, c.alphaRange)
        colorSpeeds = SIMD4(c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed)
    }

    /// A cell's values for every birth: its epochs' (oldest first) and its own.
    struct Table {
        private let epochTimes: [Double]
        private let epochs: [ParticleBirthValues]
        /// The cell's own (current, possibly animated) values.
        let current: ParticleBirthValues

        init(_ cell: EmitterCellValues) {
            epochTimes = cell.epochs.map(\.time)
            epochs = cell.epochs.map { ParticleBirthValues($0.values) }
            current = ParticleBirthValues(cell)
        }

        /// Whether the cell has no history (every particle takes its current values).
        var isUniform: Bool { epochs.isEmpty }

        /// The values of a particle born at the layer's local time `born`: those of the first epoch
        /// that ends at or after its birth (the change's instant included), else the current ones.
        func values(bornAt born: Double) -> ParticleBirthValues {
            if let i = epochTimes.firstIndex(where: { $0 >= born }) { return epochs[i] }
            return current
        }
    }
}
