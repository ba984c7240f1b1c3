import XCTest
import CoreGraphics
@testable import Compositor

/// DamageTracker's rectangles for single changes, worked out by hand. A node's device rectangle is
/// its bounds mapped to pixels, rounded outward, with a one-pixel margin on every side (the
/// rasteriser's subtreeBounds: anti-aliased edges may touch the next pixel); a shadow grows it by
/// ⌈3σ + largest offset⌉ + 2 pixels. The damage of a frame is the union of the old and new
/// rectangles of every node that changed, clipped to the frame.
final class DamageTrackerTests: XCTestCase {
    let frame = IntRect(x: 0, y: 0, width: 40, height: 30)

    /// A layer as a tree: the node, its sublayers back to front, and its mask.
    struct Layer {
        var node: RenderNode
        var sublayers: [Layer] = []
        var mask: [Layer] = []

        /// A node with bounds (0, 0, w, h) placed at (x, y) in its parent, filled with `color`.
        init(_ id: UInt64, _ x: Double, _ y: Double, _ w: Double, _ h: Double, color: UInt32 = 0xFF80_4020, _ sublayers: [Layer] = []) {
            node = RenderNode()
            node.id = id
            node.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            node.toParent = .translation(x, y)
            node.backgroundColor = color
            self.sublayers = sublayers
        }

        /// The render tree, depth first: node, sublayers, then the mask subtree.
        var tree: RenderTree {
            var nodes: [RenderNode] = []
            func emit(_ l: Layer) {
                let i = nodes.count
                nodes.append(l.node)
                for s in l.sublayers { emit(s) }
                if let m = l.mask.first { nodes[i].mask = nodes.count; emit(m) }
                nodes[i].subtreeEnd = nodes.count
            }
            emit(self)
            return RenderTree(nodes: nodes)
        }
    }

    /// The damage of going from `a` to `b` (after a first frame of `a`).
    func damage(from a: Layer, to b: Layer) -> IntRect {
        var t = DamageTracker()
        XCTAssertEqual(t.damage(for: a.tree, toDevice: .identity, frame: frame), frame, "the first frame is all damage")
        return t.damage(for: b.tree, toDevice: .identity, frame: frame)
    }

    /// An empty root covering the frame (draws nothing) holding `layers`.
    func root(_ layers: [Layer]) -> Layer { Layer(1, 0, 0, 40, 30, color: 0, layers) }

    func testAnUnchangedFrameHasNoDamage() {
        let r = root([Layer(2, 10, 5, 6, 4)])
        XCTAssertTrue(damage(from: r, to: r).isEmpty)
    }

    /// The damages of frames `frames` in turn (after a first frame of the first).
    func damages(_ frames: [Layer]) -> [IntRect] {
        var t = DamageTracker()
        XCTAssertEqual(t.damage(for: frames[0].tree, toDevice: .identity, frame: frame), frame, "the first frame is all damage")
        return frames.dropFirst().map { t.damage(for: $0.tree, toDevice: .identity, frame: frame) }
    }

    /// A rectangle taken over from the frame before (node and map unchanged) is the one the node
    /// draws: growing in place, or moving after unchanged frames, damages the old and new ones.
    /// The 6 × 4 layer at (10, 5) covers (9, 4) 8 × 6; grown to 12 × 8, (9, 4) 14 × 10; moved to
    /// (20, 10), (19, 9) 8 × 6.
    func testRectanglesCarriedOverUnchangedFramesStayTrue() {
        let a = root([Layer(2, 10, 5, 6, 4)])
        let grown = root([Layer(2, 10, 5, 12, 8)])
        let moved = root([Layer(2, 20, 10, 6, 4)])
        XCTAssertEqual(damages([a, a, a, grown, grown, a]),
                       [.empty, .empty, IntRect(x: 9, y: 4, width: 14, height: 10), .empty, IntRect(x: 9, y: 4, width: 14, height: 10)])
        XCTAssertEqual(damages([a, a, moved, moved, a]),
                       [.empty, IntRect(x: 9, y: 4, width: 18, height: 11), .empty, IntRect(x: 9, y: 4, width: 18, height: 11)])
        // The same node under a parent that moves: only its device map changes. The 1 × 1 parent
        // at (5, 0) covers (4, -1) 3 × 3, at (15, 5) (14, 4) 3 × 3; the layer 5, 5 inside it moves
        // from (9, 4) 8 × 6 to (19, 9) 8 × 6; all of it clipped to the frame: (4, 0) 23 × 15.
        let inner = Layer(2, 5, 5, 6, 4)
        let before = root([Layer(3, 5, 0, 1, 1, color: 0, [inner])]), after = root([Layer(3, 15, 5, 1, 1, color: 0, [inner])])
        XCTAssertEqual(damages([before, before, after]), [.empty, IntRect(x: 4, y: 0, width: 23, height: 15)])
    }

