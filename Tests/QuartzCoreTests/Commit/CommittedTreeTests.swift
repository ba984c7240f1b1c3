import XCTest
@_spi(LaminaInternal) @testable import QuartzCore

/// The committed tree: what the render side reads changes only when a transaction commits, as on
/// Apple, where the render server sees a change when the transaction that made it commits.
final class CommittedTreeTests: LaminaTestCase {
    /// A layer sliding x from 0 to 100 over 10 s, halfway at 5 s.
    func slidingLayer() -> CALayer {
        let l = makeLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0; move.toValue = 100; move.duration = 10
        l.add(move, forKey: "move")
        CATransaction.flush()
        at(5)
        return l
    }

    /// x as the render side evaluates it from the published tree.
    func renderedX(_ l: CALayer) -> CGFloat {
        let snap = PresentationSnapshot(tree: CATransaction.publishedTree, rootSlot: l.slot, generation: l.slotGeneration,
                                        time: CACurrentMediaTime())
        return snap.nodes[0].state.position.x
    }

    func testRemovingAnAnimationReachesThePresentationAtCommit() {
        let l = slidingLayer()
        XCTAssertEqual(renderedX(l), 50)
        CATransaction.begin()
        l.removeAnimation(forKey: "move")
        XCTAssertNil(l.animation(forKey: "move"), "the model no longer has it")
        XCTAssertEqual(l.presentation()?.position.x, 50, "not committed yet: the screen still shows it")
        XCTAssertEqual(renderedX(l), 50)
        CATransaction.commit()
        XCTAssertEqual(l.presentation()?.position.x, l.position.x, "committed: the model value")
        XCTAssertEqual(renderedX(l), l.position.x)
    }

    func testReplacingAnAnimationUnderItsKeyReachesThePresentationAtCommit() {
        let l = slidingLayer()
        CATransaction.begin()
        let back = CABasicAnimation(keyPath: "position.x")
        back.fromValue = 300; back.toValue = 200; back.duration = 1
        l.add(back, forKey: "move")
        XCTAssertEqual(renderedX(l), 50, "the replaced animation shows until the commit")
        XCTAssertEqual(l.presentation()?.position.x, 50)
        CATransaction.commit()
        XCTAssertEqual(renderedX(l), 300, "the new one starts at the commit, at its fromValue")
        XCTAssertEqual(l.presentation()?.position.x, 300)
    }

    func testModelChangesAndTreeChangesReachTheRenderSideOnlyAtCommit() {
        let root = makeLayer()
        let a = CALayer()
        root.addSublayer(a)
        CATransaction.flush()
        let before = CATransaction.publishedTree
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        a.opacity = 0.25
        let b = CALayer()
        root.addSublayer(b)
        XCTAssertTrue(CATransaction.publishedTree === before, "nothing is published inside a transaction")
        XCTAssertEqual(PresentationSnapshot(root: root, time: CACurrentMediaTime()).count, 2)
        CATransaction.commit()
        let after = CATransaction.publishedTree
        XCTAssertFalse(after === before)
        XCTAssertGreaterThan(after.generation, before.generation)
        let snap = PresentationSnapshot(root: root, time: CACurrentMediaTime())
        XCTAssertEqual(snap.count, 3)
        XCTAssertEqual(snap.nodes[1].state.opacity, 0.25)
        // The earlier tree is untouched: a frame that still holds it draws the earlier state.
        let old = PresentationSnapshot(tree: before, rootSlot: root.slot, generation: root.slotGeneration, time: CACurrentMediaTime())
        XCTAssertEqual(old.count, 2)
        XCTAssertEqual(old.nodes[1].state.opacity, 1)
    }

    func testAFreedLayerLeavesTheTreeAndItsSlotIsReusedByANewGeneration() {
        let root = makeLayer()
        var a: CALayer? = CALayer()
        root.addSublayer(a!)
        CATransaction.flush()
        let slot = a!.slot, generation = a!.slotGeneration
        XCTAssertNotNil(CATransaction.publishedTree.record(slot, generation: generation))
        a!.removeFromSuperlayer()
        CATransaction.flush()
        XCTAssertNotNil(CATransaction.publishedTree.record(slot, generation: generation), "removed but alive: still committed")
        a = nil
        CATransaction.flush()
        XCTAssertNil(CATransaction.publishedTree.record(slot, generation: generation), "freed: the next commit drops its record")
        let b = CALayer()
        root.addSublayer(b)
        CATransaction.flush()
        if b.slot == slot { XCTAssertNotEqual(b.slotGeneration, generation, "a reused slot has a new generation") }
        XCTAssertNotNil(CATransaction.publishedTree.record(b.slot, generation: b.slotGeneration))
    }

    func testAPathChangedAfterItWasSetDoesNotChangeWhatWasCommitted() {
        let shape = CAShapeLayer()
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        shape.path = p
        CATransaction.flush()
        p.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        let committed = CATransaction.publishedTree.record(shape.slot, generation: shape.slotGeneration)!.state.subclass.path!
        XCTAssertEqual(committed.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
