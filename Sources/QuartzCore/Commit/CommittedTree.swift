import Foundation

/// The whole committed model as values (Lamina): every committed layer's record by slot. The
/// outermost commit makes a new tree from the previous one (replacing the records of the layers it
/// changed) and publishes it; the render side and presentation copies read only published trees.
/// Immutable, so any thread may read one while the app thread commits the next.
@_spi(LaminaInternal)
public final class CommittedTree: Sendable {
    /// Records by slot (nil: no layer in that slot has been committed, or it was freed).
    let layers: [CommittedLayer?]
    /// Counts publications (0 for the empty tree).
    public let generation: Int

    init(layers: [CommittedLayer?], generation: Int) {
        self.layers = layers
        self.generation = generation
    }

    /// An empty tree.
    static let empty = CommittedTree(layers: [], generation: 0)

    /// The record of the layer in `slot` with `generation`, if it is committed.
    public func record(_ slot: Int, generation: UInt32) -> CommittedLayer? {
        guard slot >= 0, slot < layers.count, let r = layers[slot], r.generation == generation else { return nil }
        return r
    }

    /// Whether the tree holds a record of `layer` (Lamina, for hosts and tests).
    public func holds(_ layer: CALayer) -> Bool { record(layer.slot, generation: layer.slotGeneration) != nil }

    /// The record in `slot`, if any.
    func record(_ slot: Int) -> CommittedLayer? {
        slot >= 0 && slot < layers.count ? layers[slot] : nil
    }

    /// The local time of the layer in `slot` at media time `t`, through its committed ancestors'
    /// timing (walked without recursion; a chain longer than the tree means a cycle and stops).
    func localTime(of slot: Int, fromGlobal t: Double) -> Double {
        var chain: [CommittedLayer] = []
        var s = slot
        while let r = record(s), chain.count <= layers.count {
            chain.append(r)
            s = r.parent
        }
        var time = t
        for r in chain.reversed() { time = r.state.localTime(fromParent: time) }
        return time
    }

    /// The media time at which the layer in `slot` has local time `t`; nil when that is not one time
    /// (a looping layer timeline, or a layer or ancestor whose time stands still or runs backwards).
    func globalTime(of slot: Int, fromLocal t: Double) -> Double? {
        var g = t
        var s = slot
        var steps = 0
        while let r = record(s), steps <= layers.count {
            let st = r.state
            guard st.duration <= 0, st.speed > 0, st.speed.isFinite else { return nil }
            g = st.parentTime(fromLocal: g)
            s = r.parent
            steps += 1
        }
        return g.isFinite ? g : nil
    }

    /// The presented state of the layer in `slot` at media time `t`: its committed values with its
    /// animations applied.
    func presentationState(of slot: Int, at t: Double) -> LayerState? {
        guard let r = record(slot) else { return nil }
        var s = r.state
        if r.isAnimated { r.applyAnimations(to: &s, localTime: localTime(of: slot, fromGlobal: t)) }
        return s
    }
}
