import XCTest
@testable import QuartzCore

/// Keyframes of CAKeyframeAnimation.path as Apple's reference defines them ("The end point of a
/// line-to or curve-to segment defines the keyframe value. ... Move-to segments do not define
/// separate keyframe values."), with a close-subpath being what CGPath's reference says it is, a
/// line from the current point to the subpath's start: one more keyframe. So n line, curve and
/// close elements take n + 1 keyTimes (n + 2 with `.discrete`, "one more entry than values").
/// Expected points are worked out by hand from the rectangle's side lengths.
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

    func testTheClosingSideOfARectangleIsAKeyframeOfItsOwn() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        a.duration = 4
        // Intervals of 1 s each: A→B, B→C, C→D, D→A (the close).
        let p = sample(a, at: [0.5, 1, 1.5, 2.5, 3.5, 3.9])
        XCTAssertEqual(diagnostics, [], "five key times are what the path takes")
        XCTAssertClose(p[0], CGPoint(x: 50, y: 0), 1e-6)
        XCTAssertClose(p[1], CGPoint(x: 100, y: 0), 1e-6)
        XCTAssertClose(p[2], CGPoint(x: 100, y: 25), 1e-6)
        XCTAssertClose(p[3], CGPoint(x: 50, y: 50), 1e-6)
        XCTAssertClose(p[4], CGPoint(x: 0, y: 25), 1e-6, "half way up the closing side")
        XCTAssertClose(p[5], CGPoint(x: 0, y: 5), 1e-6)
    }

    func testWithoutKeyTimesEachSideTakesTheSameTime() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.duration = 2
        // Four intervals of 0.5 s, whatever their lengths.
        let p = sample(a, at: [0.25, 0.75, 1.25, 1.75])
        XCTAssertClose(p[0], CGPoint(x: 50, y: 0), 1e-6)
        XCTAssertClose(p[1], CGPoint(x: 100, y: 25), 1e-6)
        XCTAssertClose(p[2], CGPoint(x: 50, y: 50), 1e-6)
        XCTAssertClose(p[3], CGPoint(x: 0, y: 25), 1e-6)
    }

    func testFourKeyTimesForAClosedRectangleAreReportedAndSpacedEvenly() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.keyTimes = [0, 0.5, 0.75, 1]
        a.duration = 4
        let p = sample(a, at: [0.5, 3.5])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssert(diagnostics.first?.contains("4 entries but 5") == true, diagnostics.first ?? "")
        XCTAssertClose(p[0], CGPoint(x: 50, y: 0), 1e-6)
        XCTAssertClose(p[1], CGPoint(x: 0, y: 25), 1e-6)
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

    func testAnEllipsesCloseIsAKeyframeOfNoLength() {
        // An ellipse is a move, four curves ending at the start, and a close: six key times, the
        // last interval spent at the start.
        let oval = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = oval
        a.keyTimes = [0, 0.2, 0.4, 0.6, 0.8, 1]
        a.duration = 5
        let p = sample(a, at: [0, 1, 2, 3, 4, 4.5])
        XCTAssertEqual(diagnostics, [])
        let axis = [CGPoint(x: 100, y: 50), CGPoint(x: 50, y: 100), CGPoint(x: 0, y: 50), CGPoint(x: 50, y: 0)]
        for q in p[0..<4] {
            XCTAssert(axis.contains { abs($0.x - q.x) < 1e-6 && abs($0.y - q.y) < 1e-6 }, "\(q) is a keyframe on an axis")
        }
        XCTAssertEqual(Set(p[0..<4].map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }).count, 4)
        XCTAssertClose(p[4], p[0], 1e-6, "the fourth curve ends at the start")
        XCTAssertClose(p[5], p[0], 1e-6, "the close's interval stays there")
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

    func testDiscreteHoldsEachKeyframeTheClosingOneIncluded() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.calculationMode = .discrete
        // Keyframes A, B, C, D, A: six key times, each value held from its time to the next.
        a.keyTimes = [0, 0.1, 0.2, 0.4, 0.6, 1]
        a.duration = 10
        let p = sample(a, at: [0.5, 1.5, 3, 5, 7])
        XCTAssertEqual(diagnostics, [])
        XCTAssertClose(p[0], CGPoint(x: 0, y: 0), 1e-9)
        XCTAssertClose(p[1], CGPoint(x: 100, y: 0), 1e-9)
        XCTAssertClose(p[2], CGPoint(x: 100, y: 50), 1e-9)
        XCTAssertClose(p[3], CGPoint(x: 0, y: 50), 1e-9)
        XCTAssertClose(p[4], CGPoint(x: 0, y: 0), 1e-9, "the close's keyframe, back at the start")
    }

    func testDiscreteWithoutKeyTimesGivesEachKeyframeAnEqualShare() {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = rect
        a.calculationMode = .discrete
        a.duration = 5
        // Five keyframes, one second each.
        let p = sample(a, at: [0.5, 1.5, 2.5, 3.5, 4.5])
        XCTAssertEqual(p.map { "\(Int($0.x)),\(Int($0.y))" }, ["0,0", "100,0", "100,50", "0,50", "0,0"])
    }
}
