import Foundation

/// Whether an emitter layer's picture changes with time, so a host keeps drawing frames for it.
enum EmitterActivity {
    /// True while the emitter has an enabled cell that emits, or after a stop (of the layer, or of
    /// a cell through its key path) while particles born before it may still be alive; false when
    /// hidden or without cells.
    static func isEmitting(_ state: LayerState, localTime: Double) -> Bool {
        let e = state.subclass.emitter
        // A cell emits, or its rate was lowered to 0 and the particles born before may live on.
        func active(_ c: EmitterCellValues) -> Bool {
            guard c.isEnabled else { return false }
            if c.birthRate > 0 { return true }
            guard let last = c.rateChanges.last else { return false }
            return localTime <= last.time + ParticleField.reach(c, e)
        }
        guard !state.isHidden, e.cells.values.contains(where: active) else { return false }
        guard let stop = e.stop else { return e.birthRate > 0 }
        let reach = e.cells.values.map { ParticleField.reach($0, e) + max(0, $0.beginTime) }.max() ?? 0
        return localTime <= stop.time + reach
    }
}
