import XCTest
import Compositor
@_spi(LaminaInternal) @testable import QuartzCore

/// How a running CATransition is drawn: the old and new looks of the layer offset along the
/// subtype's direction by the progress (push, moveIn, reveal) or cross-faded (fade), inside a
/// wrapper that clips the sliding kinds. Offsets worked out by hand for a 100 × 50 layer.
final class TransitionDrawingTests: LaminaTestCase {
    private let bounds = CGRect(x: 0, y: 0, width: 100, height: 50)

    private func plan(_ type: CATransitionType, _ subtype: CATransitionSubtype?, _ p: Double) -> TransitionPlan {
        TransitionPlan(TransitionState(type: type, subtype: subtype, progress: p, from: LayerStateBox(LayerState())), bounds: bounds)
    }

    private func assertOffsets(_ pl: TransitionPlan, old: (Double, Double), new: (Double, Double), _ msg: String, line: UInt = #line) {
        XCTAssertEqual(Double(pl.oldOffset.dx), old.0, accuracy: 1e-12, msg, line: line)
        XCTAssertEqual(Double(pl.oldOffset.dy), old.1, accuracy: 1e-12, msg, line: line)
        XCTAssertEqual(Double(pl.newOffset.dx), new.0, accuracy: 1e-12, msg, line: line)
        XCTAssertEqual(Double(pl.newOffset.dy), new.1, accuracy: 1e-12, msg, line: line)
    }

    /// A pure translation by (x, y), within rounding of the timing function.
    private func assertTranslation(_ m: Matrix4x4, _ x: Double, _ y: Double, _ msg: String = "", line: UInt = #line) {
        var expected = Matrix4x4.identity.m
        expected[12] = x; expected[13] = y
        for i in 0..<16 { XCTAssertEqual(m.m[i], expected[i], accuracy: 1e-9, "entry \(i) \(msg)", line: line) }
    }

    func testPushSlidesBothLooksAlongTheSubtype() {
        // At a quarter: the new look is three quarters of a side short of its place, the old one a
        // quarter on its way out. Horizontal moves span the width (100), vertical ones the height (50).
        assertOffsets(plan(.push, .fromLeft, 0.25), old: (25, 0), new: (-75, 0), "fromLeft")
        assertOffsets(plan(.push, nil, 0.25), old: (25, 0), new: (-75, 0), "no subtype: from the left")
        assertOffsets(plan(.push, .fromRight, 0.25), old: (-25, 0), new: (75, 0), "fromRight")
        assertOffsets(plan(.push, .fromTop, 0.25), old: (0, 12.5), new: (0, -37.5), "fromTop")
        assertOffsets(plan(.push, .fromBottom, 0.25), old: (0, -12.5), new: (0, 37.5), "fromBottom")
        let p = plan(.push, .fromLeft, 0.25)
        XCTAssertTrue(p.clips); XCTAssertFalse(p.oldOnTop)
        XCTAssertEqual(p.oldOpacity, 1); XCTAssertEqual(p.newOpacity, 1)
    }

    func testMoveInAndReveal() {
        let m = plan(.moveIn, .fromRight, 0.4)
        assertOffsets(m, old: (0, 0), new: (60, 0), "moveIn: only the new look moves")
        XCTAssertTrue(m.clips); XCTAssertFalse(m.oldOnTop)
        let r = plan(.reveal, .fromBottom, 0.4)
        assertOffsets(r, old: (0, -20), new: (0, 0), "reveal: only the old look moves, off the new one")
        XCTAssertTrue(r.clips); XCTAssertTrue(r.oldOnTop)
        XCTAssertEqual(r.oldOpacity, 1); XCTAssertEqual(r.newOpacity, 1)
    }

    func testFadeAndProgressLimits() {
        let f = plan(.fade, nil, 0.25)
        assertOffsets(f, old: (0, 0), new: (0, 0), "fade")
        XCTAssertEqual(f.oldOpacity, 0.75); XCTAssertEqual(f.newOpacity, 0.25)
        XCTAssertFalse(f.clips); XCTAssertFalse(f.oldOnTop)
        XCTAssertEqual(plan(.fade, nil, 1.5).newOpacity, 1)
        XCTAssertEqual(plan(.fade, nil, -0.5).newOpacity, 0)
        XCTAssertEqual(plan(.fade, nil, .nan).newOpacity, 1, "a progress that is not a number ends the transition")
        assertOffsets(plan(.push, .fromLeft, 2), old: (100, 0), new: (0, 0), "clamped to 1")
        XCTAssertEqual(plan(CATransitionType(rawValue: "cube"), .fromLeft, 0.25).newOpacity, 0.25, "types Lamina does not draw cross-fade")
    }

    /// A push from the left, a quarter of the way, in the render tree: a wrapper in the layer's place
    /// (clipping), the old look moved right by 25, then the new look 75 short of its place.
    func testRunningPushInTheRenderTree() {
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        l.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        l.cornerRadius = 4
        CATransaction.flush()
        let push = CATransition()
        push.type = .push
        push.subtype = .fromLeft
        push.duration = 1
        push.timingFunction = CAMediaTimingFunction(name: .linear)
        CATransaction.setDisableActions(true)
        l.add(push, forKey: nil)
        l.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.flush()
        at(0.25)
        let t = RenderTreeBuilder().build(PresentationSnapshot(root: l, time: CACurrentMediaTime()))
        XCTAssertEqual(t.nodes.count, 3)
        let (w, old, new) = (t.nodes[0], t.nodes[1], t.nodes[2])
        XCTAssertEqual(w.toParent, Matrix4x4.translation(10, 20), "the wrapper takes the layer's place")
        XCTAssertTrue(w.masksToBounds)
        XCTAssertEqual(w.cornerRadius, 4)
        XCTAssertEqual(w.backgroundColor, 0, "the wrapper draws nothing itself")
        XCTAssertEqual(w.subtreeEnd, 3)
        XCTAssertEqual(old.backgroundColor, 0xFFFF_0000)
        assertTranslation(old.toParent, 25, 0)
        XCTAssertEqual(old.subtreeEnd, 2)
        XCTAssertEqual(new.backgroundColor, 0xFF00_00FF)
        assertTranslation(new.toParent, -75, 0)
        XCTAssertEqual(new.subtreeEnd, 3)
        XCTAssertNotEqual(old.id, new.id)
        XCTAssertNotEqual(w.id, new.id)
        // A reveal draws the old look on top: wrapper, new look, old look.
        let reveal = CATransition()
        reveal.type = .reveal
        reveal.duration = 1
        reveal.timingFunction = CAMediaTimingFunction(name: .linear)
        CATransaction.setDisableActions(true)
        l.add(reveal, forKey: nil)
        l.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.flush()
        at(0.5)
        let r = RenderTreeBuilder().build(PresentationSnapshot(root: l, time: CACurrentMediaTime()))
        XCTAssertEqual(r.nodes.count, 3)
        XCTAssertEqual(r.nodes[1].backgroundColor, 0xFF00_FF00, "the new look first")
        assertTranslation(r.nodes[1].toParent, 0, 0)
        assertTranslation(r.nodes[2].toParent, 25, 0, "the old look on top, moved a quarter of the width")
        XCTAssertEqual(r.nodes[0].subtreeEnd, 3)
        XCTAssertEqual(r.nodes[1].subtreeEnd, 2)
        XCTAssertEqual(r.nodes[2].subtreeEnd, 3)
    }
}
