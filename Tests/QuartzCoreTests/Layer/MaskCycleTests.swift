import XCTest
import LaminaTestSupport
@testable import QuartzCore

/// A mask that contains its owner, or that its owner contains, would make a cycle (rendering, time
/// conversion and hit testing would loop for ever): refused as a programmer error (a precondition
/// naming what to fix), as Apple's API errors are. A precondition ends the process, so each case
/// runs in a fresh process: this test binary again, on `testCrashCase` with LAMINA_MASK_CASE set.
final class MaskCycleTests: XCTestCase {
    /// Runs one case when the environment names it; skipped in a normal run.
    func testCrashCase() throws {
        guard let c = ProcessInfo.processInfo.environment["LAMINA_MASK_CASE"] else { throw XCTSkip("run by testMaskCyclesAreRefused") }
        let a = CALayer(), b = CALayer(), d = CALayer()
        a.addSublayer(b)
        b.addSublayer(d)
        switch c {
        case "ancestor": b.mask = a                 // a contains b
        case "grandparent": d.mask = a              // a contains d through b
        case "descendant": a.mask = d               // d is under a
        case "through-mask":
            let m = CALayer(), e = CALayer()
            a.mask = m; m.addSublayer(e)
            e.mask = a                                 // a contains e through its mask m
        case "legal":
            let m = CALayer()
            b.mask = m                                 // a layer of its own: fine
            XCTAssertTrue(m.superlayer == nil && b.mask === m)
        default: XCTFail("unknown case \(c)")
        }
    }

    func testMaskCyclesAreRefused() throws {
        func run(_ c: String) throws -> (status: Int32, reason: Process.TerminationReason, out: String) {
            let r = try TestBinary.run("QuartzCoreTests.MaskCycleTests/testCrashCase",
                                       environment: ["LAMINA_MASK_CASE": c, "SWIFT_BACKTRACE": "enable=no"])
            return (r.status, r.reason, r.output)
        }
        for (c, message) in [("ancestor", "is an ancestor of it"), ("grandparent", "is an ancestor of it"),
                             ("descendant", "is one of its descendants"), ("through-mask", "is an ancestor of it")] {
            let r = try run(c)
            XCTAssertEqual(r.reason, .uncaughtSignal, "\(c): the precondition ends the process: \(r.out.suffix(400))")
            XCTAssertTrue(r.out.contains(message), "\(c): \(r.out.suffix(600))")
        }
        let legal = try run("legal")
        XCTAssertEqual(legal.status, 0, legal.out.suffix(600).description)
        XCTAssertTrue(legal.out.contains("Executed 1 test, with 0 failures"), legal.out.suffix(400).description)
    }
}
