import XCTest
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
        var calls = 0
        let token = CATransaction.addCommitObserver { calls += 1 }
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
        var other = 0
        let second = CATransaction.addCommitObserver { other += 1 }
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
