import XCTest
import CoreGraphics
import Foundation
import Synchronization
import CPixelKernels
import LaminaRandom
@testable import Compositor

/// Named shadows with a reduced blur that reach several bands: each band draws the group on its
/// own rows only and reduces them into one plane the bands share (`TreeRasterizer.beginSplitShadow`,
/// `ShadowSplit`). On random cards (blurs of 17 to 60 device pixels, scaled 1 or 2, across band
/// edges, partly above or below the frame, some under a clipping layer that keeps bands from
/// reaching them, some whose group lies in one band and whose shadow reaches others): every frame
/// drawn on 2 and 3 threads, blurs made anew each frame, is the frame of one thread and the frame
/// of 3 threads that do not share, bit for bit.
final class ShadowSplitTests: XCTestCase {
    /// A root of `w` × `h` holding the `cards` (each with its dots), each under a clipping layer
    /// when its `clip` is given.
    static func tree(width w: Double, height h: Double, _ cards: [(card: RenderNode, dots: [RenderNode], clip: CGRect?)]) -> RenderTree {
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        var nodes = [root]
        for (card, dots, clip) in cards {
            var clipper: Int?
            if let clip {
                var c = RenderNode()
                c.bounds = CGRect(x: 0, y: 0, width: clip.width, height: clip.height)
                c.toParent = .translation(Double(clip.minX), Double(clip.minY))
                c.masksToBounds = true
                c.id = UInt64(nodes.count)
                clipper = nodes.count
                nodes.append(c)
            }
            var n = card
            if let clip { n.toParent = n.toParent.then(.translation(-Double(clip.minX), -Double(clip.minY))) }
            n.id = UInt64(nodes.count)
            n.subtreeEnd = nodes.count + 1 + dots.count
            nodes.append(n)
            for var d in dots {
                d.id = UInt64(nodes.count)
                d.subtreeEnd = nodes.count + 1
                nodes.append(d)
            }
            if let clipper { nodes[clipper].subtreeEnd = nodes.count }
        }
        nodes[0].subtreeEnd = nodes.count
        return RenderTree(nodes: nodes)
    }

    static func draw(_ t: RenderTree, with r: FrameRenderer, width w: Int, height h: Int) -> [UInt32] {
        var b = PixelBuffer(width: w, height: h)
        b.pixels = [UInt32](repeating: 0xFFE8_E4DC, count: w * h)
        r.render(t, into: &b, background: nil)
        return b.pixels
    }

    func testBandsSharingAReducedShadowsRowsDrawOneThreadsPixels() {
        var rng = SplitMix64(seed: 0x5B_71)
        let w = 420, h = 300
        var begun = 0, joined = 0, taken = 0, blurParts = 0, rounds = 0
        for round in 0..<36 {
            let s = rng.pick([1.0, 2.0])
            var cards: [(card: RenderNode, dots: [RenderNode], clip: CGRect?)] = []
            for k in 0..<rng.int(1...2) {
                var (card, dots) = ShadowNameTests.card(&rng, x: 30 + Double(k) * 200 + rng.double(0, 1), y: rng.pick([rng.double(-70, 280), rng.double(90, 140)]), scale: s)
                card.shadow?.radius = rng.double(17, 60) / s
                // A clip that leaves part of the card (and of its shadow) out.
                let clip = rng.chance(0.25) ? CGRect(x: 0, y: rng.double(0, 160), width: Double(w), height: rng.double(40, 200)) : nil
                cards.append((card, dots, clip))
            }
            let t = ShadowSplitTests.tree(width: Double(w), height: Double(h), cards)
            let one = ShadowSplitTests.draw(t, with: FrameRenderer(threads: 1), width: w, height: h)
            let apart = FrameRenderer(threads: 3)
            apart.sharesShadowRows = false
            XCTAssertTrue(ShadowSplitTests.draw(t, with: apart, width: w, height: h) == one, "round \(round): 3 threads, not shared")
            for threads in [2, 3] {
                let r = FrameRenderer(threads: threads)
                for frame in 0..<3 {
                    // A new cache each frame: every shadow blurred anew (the bands move with the balancer).
                    r.shadowCache = ShadowCache()
                    XCTAssertTrue(ShadowSplitTests.draw(t, with: r, width: w, height: h) == one, "round \(round): \(threads) threads, frame \(frame)")
                    begun += r.shadowCache.splitsBegun.load(ordering: .relaxed)
                    joined += r.shadowCache.splitsJoined.load(ordering: .relaxed)
                    taken += r.shadowCache.splitRowsTaken.load(ordering: .relaxed)
                    blurParts += r.shadowCache.splitBlurPartsJoined.load(ordering: .relaxed)
                }
            }
            rounds += 1
        }
        XCTAssertEqual(rounds, 36)
        XCTAssertGreaterThan(begun, 40, "shared planes begun")
        // (How many bands join depends on when they come: a band that comes late finds the rows
        // made, or the blur kept.)
        XCTAssertGreaterThan(joined, 0, "bands joined shared planes")
        XCTAssertGreaterThan(taken, 0, "rows no band claimed were made too")
        print("ShadowSplitTests: \(begun) planes begun, \(joined) joins, \(taken) rows taken, \(blurParts) blur parts joined")
    }

