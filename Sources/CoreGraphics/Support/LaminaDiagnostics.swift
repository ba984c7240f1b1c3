import Foundation
import Synchronization

/// Lamina's channel for diagnostics about bad data (an unknown key path, a value of the wrong type,
/// keyTimes of the wrong count, NaN values ...). The engine never crashes on bad data: it reports one
/// message here, naming the layer, key path and animation, and falls back to a documented behaviour.
///
/// By default each distinct message is written once to standard error. Tests can install a `handler`
/// to capture messages instead.
public enum LaminaDiagnostics {
    /// The installed reporter, if any (any thread sets it; `report` calls it on the reporting thread).
    private static let installed = Mutex<(@Sendable (String) -> Void)?>(nil)
    /// The distinct messages reported so far (any thread).
    private static let seen = Mutex(Set<String>())
    /// How many distinct messages are remembered for de-duplication.
    package static let remembered = 4096
    /// How many distinct messages are remembered now.
    package static var rememberedCount: Int { seen.withLock { $0.count } }

    /// Replaces the default reporter (stderr, each distinct message once). Set to nil to restore it.
    /// It is called on the thread that reports (any thread: the app thread, a render or decoding
    /// thread), so it is `@Sendable`: collect messages behind a lock (a `Mutex`).
    public static var handler: (@Sendable (String) -> Void)? {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue }; seen.withLock { $0.removeAll() } }
    }

    /// `message` as the default reporter prints it: "lamina: " and the message, quoted input in it
    /// (a key path, a layer's name) shown escaped (`TerminalText`), never acted on.
    package static func printed(_ message: String) -> String { "lamina: " + TerminalText.escapedLines(message) }

    /// Reports one diagnostic message.
    public static func report(_ message: String) {
        if let h = installed.withLock({ $0 }) {
            h(message)
            return
        }
        // Remembered messages are bounded: past `remembered`, the set starts again (a long run of
        // distinct bad values may repeat a message then, but never grows memory without end).
        let fresh = seen.withLock { seen in
            if seen.count >= remembered { seen.removeAll(keepingCapacity: true) }
            return seen.insert(message).inserted
        }
        if fresh {
            FileHandle.standardError.write(Data((printed(message) + "\n").utf8))
        }
    }
}
