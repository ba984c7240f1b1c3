import XCTest
import CoreGraphics
@testable import Compositor

/// `FrameRenderer.drawnBounds` holds every pixel drawing a tree may change: each tree is drawn
/// over a frame filled with a sentinel colour (no clearing), and every pixel outside the bounds
/// must still hold the sentinel. Where the box is known by hand it is compared too, so a box that
/// is merely the whole frame fails.
final class DrawnBoundsTests: XCTestCase {
    static let sentinel: UInt32 = 0x8040_2010
    static let side = 200

    /// Draws `tree` over the sentinel; returns the bounds and the pixels outside them that changed.
    private func check(_ tree: RenderTree, file: StaticString = #filePath, line: UInt = #line) -> IntRect? {
        let renderer = FrameRenderer(threads: 1)
        guard let bounds = renderer.drawnBounds(of: tree, toDevice: .identity) else {
            XCTFail("bounds not known", file: file, line: line)
            return nil
        }
        var buffer = PixelBuffer(width: Self.side, height: Self.side)
        for k in buffer.pixels.indices { buffer.pixels[k] = Self.sentinel }
        renderer.render(tree, into: &buffer, background: nil)
        var changedOutside = 0, changedInside = 0
        for y in 0..<Self.side {
            for x in 0..<Self.side where buffer.pixels[y * Self.side + x] != Self.sentinel {
                let inside = x >= bounds.x && x < bounds.maxX && y >= bounds.y && y < bounds.maxY
                if inside { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        XCTAssertEqual(changedOutside, 0, "pixels changed outside \(bounds)", file: file, line: line)
        XCTAssertGreaterThan(changedInside, 0, "the tree draws something", file: file, line: line)
        return bounds
    }

    /// A root as large as the frame (drawing nothing itself) over `nodes` (ids and subtree ends as given).
    private func tree(_ nodes: [RenderNode]) -> RenderTree {
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        root.id = 100
        root.subtreeEnd = nodes.count + 1
        return RenderTree(nodes: [root] + nodes)
    }

    /// A leaf at `index` in the tree (subtree end index + 1).
    private func leaf(_ index: Int, _ build: (inout RenderNode) -> Void) -> RenderNode {
        var n = RenderNode()
        n.id = UInt64(index)
        n.subtreeEnd = index + 1
        build(&n)
        return n
    }

    private func square(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> [[CGPoint]] {
        [[CGPoint(x: x, y: y), CGPoint(x: x + w, y: y), CGPoint(x: x + w, y: y + h), CGPoint(x: x, y: y + h)]]
    }

    /// A fill's box: its points' (50.5...70.25, 60...80.5 moved by 10, 5) grown by a pixel and
    /// rounded out; the root's bounds (the whole frame, no background) count for nothing.
    func testAFillIsBoundedByItsPointsAndTheRootByNothing() {
        let t = tree([leaf(1) {
            $0.bounds = CGRect(x: 0, y: 0, width: 150, height: 150)
            $0.toParent = .translation(10, 5)
            $0.contents = [.fill(RenderFill(contours: square(50.5, 60, 19.75, 20.5), rule: .nonZero, color: 0xFF00_80FF))]
        }])
        // x: 60.5 - 1 → 59, 80.25 + 1 → 82; y: 65 - 1 → 64, 85.5 + 1 → 87.
        XCTAssertEqual(check(t), IntRect(x: 59, y: 64, width: 23, height: 23))
    }

    /// A layer that masks to its bounds cuts its sublayers' box to them.
    func testMasksToBoundsCutsTheSublayersBox() {
        var clip = RenderNode()
        clip.id = 1
        clip.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        clip.toParent = .translation(100, 100)
        clip.masksToBounds = true
        clip.subtreeEnd = 3
        let big = leaf(2) {
            $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            $0.contents = [.fill(RenderFill(contours: square(-80, -90, 300, 300), rule: .nonZero, color: 0xFF30_C030))]
        }
        XCTAssertEqual(check(tree([clip, big])), IntRect(x: 99, y: 99, width: 42, height: 32))
    }

    /// A background, a border alone and a blend mode other than normal count their bounds.
    func testBackgroundBorderAndBlendModeCountTheirBounds() {
        let bg = leaf(1) { $0.bounds = CGRect(x: 0, y: 0, width: 30, height: 20); $0.toParent = .translation(20, 30); $0.backgroundColor = 0xFF80_2020 }
        XCTAssertEqual(check(tree([bg])), IntRect(x: 19, y: 29, width: 32, height: 22))
        let border = leaf(1) {
            $0.bounds = CGRect(x: 0, y: 0, width: 30, height: 20); $0.toParent = .translation(120, 130)
            $0.borderWidth = 2; $0.borderColor = 0xFF20_2080
        }
        XCTAssertEqual(check(tree([border])), IntRect(x: 119, y: 129, width: 32, height: 22))
        // A copy layer with nothing in it clears what is under its bounds.
        let blend = leaf(1) {
            $0.bounds = CGRect(x: 0, y: 0, width: 50, height: 50); $0.toParent = .translation(40, 40)
            $0.blendMode = .copy
        }
        XCTAssertEqual(check(tree([blend])), IntRect(x: 39, y: 39, width: 52, height: 52))
    }

    /// A shadow, a group with opacity and a mask larger than its layer, a rotated 3D plane under a
    /// perspective: every changed pixel is inside.
    func testShadowGroupMaskAndPerspectiveStayInside() {
        _ = check(tree([leaf(1) {
            $0.bounds = CGRect(x: 0, y: 0, width: 40, height: 40); $0.toParent = .translation(60, 60)
            $0.backgroundColor = 0xFF20_8020
            $0.shadow = RenderShadow(color: 0xC000_0000, offsetX: 12, offsetY: 9, radius: 8, path: nil)
        }]))
        // A half-opaque group of two layers, masked by a layer larger than it.
        var group = RenderNode()
        group.id = 1; group.opacity = 0.5
        group.bounds = CGRect(x: 0, y: 0, width: 60, height: 60); group.toParent = .translation(30, 100)
        group.subtreeEnd = 5; group.mask = 4
        let a = leaf(2) { $0.bounds = CGRect(x: 0, y: 0, width: 30, height: 30); $0.backgroundColor = 0xFF00_00FF }
        let b = leaf(3) { $0.bounds = CGRect(x: 0, y: 0, width: 30, height: 30); $0.toParent = .translation(20, 20); $0.backgroundColor = 0xFFFF_0000 }
        let mask = leaf(4) { $0.bounds = CGRect(x: -100, y: -100, width: 400, height: 400); $0.backgroundColor = 0xFF00_0000 }
        let bounds = check(tree([group, a, b, mask]))
        XCTAssertEqual(bounds, IntRect(x: 29, y: 99, width: 52, height: 52), "the mask adds nothing")
        // A 3D context with a plane turned about y under a perspective.
        var ctx = RenderNode()
        ctx.id = 1; ctx.preserves3D = true
        ctx.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        var persp = Matrix4x4.identity.m
        persp[11] = -1.0 / 300
        ctx.toParent = Matrix4x4.translation(-50, -50).then(Matrix4x4(persp)).then(.translation(100, 100))
        ctx.subtreeEnd = 3
        let c = 0.8, s = 0.6
        var turn = Matrix4x4.identity.m
        turn[0] = c; turn[2] = -s; turn[8] = s; turn[10] = c
        let plane = leaf(2) {
            $0.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
            $0.toParent = Matrix4x4.translation(-30, -30).then(Matrix4x4(turn)).then(.translation(50, 50))
            $0.backgroundColor = 0xFF90_9020
        }
        _ = check(tree([ctx, plane]))
    }
}
