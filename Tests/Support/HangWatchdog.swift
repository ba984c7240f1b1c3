import Foundation

/// Turns a hang into a test failure: runs `onHang` (e.g. stopping a window) when `finish()` has
/// not been called within `seconds`. Real time is used only here, as a hang detector with headroom
/// far beyond any machine's speed, never as a limit on how fast something must be.
public final class HangWatchdog: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var fired = false

    /// Starts watching.
    public init(seconds: Double, onHang: @escaping @Sendable () -> Void) {
        Thread { [self] in
            if done.wait(timeout: .now() + seconds) == .timedOut {
                lock.lock(); fired = true; lock.unlock()
                onHang()
            }
        }.start()
    }

    /// Stops watching; true when the watchdog had already fired (a hang).
    @discardableResult
    public func finish() -> Bool {
        done.signal()
        lock.lock(); defer { lock.unlock() }
        return fired
    }
}
