import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// A layer that draws only its background casts its shadow from the background's outline, with no
/// offscreen group (`TreeRasterizer.outlineAlpha`, `drawOutlineShadow`): on random shadowed
/// leaves (rounded or not, some corners, translucent backgrounds, group opacity, scaled, rotated
/// and skewed, blurs from 1 to 30 device pixels (up to 16 traced), over random pixels, inside the frame) the frame
/// is within 3 levels a channel of the group's, and the same on 1 and 3 threads; layers the outline does not describe (a
/// border, contents, sublayers, a sharp shadow) still take the group.
final class ShadowOutlineTests: XCTestCase {
    func leaf(_ rng: inout SplitMix64) -> RenderNode {
        var n = RenderNode()
        let w = rng.double(8, 80), h = rng.double(8, 70)
        n.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        let s = rng.pick([1, 1, rng.double(0.6, 1.8)])
        var map = Matrix4x4.scale(s, rng.pick([s, rng.double(0.6, 1.8)]))
        if rng.chance(0.3) {
            let a = rng.double(-1, 1)
            map = map.then(Matrix4x4(m: [cos(a), sin(a), 0, 0, -sin(a), cos(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
        }
        if rng.chance(0.15) { map = map.then(Matrix4x4(m: [1, 0, 0, 0, rng.double(-0.4, 0.4), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])) }
        // Inside the frame, with its blur's reach: a group holds only the layer's pixels on the frame, so
        // near the frame's edges its shadow lacks the part of the layer past them (the outline's has it).
        n.toParent = map.then(.translation(rng.double(70, 170), rng.double(70, 110)))
        n.backgroundColor = rng.pick([0xFFE5_6767, 0xFF30_6090, UInt32(rng.int(0x10...254)) << 24 | 0x0010_1010])
        n.cornerRadius = rng.pick([0, rng.double(1, 40)])
        n.maskedCorners = rng.pick([0xF, 0xF, UInt8(rng.int(0...15))])
        n.opacity = rng.pick([1, 1, 0.6])
        // Aliased edges (Core Animation's default): traced only when the map keeps the grid.
        n.antialiasedEdges = rng.pick([0xF, 0xF, 0])
        n.shadow = RenderShadow(color: rng.pick([0x9900_0000, 0xFF00_0000, 0x8030_0060]), offsetX: rng.double(-5, 5), offsetY: rng.double(-3, 9),
                                radius: rng.pick([rng.double(1, 4), rng.double(4, 12), rng.double(4, 16), rng.double(16, 30)]) / s, path: nil)
        return n
    }

    /// An opaque blue card with a translucent black shadow below it.
    static func card(width: Double, height: Double, x: Double, y: Double, radius: Double, offset: Double, blur: Double) -> RenderNode {
        var card = RenderNode()
        card.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        card.toParent = .translation(x, y)
        card.backgroundColor = 0xFF30_6090
        card.cornerRadius = radius
        card.shadow = RenderShadow(color: 0x9900_0000, offsetX: 0, offsetY: offset, radius: blur, path: nil)
        return card
    }

    /// The largest difference between two pixels' channels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var d = 0
        for c in 0..<4 {
            let x = Int((a >> UInt32(c * 8)) & 0xFF), y = Int((b >> UInt32(c * 8)) & 0xFF)
            d = max(d, abs(x - y))
        }
        return d
    }

    func render(_ t: RenderTree, under: [UInt32], width w: Int, height h: Int, threads: Int, outline: Bool) -> [UInt32] {
        var b = PixelBuffer(width: w, height: h)
        b.pixels = under
        let r = FrameRenderer(threads: threads)
        r.shortcuts.tracesShadowOutline = outline
        r.render(t, into: &b, background: nil)
        return b.pixels
    }

    /// Why 3 levels: the group's alpha is the background rounded to 8 bits (half a level before the
    /// blur), its corners are arcs where the outline is a polygon within 0.02 px of them, and with a
    /// translucent background or group opacity the group rounds the layer's pixels twice (into the
    /// group, then times its opacity) where drawing the layer directly rounds them once. Seen: 3 at
    /// most over these frames, 2 with opaque backgrounds at full opacity.
    func testOutlineShadowIsWithinThreeLevelsOfTheGroupsAndTheSameOnEveryBand() {
        var rng = SplitMix64(seed: 0x0071_1E)
        let w = 420, h = 340
        var traced = 0, worst = 0
        for round in 0..<60 {
            let leaves = (0..<rng.int(1...4)).map { _ in leaf(&rng) }
            let t = flatTree(width: CGFloat(w), height: CGFloat(h), leaves)
            let under = (0..<(w * h)).map { _ in round % 2 == 0 ? rng.premultipliedPixel() : 0xFFE8_E4DC }
            let group = render(t, under: under, width: w, height: h, threads: 1, outline: false)
            let outline = render(t, under: under, width: w, height: h, threads: 1, outline: true)
            for i in group.indices {
                let d = ShadowOutlineTests.channelDifference(group[i], outline[i])
                if d > worst { worst = d }
                if d > 3 {
                    return XCTFail("round \(round): pixel (\(i % w), \(i / w)) is \(String(outline[i], radix: 16)) from the outline, \(String(group[i], radix: 16)) from the group")
                }
            }
            XCTAssertTrue(render(t, under: under, width: w, height: h, threads: 3, outline: true) == outline, "round \(round): 3 threads")
            let r = TreeRasterizer(tree: t)
            for i in 1..<t.nodes.count {
                let sigma = r.shadowGeometry(t.nodes[i].shadow!, node: t.nodes[i], P: t.nodes[0].toParent).sigma
                if r.outlineAlpha(i, hasChildren: false, sigma: sigma, toDevice: t.nodes[i].toParent.then(t.nodes[0].toParent).projective) != nil { traced += 1 }
            }
        }
        XCTAssertGreaterThan(traced, 60, "many leaves cast their shadow from the outline")
        print("ShadowOutlineTests: \(traced) leaves traced, largest difference \(worst)/255")
    }

    /// The outline's shadow of one card at a known place, against the group's: the same within 3 levels,
    /// and the path taken (the group surface is never made: nothing is drawn past the outline's blur).
    func testCardShadowFromOutline() {
        let card = ShadowOutlineTests.card(width: 100, height: 60, x: 40.5, y: 30, radius: 14, offset: 6, blur: 8)
        let t = flatTree(width: 200, height: 140, [card])
        let r = TreeRasterizer(tree: t)
        XCTAssertEqual(r.outlineAlpha(1, hasChildren: false, sigma: 8, toDevice: card.toParent.projective), 1)
        XCTAssertNil(r.outlineAlpha(1, hasChildren: true, sigma: 8, toDevice: card.toParent.projective), "sublayers: the group's alpha")
        XCTAssertNil(r.outlineAlpha(1, hasChildren: false, sigma: 0.5, toDevice: card.toParent.projective), "a sharp shadow: the group's alpha")
        XCTAssertNil(r.outlineAlpha(1, hasChildren: false, sigma: 20, toDevice: card.toParent.projective), "a blur on a reduced plane: the group's alpha")
        var bordered = card
        bordered.borderWidth = 2; bordered.borderColor = 0xCCCC_CCCC
        XCTAssertNil(TreeRasterizer(tree: flatTree(width: 200, height: 140, [bordered])).outlineAlpha(1, hasChildren: false, sigma: 8, toDevice: card.toParent.projective), "a border")
        // Aliased edges (Core Animation's default): the outline while the map keeps the pixel grid.
        var aliased = card
        aliased.antialiasedEdges = 0
        let aliasedTree = TreeRasterizer(tree: flatTree(width: 200, height: 140, [aliased]))
        XCTAssertEqual(aliasedTree.outlineAlpha(1, hasChildren: false, sigma: 8, toDevice: card.toParent.projective), 1, "aliased, unrotated")
        let turned = Matrix4x4(m: [cos(0.3), sin(0.3), 0, 0, -sin(0.3), cos(0.3), 0, 0, 0, 0, 1, 0, 40, 30, 0, 1])
        XCTAssertNil(aliasedTree.outlineAlpha(1, hasChildren: false, sigma: 8, toDevice: turned.projective), "aliased and rotated: staircases")
        let under = [UInt32](repeating: 0xFFE8_E4DC, count: 200 * 140)
        let group = render(t, under: under, width: 200, height: 140, threads: 1, outline: false)
        let outline = render(t, under: under, width: 200, height: 140, threads: 1, outline: true)
        // Below the card's middle, 6 px down and 8 px of blur: the shadow shows past the card's bottom edge.
        let below = 95 * 200 + 90
        XCTAssertNotEqual(outline[below], 0xFFE8_E4DC, "the shadow is drawn")
        for i in group.indices {
            XCTAssertLessThanOrEqual(ShadowOutlineTests.channelDifference(group[i], outline[i]), 3, "pixel \(i % 200), \(i / 200)")
        }
    }

    /// A blur made from an outline is found again by the outline (`ShadowCache.plane(forOutline:)`):
    /// the next frame draws the same pixels with no new blur, and a card moved by a quarter pixel, or
    /// with a wider blur, is blurred anew and drawn as a fresh renderer draws it (on 1 and 3 threads).
    func testOutlineFindsItsBlurAgainAndOnlyItsOwn() {
        let card = ShadowOutlineTests.card(width: 120, height: 70, x: 60.5, y: 40, radius: 16, offset: 8, blur: 6)
        let under = [UInt32](repeating: 0xFFE8_E4DC, count: 260 * 180)
        for threads in [1, 3] {
            let kept = FrameRenderer(threads: threads)
            func draw(_ n: RenderNode, with r: FrameRenderer) -> [UInt32] {
                var b = PixelBuffer(width: 260, height: 180)
                b.pixels = under
                r.render(flatTree(width: 260, height: 180, [n]), into: &b, background: nil)
                return b.pixels
            }
            let first = draw(card, with: kept)
            let misses = kept.shadowCache.misses, hits = kept.shadowCache.hits
            XCTAssertTrue(draw(card, with: kept) == first, "\(threads) threads: the same frame again")
            XCTAssertEqual(kept.shadowCache.misses, misses, "\(threads) threads: no new blur")
            XCTAssertGreaterThan(kept.shadowCache.hits, hits, "\(threads) threads: found by its outline")
            var moved = card
            moved.toParent = .translation(60.75, 40)
            XCTAssertTrue(draw(moved, with: kept) == draw(moved, with: FrameRenderer(threads: threads)), "\(threads) threads: moved a quarter pixel")
            var wider = card
            wider.shadow?.radius = 7
            XCTAssertTrue(draw(wider, with: kept) == draw(wider, with: FrameRenderer(threads: threads)), "\(threads) threads: a wider blur")
        }
    }

    /// An outline whose blur the cache let go is not found (its plane would be gone).
    func testOutlineGoesWithItsEvictedBlur() {
        let cache = ShadowCache(capacity: 64)
        let outline = ShadowOutlineKey(contours: [[(0, 0), (4, 0), (4, 4)]], source: IntRect(x: 0, y: 0, width: 4, height: 4),
                                       area: IntRect(x: -2, y: -2, width: 8, height: 8), columns: 0..<100, sigma: 1, factor: 1)
        func key(_ v: Float) -> ShadowCache.Key {
            ShadowCache.Key(source: [Float](repeating: v, count: 16), sourceWidth: 4, sourceHeight: 4, offsetX: 2, offsetY: 2,
                            areaWidth: 8, areaHeight: 8, sigma: 1, factor: 1)
        }
        let made = cache.plane(for: key(0.5)) { ([Float](repeating: 0.25, count: 20), 5, 4) }
        cache.remember(outline, gave: made)
        XCTAssertTrue(cache.plane(forOutline: outline) === made)
        // Other blurs past the capacity: the least recently used (this one) goes, and its outline.
        for v in 1...6 { _ = cache.plane(for: key(Float(v))) { ([Float](repeating: 0, count: 20), 5, 4) } }
        XCTAssertNil(cache.plane(forOutline: outline))
    }

    /// Outline keys hash their points once, when made (not under the cache's lock): keys of the
    /// same contours are equal with equal hashes; a point one ulp away, another deviation, another
    /// rectangle or a name with the same numbers is another key, kept apart in a set.
    func testOutlineKeysAreEqualOnlyInFull() {
        let area = IntRect(x: -2, y: -2, width: 40, height: 40), source = IntRect(x: 0, y: 0, width: 30, height: 30)
        func key(_ c: [[(x: Double, y: Double)]], sigma: Double = 2, source: IntRect = source) -> ShadowOutlineKey {
            ShadowOutlineKey(contours: c, source: source, area: area, columns: 0..<100, sigma: sigma, factor: 1)
        }
        let contour: [(x: Double, y: Double)] = [(1, 2), (29.5, 2), (29.5, 28.25), (1, 28.25)]
        let a = key([contour]), b = key([contour])
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        var moved = contour
        moved[2].y = moved[2].y.nextUp
        let others = [key([moved]), key([contour], sigma: 2.5), key([contour], source: IntRect(x: 0, y: 0, width: 30, height: 29)),
                      key([contour, contour]), ShadowOutlineKey(name: contour.flatMap { [$0.x, $0.y] }, source: source, area: area,
                                                                  columns: 0..<100, sigma: 2, factor: 1)]
        for (k, o) in others.enumerated() { XCTAssertNotEqual(a, o, "key \(k)") }
        XCTAssertEqual(Set([a, b] + others).count, 1 + others.count)
    }
}
