import Foundation
import Synchronization

/// Hands every layer a slot: a small integer naming it in committed trees, with a generation that
/// tells apart layers that reuse a freed slot. Also keeps, for the app side, a weak reference from
/// each slot to its layer (presentation copies are built from committed trees and need the model
/// layer of each copy).
///
/// A new layer takes the lowest free slot, so slot numbers stay as low as the layers alive allow:
/// every store of committed records (one for each `CARenderer` and window) is an array indexed by
/// slot, made whole when it starts on a root and freed whole with it. Taking the slot freed last
/// instead, after a moment with many layers (a big scene, freed in the order it was made) every
/// later layer took a slot near that peak and every new renderer built and freed an array that
/// long: thousands of renderers in a test run took minutes.
///
/// Shared between threads: layers are created and freed on any thread, commits read the freed
/// slots; everything is in one mutex. The owners are weak references (`WeakReference`), loaded
/// only by `layer(at:generation:)` on the app side, which uses model layers under `ModelLock`.
final class LayerSlots: Sendable {
    static let shared = LayerSlots()

    private struct State {
        var generations: [UInt32] = []
        var owners: [WeakReference<CALayer>?] = []
        /// The free slots: bit s & 63 of word s >> 6 set for each (a bitset keeps the lowest at
        /// hand with no dependency: swift-collections' Heap would need the CMake build to fetch and
        /// build that package too).
        var freeBits: [UInt64] = []
        var freeCount = 0
        /// No free slot lies below word `lowestWord` of `freeBits`.
        var lowestWord = 0

        /// The lowest free slot, taken (nil when none is free).
        mutating func takeLowestFree() -> Int? {
            guard freeCount > 0 else { return nil }
            var w = lowestWord
            while freeBits[w] == 0 { w += 1 }
            let bit = freeBits[w].trailingZeroBitCount
            freeBits[w] &= freeBits[w] - 1
            freeCount -= 1
            lowestWord = w
            return w << 6 | bit
        }

        /// Marks `slot` free; false when it was free already.
        mutating func markFree(_ slot: Int) -> Bool {
            let w = slot >> 6, mask: UInt64 = 1 << UInt64(slot & 63)
            if w >= freeBits.count { freeBits.append(contentsOf: repeatElement(0, count: w - freeBits.count + 1)) }
            guard freeBits[w] & mask == 0 else { return false }
            freeBits[w] |= mask
            freeCount += 1
            lowestWord = min(lowestWord, w)
            return true
        }

        /// Slots freed since the last commit took them (their records must leave the next tree).
        var freedSinceCommit: [(slot: Int, generation: UInt32)] = []
    }
    private let state = Mutex(State())

    /// A slot for a new layer, and its generation (the layer registers itself with `setOwner` once
    /// it exists).
    func allocate() -> (slot: Int, generation: UInt32) {
        state.withLock { s in
            let slot: Int
            if let f = s.takeLowestFree() {
                slot = f
                s.generations[f] &+= 1
            } else {
                slot = s.generations.count
                s.generations.append(0)
                s.owners.append(nil)
            }
            return (slot, s.generations[slot])
        }
    }

    /// Records the layer that owns `slot` (weakly).
    func setOwner(_ slot: Int, _ layer: CALayer) {
        let owner = WeakReference(layer)
        state.withLock { $0.owners[slot] = owner }
    }

    /// Frees a slot (the layer's deinit). The next commit removes its record from the tree.
    func release(_ slot: Int) {
        state.withLock { s in
            guard slot >= 0, slot < s.owners.count, s.markFree(slot) else { return }
            s.owners[slot] = nil
            s.freedSinceCommit.append((slot, s.generations[slot]))
        }
    }

    /// The slots freed since the last call, with the generation freed (for the commit that drops
    /// their records: only a record of that generation goes, not a newer layer's in the same slot).
    func takeFreed() -> [(slot: Int, generation: UInt32)] {
        state.withLock { s in
            defer { s.freedSinceCommit = [] }
            return s.freedSinceCommit
        }
    }

    /// The live model layer in `slot` with `generation`, if any (app side).
    func layer(at slot: Int, generation: UInt32) -> CALayer? {
        let owner = state.withLock { s -> WeakReference<CALayer>? in
            guard slot >= 0, slot < s.owners.count, s.generations[slot] == generation else { return nil }
            return s.owners[slot]
        }
        return owner?.object
    }
}