    /// Wide cards (300 to 700 pixels wide, blurs of 17 to 40 pixels, with a dot or none) whose reduced planes are
    /// large enough for the bands to blur together (`ShadowSplit.blurTogether`), across band edges,
    /// partly outside the frame, some under a clip: every frame on 2 and 3 threads, blurs made anew
    /// each frame, is one thread's and that of 3 threads that do not share, bit for bit.
    func testWideCardsWhoseBandsBlurTheSharedPlaneTogetherDrawOneThreadsPixels() {
        var rng = SplitMix64(seed: 0xB1_7E)
        let w = 900, h = 640
        var blurParts = 0, begun = 0
        for round in 0..<16 {
            var card = RenderNode()
            let cw = rng.double(300, 700), ch = rng.double(200, 420)
            card.bounds = CGRect(x: 0, y: 0, width: cw, height: ch)
            card.toParent = .translation(rng.double(-80, 400), rng.pick([rng.double(-200, 500), rng.double(60, 200)]))
            card.backgroundColor = rng.pick([0xFF40_80E6, 0xFFE5_6767])
            card.cornerRadius = rng.pick([0, rng.double(4, 40)])
            card.shadow = RenderShadow(color: rng.pick([0xCC00_0000, 0xFF00_0000]), offsetX: rng.double(-6, 6), offsetY: rng.double(0, 14),
                                       radius: rng.double(17, 40), path: nil)
            var dots: [RenderNode] = []
            if rng.chance(0.6) {
                var dot = RenderNode()
                dot.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                dot.toParent = .translation(rng.double(40, cw - 80), rng.double(40, ch - 80))
                dot.backgroundColor = 0xFFFF_FFFF
                dots.append(dot)
            }
            let clip = rng.chance(0.25) ? CGRect(x: 0, y: rng.double(0, 300), width: Double(w), height: rng.double(150, 400)) : nil
            let t = ShadowSplitTests.tree(width: Double(w), height: Double(h), [(card, dots, clip)])
            let one = ShadowSplitTests.draw(t, with: FrameRenderer(threads: 1), width: w, height: h)
            let apart = FrameRenderer(threads: 3)
            apart.sharesShadowRows = false
            XCTAssertTrue(ShadowSplitTests.draw(t, with: apart, width: w, height: h) == one, "round \(round): 3 threads, not shared")
            for threads in [2, 3] {
                let r = FrameRenderer(threads: threads)
                for frame in 0..<3 {
                    r.shadowCache = ShadowCache()
                    XCTAssertTrue(ShadowSplitTests.draw(t, with: r, width: w, height: h) == one, "round \(round): \(threads) threads, frame \(frame)")
                    begun += r.shadowCache.splitsBegun.load(ordering: .relaxed)
                    blurParts += r.shadowCache.splitBlurPartsJoined.load(ordering: .relaxed)
                }
            }
        }
        XCTAssertGreaterThan(begun, 10, "shared planes begun")
        XCTAssertGreaterThan(blurParts, 0, "bands took parts of a plane's blur another began")
        print("ShadowSplitTests (wide): \(begun) planes begun, \(blurParts) blur parts joined")
    }

