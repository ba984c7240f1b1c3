import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// A layer whose group's alpha is fixed by a few numbers (`TreeRasterizer.shadowName`: a card with
/// an opaque rounded background, a border, sublayers inside its whole pixels) finds its shadow's
/// blur by those numbers in later frames, without reading its group's alpha. On random cards
/// (scaled, rounded or not, aliased or anti-aliased edges, bordered, with dots, their borders and
/// shadows, translucent backgrounds, blurs from 1 to 45 device pixels, full and reduced planes):
/// every frame, found by name or not, is the frame drawn without names, bit for bit, on 1 and 3
/// threads; a card moved by whole pixels or whose dot changes finds its blur, one moved by a
/// quarter pixel or with a wider blur does not, nor one whose dot reaches past its whole pixels.
final class ShadowNameTests: XCTestCase {
    /// A random card of `scale` device pixels a point at (x, y), with 0 to 2 dots near its corners
    /// (some past its whole pixels, which keeps it on its group).
    static func card(_ rng: inout SplitMix64, x: Double, y: Double, scale s: Double) -> (RenderNode, [RenderNode]) {
        var n = RenderNode()
        let w = rng.double(30, 70), h = rng.double(26, 60)
        n.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        n.toParent = Matrix4x4.scale(s, s).then(.translation(x, y))
        n.backgroundColor = rng.pick([0xFFE5_6767, 0xFF30_6090, 0xFF67_E5A0, 0xC030_6090])
        n.cornerRadius = rng.pick([0, rng.double(2, 12), rng.double(10, 40)])
        n.maskedCorners = rng.pick([0xF, 0xF, UInt8(rng.int(0...15))])
        n.antialiasedEdges = rng.pick([0xF, 0])
        if rng.chance(0.8) {
            n.borderWidth = rng.pick([1, 2, 3, rng.double(0.2, 4)])
            n.borderColor = rng.pick([0xCCCC_CCCC, 0xFF20_2020, 0x5500_0000])
        }
        n.shadow = RenderShadow(color: rng.pick([0x9900_0000, 0xFF00_0000]), offsetX: rng.double(-3, 3), offsetY: rng.double(0, 6),
                                radius: rng.pick([rng.double(1, 5), rng.double(5, 16), rng.double(16, 45)]) / s, path: nil)
        var dots: [RenderNode] = []
        for _ in 0..<rng.int(0...2) {
            var d = RenderNode()
            let size = rng.double(4, min(w, h) / 2)
            d.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            let inset = rng.pick([rng.double(0, 4), rng.double(4, 10), rng.double(8, 14)])
            d.toParent = .translation(rng.pick([inset, w - size - inset]), rng.pick([inset, h - size - inset]))
            d.backgroundColor = rng.pick([0xFFFF_FFFF, 0x8000_0000])
            d.cornerRadius = rng.pick([size / 2, rng.double(0, size / 2)])
            if rng.chance(0.5) { d.borderWidth = rng.double(0.5, 2); d.borderColor = 0x5500_0000 }
            if rng.chance(0.2) { d.shadow = RenderShadow(color: 0x8000_0000, offsetX: 0, offsetY: 1, radius: 1, path: nil) }
            dots.append(d)
        }
        return (n, dots)
    }

    static func draw(_ t: RenderTree, with r: FrameRenderer, width w: Int, height h: Int) -> [UInt32] {
        var b = PixelBuffer(width: w, height: h)
        b.pixels = [UInt32](repeating: 0xFFE8_E4DC, count: w * h)
        r.render(t, into: &b, background: nil)
        return b.pixels
    }

    /// The group's frame: a fresh renderer that never names a shadow.
    static func groupFrame(_ t: RenderTree, width w: Int, height h: Int) -> [UInt32] {
        let r = FrameRenderer(threads: 1)
        r.shortcuts.namesShadows = false
        return draw(t, with: r, width: w, height: h)
    }

    func testCardsFindTheirBlurByNameAndDrawTheSamePixels() {
        var rng = SplitMix64(seed: 0x5A_D0)
        let w = 520, h = 360
        var hitFrames = 0
        for round in 0..<40 {
            let s = rng.pick([1.0, 2.0, 3.0])
            let cards = (0..<rng.int(1...3)).map { k in ShadowNameTests.card(&rng, x: 90 + Double(k) * 150 + rng.double(0, 1), y: rng.double(90, 140), scale: s) }
            let t = nestedTree(width: CGFloat(w), height: CGFloat(h), cards)
            let group = ShadowNameTests.groupFrame(t, width: w, height: h)
            let one = FrameRenderer(threads: 1), three = FrameRenderer(threads: 3)
            XCTAssertTrue(ShadowNameTests.draw(t, with: one, width: w, height: h) == group, "round \(round): the first frame")
            XCTAssertTrue(ShadowNameTests.draw(t, with: three, width: w, height: h) == group, "round \(round): the first frame on 3 threads")
            let hits = one.shadowCache.nameHits
            XCTAssertTrue(ShadowNameTests.draw(t, with: one, width: w, height: h) == group, "round \(round): the second frame")
            if one.shadowCache.nameHits > hits { hitFrames += 1 }
            XCTAssertTrue(ShadowNameTests.draw(t, with: three, width: w, height: h) == group, "round \(round): the second frame on 3 threads")
        }
        XCTAssertGreaterThan(hitFrames, 25, "most second frames find blurs by name")
        print("ShadowNameTests: \(hitFrames) of 40 second frames found blurs by name")
    }

