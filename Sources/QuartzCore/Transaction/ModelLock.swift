import Foundation

/// The lock that guards the model side: layers' model values, sublayer lists, animations and the
/// transaction bookkeeping, for app code on several threads (what `CATransaction.lock()` takes).
/// Recursive, since app code runs under it (actions, layout, display). The render side never takes
/// it: it reads published committed trees.
enum ModelLock {
    static let shared = NSRecursiveLock()
}
