import Synchronization

/// Messages collected from any thread (a test's `LaminaDiagnostics.handler`, which is `@Sendable`
/// and called on the thread that reports), read back by the test.
public final class MessageLog: Sendable {
    private let stored = Mutex<[String]>([])

    /// An empty log.
    public init() {}

    /// The messages so far, in the order appended; setting it replaces them.
    public var messages: [String] {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    /// Appends one message (any thread).
    public func append(_ message: String) { stored.withLock { $0.append(message) } }
}
