import Foundation

/// Model-side state shared by app threads, reachable only through `withLock`, which holds the
/// process-wide recursive `ModelLock` (what `CATransaction.lock()` takes) around each access. The
/// state is an object, not an `inout` value, because code under the lock calls back into it: app
/// code run by a delivery or a display can add animations, which registers with the same state.
///
/// Threads: any app thread, one at a time (the lock); the render side never touches it.
final class ModelLocked<State: AnyObject>: @unchecked Sendable {  // unchecked: `state` is reached only inside `withLock`, under ModelLock (an NSRecursiveLock, which the checker cannot see as it sees a Mutex)
    private let state: State

    /// Wraps `state`, which no other reference may keep.
    init(_ state: State) { self.state = state }

    /// Runs `body` with the state, holding `ModelLock` (taken again if this thread holds it).
    func withLock<Result>(_ body: (State) throws -> Result) rethrows -> Result {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        return try body(state)
    }
}