    /// A 6 × 4 layer at (10, 5): pixels 10..<16 × 5..<9, one more each side: (9, 4) 8 × 6.
    func testAddingALayerDamagesItsRectangle() {
        XCTAssertEqual(damage(from: root([]), to: root([Layer(2, 10, 5, 6, 4)])), IntRect(x: 9, y: 4, width: 8, height: 6))
    }

    /// The pixels of a removed layer must be redrawn: its old rectangle.
    func testRemovingALayerDamagesItsOldRectangle() {
        XCTAssertEqual(damage(from: root([Layer(2, 10, 5, 6, 4), Layer(3, 30, 20, 2, 2)]), to: root([Layer(3, 30, 20, 2, 2)])),
                       IntRect(x: 9, y: 4, width: 8, height: 6))
    }

    /// Fractional edges round outward: 6 × 4 at (10.5, 5.25) covers x 10.5…16.5, y 5.25…9.25, so
    /// with the margin x 9.5…17.5 → 9..<18, y 4.25…10.25 → 4..<11.
    func testFractionalPlacementRoundsOutward() {
        XCTAssertEqual(damage(from: root([]), to: root([Layer(2, 10.5, 5.25, 6, 4)])), IntRect(x: 9, y: 4, width: 9, height: 7))
    }

    /// Moved from (10, 5) to (20, 12): old (9, 4) 8 × 6 and new (19, 11) 8 × 6, union (9, 4)…(27, 17).
    func testMovingALayerDamagesOldAndNewPlaces() {
        XCTAssertEqual(damage(from: root([Layer(2, 10, 5, 6, 4)]), to: root([Layer(2, 20, 12, 6, 4)])),
                       IntRect(x: 9, y: 4, width: 18, height: 13))
    }

    /// A parent P (10 × 10 at (2, 2)) with a child C (20 × 10 at (5, 5) in P, so (7, 7) on the
    /// target) reaching past it. P's opacity 0.8 → 0.5 (a group both times) changes C's pixels too:
    /// P's rectangle (1, 1) 12 × 12 and C's (6, 6) 22 × 12, union (1, 1)…(28, 18).
    func testAnAncestorsOpacityDamagesItsDescendants() {
        func tree(_ opacity: Double) -> Layer {
            var p = Layer(2, 2, 2, 10, 10, [Layer(3, 5, 5, 20, 10)])
            p.node.opacity = opacity
            return root([p])
        }
        XCTAssertEqual(damage(from: tree(0.8), to: tree(0.5)), IntRect(x: 1, y: 1, width: 27, height: 17))
        // Without group opacity the child's own opacity is the product, so it changes the same way.
        func flat(_ opacity: Double) -> Layer {
            var t = tree(opacity); t.sublayers[0].node.allowsGroupOpacity = false; return t
        }
        XCTAssertEqual(damage(from: flat(1), to: flat(0.5)), IntRect(x: 1, y: 1, width: 27, height: 17))
    }

    /// Turning group opacity off draws the child at the parent's opacity itself instead of through
    /// the group: the child's pixels change, though no value of the child does.
    func testAnAncestorLeavingAGroupDamagesItsDescendants() {
        func tree(_ group: Bool) -> Layer {
            var p = Layer(2, 2, 2, 10, 10, [Layer(3, 5, 5, 20, 10)])
            p.node.opacity = 0.5
            p.node.allowsGroupOpacity = group
            return root([p])
        }
        XCTAssertEqual(damage(from: tree(true), to: tree(false)), IntRect(x: 1, y: 1, width: 27, height: 17))
    }

