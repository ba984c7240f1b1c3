import Foundation
import Synchronization
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Turns a test that never ends into a failure that names it: an XCTest observer notes each test
/// as it starts and ends, and a watch thread ends the process when one test has run longer than
/// the limit, printing "HANG: <test> has run for N s" to standard error (exit status 70). A hang
/// used to run the suite for 20 minutes before anything said so.
///
/// The limit is 60 s of real time, or `LAMINA_TEST_HANG_SECONDS` (0 turns the watch off, e.g.
/// under a debugger). Real time is used only here, as a hang detector with headroom far beyond
/// any test's length, never as a limit on how fast something must be.
///
/// Started once per process when the test binary loads (`Tests/SupportHooks/hooks.c`), so it
/// covers every test target. Threads: XCTest's thread writes `running` through the observer,
/// the watch thread reads it; both under its `Mutex`.
public final class TestHangWatch: NSObject, XCTestObservation, Sendable {
    /// The test running now and when it started (monotonic seconds).
    private let running = Mutex<(name: String, started: Double)?>(nil)
    /// The limit in seconds.
    public let limit: Double

    /// The watch of this process (nil until started, or when turned off).
    public static let shared: TestHangWatch? = {
        let limit = TestHangWatch.limit(from: ProcessInfo.processInfo.environment["LAMINA_TEST_HANG_SECONDS"])
        guard limit > 0 else { return nil }
        let watch = TestHangWatch(limit: limit)
        XCTestObservationCenter.shared.addTestObserver(watch)
        let thread = Thread { watch.watch() }
        thread.name = "lamina.test-hang-watch"
        thread.start()
        return watch
    }()

    /// The limit for the environment variable's text: 60 s when unset; a number of seconds (0:
    /// off); otherwise 60 s, with a warning.
    public static func limit(from text: String?) -> Double {
        guard let text else { return 60 }
        guard let v = Double(text), v.isFinite, v >= 0 else {
            FileHandle.standardError.write(Data("LAMINA_TEST_HANG_SECONDS=\(text.debugDescription) is not a number of seconds; the hang limit is 60 s\n".utf8))
            return 60
        }
        return v
    }

    private init(limit: Double) { self.limit = limit }

    /// Notes the test that starts.
    public func testCaseWillStart(_ testCase: XCTestCase) {
        let now = TestHangWatch.now()
        running.withLock { $0 = (testCase.name, now) }
    }

    /// Forgets the test that ended.
    public func testCaseDidFinish(_ testCase: XCTestCase) {
        running.withLock { $0 = nil }
    }

    /// The watch thread: checks twice a second whether the running test is over the limit.
    private func watch() {
        while true {
            usleep(500_000)
            let now = TestHangWatch.now()
            guard let (name, started) = running.withLock({ $0 }), now - started >= limit else { continue }
            TestHangWatch.reportHang(name: name, seconds: now - started, limit: limit)
        }
    }

    /// The message for a hang.
    public static func message(name: String, seconds: Double, limit: Double) -> String {
        "HANG: \(name) has run for \(Int(seconds)) s (the limit is \(limit.formatted()) s: LAMINA_TEST_HANG_SECONDS); ending the test run\n"
    }

    /// Prints the hang straight to standard error and ends the process (no exit handlers: the
    /// hung thread may hold any lock).
    private static func reportHang(name: String, seconds: Double, limit: Double) -> Never {
        let bytes = Array(message(name: name, seconds: seconds, limit: limit).utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        _exit(70)
    }

    /// Monotonic seconds.
    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Starts the hang watch; called from C when the test binary loads.
@_cdecl("lamina_test_hang_watch_start")
public func laminaTestHangWatchStart() {
    _ = TestHangWatch.shared
}
