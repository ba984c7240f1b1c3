import XCTest
@_spi(LaminaInternal) @testable import QuartzCore

/// Each renderer draws from its own store: a commit publishes into the stores whose root's tree it
/// changed, and only those.
final class CommittedTreeStoreTests: LaminaTestCase {
    let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
    let green = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
    /// Opaque premultiplied ARGB of the colours above.
    let redPixel: UInt32 = 0xFFFF_0000, bluePixel: UInt32 = 0xFF00_00FF, greenPixel: UInt32 = 0xFF00_FF00

    /// A 20x20 root filled with `colour`, with one 10x10 sublayer at its origin filled with `inner`.
    func scene(_ colour: CGColor, inner: CGColor) -> (root: CALayer, inner: CALayer) {
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.backgroundColor = colour
        let i = CALayer()
        i.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        i.backgroundColor = inner
        root.addSublayer(i)
        return (root, i)
    }

    func renderer(_ root: CALayer) -> CARenderer {
        let r = CARenderer(size: CGSize(width: 20, height: 20))
        r.layer = root
        return r
    }

    /// The pixels at (2, 2) (inside the sublayer) and (15, 15) (the root only) of a fresh frame.
    func draw(_ r: CARenderer) -> (inner: UInt32, outer: UInt32) {
        r.beginFrame(atTime: CACurrentMediaTime()); r.render(); r.endFrame()
        let p = r.pixelBuffer
        return (p.pixels[2 * p.width + 2], p.pixels[15 * p.width + 15])
    }

    func testTwoRenderersEachGetOnlyTheCommitsOfTheirOwnTree() {
        let a = scene(red, inner: blue), b = scene(blue, inner: red)
        let ra = renderer(a.root), rb = renderer(b.root)
        CATransaction.flush()
        XCTAssertEqual(draw(ra).outer, redPixel)
        XCTAssertEqual(draw(rb).outer, bluePixel)
        let genA = ra.committedTrees.tree.generation, genB = rb.committedTrees.tree.generation

        // Interleaved transactions: A's, then B's, then A's again, then one changing both.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        a.inner.backgroundColor = green
        CATransaction.commit()
        XCTAssertEqual(ra.committedTrees.tree.generation, genA + 1, "A's commit reaches A's store")
        XCTAssertEqual(rb.committedTrees.tree.generation, genB, "and not B's")
        CATransaction.begin(); CATransaction.setDisableActions(true)
        b.root.backgroundColor = green
        CATransaction.commit()
        XCTAssertEqual(ra.committedTrees.tree.generation, genA + 1)
        XCTAssertEqual(rb.committedTrees.tree.generation, genB + 1)
        XCTAssertEqual(draw(ra).inner, greenPixel)
        XCTAssertEqual(draw(ra).outer, redPixel)
        XCTAssertEqual(draw(rb).inner, redPixel)
        XCTAssertEqual(draw(rb).outer, greenPixel)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        a.root.backgroundColor = blue
        b.inner.backgroundColor = blue
        CATransaction.commit()
        XCTAssertEqual(ra.committedTrees.tree.generation, genA + 2)
        XCTAssertEqual(rb.committedTrees.tree.generation, genB + 2)
        XCTAssertEqual(draw(ra).outer, bluePixel)
        XCTAssertEqual(draw(rb).inner, bluePixel)

        // Neither store holds a record of the other tree.
        for l in [b.root, b.inner] { XCTAssertNil(ra.committedTrees.tree.record(l.slot, generation: l.slotGeneration)) }
        for l in [a.root, a.inner] { XCTAssertNil(rb.committedTrees.tree.record(l.slot, generation: l.slotGeneration)) }
    }

