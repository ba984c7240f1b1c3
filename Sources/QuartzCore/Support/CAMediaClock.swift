import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The media clock behind CACurrentMediaTime(). By default it reads a monotonic clock through
/// `timeBase` (the identity unless a window's time controls paused or slowed it); setting
/// `manualTime` switches every reader to that virtual time (tests, headless rendering, recording).
public enum CAMediaClock {
    /// `manualTime` and `timeBase`, for every thread.
    private static let state = Mutex<(manual: CFTimeInterval?, timeBase: MediaTimeBase)>((nil, MediaTimeBase()))

    /// When non-nil, CACurrentMediaTime() returns this value instead of reading the clock.
    public static var manualTime: CFTimeInterval? {
        get { state.withLock { $0.manual } }
        set { state.withLock { $0.manual = newValue } }
    }

    /// How media time follows the monotonic clock when `manualTime` is nil (Lamina): the identity by
    /// default; a window's time controls pause it, step it and change its rate. Under `manualTime`
    /// a window with virtual time applies it to its own virtual host clock instead.
    public static var timeBase: MediaTimeBase {
        get { state.withLock { $0.timeBase } }
        set { state.withLock { $0.timeBase = newValue } }
    }

    /// Changes `timeBase` in one step (no other thread changes it in between) and returns the result.
    @discardableResult
    public static func updateTimeBase(_ change: (inout MediaTimeBase) -> Void) -> MediaTimeBase {
        state.withLock { s in
            change(&s.timeBase)
            return s.timeBase
        }
    }

    /// Media time on the system clock: the monotonic clock through `timeBase`, whatever
    /// `manualTime` says (Lamina).
    public static func systemMediaTime() -> CFTimeInterval {
        let host = monotonicSeconds()
        return timeBase.mediaTime(atHost: host)
    }

    /// Advances manual time by `dt` seconds (starting from the monotonic clock's value if unset).
    public static func advance(by dt: CFTimeInterval) {
        state.withLock { $0.manual = ($0.manual ?? monotonicSeconds()) + dt }
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

/// The current media time in seconds: the monotonic clock through `CAMediaClock.timeBase` (the
/// identity unless a window's time controls paused or slowed it), or CAMediaClock.manualTime when set.
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.manualTime ?? CAMediaClock.systemMediaTime()
}
