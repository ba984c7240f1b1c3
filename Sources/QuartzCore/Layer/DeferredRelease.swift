import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Frees deep layer trees without recursion. A layer's deinit hands its sublayers, mask and
/// presentation parent to the calling thread's queue instead of releasing them itself: the first
/// deinit on a thread drains the queue in a loop, and the deinits that draining causes only add to
/// the queue. So freeing a chain of 100,000 layers uses a constant amount of stack.
///
/// Owned by one thread each (a thread-local queue): no lock.
final class DeferredRelease {
    private var queue: [AnyObject] = []
    private var draining = false

    private static let slot = ThreadLocalSlot<DeferredRelease>()

    /// The calling thread's queue.
    private static var current: DeferredRelease { slot.value { DeferredRelease() } }

    /// Takes the references in `objects` (leaving it empty, so the caller holds none of them) and
    /// releases them after the outermost deinit on this thread returns.
    static func release(_ objects: inout [AnyObject]) {
        guard !objects.isEmpty else { return }
        let q = current
        q.queue.append(contentsOf: objects)
        objects.removeAll()
        if q.draining { return }
        q.draining = true
        while !q.queue.isEmpty {
            // Dropping the last reference runs that object's deinit, which may add to the queue.
            _ = q.queue.popLast()
        }
        q.draining = false
    }
}
