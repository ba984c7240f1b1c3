import Foundation

/// Whether an emitter layer's picture changes with time, so a host keeps drawing frames for it.
enum EmitterActivity {
    /// True while the emitter has an enabled cell that emits, or after a stop while particles born
    /// before it may still be alive; false when hidden or without cells.
    static func isEmitting(_ state: LayerState, localTime: Double) -> Bool {
        let e = state.subclass.emitter
        guard !state.isHidden, e.cells.values.contains(where: { $0.isEnabled && $0.birthRate > 0 }) else { return false }
        guard let stop = e.stop else { return e.birthRate > 0 }
        let reach = e.cells.values.map { ParticleField.reach($0, e) + max(0, $0.beginTime) }.max() ?? 0
        return localTime <= stop.time + reach
    }
}
