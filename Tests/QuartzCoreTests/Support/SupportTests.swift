import XCTest
import Synchronization
@_spi(LaminaInternal) @testable import QuartzCore

/// The small services under the engine: the manual media clock, commit observers, and how
/// diagnostics name layers.
final class SupportTests: LaminaTestCase {
    func testManualClockAdvances() {
        CAMediaClock.manualTime = 10
        CAMediaClock.advance(by: 2.5)
        XCTAssertEqual(CAMediaClock.manualTime, 12.5)
        XCTAssertEqual(CACurrentMediaTime(), 12.5)
        CAMediaClock.advance(by: -0.5)
        XCTAssertEqual(CACurrentMediaTime(), 12)
    }

    func testCommitObserversSeeCommitsThatChangeLayers() {
        let counts = ObserverCalls()
        var calls: Int { counts.first.load(ordering: .relaxed) }
        var other: Int { counts.second.load(ordering: .relaxed) }
        let token = CATransaction.addCommitObserver { counts.first.add(1, ordering: .relaxed) }
        defer { CATransaction.removeCommitObserver(token) }
        let before = CATransaction.changingCommitCount
        let l = CALayer()
        CATransaction.flush()
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(CATransaction.changingCommitCount, before + 1)
        CATransaction.flush()
        XCTAssertEqual(calls, 1, "a commit that changes nothing is not counted")
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.opacity = 0.5
        CATransaction.commit()
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(CATransaction.changingCommitCount, before + 2)
        let second = CATransaction.addCommitObserver { counts.second.add(1, ordering: .relaxed) }
        XCTAssertNotEqual(second, token)
        CATransaction.removeCommitObserver(token)
        l.position = CGPoint(x: 3, y: 4)
        CATransaction.flush()
        XCTAssertEqual(calls, 2, "removed")
        XCTAssertEqual(other, 1)
        CATransaction.removeCommitObserver(second)
    }

    func testDiagnosticsNameLayers() {
        let named = CALayer()
        named.name = "card"
        XCTAssertEqual(describeLayer(named), "layer 'card'")
        XCTAssertEqual(describeLayer(CAShapeLayer()), "a CAShapeLayer")
        XCTAssertEqual(describeLayer(nil), "<no layer>")
        LaminaDiagnostics.report("one")
        LaminaDiagnostics.report("one")
        XCTAssertEqual(diagnostics, ["one", "one"], "a handler sees every report")
    }
}

/// Calls of two commit observers (observers run on the committing thread).
private final class ObserverCalls: Sendable {
    let first = Atomic<Int>(0)
    let second = Atomic<Int>(0)
}
