import Foundation
import Synchronization

extension CALayer {
    /// The last number given to an animation added without a key (any thread).
    static let anonymousKeyCounter = Atomic<Int>(0)

    func addAnimation(_ anim: CAAnimation, forKey key: String?) {
        precondition(!isPresentationCopy, "CALayer.add(_:forKey:): animations cannot be added to a presentation layer; add them to model()")
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        let copy = anim.layerCopy()
        // As on Apple, an animation that sets no duration takes the transaction's animationDuration
        // when the transaction (or one it is nested in) sets one.
        if !(copy.duration > 0), let d = CATransactionStack.current.explicitAnimationDuration { copy.duration = d }
        let isTransition = copy is CATransition
        var k = isTransition ? kCATransition : (key ?? "")
        let anonymous = !isTransition && key == nil
        if anonymous { k = "_anonymous_\(CALayer.anonymousKeyCounter.add(1, ordering: .relaxed).newValue)" }
        copy.prepare(for: self, key: k)
        copy.freeze()
        if let i = animationEntries.firstIndex(where: { $0.key == k }) {
            let old = animationEntries.remove(at: i)
            AnimationRuntime.shared.stopped(old, finished: false)
        }
        let entry = AnimationEntry(key: k, isAnonymous: anonymous, animation: copy)
        if isTransition {
            entry.transitionFrom = LayerStateBox(isCommitted ? presentationState(at: CACurrentMediaTime()) : state)
        }
        let tx = CATransactionStack.current
        entry.groups = tx.openCompletionGroups
        for g in entry.groups { g.pending += 1 }
        animationEntries.append(entry)
        if !AnimatedDisplay.displayKeyPaths(of: self).isEmpty { AnimatedDisplay.shared.register(self) }
        tx.markDirty(self)
    }

    func removeAnimations(where predicate: (AnimationEntry) -> Bool) {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        let removed = animationEntries.filter(predicate)
        guard !removed.isEmpty else { return }
        animationEntries.removeAll(where: predicate)
        for e in removed { AnimationRuntime.shared.stopped(e, finished: false) }
        CATransactionStack.current.markDirty(self)
    }
}
