import XCTest
@_spi(LaminaInternal) @testable import QuartzCore

final class PresentationSnapshotTests: LaminaTestCase {
    func testSnapshotIsDepthFirstWithAnimationsApplied() {
        let root = makeLayer()
        let a = CALayer(), b = CALayer(), c = CALayer(), m = CALayer()
        root.addSublayer(a); a.addSublayer(b); root.addSublayer(c)
        a.mask = m
        CATransaction.flush()
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0; anim.toValue = 1; anim.duration = 2
        b.add(anim, forKey: "fade")
        CATransaction.flush()
        at(1)
        let snap = PresentationSnapshot(root: root, time: CACurrentMediaTime())
        XCTAssertEqual(snap.count, 5)
        XCTAssertEqual(snap.nodes.map(\.record.slot), [root, a, b, m, c].map(\.slot), "depth first, the mask after the sublayers")
        XCTAssertEqual(snap.nodes[0].descendantCount, 4)
        XCTAssertEqual(snap.nodes[1].mask, 3)
        XCTAssertEqual(snap.nodes[2].parent, 1)
        XCTAssertEqual(snap.nodes[2].state.opacity, 0.5)
        XCTAssertEqual(snap.nodes[4].parent, 0)
        // The root and the mask have no parent node; a's descendants are its sublayer b (its own
        // mask follows them), the root's are a, b, a's mask and c.
        XCTAssertEqual(snap.nodes.map(\.parent), [-1, 0, 1, -1, 0])
        XCTAssertEqual(snap.nodes.map(\.descendantCount), [4, 1, 0, 0, 0])
        XCTAssertEqual(snap.nodes.map(\.mask), [-1, 3, -1, -1, -1])
    }

    func testUncommittedRootGivesEmptySnapshot() {
        let l = CALayer()
        XCTAssertEqual(PresentationSnapshot(root: l, time: 0).count, 0)
    }

    func testUpdatingReusesUnchangedNodesAndPicksUpChanges() {
        let root = makeLayer()
        let a = CALayer(), b = CALayer()
        root.addSublayer(a); root.addSublayer(b)
        CATransaction.flush()
        var snap = PresentationSnapshot(root: root, time: CACurrentMediaTime())
        CATransaction.begin(); CATransaction.setDisableActions(true)
        b.opacity = 0.25
        CATransaction.commit()
        snap.update(root: root, time: CACurrentMediaTime())
        XCTAssertEqual(snap.nodes[2].state.opacity, 0.25)
        XCTAssertEqual(snap.nodes[1].state.opacity, 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
        a.add(fade, forKey: "f")
        CATransaction.flush()
        at(0.5)
        snap.update(root: root, time: CACurrentMediaTime())
        XCTAssertEqual(snap.nodes[1].state.opacity, 0.5)
        at(2)
        snap.update(root: root, time: CACurrentMediaTime())
        XCTAssertEqual(snap.nodes[1].state.opacity, 1, "the finished animation's value is gone")
        b.removeFromSuperlayer()
        CATransaction.flush()
        snap.update(root: root, time: CACurrentMediaTime())
        XCTAssertEqual(snap.count, 2)
    }
}

final class SnapshotReuseTests: LaminaTestCase {
    /// A reused node must not keep the value of an animation that finished while others run on.
    func testFinishedAnimationValueDoesNotLinger() {
        let root = makeLayer()
        let a = CALayer()
        root.addSublayer(a)
        CATransaction.flush()
        let short = CABasicAnimation(keyPath: "opacity")
        short.fromValue = 0; short.toValue = 0.5; short.duration = 1
        let long = CABasicAnimation(keyPath: "position.x")
        long.fromValue = 0; long.toValue = 100; long.duration = 10
        a.add(short, forKey: "s"); a.add(long, forKey: "l")
        CATransaction.flush()
        var snap = PresentationSnapshot(root: root, time: CACurrentMediaTime())
        for i in 1...30 {
            at(Double(i) * 0.1)
            snap.update(root: root, time: CACurrentMediaTime())
        }
        XCTAssertEqual(snap.nodes[1].state.opacity, 1, "the short animation ended and was removed")
        XCTAssertEqual(Double(snap.nodes[1].state.position.x), 30, accuracy: 1e-9)
        a.removeAllAnimations()
        CATransaction.flush()
        snap.update(root: root, time: CACurrentMediaTime())
        XCTAssertEqual(snap.nodes[1].state.position.x, 0, "back at the model value")
    }
}
