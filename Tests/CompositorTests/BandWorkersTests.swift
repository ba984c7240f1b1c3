import XCTest
import Synchronization
@testable import Compositor

/// Set by the SIGUSR2 handler of `testALateHelperDoesNotHoldUpTheCaller` when the helper enters it
/// (a global: a C signal handler captures nothing).
private let helperHeld = Atomic<Bool>(false)

/// `BandWorkers`: every band of every job runs exactly once, on the caller or a helper, whether
/// the helpers were spinning or asleep; jobs never mix; stopping ends the helpers.
final class BandWorkersTests: XCTestCase {
    func testEveryBandRunsExactlyOncePerJob() {
        let workers = BandWorkers(helpers: 3, spin: 0.0002)
        defer { workers.stop() }
        let slots = UnsafeMutableBufferPointer<Int>.allocate(capacity: 16)
        defer { slots.deallocate() }
        nonisolated(unsafe) let counts = slots
        var rng = SystemRandomNumberGenerator()
        for job in 0..<3000 {
            let n = Int.random(in: 1...16, using: &rng)
            counts.initialize(repeating: 0)
            let marker = job
            nonisolated(unsafe) var wrong = 0
            let slow = job % 10 == 0
            workers.run(n) { b in
                // Some jobs' bands take a while: a run that returned before every band was done would show a 0.
                if slow { usleep(100) }
                counts[b] += 1
                if marker != job { wrong += 1 }
            }
            XCTAssertEqual(Array(counts.prefix(n)), [Int](repeating: 1, count: n), "job \(job)")
            XCTAssertEqual(Array(counts.dropFirst(n)), [Int](repeating: 0, count: 16 - n), "no band past the count")
            XCTAssertEqual(wrong, 0)
            // Now and then the helpers fall asleep between jobs and must be woken.
            if job % 500 == 0 { usleep(3000) }
        }
    }

    func testBandsRunOnMoreThanOneThread() {
        let workers = BandWorkers(helpers: 1, spin: 0.01)
        defer { workers.stop() }
        let caller = pthread_self()
        let others = Atomic<Int>(0)
        for _ in 0..<50 {
            workers.run(8) { _ in
                usleep(200)
                if pthread_equal(pthread_self(), caller) == 0 { others.add(1, ordering: .relaxed) }
            }
        }
        XCTAssertGreaterThan(others.load(ordering: .relaxed), 0, "the helper took bands")
    }

    /// Band 0 is always the caller's (the bands balanced by when they finish keep their thread),
    /// whether the helpers were spinning or asleep; the others go to the helpers or the caller.
    func testBandZeroRunsOnTheCaller() {
        let workers = BandWorkers(helpers: 2, spin: 0.001)
        defer { workers.stop() }
        let caller = pthread_self()
        let elsewhere = Atomic<Int>(0)
        for job in 0..<400 {
            workers.run(1 + job % 4) { b in
                if b == 0 && pthread_equal(pthread_self(), caller) == 0 { elsewhere.add(1, ordering: .relaxed) }
            }
            if job % 100 == 0 { usleep(3000) }
        }
        XCTAssertEqual(elsewhere.load(ordering: .relaxed), 0, "band 0 ran on a helper")
    }

    func testStoppingEndsTheHelpers() {
        for _ in 0..<30 {
            let workers = BandWorkers(helpers: 2)
            workers.run(4) { _ in }
            workers.stop()
        }
    }

    /// A job's `idle` runs on threads with no band left while another band is drawn, never after
    /// `run` returns (jobs never mix).
    func testIdleRunsWhileABandIsDrawnAndNotAfter() {
        let workers = BandWorkers(helpers: 2, spin: 0.001, idleSpin: 0.05)
        defer { workers.stop() }
        let calls = Atomic<Int>(0), open = Atomic<Bool>(false), late = Atomic<Int>(0)
        for job in 0..<40 {
            open.store(true, ordering: .relaxed)
            workers.run(3, idle: {
                if !open.load(ordering: .relaxed) { late.add(1, ordering: .relaxed) }
                calls.add(1, ordering: .relaxed)
                return false
            }) { b in
                // One slow band (a different one each job), the others quick.
                if b == job % 3 { usleep(2000) }
            }
            open.store(false, ordering: .relaxed)
        }
        usleep(5000)
        XCTAssertGreaterThan(calls.load(ordering: .relaxed), 0, "threads with no band left called idle")
        XCTAssertEqual(late.load(ordering: .relaxed), 0, "idle called after run returned")
    }

    /// `run` says how many bands the caller drew: the ones that ran on its thread.
    func testRunCountsTheCallersBands() {
        let workers = BandWorkers(helpers: 2, spin: 0.0005)
        defer { workers.stop() }
        let caller = pthread_self()
        var helped = 0
        for job in 0..<600 {
            let n = 1 + job % 5
            let here = Atomic<Int>(0)
            let own = workers.run(n) { _ in
                if job % 3 == 0 { usleep(50) }
                if pthread_equal(pthread_self(), caller) != 0 { here.add(1, ordering: .relaxed) }
            }
            XCTAssertEqual(own, here.load(ordering: .relaxed), "job \(job)")
            XCTAssertGreaterThanOrEqual(own, 1)
            if own < n { helped += 1 }
            if job % 150 == 0 { usleep(3000) }
        }
        XCTAssertGreaterThan(helped, 0, "helpers drew bands")
    }

    /// A helper held off its core (here: stuck in a signal handler for a second) does not hold up
    /// `run`: the caller draws every band and returns, job after job, and the helper takes bands again
    /// once it runs.
    func testALateHelperDoesNotHoldUpTheCaller() {
        let workers = BandWorkers(helpers: 1, spin: 0.01)
        defer { workers.stop() }
        let caller = pthread_self()
        let helperThread = Atomic<UInt>(0)
        for _ in 0..<2000 where helperThread.load(ordering: .relaxed) == 0 {
            workers.run(4) { _ in
                usleep(200)
                if pthread_equal(pthread_self(), caller) == 0 { helperThread.store(UInt(pthread_self()), ordering: .relaxed) }
            }
        }
        let helper = pthread_t(helperThread.load(ordering: .relaxed))
        XCTAssertNotEqual(helper, 0, "the helper took a band")
        helperHeld.store(false, ordering: .relaxed)
        let previous = signal(SIGUSR2) { _ in
            helperHeld.store(true, ordering: .releasing)
            var t = timespec(tv_sec: 1, tv_nsec: 0)
            nanosleep(&t, nil)
        }
        defer { _ = signal(SIGUSR2, previous) }
        XCTAssertEqual(pthread_kill(helper, SIGUSR2), 0)
        // Wait until the helper is in the handler (not a fixed sleep: a loaded machine may be slow to deliver).
        for _ in 0..<10_000 where !helperHeld.load(ordering: .acquiring) { usleep(1000) }
        XCTAssertTrue(helperHeld.load(ordering: .acquiring), "the helper entered the handler")
        let started = DispatchTime.now().uptimeNanoseconds
        for job in 0..<50 {
            let own = workers.run(2) { _ in }
            XCTAssertEqual(own, 2, "job \(job): the caller drew both bands")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) * 1e-9
        XCTAssertLessThan(seconds, 0.5, "run waited for the stuck helper")
        usleep(1_100_000)
        var helped = false
        for _ in 0..<200 where !helped {
            helped = workers.run(4) { _ in usleep(200) } < 4
        }
        XCTAssertTrue(helped, "the helper takes bands again")
    }
}
