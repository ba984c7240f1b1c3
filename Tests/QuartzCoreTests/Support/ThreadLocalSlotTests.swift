import XCTest
import Foundation
@testable import QuartzCore

/// `ThreadLocalSlot`: each thread gets its own object, made on first use, kept while the thread
/// lives and released when it ends.
final class ThreadLocalSlotTests: XCTestCase {
    final class Box { var n = 0 }

    func testEachThreadHasItsOwnObjectReleasedWhenItEnds() {
        let slot = ThreadLocalSlot<Box>()
        XCTAssertNil(slot.existing, "nothing before the first use")
        let mine = slot.value { Box() }
        mine.n = 7
        XCTAssertTrue(slot.value { Box() } === mine, "the same object on the same thread")
        XCTAssertTrue(slot.existing === mine)

        // Another thread: its own object (not this thread's), released once the thread has ended.
        final class Report: @unchecked Sendable {  // unchecked: written by the thread before `done` is signalled, read after
            weak var object: Box?
            var sawOwn = false
        }
        let report = Report()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let b = slot.value { Box() }
            report.sawOwn = b.n == 0 && slot.existing === b
            report.object = b
            done.signal()
        }
        thread.start()
        done.wait()
        XCTAssertTrue(report.sawOwn, "the other thread made its own object")
        // The thread's key destructor runs as it exits, after `done`: a bounded spin waits for it.
        var spins = 0
        while report.object != nil && spins < 10_000_000 { spins += 1; sched_yield() }
        XCTAssertNil(report.object, "the other thread's object was released when it ended")
        XCTAssertEqual(slot.existing?.n, 7, "this thread's object is untouched")
    }
}
