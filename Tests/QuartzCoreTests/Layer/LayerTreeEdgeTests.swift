import XCTest
@testable import QuartzCore

/// The corners of the layer tree API: insertion positions that do not name a sibling, replacing
/// with a stranger or with itself, the sublayers setter, masks moving between owners, the
/// onOrderIn/onOrderOut actions, and the small geometry and display helpers.
final class LayerTreeEdgeTests: LaminaTestCase {
    private func named(_ n: String) -> CALayer { let l = CALayer(); l.name = n; return l }
    private func names(_ l: CALayer) -> [String] { (l.sublayers ?? []).map { $0.name ?? "?" } }

    func testInsertionPositions() {
        let p = CALayer()
        p.insertSublayer(named("a"), at: 7)
        XCTAssertEqual(names(p), ["a"], "an index past the end appends")
        p.insertSublayer(named("b"), below: nil)
        XCTAssertEqual(names(p), ["b", "a"], "below nothing: at the bottom")
        p.insertSublayer(named("c"), above: nil)
        XCTAssertEqual(names(p), ["b", "a", "c"], "above nothing: on top")
        let stranger = CALayer()
        p.insertSublayer(named("d"), below: stranger)
        XCTAssertEqual(names(p), ["d", "b", "a", "c"], "below a layer that is not a sublayer: at the bottom")
        p.insertSublayer(named("e"), above: stranger)
        XCTAssertEqual(names(p), ["d", "b", "a", "c", "e"], "above one: on top")
        p.insertSublayer(named("f"), above: p.sublayers![1])
        XCTAssertEqual(names(p), ["d", "b", "f", "a", "c", "e"])
        p.insertSublayer(named("g"), below: p.sublayers![5])
        XCTAssertEqual(names(p), ["d", "b", "f", "a", "c", "g", "e"])
        // Moving a sublayer within its own parent.
        p.insertSublayer(p.sublayers![0], at: 3)
        XCTAssertEqual(names(p), ["b", "f", "a", "d", "c", "g", "e"])
        p.addSublayer(p.sublayers![0])
        XCTAssertEqual(names(p), ["f", "a", "d", "c", "g", "e", "b"])
    }

    func testReplacingAndSettingSublayers() {
        let p = CALayer(), a = named("a"), b = named("b")
        p.addSublayer(a)
        p.replaceSublayer(CALayer(), with: b)
        XCTAssertEqual(names(p), ["a"], "replacing a layer that is not a sublayer does nothing")
        XCTAssertNil(b.superlayer)
        p.replaceSublayer(a, with: a)
        XCTAssertEqual(names(p), ["a"])
        XCTAssert(a.superlayer === p)
        // The setter takes the new list, frees the old sublayers and takes the new ones from their parents.
        let other = CALayer(), c = named("c")
        other.addSublayer(c)
        p.sublayers = [b, c]
        XCTAssertEqual(names(p), ["b", "c"])
        XCTAssertNil(a.superlayer)
        XCTAssert(c.superlayer === p)
        XCTAssertNil(other.sublayers, "an emptied parent has no sublayers array")
        p.sublayers = []
        XCTAssertNil(p.sublayers)
        XCTAssertNil(b.superlayer)
        // Removing the last sublayer leaves nil, as Apple's sublayers of a childless layer.
        p.addSublayer(a)
        a.removeFromSuperlayer()
        XCTAssertNil(p.sublayers)
    }

    func testMasksMoveBetweenOwners() {
        let a = CALayer(), b = CALayer(), m = CALayer(), n = CALayer()
        a.mask = m
        b.mask = m
        XCTAssertNil(a.mask, "taken by its new owner")
        XCTAssert(b.mask === m)
        b.mask = n
        XCTAssert(b.mask === n)
        a.mask = m
        XCTAssert(a.mask === m, "the replaced mask is free again")
        m.removeFromSuperlayer()
        XCTAssertNil(a.mask, "removing a mask clears its owner's mask")
        // A sublayer made a mask leaves its parent.
        let p = CALayer(), s = CALayer()
        p.addSublayer(s)
        a.mask = s
        XCTAssertNil(p.sublayers)
        XCTAssert(a.mask === s)
        // And a mask added as a sublayer stops being a mask.
        p.addSublayer(s)
        XCTAssertNil(a.mask)
        XCTAssert(s.superlayer === p)
        a.mask = nil
        XCTAssertNil(a.mask)
    }