    /// The benchmark's card (a 640 × 360 rounded rectangle, blur 24) on 2 and 3 threads at every
    /// kernel level: its bands share the plane and its blur, and the pixels are one thread's and
    /// those of bands that do not share.
    func testTheBenchmarksCardIsSharedByTwoBands() {
        var card = RenderNode()
        card.bounds = CGRect(x: 0, y: 0, width: 640, height: 360)
        card.toParent = .translation(320, 180)
        card.backgroundColor = 0xFF40_80E6
        card.cornerRadius = 24
        card.shadow = RenderShadow(color: 0xCC00_0000, offsetX: 0, offsetY: 12, radius: 24, path: nil)
        var dot = RenderNode()
        dot.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        dot.toParent = .translation(20, 20)
        dot.backgroundColor = 0xFFFF_FFFF
        let t = ShadowSplitTests.tree(width: 1280, height: 720, [(card, [dot], nil)])
        var totalJoined: [Int: Int] = [:], totalParts: [Int: Int] = [:]
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                let one = ShadowSplitTests.draw(t, with: FrameRenderer(threads: 1), width: 1280, height: 720)
                let apart = FrameRenderer(threads: 2)
                apart.sharesShadowRows = false
                XCTAssertTrue(ShadowSplitTests.draw(t, with: apart, width: 1280, height: 720) == one, "level \(level): not shared")
                for threads in [2, 3] {
                    let r = FrameRenderer(threads: threads)
                    var joined = 0, blurParts = 0
                    for frame in 0..<6 {
                        r.shadowCache = ShadowCache()
                        XCTAssertTrue(ShadowSplitTests.draw(t, with: r, width: 1280, height: 720) == one,
                                      "level \(level), \(threads) threads, frame \(frame)")
                        // (A band may come late, when the other has made the plane already: not joined then.)
                        joined += r.shadowCache.splitsJoined.load(ordering: .relaxed)
                        blurParts += r.shadowCache.splitBlurPartsJoined.load(ordering: .relaxed)
                    }
                    // (With 2 cores shared with other work, a band may be off the CPU while the other
                    // makes the plane or its blur whole: counted over every level.)
                    totalJoined[threads, default: 0] += joined
                    totalParts[threads, default: 0] += blurParts
                }
            }
        }
        for threads in [2, 3] {
            XCTAssertGreaterThan(totalJoined[threads, default: 0], 0, "\(threads) threads: a band joined the first's plane")
            XCTAssertGreaterThan(totalParts[threads, default: 0], 0, "\(threads) threads: a band took part in the first's blur")
        }
    }

    /// A split plane blurred by 1, 2 and 3 threads together (`ShadowSplit.blurTogether`, threads
    /// coming at once or late) on seeded random planes (some mirror-symmetric, some tall enough to
    /// be blurred in strips, live rows anywhere) at every kernel level, mirroring on and off: every
    /// thread gets `BoxBlur.blur`'s values of the plane, bit for bit.
    func testAPlaneBlurredTogetherIsOneThreadsBlur() {
        var rng = SplitMix64(seed: 0xB1_17)
        var joined = 0, strips = 0, mirrored = 0
        for trial in 0..<24 {
            let w = rng.int(128...300), h = rng.int(128...420)
            let lo = rng.int(0...(h / 3)), hi = rng.int((h / 2)...h)
            let sigma = rng.chance(0.4) ? rng.double(0.5, 2.5) : rng.double(2.5, 8)
            // A card-like plane (a rectangle of ones with soft edges), mirror-symmetric when asked,
            // else with noise.
            let symmetric = rng.chance(0.4)
            var values = [Float](repeating: 0, count: w * h)
            let x0 = rng.int(1...(w / 4)), x1 = symmetric ? w - x0 : rng.int((w / 2)...(w - 1))
            let y0 = symmetric ? h / 4 : max(lo, rng.int(lo...(lo + (hi - lo) / 2))), y1 = symmetric ? h - h / 4 : hi
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let edge = min(x - x0, x1 - 1 - x, y - y0, y1 - 1 - y)
                    values[y * w + x] = edge >= 3 ? 1 : Float(edge + 1) / 4
                    if !symmetric && rng.chance(0.05) { values[y * w + x] = Float(rng.int(0...255)) / 255 }
                }
            }
            let radii = BoxBlur.boxSizes(sigma: sigma).map { Int32($0) }
            if SharedBoxBlur.takesStrips(height: h, radii: radii, axes: 0) { strips += 1 }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    for mirroring in [true, false] {
                        lamina_box_blur_set_mirroring(mirroring ? 1 : 0)
                        defer { lamina_box_blur_set_mirroring(1) }
                        var expected = values
                        let before = lamina_box_blur_mirrored_count()
                        BoxBlur.blur(&expected, width: w, height: h, sigma: sigma)
                        if lamina_box_blur_mirrored_count() > before { mirrored += 1 }
                        for threads in [1, 2, 3] {
                            let split = ShadowSplit(width: w, height: h, live: symmetric ? 0..<h : y0..<y1)
                            XCTAssertTrue(split.blursTogether(radii: radii))
                            values.withUnsafeBufferPointer { split.plane.update(from: $0.baseAddress!, count: w * h) }
                            split.finish(split.live.count)
                            let late = rng.chance(0.5)
                            let got = Mutex<[[Float]]>([]), parts = Atomic<Int>(0)
                            DispatchQueue.concurrentPerform(iterations: threads) { t in
                                if late && t > 0 { usleep(UInt32(t * 100)) }
                                split.waitMade()
                                let (plane, ran) = split.blurTogether(radii: radii)
                                parts.add(ran, ordering: .relaxed)
                                let copy = Array(plane)
                                got.withLock { $0.append(copy) }
                            }
                            joined += parts.load(ordering: .relaxed)
                            for (k, g) in got.withLock({ $0 }).enumerated() {
                                XCTAssertTrue(g.map(\.bitPattern) == expected.map(\.bitPattern),
                                              "trial \(trial): \(w)x\(h), sigma \(sigma), level \(level), mirroring \(mirroring), \(threads) threads, thread \(k)")
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(joined, 0, "threads took parts of a blur another began")
        XCTAssertGreaterThan(strips, 0, "planes blurred in strips")
        XCTAssertGreaterThan(mirrored, 0, "mirrored planes")
        print("ShadowSplitTests: \(joined) blur parts joined, \(strips) strip plans, \(mirrored) mirrored blurs")
    }
}
