import Foundation

/// Hands every layer a slot: a small integer naming it in committed trees, with a generation that
/// tells apart layers that reuse a freed slot. Also keeps, for the app side, a weak reference from
/// each slot to its layer (presentation copies are built from committed trees and need the model
/// layer of each copy).
///
/// Shared between threads: layers are created and freed on any thread, commits read the freed
/// slots; everything is guarded by one lock.
final class LayerSlots: @unchecked Sendable {  // unchecked: guarded by `lock`; it holds weak references to layers (not Sendable), so a Mutex could not take them in
    static let shared = LayerSlots()

    private final class WeakLayer { weak var layer: CALayer? }
    private let lock = NSLock()
    private var generations: [UInt32] = []
    private var owners: [WeakLayer] = []
    private var free: [Int] = []
    /// Slots freed since the last commit took them (their records must leave the next tree).
    private var freedSinceCommit: [(slot: Int, generation: UInt32)] = []

    /// A slot for a new layer, and its generation (the layer registers itself with `setOwner` once
    /// it exists).
    func allocate() -> (slot: Int, generation: UInt32) {
        lock.lock(); defer { lock.unlock() }
        let slot: Int
        if let s = free.popLast() {
            slot = s
            generations[s] &+= 1
        } else {
            slot = generations.count
            generations.append(0)
            owners.append(WeakLayer())
        }
        return (slot, generations[slot])
    }

    /// Records the layer that owns `slot` (weakly).
    func setOwner(_ slot: Int, _ layer: CALayer) {
        lock.lock(); owners[slot].layer = layer; lock.unlock()
    }

    /// Frees a slot (the layer's deinit). The next commit removes its record from the tree.
    func release(_ slot: Int) {
        lock.lock(); defer { lock.unlock() }
        guard slot >= 0, slot < owners.count else { return }
        owners[slot].layer = nil
        free.append(slot)
        freedSinceCommit.append((slot, generations[slot]))
    }

    /// The slots freed since the last call, with the generation freed (for the commit that drops
    /// their records: only a record of that generation goes, not a newer layer's in the same slot).
    func takeFreed() -> [(slot: Int, generation: UInt32)] {
        lock.lock(); defer { lock.unlock() }
        let f = freedSinceCommit
        freedSinceCommit = []
        return f
    }

    /// The live model layer in `slot` with `generation`, if any (app side).
    func layer(at slot: Int, generation: UInt32) -> CALayer? {
        lock.lock(); defer { lock.unlock() }
        guard slot >= 0, slot < owners.count, generations[slot] == generation else { return nil }
        return owners[slot].layer
    }
}