    /// Three overlapping siblings A (10 × 10 at (5, 5)), B (at (10, 8)), C (at (12, 10)); C goes from
    /// the front to the back. A and B keep their order, so only C's pixels (where it overlaps the
    /// others, inside its rectangle) change: C's rectangle (11, 9) 12 × 12.
    func testRestackingALayerDamagesIt() {
        let a = Layer(2, 5, 5, 10, 10), b = Layer(3, 10, 8, 10, 10), c = Layer(4, 12, 10, 10, 10)
        XCTAssertEqual(damage(from: root([a, b, c]), to: root([c, a, b])), IntRect(x: 11, y: 9, width: 12, height: 12))
        // Swapping two: redrawing either one's rectangle redraws their overlap.
        let swapped = damage(from: root([a, b]), to: root([b, a]))
        XCTAssertTrue([IntRect(x: 4, y: 4, width: 12, height: 12), IntRect(x: 9, y: 7, width: 12, height: 12)].contains(swapped), "\(swapped)")
    }

    /// Siblings joining or leaving at the back restack nobody else: only their own rectangles.
    func testAddingOrRemovingAtTheBackDamagesOnlyThatLayer() {
        let a = Layer(2, 5, 5, 10, 10), b = Layer(3, 10, 8, 10, 10), c = Layer(4, 12, 10, 10, 10)
        XCTAssertEqual(damage(from: root([a, b, c]), to: root([b, c])), IntRect(x: 4, y: 4, width: 12, height: 12))
        XCTAssertEqual(damage(from: root([b, c]), to: root([a, b, c])), IntRect(x: 4, y: 4, width: 12, height: 12))
    }

    /// The restacked siblings: all but a longest run kept in the old order.
    func testReorderedSiblings() {
        XCTAssertEqual(DamageTracker.reordered([1, 2, 3, 4, 5], [1, 4, 2, 3, 5]), [4])
        XCTAssertEqual(DamageTracker.reordered([1, 2, 3, 4, 5], [5, 1, 2, 3, 4]), [5])
        XCTAssertEqual(DamageTracker.reordered([1, 2, 3], [2, 3]), [])
        XCTAssertEqual(DamageTracker.reordered([1, 2, 3], [7, 1, 8, 2, 3]), [])
        XCTAssertEqual(DamageTracker.reordered([1, 2, 3, 4], [4, 3, 2, 1]).count, 3, "reversed: one stays")
        // Blocks swapped (X keeps its neighbours P, Q; Y keeps R, S): one block moves.
        XCTAssertEqual(Set(DamageTracker.reordered([1, 2, 3, 4, 5, 6], [4, 5, 6, 1, 2, 3])).count, 3)
    }

    /// Restacking containers that draw nothing themselves reorders what their sublayers draw:
    /// the sublayers are damaged. Empty containers at (0, 0) 2 × 2 hold X (8 × 8 at (10, 10)) and
    /// Y (8 × 8 at (14, 14)): X (9, 9) 10 × 10 ∪ Y (13, 13) 10 × 10 ∪ the containers (-1, -1) 4 × 4
    /// (clipped to the frame: (0, 0)) → (0, 0)…(23, 23).
    func testRestackingAncestorsDamagesTheirSubtrees() {
        let p = Layer(2, 0, 0, 2, 2, color: 0, [Layer(4, 10, 10, 8, 8)]), q = Layer(3, 0, 0, 2, 2, color: 0, [Layer(5, 14, 14, 8, 8)])
        XCTAssertEqual(damage(from: root([p, q]), to: root([q, p])), IntRect(x: 0, y: 0, width: 23, height: 23))
    }

