import XCTest
import Foundation
import Synchronization
@testable import SDLHost

/// The overlap thread: its job runs at the same time as the owner's own work, jobs run one at a
/// time in order, `run` returns only once the job has ended, and `shutdown()` joins the thread.
final class OverlapThreadTests: XCTestCase {
    func testTheJobRunsWhileTheOwnerWorksInOrderAndShutdownJoins() {
        let before = OverlapThread.alive
        let thread = OverlapThread(name: "lamina.test.overlap")
        XCTAssertEqual(OverlapThread.alive, before + 1)
        let log = Mutex<[String]>([])
        for n in 0..<20 {
            // The job can end only once the owner's work has started, and the owner's work only once
            // the job has started: both run at once, or this times out.
            let jobStarted = DispatchSemaphore(value: 0), ownerStarted = DispatchSemaphore(value: 0)
            let waits = Mutex(0)
            thread.run({
                jobStarted.signal()
                if ownerStarted.wait(timeout: .now() + 5) == .timedOut { waits.withLock { $0 += 1 } }
                usleep(UInt32(200 * (n % 3)))
                log.withLock { $0.append("job \(n)") }
            }, while: {
                ownerStarted.signal()
                if jobStarted.wait(timeout: .now() + 5) == .timedOut { waits.withLock { $0 += 1 } }
                log.withLock { $0.append("owner \(n)") }
            })
            XCTAssertEqual(waits.withLock { $0 }, 0, "job \(n) and the owner's work ran at once")
            // `run` returned: the job has ended.
            XCTAssertTrue(log.withLock { $0 }.contains("job \(n)"), "run returned before job \(n) ended")
            XCTAssertEqual(thread.jobsFinished, n + 1)
        }
        let jobs = log.withLock { $0 }.filter { $0.hasPrefix("job") }
        XCTAssertEqual(jobs, (0..<20).map { "job \($0)" }, "every job once, in order")
        XCTAssertFalse(thread.hasExited)
        thread.shutdown()
        XCTAssertTrue(thread.hasExited, "shutdown() returns once the thread has ended")
        XCTAssertEqual(OverlapThread.alive, before)
        thread.shutdown()
    }

    func testAThreadShutDownWithoutJobsEnds() {
        let before = OverlapThread.alive
        let thread = OverlapThread(name: "lamina.test.idle")
        thread.shutdown()
        XCTAssertTrue(thread.hasExited)
        XCTAssertEqual(thread.jobsFinished, 0)
        XCTAssertEqual(OverlapThread.alive, before)
    }
}
