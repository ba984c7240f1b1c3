import Synchronization

/// Where one renderer takes the committed tree it draws (Lamina): a window's, a `CARenderer`'s.
/// The store follows one root layer; every outermost commit that changes a layer under that root
/// (or one of the root's ancestors, whose timing the root's time derives from) publishes a new tree
/// into it, holding those layers' records. A commit that touches only other trees publishes nothing
/// here, so the renderer sees the same tree, generation and all.
///
/// Any thread: the app side publishes (in the commit) and the render side reads; the state is
/// behind one mutex held only to swap or read, never while app code or rendering runs.
@_spi(LaminaInternal)
public final class CommittedTreeStore: Sendable {
    /// The layer a store follows: its slot and that slot's generation.
    struct Root: Equatable {
        let slot: Int
        let generation: UInt32
    }

    private struct State {
        var tree = CommittedTree.empty
        var root: Root?
    }

    private let state = Mutex(State())

    /// A store that follows no layer yet (see `follow(_:)`).
    public init() {}

    /// The latest tree published into this store.
    public var tree: CommittedTree { state.withLock { $0.tree } }

    /// Makes the store follow `root` (nil: none): when it is a new root, the store is filled at once
    /// with what the latest commit holds of the root's tree, and later commits publish into it.
    /// Any thread.
    public func follow(_ root: CALayer?) {
        CommittedTreeStores.follow(self, root: root.map { Root(slot: $0.slot, generation: $0.slotGeneration) })
    }

    /// The root followed.
    var root: Root? { state.withLock { $0.root } }

    /// Starts following `root`: a tree of its ancestors and subtree as `model` holds them.
    func restart(root: Root?, from model: CommittedTree) {
        state.withLock { s in
            s.root = root
            var sync = TreeSync(slots: [], model: model, root: root)
            sync.copyRootAndAncestors()
            s.tree = CommittedTree(layers: sync.slots, generation: s.tree.generation + 1)
        }
    }

    /// Publishes the records of `changed` (slots the commit that made `model` replaced) that lie
    /// under the root, with what newly entered the root's tree, and drops the freed slots' records.
    func absorb(changed: [Int], freed: [(slot: Int, generation: UInt32)], model: CommittedTree) {
        state.withLock { s in
            var sync = TreeSync(slots: s.tree.layers, model: model, root: s.root)
            sync.drop(freed)
            if s.root != nil {
                for slot in changed where sync.isUnderRoot(slot) { sync.copySubtree(slot) }
                sync.copyAncestors()
            }
            if sync.touched { s.tree = CommittedTree(layers: sync.slots, generation: s.tree.generation + 1) }
        }
    }
}

/// Brings a store's records in line with the committed model for one root: the root's subtree (a
/// record already the model's is not walked into: everything under it was synced when it was put
/// there, since moving a layer changes its own record) and the root's ancestors (their timing).
struct TreeSync {
    private(set) var slots: [CommittedLayer?]
    let model: CommittedTree
    let root: CommittedTreeStore.Root?
    private(set) var touched = false
    /// Whether a slot of the model lies under the root (memo for this commit).
    private var under: [Int: Bool] = [:]

    init(slots: [CommittedLayer?], model: CommittedTree, root: CommittedTreeStore.Root?) {
        self.slots = slots
        self.model = model
        self.root = root
        if let root, model.record(root.slot, generation: root.generation) != nil { under[root.slot] = true }
    }

    /// Puts the model's record `r` in `slot` unless it is there already; whether it did.
    private mutating func put(_ slot: Int, _ r: CommittedLayer) -> Bool {
        if slot < slots.count, slots[slot] === r { return false }
        if slot >= slots.count { slots.append(contentsOf: repeatElement(nil, count: slot - slots.count + 1)) }
        slots[slot] = r
        touched = true
        return true
    }

    /// Removes the records of freed layers.
    mutating func drop(_ freed: [(slot: Int, generation: UInt32)]) {
        for (s, g) in freed where s < slots.count && slots[s]?.generation == g {
            slots[s] = nil
            touched = true
        }
    }

    /// Whether the model's layer in `slot` is the root or lies under it (through superlayers and
    /// mask owners); a chain longer than the tree is a cycle and lies under nothing.
    mutating func isUnderRoot(_ slot: Int) -> Bool {
        var path: [Int] = []
        var s = slot
        var result = false
        while true {
            if let known = under[s] { result = known; break }
            guard let r = model.record(s), path.count <= model.layers.count else { break }
            path.append(s)
            s = r.parent
            if s < 0 { break }
        }
        for p in path { under[p] = result }
        return result
    }

    /// Copies the model's records of `slot` and of what lies under it, down to records already here.
    mutating func copySubtree(_ slot: Int) {
        var stack = [slot]
        var budget = model.layers.count + 1
        while let s = stack.popLast(), budget > 0 {
            budget -= 1
            guard let r = model.record(s), put(s, r) else { continue }
            stack.append(contentsOf: r.sublayers)
            if r.mask >= 0 { stack.append(r.mask) }
        }
    }

    /// Copies the model's records of the root's ancestors where they differ.
    mutating func copyAncestors() {
        guard let root, let r = model.record(root.slot, generation: root.generation) else { return }
        var p = r.parent
        var steps = 0
        while p >= 0, steps <= model.layers.count, let a = model.record(p) {
            _ = put(p, a)
            p = a.parent
            steps += 1
        }
    }

    /// Copies the root's whole subtree and its ancestors (a store starting on a root).
    mutating func copyRootAndAncestors() {
        guard let root, model.record(root.slot, generation: root.generation) != nil else { return }
        copySubtree(root.slot)
        copyAncestors()
    }
}
