import XCTest
import LaminaTestSupport
@testable import QuartzCore

/// Base class for engine tests: virtual time starting at t = 100, a clean transaction state, and
/// diagnostics captured in `diagnostics` instead of printed.
class LaminaTestCase: XCTestCase {
    /// The diagnostics reported since `setUp` (the handler may be called on any thread).
    let diagnosticLog = MessageLog()
    var diagnostics: [String] {
        get { diagnosticLog.messages }
        set { diagnosticLog.messages = newValue }
    }
    let t0: CFTimeInterval = 100

    override func setUp() {
        super.setUp()
        CAMediaClock.manualTime = t0
        CATransaction.flush()
        AnimationRuntime.shared.reset()
        diagnostics = []
        captureDiagnostics()
    }

    override func tearDown() {
        CATransaction.flush()
        LaminaDiagnostics.handler = nil
        CAMediaClock.manualTime = nil
        super.tearDown()
    }

    /// Collects diagnostics in `diagnostics` (as `setUp` does).
    func captureDiagnostics() {
        let log = diagnosticLog
        LaminaDiagnostics.handler = { log.append($0) }
    }

    /// Sets virtual time to t0 + dt and delivers what is due.
    func at(_ dt: Double) {
        CAMediaClock.manualTime = t0 + dt
        CATransaction.flush()
    }

    /// A committed standalone layer.
    func makeLayer(_ frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) -> CALayer {
        let l = CALayer()
        l.frame = frame
        CATransaction.flush()
        return l
    }
}

/// Compares two doubles within `tol`.
func XCTAssertClose(_ a: Double?, _ b: Double, _ tol: Double = 1e-6, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { XCTFail("nil is not \(b) \(msg)", file: file, line: line); return }
    XCTAssert(abs(a - b) <= tol, "\(a) is not within \(tol) of \(b) \(msg)", file: file, line: line)
}

/// Compares two points within `tol`.
func XCTAssertClose(_ a: CGPoint?, _ b: CGPoint, _ tol: Double = 1e-6, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { XCTFail("nil is not \(b) \(msg)", file: file, line: line); return }
    XCTAssert(abs(Double(a.x - b.x)) <= tol && abs(Double(a.y - b.y)) <= tol, "\(a) is not within \(tol) of \(b) \(msg)", file: file, line: line)
}

/// An animation delegate that records its calls.
final class RecordingDelegate: NSObject, CAAnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop(\(flag))") }
}

/// An action that records that it ran.
final class RecordingAction: CAAction {
    let name: String
    var runs: [String] = []
    init(_ name: String) { self.name = name }
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { runs.append(event) }
}