    func testAnOpenTransactionOnAnotherTreeDoesNotHoldBackAPublish() {
        let a = scene(red, inner: red), b = scene(blue, inner: blue)
        let ra = renderer(a.root), rb = renderer(b.root)
        CATransaction.flush()
        // B's change waits in an open transaction on another thread while A's commits here.
        let opened = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let inner = b.inner  // handed to one thread, then back after `done`
        let green = self.green
        Thread {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            inner.backgroundColor = green
            opened.signal()
            release.wait()
            CATransaction.commit()
            done.signal()
        }.start()
        opened.wait()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        a.inner.backgroundColor = green
        CATransaction.commit()
        XCTAssertEqual(draw(ra).inner, greenPixel)
        XCTAssertEqual(draw(rb).inner, bluePixel, "B's transaction has not committed")
        release.signal()
        done.wait()
        XCTAssertEqual(draw(rb).inner, greenPixel)
    }

    func testASubtreeMovedIntoAnotherRootArrivesWhole() {
        let a = scene(red, inner: red), b = scene(blue, inner: blue)
        // A grandchild committed long before the move, never changed again.
        let grandchild = CALayer()
        grandchild.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        grandchild.backgroundColor = green
        b.inner.addSublayer(grandchild)
        let ra = renderer(a.root), rb = renderer(b.root)
        CATransaction.flush()
        XCTAssertNil(ra.committedTrees.tree.record(grandchild.slot, generation: grandchild.slotGeneration))
        XCTAssertEqual(draw(rb).inner, greenPixel)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        a.root.addSublayer(b.inner)
        CATransaction.commit()
        XCTAssertNotNil(ra.committedTrees.tree.record(grandchild.slot, generation: grandchild.slotGeneration),
                        "the moved layer's committed descendants come with it")
        XCTAssertEqual(draw(ra).inner, greenPixel)
        XCTAssertEqual(draw(rb).inner, bluePixel, "gone from B: its root shows")
    }

    func testARendererGivenARootAfterItsCommitStartsFromIt() {
        let a = scene(red, inner: green)
        CATransaction.flush()
        let r = renderer(a.root)
        XCTAssertEqual(draw(r).inner, greenPixel)
        XCTAssertEqual(draw(r).outer, redPixel)
        // A new root: the store follows it.
        let b = scene(blue, inner: blue)
        CATransaction.flush()
        r.layer = b.root
        XCTAssertEqual(draw(r).outer, bluePixel)
        XCTAssertNil(r.committedTrees.tree.record(a.root.slot, generation: a.root.slotGeneration))
        r.layer = nil
        let before = r.committedTrees.tree.generation
        CATransaction.begin(); CATransaction.setDisableActions(true)
        b.root.backgroundColor = red
        CATransaction.commit()
        XCTAssertEqual(r.committedTrees.tree.generation, before, "a store that follows no root gets no commits")
    }

    func testTheRootsAncestorsTimingReachesTheStore() {
        // The renderer draws a sublayer; its parent's time offset puts the animation halfway.
        let parent = CALayer()
        parent.speed = 0
        parent.timeOffset = 0
        let a = scene(red, inner: red)
        parent.addSublayer(a.root)
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = red; fade.toValue = blue; fade.duration = 10
        fade.beginTime = 0
        fade.fillMode = .both
        fade.isRemovedOnCompletion = false
        a.root.add(fade, forKey: "fade")
        let r = renderer(a.root)
        CATransaction.flush()
        XCTAssertEqual(draw(r).outer, redPixel, "parent time 0: the animation's start")
        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.timeOffset = 10
        CATransaction.commit()
        XCTAssertEqual(draw(r).outer, bluePixel, "parent time 10: the animation's end, though only the parent changed")
    }

    func testAFreedLayerLeavesTheStore() {
        let a = scene(red, inner: red)
        let r = renderer(a.root)
        var extra: CALayer? = CALayer()
        extra!.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        a.root.addSublayer(extra!)
        CATransaction.flush()
        let slot = extra!.slot, generation = extra!.slotGeneration
        XCTAssertNotNil(r.committedTrees.tree.record(slot, generation: generation))
        extra!.removeFromSuperlayer()
        extra = nil
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        a.inner.opacity = 0.5
        CATransaction.commit()
        XCTAssertNil(r.committedTrees.tree.record(slot, generation: generation))
    }
}