    /// A change inside a mask changes the whole masked subtree: P (10 × 10 at (2, 2)) with a child
    /// out to (7, 7) + 20 × 10 and a 4 × 4 mask at (1, 1) whose colour changes: P's subtree
    /// (1, 1)…(28, 18), although the mask itself covers only (2, 2)…(8, 8).
    func testAChangeInAMaskDamagesTheWholeMaskedSubtree() {
        func tree(_ maskColor: UInt32) -> Layer {
            var p = Layer(2, 2, 2, 10, 10, [Layer(3, 5, 5, 20, 10)])
            p.mask = [Layer(9, 1, 1, 4, 4, color: maskColor)]
            return root([p])
        }
        XCTAssertEqual(damage(from: tree(0xFF00_0000), to: tree(0x8000_0000)), IntRect(x: 1, y: 1, width: 27, height: 17))
    }

    /// A shadow following the alpha of its layer's subtree moves with anything in it. P: 8 × 6 at
    /// (10, 8), shadow radius 2 (σ = 2 at scale 1), offset (3, −1): reach ⌈3·2 + 3⌉ + 2 = 11 pixels.
    /// P's subtree (9, 7) 10 × 8 (its child lies inside) grows to (−2, −4)…(30, 26); clipped to
    /// the frame (0, 0) 30 × 26 — all that for a colour change of the 4 × 3 child.
    func testAChangeUnderAnAlphaShadowDamagesTheWholeShadow() {
        func tree(_ childColor: UInt32) -> Layer {
            var p = Layer(2, 10, 8, 8, 6, [Layer(3, 2, 2, 4, 3, color: childColor)])
            p.node.shadow = RenderShadow(color: 0xFF00_0000, offsetX: 3, offsetY: -1, radius: 2, path: nil)
            return root([p])
        }
        XCTAssertEqual(damage(from: tree(0xFF11_2233), to: tree(0xFF33_2211)), IntRect(x: 0, y: 0, width: 30, height: 26))
    }

    /// A mask inside a subtree whose ancestor casts an alpha shadow: the mask changes the subtree's
    /// alpha, so the ancestor's whole shadow. P: 20 × 10 at (2, 2), shadow offset (6, 0), radius 0:
    /// reach 0 + 6 + 2 = 8; P's subtree (1, 1)…(23, 13) (its child C, 6 × 6 at (2, 2) in P, lies
    /// inside) grows to (−7, −7)…(31, 21), clipped (0, 0) 31 × 21. C's mask (4 × 4 at (1, 1)) changes
    /// colour; C's own subtree alone would be (3, 3) 8 × 8.
    func testAMaskUnderAnAncestorsAlphaShadowDamagesThatShadow() {
        func tree(_ maskColor: UInt32) -> Layer {
            var c = Layer(3, 2, 2, 6, 6)
            c.mask = [Layer(9, 1, 1, 4, 4, color: maskColor)]
            var p = Layer(2, 2, 2, 20, 10, [c])
            p.node.shadow = RenderShadow(color: 0xFF00_0000, offsetX: 6, offsetY: 0, radius: 0, path: nil)
            return root([p])
        }
        XCTAssertEqual(damage(from: tree(0xFF00_0000), to: tree(0x4000_0000)), IntRect(x: 0, y: 0, width: 31, height: 21))
    }

    /// The colour of an alpha shadow changes the shadow of the whole subtree, not just around the
    /// layer's own bounds. P: 8 × 6 at (10, 8) with a child 4 × 3 at (2, 5) (so (12, 13)…(16, 16),
    /// below P); shadow radius 1, offset (0, 2): reach ⌈3 + 2⌉ + 2 = 7. Subtree (9, 7)…(19, 15) ∪
    /// (11, 12)…(17, 17) = (9, 7)…(19, 17), grown by 7: (2, 0)…(26, 24).
    func testAnAlphaShadowsColourDamagesTheShadowOfTheWholeSubtree() {
        func tree(_ shadowColor: UInt32) -> Layer {
            var p = Layer(2, 10, 8, 8, 6, [Layer(3, 2, 5, 4, 3)])
            p.node.shadow = RenderShadow(color: shadowColor, offsetX: 0, offsetY: 2, radius: 1, path: nil)
            return root([p])
        }
        XCTAssertEqual(damage(from: tree(0xFF00_0000), to: tree(0x8000_0000)), IntRect(x: 2, y: 0, width: 24, height: 24))
    }