    /// The renderer hands its shortcuts to every band: with names turned off on the renderer, no
    /// band finds a blur by name, on 1 thread or 3 (on, the second frame does).
    func testTheRenderersShortcutsReachEveryBand() {
        var rng = SplitMix64(seed: 0x5A_D1)
        let w = 520, h = 360
        let cards = (0..<3).map { k in ShadowNameTests.card(&rng, x: 90 + Double(k) * 150, y: 110, scale: 2) }
        let t = nestedTree(width: CGFloat(w), height: CGFloat(h), cards)
        for threads in [1, 3] {
            let named = FrameRenderer(threads: threads), unnamed = FrameRenderer(threads: threads)
            unnamed.shortcuts.namesShadows = false
            for _ in 0..<2 {
                _ = ShadowNameTests.draw(t, with: named, width: w, height: h)
                _ = ShadowNameTests.draw(t, with: unnamed, width: w, height: h)
            }
            XCTAssertGreaterThan(named.shadowCache.nameHits, 0, "\(threads) threads: names on")
            XCTAssertEqual(unnamed.shadowCache.nameHits, 0, "\(threads) threads: names off")
        }
    }

    /// One card drawn frame after frame: found by name while it moves by whole pixels or its dot
    /// changes colour; blurred anew (and drawn as its group) after a quarter-pixel move or with a
    /// wider blur; never found by name in the frame that kept it.
    func testACardsNameFollowsWholePixelMovesOnly() {
        var card = RenderNode()
        card.bounds = CGRect(x: 0, y: 0, width: 72, height: 60)
        card.toParent = Matrix4x4.scale(3, 3).then(.translation(60, 50))
        card.backgroundColor = 0xFFE5_6767
        card.cornerRadius = 14
        card.borderWidth = 3; card.borderColor = 0xCCCC_CCCC
        card.shadow = RenderShadow(color: 0x9900_0000, offsetX: 0, offsetY: 5, radius: 8, path: nil)
        var dot = RenderNode()
        dot.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
        dot.toParent = .translation(8, 8)
        dot.backgroundColor = 0xFFFF_FFFF
        dot.cornerRadius = 9
        dot.borderWidth = 2; dot.borderColor = 0x5500_0000
        let w = 400, h = 320
        func tree(_ c: RenderNode, _ d: RenderNode) -> RenderTree { nestedTree(width: CGFloat(w), height: CGFloat(h), [(c, [d])]) }
        let r = FrameRenderer(threads: 2)
        XCTAssertNotNil(TreeRasterizer(tree: tree(card, dot), shadowCache: r.shadowCache).shadowName(1, children: [2], M: card.toParent),
                        "the scene's card has a name")
        _ = ShadowNameTests.draw(tree(card, dot), with: r, width: w, height: h)
        // Each frame: found by name or not as expected, and the pixels drawn without names.
        func expectFound(_ c: RenderNode, _ d: RenderNode, _ found: Bool, _ what: String) {
            let hits = r.shadowCache.nameHits
            let frame = ShadowNameTests.draw(tree(c, d), with: r, width: w, height: h)
            XCTAssertEqual(r.shadowCache.nameHits > hits, found, what)
            XCTAssertTrue(frame == ShadowNameTests.groupFrame(tree(c, d), width: w, height: h), "\(what): the pixels drawn without names")
        }
        expectFound(card, dot, true, "the same card")
        var moved = card
        moved.toParent = Matrix4x4.scale(3, 3).then(.translation(67, 41))
        expectFound(moved, dot, true, "moved by whole pixels")
        var recoloured = dot
        recoloured.backgroundColor = 0xFF20_40FF
        expectFound(moved, recoloured, true, "its dot recoloured")
        var nudged = card
        nudged.toParent = Matrix4x4.scale(3, 3).then(.translation(67.25, 41))
        expectFound(nudged, dot, false, "moved by a quarter pixel")
        expectFound(nudged, dot, true, "the quarter-pixel place, the next frame")
        var wider = nudged
        wider.shadow?.radius = 9
        expectFound(wider, dot, false, "a wider blur")
        // A translucent card: what its dot draws shows in its alpha, so it has no name, and a dot
        // turned translucent changes its shadow.
        var glass = card
        glass.backgroundColor = 0xC0AC_4D4D
        XCTAssertNil(TreeRasterizer(tree: tree(glass, dot), shadowCache: r.shadowCache).shadowName(1, children: [2], M: card.toParent),
                     "a translucent card with a dot: no name")
        expectFound(glass, dot, false, "a translucent card")
        var faint = dot
        faint.backgroundColor = 0x4000_0000; faint.borderWidth = 0
        expectFound(glass, faint, false, "a translucent card whose dot turned translucent")
        var out = dot
        out.toParent = .translation(-2, 8)
        XCTAssertNil(TreeRasterizer(tree: tree(card, out), shadowCache: r.shadowCache).shadowName(1, children: [2], M: card.toParent),
                     "a dot past the card's edge: no name")
    }

