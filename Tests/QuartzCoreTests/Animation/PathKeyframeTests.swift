import XCTest
@testable import QuartzCore

/// Keyframes of CAKeyframeAnimation.path as Apple's reference defines them ("The end point of a
/// line-to or curve-to segment defines the keyframe value. ... Move-to segments do not define
/// separate keyframe values."): the first point plus one keyframe per line or curve, so n such
/// elements take n + 1 keyTimes; a close-subpath defines no keyframe and its line is travelled in
/// the last interval. Expected points are worked out by hand from the rectangle's side lengths.
final class PathKeyframeTests: LaminaTestCase {
    /// The rectangle (0,0)-(100,50) as CGPath(rect:) builds it: move, 3 lines, close.
    /// Corners A(0,0) B(100,0) C(100,50) D(0,50); the close is the 50-long side D→A.
    let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)

    func sample(_ a: CAKeyframeAnimation, at times: [Double]) -> [CGPoint] {
        let l = makeLayer()
        l.add(a, forKey: "move")
        CATransaction.flush()
        let s = CACurrentMediaTime()
        return times.map { CAMediaClock.manualTime = s + $0; return l.presentation()!.position }
    }

    func testAClosedRectangleTakesFourKeyTimesNotFive() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.keyTimes = [0, 0.5, 0.75, 1]
        a.duration = 4
        // Intervals: A→B (100) over 0–2 s, B→C (50) over 2–3 s, C→D→A (100 + 50) over 3–4 s.
        let p = sample(a, at: [1, 2, 2.5, 3.5, 3.9])
        XCTAssertEqual(diagnostics, [], "four key times are what the path takes")
        XCTAssertClose(p[0], CGPoint(x: 50, y: 0), 1e-6)
        XCTAssertClose(p[1], CGPoint(x: 100, y: 0), 1e-6)
        XCTAssertClose(p[2], CGPoint(x: 100, y: 25), 1e-6)
        // 0.5 of 150 = 75 along C→D.
        XCTAssertClose(p[3], CGPoint(x: 25, y: 50), 1e-6)
        // 0.9 of 150 = 135: all of C→D (100), then 35 up the closing side from D.
        XCTAssertClose(p[4], CGPoint(x: 0, y: 15), 1e-6)
    }

    func testFiveKeyTimesForAClosedRectangleAreReportedAndSpacedEvenly() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        a.duration = 3
        // Evenly spaced: three intervals of 1 s each.
        let p = sample(a, at: [0.5, 1.5, 2.5])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssert(diagnostics.first?.contains("5 entries but 4") == true, diagnostics.first ?? "")
        XCTAssertClose(p[0], CGPoint(x: 50, y: 0), 1e-6)
        XCTAssertClose(p[1], CGPoint(x: 100, y: 25), 1e-6)
        XCTAssertClose(p[2], CGPoint(x: 25, y: 50), 1e-6)
    }

    func testAMoveDefinesNoKeyframe() {
        // move (0,0), line (10,0), move (100,100), line (100,140): two keyframes after the first.
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.move(to: CGPoint(x: 100, y: 100))
        path.addLine(to: CGPoint(x: 100, y: 140))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.keyTimes = [0, 0.5, 1]
        a.duration = 2
        let p = sample(a, at: [0.5, 1.5])
        XCTAssertEqual(diagnostics, [])
        XCTAssertClose(p[0], CGPoint(x: 5, y: 0), 1e-6)
        XCTAssertClose(p[1], CGPoint(x: 100, y: 120), 1e-6, "jumps to the moved-to point, then follows the line")
    }

    func testCurvesCountOneKeyframeEachAndAClosingCurveNeedsNoMore() {
        // An ellipse is a move, four curves ending at the start, and a close: five key times.
        let oval = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = oval
        a.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        a.duration = 4
        let p = sample(a, at: [0, 1, 2, 3])
        XCTAssertEqual(diagnostics, [])
        // Each quarter ends at a point of the circle on an axis: (100,50), (50,100), (0,50), (50,0)
        // in some order of travel; the four keyframes are four distinct axis points.
        let axis = [CGPoint(x: 100, y: 50), CGPoint(x: 50, y: 100), CGPoint(x: 0, y: 50), CGPoint(x: 50, y: 0)]
        for q in p {
            XCTAssert(axis.contains { abs($0.x - q.x) < 1e-6 && abs($0.y - q.y) < 1e-6 }, "\(q) is a keyframe on an axis")
        }
        XCTAssertEqual(Set(p.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }).count, 4)
    }

    func testPacedAroundAClosedRectangleIncludesTheClosingSide() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.calculationMode = .paced
        a.duration = 3
        // Perimeter 300, 100 per second: 150 at 1.5 s is (100,50) = C; 275 at 2.75 s is 25 up from D.
        let p = sample(a, at: [1.5, 2.75])
        XCTAssertClose(p[0], CGPoint(x: 100, y: 50), 1e-6)
        XCTAssertClose(p[1], CGPoint(x: 0, y: 25), 1e-6)
    }

    func testDiscreteStepsThroughTheKeyframes() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.calculationMode = .discrete
        a.keyTimes = [0, 0.25, 0.5, 1]
        a.duration = 4
        let p = sample(a, at: [0.5, 1.5, 2.5])
        XCTAssertEqual(diagnostics, [])
        XCTAssertClose(p[0], CGPoint(x: 0, y: 0), 1e-9)
        XCTAssertClose(p[1], CGPoint(x: 100, y: 0), 1e-9)
        XCTAssertClose(p[2], CGPoint(x: 100, y: 50), 1e-9)
    }
}
