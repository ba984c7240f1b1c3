import XCTest
import LaminaTestSupport

/// The hang watch (`TestHangWatch`, started when the test binary loads): a test that never ends
/// ends the run within the limit, named on standard error.
final class TestHangWatchTests: XCTestCase {
    /// Never ends, as an endless search loop would; runs only when the check below asks for it.
    func testNeverEndsWhenAsked() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["LAMINA_TEST_HANG_DEMO"] == "1",
                          "a deliberate hang, run by testAHangingTestIsNamedAndEndsTheRun")
        var n = 0
        while n >= 0 { n = (n &+ 1) & 0xFFFF; if n == 0 { usleep(1000) } }
    }

    /// The hanging test in a fresh process of this binary with a 2 s limit: the process ends
    /// (status 70) and its standard error names the test.
    func testAHangingTestIsNamedAndEndsTheRun() throws {
        let outcome = try TestBinary.run("QuartzCoreTests.TestHangWatchTests/testNeverEndsWhenAsked",
                                         environment: ["LAMINA_TEST_HANG_DEMO": "1", "LAMINA_TEST_HANG_SECONDS": "2"])
        XCTAssertEqual(outcome.reason, .exit)
        XCTAssertEqual(outcome.status, 70, outcome.output)
        let prefix = "HANG: TestHangWatchTests.testNeverEndsWhenAsked has run for "
        let seconds = outcome.output.components(separatedBy: prefix).dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        XCTAssertGreaterThanOrEqual(seconds ?? -1, 2, "named, with the seconds it ran: \(outcome.output)")
    }

    /// The limit: 60 s by default, the variable's seconds, 0 for off, 60 for text that is no number.
    func testTheLimitComesFromTheEnvironment() {
        XCTAssertEqual(TestHangWatch.limit(from: nil), 60)
        XCTAssertEqual(TestHangWatch.limit(from: "2.5"), 2.5)
        XCTAssertEqual(TestHangWatch.limit(from: "0"), 0)
        XCTAssertEqual(TestHangWatch.limit(from: "soon"), 60)
        XCTAssertNotNil(TestHangWatch.shared, "started when the binary loaded (the limit is not 0 here)")
    }
}
