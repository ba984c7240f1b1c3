import XCTest
@testable import lamina

/// The CPU-time reader behind `lamina bench idle`.
final class ProcessCPUTimeTests: XCTestCase {
    func testUserAndSystemTimeAreFieldsFourteenAndFifteenAfterTheCommandName() {
        // A command name with a space and a parenthesis; utime 250 and stime 50 ticks at 100 Hz: 3 s.
        let stat = "4242 (lamina (x) y) S 1 4242 4242 0 -1 4194304 1200 0 0 0 250 50 0 0 20 0 3 0 100 0 0"
        XCTAssertEqual(ProcessCPUTime.parse(stat: stat, ticksPerSecond: 100), 3)
        XCTAssertNil(ProcessCPUTime.parse(stat: "4242 (lamina) S 1", ticksPerSecond: 100), "too few fields")
        XCTAssertNil(ProcessCPUTime.parse(stat: stat, ticksPerSecond: 0))
    }

    func testThisProcessHasUsedSomeCPU() throws {
        let t = try XCTUnwrap(ProcessCPUTime.current())
        XCTAssertGreaterThan(t, 0)
    }
}
