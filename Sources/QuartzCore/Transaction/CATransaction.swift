import Foundation

/// The key of a transaction's animation duration.
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of a transaction's disable-actions flag.
public let kCATransactionDisableActions = "disableActions"
/// The key of a transaction's animation timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of a transaction's completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// Batches layer-tree changes into atomic updates (Apple's `CATransaction`). Each thread has its own
/// stack of transactions; a change outside any explicit transaction opens the implicit one, which
/// the host's frame loop (or flush()) commits. Nested begin/commit pairs take effect when the
/// outermost commits: then the changed layers' values reach the presentation and every animation
/// added in the transaction starts at the same time.
open class CATransaction: NSObject {
    /// Begins a new transaction on the calling thread (nested in any open one).
    open class func begin() {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        CATransactionStack.current.begin()
    }

    /// Commits the innermost transaction; changes apply when the outermost one commits.
    open class func commit() {
        ModelLock.shared.lock()
        CATransactionStack.current.commit()
        ModelLock.shared.unlock()
    }

    /// Commits the implicit transaction (when no explicit one is open on this thread) and then delivers
    /// everything due as of CACurrentMediaTime(): animationDidStart and animationDidStop(_:finished:)
    /// calls, removal of finished animations whose isRemovedOnCompletion is true, completion blocks.
    /// Changes those callbacks make are committed before flush returns (as the run loop would at the
    /// end of the same iteration), so their animations start at the same media time.
    open class func flush() {
        ModelLock.shared.lock()
        CATransactionStack.current.commitImplicit()
        ModelLock.shared.unlock()
        AnimationRuntime.shared.deliver(now: CACurrentMediaTime())
        ModelLock.shared.lock()
        CATransactionStack.current.commitImplicit()
        ModelLock.shared.unlock()
    }

    /// Lamina: commits the calling thread's implicit transaction when it is the only one open (what
    /// the run loop does at the end of each turn), without delivering anything. The frame scheduler's
    /// commit phase.
    @_spi(LaminaInternal)
    public class func commitImplicitTransaction() {
        ModelLock.shared.lock()
        CATransactionStack.current.commitImplicit()
        // Layers animating keys that need display are drawn from the tree just published.
        if AnimatedDisplay.shared.update(at: CACurrentMediaTime()) { CATransactionStack.current.commitImplicit() }
        ModelLock.shared.unlock()
    }

    /// Takes the global layer-tree lock (recursive), so that values read stay consistent until unlock().
    open class func lock() { ModelLock.shared.lock() }

    /// Releases the lock taken by lock().
    open class func unlock() { ModelLock.shared.unlock() }

    /// The duration of implicit animations in the current transaction (default 0.25 s).
    open class func animationDuration() -> CFTimeInterval {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        return CATransactionStack.current.animationDuration
    }

    /// Sets the duration of implicit animations in the current transaction.
    open class func setAnimationDuration(_ dur: CFTimeInterval) { setValue(dur, forKey: kCATransactionAnimationDuration) }

    /// The timing function of implicit animations in the current transaction (nil: the default curve).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        return CATransactionStack.current.animationTimingFunction
    }

    /// Sets the timing function of implicit animations in the current transaction.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in the current transaction skip their actions.
    open class func disableActions() -> Bool {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        return CATransactionStack.current.disableActions
    }

    /// Sets whether property changes in the current transaction skip their actions.
    open class func setDisableActions(_ flag: Bool) { setValue(flag, forKey: kCATransactionDisableActions) }

    /// The completion block of the current transaction: the innermost open transaction's that has
    /// one, as every transaction property is read (a nested transaction sees its outer one's).
    open class func completionBlock() -> (() -> Void)? {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        return CATransactionStack.current.currentCompletionBlock
    }

    /// Sets a block run once every animation added to the current transaction after this call has
    /// finished or been removed (once the transaction has committed; right after it when there were none).
    /// Setting another block (or nil) does not cancel this one: as Apple documents, it still runs, once
    /// the animations added while it was set have finished (right after the commit if there were none).
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        let stack = CATransactionStack.current
        if stack.levels.isEmpty { stack.levels.append(.init(isImplicit: true)) }
        let level = stack.levels[stack.levels.count - 1]
        if let g = level.completion { level.replacedCompletions.append(g) }
        level.completion = block.map { CompletionGroup(block: $0) }
    }

    /// The value for `key` in the current transaction (innermost level that set it).
    open class func value(forKey key: String) -> Any? {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        if key == kCATransactionAnimationDuration { return CATransactionStack.current.animationDuration }
        if key == kCATransactionDisableActions { return CATransactionStack.current.disableActions }
        if key == kCATransactionCompletionBlock { return CATransactionStack.current.currentCompletionBlock }
        return CATransactionStack.current.value(forKey: key)
    }

    /// Sets a value for `key` in the current transaction.
    open class func setValue(_ anObject: Any?, forKey key: String) {
        if key == kCATransactionCompletionBlock { setCompletionBlock(anObject as? () -> Void); return }
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        CATransactionStack.current.setValue(anObject, forKey: key)
    }
}
