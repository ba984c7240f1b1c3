import Foundation
import Synchronization

/// Turns a hang into a test failure: runs `onHang` (e.g. stopping a window) when `finish()` has
/// not been called within `seconds`. Real time is used only here, as a hang detector with headroom
/// far beyond any machine's speed, never as a limit on how fast something must be.
///
/// Threads: the watching thread and the test's thread share only `done` (a semaphore) and
/// `fired` (behind a `Mutex`).
public final class HangWatchdog: Sendable {
    /// The limit for a window run in a test. It stays under the CI harness's 60 s limit on one
    /// test, so that a hang shows as the test's own message and the window is stopped, rather than
    /// as the harness killing the whole run; these runs take well under a second on any machine.
    public static let windowRunSeconds: Double = 45

    private let done = DispatchSemaphore(value: 0)
    private let fired = Mutex(false)

    /// Starts watching.
    public init(seconds: Double, onHang: @escaping @Sendable () -> Void) {
        Thread { [self] in
            if done.wait(timeout: .now() + seconds) == .timedOut {
                fired.withLock { $0 = true }
                onHang()
            }
        }.start()
    }

    /// Stops watching; true when the watchdog had already fired (a hang).
    @discardableResult
    public func finish() -> Bool {
        done.signal()
        return fired.withLock { $0 }
    }
}
