import Foundation

/// The values a cell had before one model change made through its layer's key paths
/// (`emitterCells.NAME.velocity` …): the particles born up to `time` (the layer's local time of
/// the change, that instant included) keep them, as on Apple, where a particle keeps the values of
/// its birth and a change reaches only the particles born after it.
struct EmitterCellEpoch: Sendable {
    /// The layer's local time of the change.
    var time: Double
    /// The cell's values before it (without sub-cells or history of their own).
    var values: EmitterCellValues
}

extension EmitterCellValues {
    /// The most epochs a cell keeps: past them the oldest is dropped with its particles (those
    /// born before it stop being drawn), so a cell changed more often than this within one
    /// particle lifetime loses its oldest particles early.
    static let maximumEpochs = 32

    /// The keys whose values a particle takes at its birth and keeps: a model change of one of
    /// them starts a new epoch. The cell's timing, image and filters apply to every particle.
    static let birthKeys: Set<String> = [
        "birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude", "emissionRange",
        "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration",
        "scale", "scaleRange", "scaleSpeed", "spin", "spinRange", "color",
        "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed",
    ]

    /// Starts a new epoch at the layer's local time `now`, before a change of a birth value: the
    /// values until now are kept for the particles born so far. Epochs whose particles (and their
    /// sub-particles) are all dead are dropped first, oldest first; births up to a dropped epoch's
    /// end then give no particle (they are dead already), so dropping never brings one back.
    mutating func beginEpoch(at now: Double, layer: EmitterLayerValues) {
        guard now.isFinite else { return }
        while let first = epochs.first, first.time + reach(of: first.values, layer) < now {
            bornAfter = max(bornAfter, first.time)
            epochs.removeFirst()
        }
        if let last = epochs.last, last.time >= now { return }      // one epoch per instant
        if epochs.count >= Self.maximumEpochs { bornAfter = max(bornAfter, epochs.removeFirst().time) }
        var before = self
        before.epochs = []
        before.cells = []
        epochs.append(EmitterCellEpoch(time: now, values: before))
    }

    /// How long after its birth time a particle with `values` (this cell's sub-cells emitting from
    /// it) can still be drawn, in the layer's seconds.
    private func reach(of values: EmitterCellValues, _ layer: EmitterLayerValues) -> Double {
        var v = values
        v.cells = cells
        v.beginTime = 0
        return ParticleField.reach(v, layer)
    }
}
