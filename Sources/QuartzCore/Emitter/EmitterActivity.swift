import Foundation

/// Whether an emitter layer's picture changes with time, so a host keeps drawing frames for it.
enum EmitterActivity {
    /// True while the emitter has an enabled cell that emits or will (before the end of its active
    /// span), or whose particles born before a stop (of the layer, of a cell's rate through its key
    /// path, or the end of its active span) may still be alive; false when hidden or without cells.
    static func isEmitting(_ state: LayerState, localTime: Double) -> Bool {
        let e = state.subclass.emitter
        func active(_ c: EmitterCellValues) -> Bool {
            guard c.isEnabled, c.speed > 0 else { return false }
            let reach = ParticleField.reach(c, e)
            if localTime > c.emissionEnd(origin: 0) + reach { return false }
            if c.birthRate > 0 { return true }
            // Its rate was lowered to 0: the particles born before may live on.
            guard let last = c.epochs.last else { return false }
            return localTime <= last.time + reach
        }
        guard !state.isHidden, e.cells.values.contains(where: active) else { return false }
        guard let stop = e.stop else { return e.birthRate > 0 }
        let reach = e.cells.values.map { ParticleField.reach($0, e) + max(0, $0.beginTime) }.max() ?? 0
        return localTime <= stop.time + reach
    }
}