    func testOrderInAndOrderOutActions() {
        let p = CALayer()
        let s = CALayer()
        let inAction = RecordingAction("in"), outAction = RecordingAction("out")
        s.actions = [kCAOnOrderIn: inAction, kCAOnOrderOut: outAction]
        p.addSublayer(s)
        XCTAssertEqual(inAction.runs, [], "the parent is not committed yet: no action")
        CATransaction.flush()
        s.removeFromSuperlayer()
        XCTAssertEqual(outAction.runs, [kCAOnOrderOut])
        s.removeFromSuperlayer()
        XCTAssertEqual(outAction.runs, [kCAOnOrderOut], "not in a tree: nothing to order out")
        p.insertSublayer(s, at: 0)
        XCTAssertEqual(inAction.runs, [kCAOnOrderIn])
        XCTAssertEqual(kCAOnOrderIn, "onOrderIn"); XCTAssertEqual(kCAOnOrderOut, "onOrderOut"); XCTAssertEqual(kCATransition, "transition")
    }

    func testGeometryAndDisplayHelpers() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        XCTAssertEqual(l.preferredFrameSize(), CGSize(width: 30, height: 20))
        XCTAssertTrue(l.contains(CGPoint(x: 29, y: 19)))
        XCTAssertFalse(l.contains(CGPoint(x: 31, y: 5)))
        let t = CGAffineTransform(a: 2, b: 0.5, c: -0.5, d: 3, tx: 4, ty: 5)
        l.setAffineTransform(t)
        XCTAssertEqual(l.affineTransform(), t)
        XCTAssertEqual(l.transform.m12, 0.5); XCTAssertEqual(l.transform.m21, -0.5); XCTAssertEqual(l.transform.m42, 5)
        XCTAssertFalse(CALayer.needsDisplay(forKey: "bounds"))
        XCTAssertTrue(l.shouldArchiveValue(forKey: "bounds"))
        XCTAssertFalse(l.needsDisplay())
        l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(l.needsDisplay())
        l.name = "card"
        XCTAssertTrue(l.description.hasPrefix("<CALayer: 'card' frame = "), l.description)
        XCTAssertFalse(l.description.contains("presentation"))
        // render(in:) draws the layer (its content drawn first, since it needs display) into the
        // given context: one image of the rendered tree. The content is drawn into its own backing
        // (the layer's 30x20 bounds), not into the context.
        let d = DrawingDelegate()
        l.delegate = d
        let ctx = CGContext(width: 10, height: 10)
        l.render(in: ctx)
        XCTAssertEqual(d.calls, ["draw 30x20"])
        XCTAssertEqual(ctx.operations.count, 1)
        XCTAssertFalse(l.needsDisplay())
        // displayIfNeeded draws only when marked.
        l.setNeedsDisplay()
        l.displayIfNeeded()
        XCTAssertEqual(d.calls.count, 2)
        l.displayIfNeeded()
        XCTAssertEqual(d.calls.count, 2)
    }

    func testBackingStoreSizeFollowsBoundsAndScale() {
        let d = DrawingDelegate()
        let l = CALayer()
        l.delegate = d
        l.bounds = CGRect(x: 0, y: 0, width: 10.2, height: 0.6)
        l.contentsScale = 2
        l.display()
        XCTAssertEqual(d.calls, ["draw 21x2"], "pixels: 20.4 × 1.2, rounded up")
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 0.4)
        l.display()
        XCTAssertNil(l.backing, "less than a pixel high: no backing store")
        XCTAssertEqual(d.calls.count, 1)
        XCTAssertTrue(diagnostics.isEmpty, "too small is not an error")
        l.bounds = CGRect(x: 0, y: 0, width: 100_000, height: 1000)
        l.display()
        XCTAssertNil(l.backing)
        XCTAssertEqual(diagnostics.count, 1, "too large is")
        l.contentsScale = .nan
        l.bounds = CGRect(x: 0, y: 0, width: 3, height: 4)
        l.display()
        XCTAssertEqual(d.calls.last, "draw 3x4", "a scale that is not a number counts as 1")
    }
}
