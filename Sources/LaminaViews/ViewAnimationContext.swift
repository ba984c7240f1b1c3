import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// The animation block being run on this thread, if any (blocks nest; the innermost wins).
///
/// Threads: as Apple's UIView animation blocks and `CATransaction`, blocks are per thread. Each
/// thread has its own stack of running blocks (thread-local storage: a pthread key whose value is
/// the thread's `Stack`, released when the thread ends), so a block running on one thread never
/// changes how another thread's view changes animate. A context and its stack are made, filled and
/// read only by the thread running the block; nothing here is shared, so nothing is locked.
final class ViewAnimationContext {
    enum Kind { case block, pop }
    /// One property changed inside a pop block.
    struct Saved { let layer: CALayer; let keyPath: String; let oldValue: Any? }

    let kind: Kind
    let duration: TimeInterval
    let delay: TimeInterval
    let timing: CAMediaTimingFunction
    var saved: [Saved] = []

    init(kind: Kind, duration: TimeInterval, delay: TimeInterval, timing: CAMediaTimingFunction) {
        self.kind = kind; self.duration = duration; self.delay = delay; self.timing = timing
    }

    /// One thread's running blocks, outermost first (reached only through that thread's key value).
    private final class Stack { var contexts: [ViewAnimationContext] = [] }

    /// Each thread's `Stack`, released when the thread ends.
    private static let slot = ThreadLocalSlot<Stack>()

    /// The calling thread's stack, if it has run a block.
    private static var existingStack: Stack? { slot.existing }

    /// The calling thread's stack, made on its first block.
    private static var stack: Stack { slot.value { Stack() } }

    /// The innermost block running on the calling thread.
    static var current: ViewAnimationContext? { existingStack?.contexts.last }

    /// Runs `body` with `context` current on the calling thread.
    static func with(_ context: ViewAnimationContext, _ body: () -> Void) {
        let s = stack
        s.contexts.append(context)
        defer { s.contexts.removeLast() }
        body()
    }
}
