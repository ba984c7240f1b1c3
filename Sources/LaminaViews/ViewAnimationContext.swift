import Foundation
import QuartzCore

/// The animation block being run, if any (blocks nest; the innermost wins). App code runs blocks on
/// one thread at a time; the stack is guarded so another thread's reads are safe.
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

    private static let lock = NSLock()
    nonisolated(unsafe) private static var stack: [ViewAnimationContext] = []  // unchecked: guarded by `lock`; the contexts (classes the running block fills) are not Sendable, so a Mutex could not take them in

    /// The innermost running block.
    static var current: ViewAnimationContext? { lock.lock(); defer { lock.unlock() }; return stack.last }

    /// Runs `body` with `context` current.
    static func with(_ context: ViewAnimationContext, _ body: () -> Void) {
        lock.lock(); stack.append(context); lock.unlock()
        body()
        lock.lock(); stack.removeLast(); lock.unlock()
    }
}