    /// Which sublayers keep a card's name: one on the background's whole pixels does, one reaching
    /// its anti-aliased edge or its round corner does not, nor one blended by multiply.
    func testSublayersInsideTheWholePixelsOnly() {
        var card = ShadowOutlineTests.card(width: 72, height: 60, x: 40, y: 30, radius: 30, offset: 5, blur: 8)
        card.borderWidth = 3; card.borderColor = 0xCCCC_CCCC
        func named(dotAt x: Double, _ y: Double, size: Double, radius: Double, blend: BlendMode = .normal) -> Bool {
            var dot = RenderNode()
            dot.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            dot.toParent = .translation(x, y)
            dot.backgroundColor = 0xFFFF_FFFF
            dot.cornerRadius = radius
            dot.blendMode = blend
            let t = nestedTree(width: 200, height: 140, [(card, [dot])])
            return TreeRasterizer(tree: t, shadowCache: ShadowCache()).shadowName(1, children: [2], M: card.toParent) != nil
        }
        // The scene's dot (rounded-shadows): 18 x 18 at (8, 8), round, in a card whose corners are 30
        // round. As a box its corner (8, 8) lies 31.1 from the corner's centre (30, 30), past the arc;
        // as the round leaf it is a disc of 9 about (17, 17), 18.4 from that centre: within 30 - 9 - 1.
        XCTAssertTrue(named(dotAt: 8, 8, size: 18, radius: 9), "the round dot inside the round corner")
        XCTAssertFalse(named(dotAt: 8, 8, size: 18, radius: 0), "the square dot past the round corner")
        XCTAssertFalse(named(dotAt: 6, 6, size: 18, radius: 9), "the round dot: a disc of 9 about (15, 15), 21.2 from the centre, past 30 - 9 - 1")
        XCTAssertTrue(named(dotAt: 16, 16, size: 18, radius: 3), "a dot rounded by 3: its inner corner (19, 19) 15.6 from the centre, within 30 - 3 - 1")
        XCTAssertTrue(named(dotAt: 30, 2, size: 10, radius: 0), "on the straight top, 2 pixels in")
        XCTAssertFalse(named(dotAt: 30, 0.5, size: 10, radius: 0), "on the straight top, half a pixel in: the edge's pixels")
        XCTAssertFalse(named(dotAt: 30, 20, size: 10, radius: 0, blend: .multiply), "multiply")
    }

    /// A blur kept by name is found only from the next frame on, and goes with the cache's eviction.
    func testANameIsFoundFromTheNextFrameOn() {
        let cache = ShadowCache(capacity: 64)
        let name = ShadowOutlineKey(name: [1, 2, 3], source: IntRect(x: 0, y: 0, width: 4, height: 4),
                                    area: IntRect(x: -2, y: -2, width: 8, height: 8), columns: 0..<100, sigma: 1, factor: 1)
        cache.beginFrame()
        cache.store(name, plane: [Float](repeating: 0.5, count: 20), width: 5, height: 4)
        XCTAssertNil(cache.plane(forName: name), "not in the frame that kept it")
        cache.beginFrame()
        XCTAssertEqual(cache.plane(forName: name)?.plane.first, 0.5, "the next frame")
        let other = ShadowOutlineKey(name: [1, 2, 4], source: IntRect(x: 0, y: 0, width: 4, height: 4),
                                     area: IntRect(x: -2, y: -2, width: 8, height: 8), columns: 0..<100, sigma: 1, factor: 1)
        XCTAssertNil(cache.plane(forName: other), "another name")
        XCTAssertNil(cache.plane(forOutline: ShadowOutlineKey(contours: [[(1, 2), (3, 4), (5, 6)]], source: IntRect(x: 0, y: 0, width: 4, height: 4),
                                                              area: IntRect(x: -2, y: -2, width: 8, height: 8), columns: 0..<100, sigma: 1, factor: 1)))
        // Blurs past the capacity: the least recently used (this one) goes, and its name.
        for v in 1...6 {
            _ = cache.plane(for: ShadowCache.Key(source: [Float](repeating: Float(v), count: 16), sourceWidth: 4, sourceHeight: 4, offsetX: 2, offsetY: 2,
                                                 areaWidth: 8, areaHeight: 8, sigma: 1, factor: 1)) { ([Float](repeating: 0, count: 20), 5, 4) }
        }
        cache.beginFrame()
        XCTAssertNil(cache.plane(forName: name), "evicted")
    }
}
