import Synchronization

/// The stores that follow a root (Lamina): how a commit finds the renderers interested in the
/// layers it committed. A store registers here when it starts following a root (`follow`), and the
/// commit hands each registered store its changes (`publish`); a store that is freed drops out.
///
/// Any thread: the list is behind one mutex, taken after ModelLock in a commit and never while app
/// code or rendering runs. Lock order: ModelLock → this mutex → a store's mutex (CommittedModel's is taken alone).
enum CommittedTreeStores {
    private struct Entry {
        weak var store: CommittedTreeStore?
    }

    private static let registered = Mutex<[Entry]>([])

    /// Makes `store` follow `root` (see `CommittedTreeStore.follow(_:)`); nothing when it already does.
    static func follow(_ store: CommittedTreeStore, root: CommittedTreeStore.Root?) {
        registered.withLock { list in
            list.removeAll { $0.store == nil }
            let known = list.contains { $0.store === store }
            if known && store.root == root { return }
            store.restart(root: root, from: CommittedModel.current)
            if root == nil { list.removeAll { $0.store === store } } else if !known { list.append(Entry(store: store)) }
        }
    }

    /// Publishes a commit into the stores: `changed` are the slots whose records the commit that
    /// made `model` replaced, `freed` the slots of layers freed since the last commit.
    static func publish(changed: [Int], freed: [(slot: Int, generation: UInt32)], model: CommittedTree) {
        registered.withLock { list in
            list.removeAll { $0.store == nil }
            for e in list { e.store?.absorb(changed: changed, freed: freed, model: model) }
        }
    }
}