    /// A shadow's offset is in the parent's coordinates: stretched 3 × 1 by the device map, an offset
    /// of (4, 0) lands 12 pixels to the right, so the reach is 0 + 12 + 2 = 14 (not the offset times
    /// the mean scale √3). S: 4 × 4 at (10, 5) → (30, 5)…(42, 9), margin (29, 4)…(43, 10), grown by
    /// 14: (15, −10)…(57, 24), clipped (15, 0) 42 × 24.
    func testAShadowsReachFollowsTheParentsStretch() {
        var s = Layer(2, 10, 5, 4, 4)
        s.node.shadow = RenderShadow(color: 0xFF00_0000, offsetX: 4, offsetY: 0, radius: 0, path: nil)
        var t = DamageTracker()
        let frame = IntRect(x: 0, y: 0, width: 120, height: 30)
        _ = t.damage(for: root([]).tree, toDevice: .scale(3, 1), frame: frame)
        XCTAssertEqual(t.damage(for: root([s]).tree, toDevice: .scale(3, 1), frame: frame), IntRect(x: 15, y: 0, width: 42, height: 24))
    }

    /// A shadowPath reaching past the bounds: the path's box counts. S: 4 × 4 at (20, 10) with a
    /// path (−6, −2)…(10, 6) in its own coordinates, radius 0, offset (1, 1): reach ⌈0 + 1⌉ + 2 = 3.
    /// Box: bounds (19, 9)…(25, 15) ∪ path (13, 7)…(31, 17) (margins included) = (13, 7)…(31, 17),
    /// grown by 3: (10, 4)…(34, 20). Adding S damages all of it.
    func testAShadowPathPastTheBoundsIsDamaged() {
        var s = Layer(2, 20, 10, 4, 4)
        let path: [[CGPoint]] = [[CGPoint(x: -6, y: -2), CGPoint(x: 10, y: -2), CGPoint(x: 10, y: 6), CGPoint(x: -6, y: 6)]]
        s.node.shadow = RenderShadow(color: 0xFF00_0000, offsetX: 1, offsetY: 1, radius: 0, path: path)
        XCTAssertEqual(damage(from: root([]), to: root([s])), IntRect(x: 10, y: 4, width: 24, height: 16))
    }

    /// A clipping parent's bounds change re-clips its sublayers: P (masksToBounds, 10 × 10 at
    /// (2, 2)) grows to 16 × 10; its child C (20 × 10 at (5, 5) → (7, 7)) must be redrawn: P old
    /// (1, 1) 12 × 12, P new (1, 1) 18 × 12, C (6, 6) 22 × 12 → (1, 1)…(28, 18).
    func testAClippingParentsResizeDamagesItsSublayers() {
        func tree(_ w: Double) -> Layer {
            var p = Layer(2, 2, 2, w, 10, [Layer(3, 5, 5, 20, 10)])
            p.node.masksToBounds = true
            return root([p])
        }
        XCTAssertEqual(damage(from: tree(10), to: tree(16)), IntRect(x: 1, y: 1, width: 27, height: 17))
    }

    /// A device map at scale 2 doubles everything: 6 × 4 at (10, 5) → (20, 10) 12 × 8, margin →
    /// (19, 9) 14 × 10.
    func testDamageIsInDevicePixels() {
        var t = DamageTracker()
        let frame = IntRect(x: 0, y: 0, width: 80, height: 60)
        _ = t.damage(for: root([]).tree, toDevice: .scale(2, 2), frame: frame)
        XCTAssertEqual(t.damage(for: root([Layer(2, 10, 5, 6, 4)]).tree, toDevice: .scale(2, 2), frame: frame),
                       IntRect(x: 19, y: 9, width: 14, height: 10))
        t.reset()
        XCTAssertEqual(t.damage(for: root([Layer(2, 10, 5, 6, 4)]).tree, toDevice: .scale(2, 2), frame: frame), frame, "after reset: all")
    }
}
