import XCTest
import Foundation
import Synchronization
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// Bands of one frame that share a shadow make it once: an outline another band is rasterising
/// is waited for (`ShadowCache.claim`), and a card whose blur another band kept under its name is
/// painted from it first (`TreeRasterizer.paintNamedShadowFirst`), its group drawn only inside the
/// band (not at all when only its shadow reaches the band). The pixels are one thread's (and the
/// frame drawn without names), bit for bit, on seeded random cards, whichever band goes first.
final class ShadowBandClaimTests: XCTestCase {
    /// Threads claiming one outline together: one rasterises and blurs it, the others follow its key.
    func testOneThreadRasterisesAClaimedOutlineTheOthersFollowItsKey() {
        let cache = ShadowCache()
        let outline = ShadowOutlineKey(contours: [[(1, 2), (30, 2), (30, 40)]], source: IntRect(x: 0, y: 0, width: 32, height: 42),
                                       area: IntRect(x: -4, y: -4, width: 40, height: 50), columns: 0..<100, sigma: 1, factor: 1)
        final class Counts: Sendable { let m = Mutex((rasterised: 0, blurred: 0, followed: 0, kept: 0)) }
        let counts = Counts()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            switch cache.claim(outline, patience: 5) {
            case .make:
                counts.m.withLock { $0.rasterised += 1 }
                usleep(30_000)   // rasterising, while the others ask
                let key = ShadowCache.Key(source: [Float](repeating: 0.5, count: 32 * 42), sourceWidth: 32, sourceHeight: 42, offsetX: 4, offsetY: 4,
                                          areaWidth: 40, areaHeight: 50, sigma: 1, factor: 1)
                cache.publish(outline, key: key)
                let e = cache.plane(for: key) { counts.m.withLock { $0.blurred += 1 }; usleep(20_000); return ([Float](repeating: 0.25, count: 2000), 40, 50) }
                cache.remember(outline, gave: e)
                cache.settle(outline)
            case .follow(let key):
                counts.m.withLock { $0.followed += 1 }
                let e = cache.plane(for: key) { counts.m.withLock { $0.blurred += 1 }; return ([Float](repeating: 0.25, count: 2000), 40, 50) }
                XCTAssertEqual(e.plane.first, 0.25)
            case .kept(let e):
                counts.m.withLock { $0.kept += 1 }
                XCTAssertEqual(e.plane.first, 0.25)
            case .makeAlone:
                XCTFail("no thread gives up within 5 s")
            }
        }
        let c = counts.m.withLock { $0 }
        XCTAssertEqual(c.rasterised, 1)
        XCTAssertEqual(c.blurred, 1)
        XCTAssertEqual(c.followed + c.kept, 3)
        if case .kept = cache.claim(outline) {} else { XCTFail("kept after it was made") }
        XCTAssertEqual(cache.misses, 1)
    }

    /// A waiting thread gives up after its patience, and makes the blur alone (unclaimed).
    func testAClaimNotPublishedInTimeIsMadeAlone() {
        let cache = ShadowCache()
        let outline = ShadowOutlineKey(contours: [[(1, 2), (3, 4), (5, 6)]], source: IntRect(x: 0, y: 0, width: 4, height: 4),
                                       area: IntRect(x: -2, y: -2, width: 8, height: 8), columns: 0..<100, sigma: 1, factor: 1)
        guard case .make = cache.claim(outline) else { return XCTFail("the first claim makes") }
        guard case .makeAlone = cache.claim(outline, patience: 0.001) else { return XCTFail("never published: made alone") }
        cache.settle(outline)
        guard case .make = cache.claim(outline) else { return XCTFail("settled: claimed again") }
    }

    /// Layers drawing only their background (shadows from their outlines) crossing band edges:
    /// one blur each on 2 and 3 threads, one thread's pixels.
    func testOutlineShadowsAcrossBandsAreBlurredOnceAndEqualOneThread() {
        var rng = SplitMix64(seed: 0xC1A1)
        for round in 0..<6 {
            let w = 320, h = 240
            var nodes: [RenderNode] = []
            var root = RenderNode()
            root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            nodes.append(root)
            let count = rng.int(2...5)
            for i in 0..<count {
                var n = RenderNode()
                n.bounds = CGRect(x: 0, y: 0, width: rng.double(30, 90), height: rng.double(60, 150))
                n.toParent = .translation(8 + Double(i) * 62 + rng.double(0, 1), rng.double(20, 80))
                n.backgroundColor = rng.pick([0xFF20_60C0, 0xC0AC_4D4D])
                n.cornerRadius = rng.double(0, 20)
                n.shadow = RenderShadow(color: 0x9900_0000, offsetX: rng.double(-3, 3), offsetY: rng.double(0, 6), radius: rng.double(1.5, 14), path: nil)
                n.id = UInt64(nodes.count)
                n.subtreeEnd = nodes.count + 1
                nodes.append(n)
            }
            nodes[0].subtreeEnd = nodes.count
            let t = RenderTree(nodes: nodes)
            var one = PixelBuffer(width: w, height: h)
            let single = FrameRenderer(threads: 1)
            single.render(t, into: &one, background: 0xFFFF_FFFF)
            XCTAssertEqual(single.shadowCache.misses, count, "round \(round): one thread, one blur a layer")
            for threads in [2, 3] {
                for _ in 0..<3 {
                    var many = PixelBuffer(width: w, height: h)
                    let r = FrameRenderer(threads: threads)
                    r.render(t, into: &many, background: 0xFFFF_FFFF)
                    XCTAssertEqual(r.shadowCache.misses, count, "round \(round), \(threads) threads: still one blur a layer")
                    XCTAssertTrue(many.pixels == one.pixels, "round \(round), \(threads) threads: one thread's pixels")
                }
            }
        }
    }

    /// Random cards drawn band by band on one cache, the bands in a random order: a band that
    /// comes after one that drew a card paints the card's shadow from the blur kept by name, and
    /// the card's group only inside itself (or not at all). Every frame is the frame drawn without
    /// names, bit for bit.
    func testABandSeeingOnlyACardsShadowDrawsItFromTheBlurKeptByName() {
        var rng = SplitMix64(seed: 0x5A_D1)
        let w = 520, h = 420
        var alone = 0
        for round in 0..<30 {
            let s = rng.pick([1.0, 2.0, 3.0])
            let cards = (0..<rng.int(1...3)).map { k in ShadowNameTests.card(&rng, x: 40 + Double(k) * 150 + rng.double(0, 1), y: rng.double(60, 120), scale: s) }
            let t = nestedTree(width: CGFloat(w), height: CGFloat(h), cards)
            let reference = ShadowNameTests.groupFrame(t, width: w, height: h)
            // Bands cut at random rows, drawn in a random order.
            var edges = [0, h]
            for _ in 0..<rng.int(1...4) { edges.append(rng.int(1...(h - 1))) }
            edges = Array(Set(edges)).sorted()
            var bands = (0..<(edges.count - 1)).map { IntRect(x: 0, y: edges[$0], width: w, height: edges[$0 + 1] - edges[$0]) }
            if rng.chance(0.5) { bands.reverse() } else { bands.shuffle(using: &rng) }
            let cache = ShadowCache()
            cache.beginFrame()
            var pixels = [UInt32](repeating: 0xFFE8_E4DC, count: w * h)
            pixels.withUnsafeMutableBufferPointer { p in
                for band in bands {
                    let surface = Surface(borrowing: p.baseAddress!, frame: IntRect(x: 0, y: 0, width: w, height: h), stride: w, scissor: band)
                    TreeRasterizer(tree: t, shadowCache: cache, drawer: PrimitiveDrawer()).drawRoot(toDevice: .identity, on: surface)
                }
            }
            alone += cache.frameNameHits
            XCTAssertTrue(pixels == reference, "round \(round): bands \(bands.map { ($0.y, $0.maxY) }), the frame drawn without names")
        }
        XCTAssertGreaterThan(alone, 10, "bands find blurs kept by name in the same frame")
        print("ShadowBandClaimTests: \(alone) blurs found by name in their own frame")
    }

    /// A card's group is not drawn whole by a band that comes after another band kept its blur by
    /// name: not at all when the card lies below the band (its shadow reaching up into it), only
    /// the band's part of it when the card crosses the band's edge. Seen in the band's drawer,
    /// which keeps a group's buffer only from 65536 pixels: the whole group has 69120, the part
    /// 34560. Full resolution and reduced blurs.
    func testABandAfterAnotherPaintsTheShadowFirstAndDrawsOnlyItsPartOfTheGroup() {
        for radius in [4.0, 24.0] {
            for split in [380, 520] {
                var card = RenderNode()
                card.bounds = CGRect(x: 0, y: 0, width: 72, height: 60)
                card.toParent = Matrix4x4.scale(4, 4).then(.translation(60, 400))
                card.backgroundColor = 0xFFE5_6767
                card.cornerRadius = 14
                card.borderWidth = 3; card.borderColor = 0xCCCC_CCCC
                card.shadow = RenderShadow(color: 0x9900_0000, offsetX: 0, offsetY: -12, radius: radius, path: nil)
                var dot = RenderNode()
                dot.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
                dot.toParent = .translation(8, 8)
                dot.backgroundColor = 0xFFFF_FFFF
                dot.cornerRadius = 9
                let w = 520, h = 760
                let t = nestedTree(width: CGFloat(w), height: CGFloat(h), [(card, [dot])])
                let reference = ShadowNameTests.groupFrame(t, width: w, height: h)
                // The card's device rows are 400..<640; its shadow (a deviation of 4 or 24 device pixels,
                // reduced by 4 for 24) reaches past row 380.
                let below = IntRect(x: 0, y: split, width: w, height: h - split), above = IntRect(x: 0, y: 0, width: w, height: split)
                let cache = ShadowCache()
                cache.beginFrame()
                var pixels = [UInt32](repeating: 0xFFE8_E4DC, count: w * h)
                let drawers = (below: PrimitiveDrawer(), above: PrimitiveDrawer())
                pixels.withUnsafeMutableBufferPointer { p in
                    for (band, drawer) in [(below, drawers.below), (above, drawers.above)] {
                        let surface = Surface(borrowing: p.baseAddress!, frame: IntRect(x: 0, y: 0, width: w, height: h), stride: w, scissor: band)
                        TreeRasterizer(tree: t, shadowCache: cache, drawer: drawer).drawRoot(toDevice: .identity, on: surface)
                    }
                }
                let what = "radius \(radius), split at \(split)"
                XCTAssertEqual(cache.frameNameHits, 1, "\(what): the band above finds the blur by name")
                XCTAssertEqual(cache.misses, radius < 5 ? 1 : 0, "\(what): one blur (a reduced one is kept by name only)")
                XCTAssertGreaterThan(drawers.below.surfaces.kept, 0, "\(what): the band below drew the whole group")
                XCTAssertEqual(drawers.above.surfaces.kept, 0, "\(what): the band above did not")
                XCTAssertTrue(pixels == reference, "\(what): the frame drawn without names")
            }
        }
    }
}
