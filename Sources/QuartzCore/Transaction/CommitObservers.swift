import Foundation

/// Counts the commits that changed something and tells observers after each (Lamina): a window that
/// sleeps while nothing changes is woken by the commit that gives it something to draw.
///
/// Shared between threads: commits happen on any app thread, observers are added and removed from
/// any thread; everything is guarded by one lock, and observers are called outside it, on the
/// committing thread.
final class CommitObservers: @unchecked Sendable {
    static let shared = CommitObservers()
    private let lock = NSLock()
    private var observers: [Int: () -> Void] = [:]
    private var nextToken = 0
    private var _count = 0

    /// Commits that changed at least one layer, since the process started.
    var count: Int { lock.lock(); defer { lock.unlock() }; return _count }

    func add(_ block: @escaping () -> Void) -> Int {
        lock.lock(); defer { lock.unlock() }
        nextToken += 1
        observers[nextToken] = block
        return nextToken
    }

    func remove(_ token: Int) { lock.lock(); observers[token] = nil; lock.unlock() }

    func committed() {
        lock.lock()
        _count += 1
        let blocks = Array(observers.values)
        lock.unlock()
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
    public static func addCommitObserver(_ block: @escaping () -> Void) -> Int { CommitObservers.shared.add(block) }

    /// Lamina: stops calling an observer added with `addCommitObserver(_:)`.
    @_spi(LaminaInternal)
    public static func removeCommitObserver(_ token: Int) { CommitObservers.shared.remove(token) }
}
