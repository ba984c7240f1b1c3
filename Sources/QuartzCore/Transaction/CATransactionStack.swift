import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One thread's stack of transactions. The bottom level may be the implicit transaction, created
/// by the first layer change made outside an explicit one and committed by flush() or the host's
/// frame loop. Changes collect in the outermost transaction and take effect together when it commits.
final class CATransactionStack {
    /// One begin/commit level (or the implicit transaction).
    final class Level {
        let isImplicit: Bool
        var values: [String: Any] = [:]
        var completion: CompletionGroup?
        /// Completion groups of blocks replaced by a later setCompletionBlock in this level; they
        /// still wait for the animations added while they were set.
        var replacedCompletions: [CompletionGroup] = []
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    var levels: [Level] = []
    /// Layers changed in the outermost transaction, in first-change order.
    var dirty: [CALayer] = []
    var dirtyIDs = Set<ObjectIdentifier>()
    /// Completion groups of the outermost transaction (and its nested ones).
    var groups: [CompletionGroup] = []

    private static let slot = ThreadLocalSlot<CATransactionStack>()

    /// The calling thread's stack.
    static var current: CATransactionStack { slot.value { CATransactionStack() } }

    /// Records that `layer` changed in the current transaction (creating the implicit one if needed).
    func markDirty(_ layer: CALayer) {
        if levels.isEmpty { levels.append(Level(isImplicit: true)) }
        if dirtyIDs.insert(ObjectIdentifier(layer)).inserted { dirty.append(layer) }
    }

    /// Layers whose superlayer or mask owner was freed, held weakly: those still alive at the next
    /// commit are committed again (their records must stop naming the freed slot).
    private var orphans: [WeakOrphan] = []
    private final class WeakOrphan { weak var layer: CALayer?; init(_ l: CALayer) { layer = l } }

    /// Notes an orphan (see `orphans`) and makes sure a commit follows.
    func noteOrphan(_ layer: CALayer) {
        orphans.append(WeakOrphan(layer))
        requestCommit()
    }

    /// Makes sure a commit follows (creating the implicit transaction if none is open): a freed
    /// layer's record leaves the published tree at that commit.
    func requestCommit() {
        if levels.isEmpty { levels.append(Level(isImplicit: true)) }
    }

    /// The value for `key` set in the innermost level that set it.
    func value(forKey key: String) -> Any? {
        for l in levels.reversed() { if let v = l.values[key] { return v } }
        return nil
    }

    /// Sets `key` in the innermost level (creating the implicit transaction if none is open).
    func setValue(_ v: Any?, forKey key: String) {
        if levels.isEmpty { levels.append(Level(isImplicit: true)) }
        levels[levels.count - 1].values[key] = v
    }

    var disableActions: Bool { (value(forKey: kCATransactionDisableActions) as? Bool) ?? false }

    var animationDuration: CFTimeInterval {
        LayerValue.number(value(forKey: kCATransactionAnimationDuration)).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0.25
    }

    /// The animationDuration set by an open transaction, nil when none set one.
    var explicitAnimationDuration: CFTimeInterval? {
        LayerValue.number(value(forKey: kCATransactionAnimationDuration)).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    var animationTimingFunction: CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// The completion block read back by CATransaction.completionBlock(): like every transaction
    /// property, that of the innermost open transaction that has one (a nested transaction sees
    /// its outer one's block until it sets its own).
    var currentCompletionBlock: (() -> Void)? {
        for l in levels.reversed() { if let g = l.completion { return g.block } }
        return nil
    }

    /// The completion groups that animations added now must join (every open level that has one).
    var openCompletionGroups: [CompletionGroup] { levels.compactMap { $0.completion } }

    func begin() { levels.append(Level(isImplicit: false)) }

    /// Pops one level; when it was the outermost, commits everything.
    func commit() {
        guard let top = levels.popLast() else {
            LaminaDiagnostics.report("CATransaction.commit() without a matching begin(); ignored")
            return
        }
        groups.append(contentsOf: top.replacedCompletions)
        if let g = top.completion { groups.append(g) }
        if levels.isEmpty { commitAll() }
    }

    /// Commits the implicit transaction if it is the only open one.
    func commitImplicit() {
        if levels.count == 1 && levels[0].isImplicit { commit() }
    }

    /// Applies the outermost transaction: lays out and displays the changed layers, starts the new
    /// animations together at the commit time, publishes a new committed tree with the changed
    /// layers' records, and arms the completion blocks.
    private func commitAll() {
        ModelLock.shared.lock()
        var rounds = 0
        var processed = 0
        // Layout and display may change more layers; they join this commit.
        while processed < dirty.count && rounds < 8 {
            let batch = dirty[processed...]
            processed = dirty.count
            rounds += 1
            // Parents before children (Apple: layout runs top-down), each marked layer once.
            var depths: [ObjectIdentifier: Int] = [:]
            let needing = batch.filter { $0.needsLayoutFlag }.map { (CALayer.depth(of: $0, memo: &depths), $0) }
            for (_, l) in needing.sorted(by: { $0.0 < $1.0 }) where l.needsLayoutFlag { l.layoutSubtreeIfNeeded() }
            for l in batch where l.needsDisplayFlag { l.displayIfNeeded() }
        }
        for o in orphans { if let l = o.layer, dirtyIDs.insert(ObjectIdentifier(l)).inserted { dirty.append(l) } }
        orphans = []
        let layers = dirty
        let finishedGroups = groups
        dirty = []; dirtyIDs = []; groups = []
        let now = CACurrentMediaTime()
        // The new animations start together, at the commit's time in each layer's time (the model
        // chain of a changed layer is what this commit publishes).
        for l in layers {
            var started = false
            var localNow: Double?
            for e in l.animationEntries where e.beginTime == nil {
                if e.animation.beginTime == 0 {
                    if localNow == nil { localNow = l.modelLocalTime(fromGlobal: now) }
                    e.beginTime = localNow
                    // As on Apple, the stored copy then reports its actual begin time.
                    e.animation.beginTime = localNow!
                } else {
                    e.beginTime = e.animation.beginTime
                }
                started = true
            }
            if started || !l.animationEntries.isEmpty { AnimationRuntime.shared.register(l) }
        }
        // The new tree: the previous one with the changed layers' records replaced and the freed
        // layers' records gone, published in one swap; then into the stores of the renderers whose
        // trees it changed.
        let previous = CommittedModel.current
        var slots = previous.layers
        let freed = LayerSlots.shared.takeFreed()
        for (s, generation) in freed where s < slots.count && slots[s]?.generation == generation {
            slots[s] = nil
        }
        for l in layers {
            let r = l.makeCommittedRecord()
            l.committedRecord = r
            if l.slot >= slots.count { slots.append(contentsOf: repeatElement(nil, count: l.slot - slots.count + 1)) }
            slots[l.slot] = r
        }
        let model = CommittedTree(layers: slots, generation: previous.generation + 1)
        CommittedModel.publish(model)
        CommittedTreeStores.publish(changed: layers.map(\.slot), freed: freed, model: model)
        for g in finishedGroups { g.committed = true }
        AnimationRuntime.shared.track(finishedGroups)
        ModelLock.shared.unlock()
        if !layers.isEmpty { CommitObservers.shared.committed() }
    }
}
