import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The media clock behind CACurrentMediaTime(). By default it reads a monotonic clock; setting
/// `manualTime` switches every reader to that virtual time (tests, headless rendering, recording).
public enum CAMediaClock {
    nonisolated(unsafe) private static var _manual: CFTimeInterval?
    private static let lock = NSLock()

    /// When non-nil, CACurrentMediaTime() returns this value instead of reading the clock.
    public static var manualTime: CFTimeInterval? {
        get { lock.lock(); defer { lock.unlock() }; return _manual }
        set { lock.lock(); _manual = newValue; lock.unlock() }
    }

    /// Advances manual time by `dt` seconds (starting from the monotonic clock's value if unset).
    public static func advance(by dt: CFTimeInterval) {
        lock.lock(); defer { lock.unlock() }
        _manual = (_manual ?? monotonicSeconds()) + dt
    }

    /// Seconds from the system's monotonic clock, whatever `manualTime` says (Lamina): the clock a
    /// window's frames are predicted on, and the one for measuring how long work takes; media time
    /// is `CACurrentMediaTime()`.
    public static func monotonicSeconds() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) * 1e-9
    }
}

/// The current media time in seconds: the monotonic clock, or CAMediaClock.manualTime when set.
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.manualTime ?? CAMediaClock.monotonicSeconds()
}
