import Foundation
import Synchronization

/// Counts the commits that changed something and tells observers after each (Lamina): a window that
/// sleeps while nothing changes is woken by the commit that gives it something to draw.
///
/// Shared between threads: commits happen on any app thread, observers are added and removed from
/// any thread; everything is behind one mutex, and observers are called outside it, on the
/// committing thread.
final class CommitObservers: Sendable {
    static let shared = CommitObservers()
    /// The observers by token, the last token given and the count of changing commits.
    private struct State {
        var observers: [Int: @Sendable () -> Void] = [:]
        var nextToken = 0
        var count = 0
    }
    private let state = Mutex(State())

    /// Commits that changed at least one layer, since the process started.
    var count: Int { state.withLock { $0.count } }

    func add(_ block: @escaping @Sendable () -> Void) -> Int {
        state.withLock { s in
            s.nextToken += 1
            s.observers[s.nextToken] = block
            return s.nextToken
        }
    }

    func remove(_ token: Int) { state.withLock { $0.observers[token] = nil } }

    func committed() {
        let blocks = state.withLock { s in
            s.count += 1
            return Array(s.observers.values)
        }
        for b in blocks { b() }
    }
}

extension CATransaction {
    /// Lamina: the number of commits so far that changed at least one layer. A host compares it
    /// with the value at its last frame to know whether there is anything new to draw.
    @_spi(LaminaInternal)
    public static var changingCommitCount: Int { CommitObservers.shared.count }

    /// Lamina: calls `block` after every commit that changed a layer, on the committing thread
    /// (keep it short: hosts use it to wake their render thread). Returns a token for
    /// `removeCommitObserver(_:)`.
    @_spi(LaminaInternal)
    public static func addCommitObserver(_ block: @escaping @Sendable () -> Void) -> Int { CommitObservers.shared.add(block) }

    /// Lamina: stops calling an observer added with `addCommitObserver(_:)`.
    @_spi(LaminaInternal)
    public static func removeCommitObserver(_ token: Int) { CommitObservers.shared.remove(token) }
}
