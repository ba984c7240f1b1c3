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

    /// What the renderers of `checkSharedFrames` counted in their caches, summed over the frames.
    struct SplitCounts {
        var begun = 0, joined = 0, taken = 0, blurParts = 0
    }

    /// `t` drawn on 3 threads with shared rows off, then three frames on 2 and on 3 threads, each
    /// with a new cache (every shadow blurred anew; the bands move with the balancer): each frame
    /// must equal `one`. Returns what the sharing renderers counted.
    static func checkSharedFrames(_ t: RenderTree, equal one: [UInt32], width w: Int, height h: Int, round: Int) -> SplitCounts {
        let apart = FrameRenderer(threads: 3)
        apart.shortcuts.sharesShadowRows = false
        XCTAssertTrue(draw(t, with: apart, width: w, height: h) == one, "round \(round): 3 threads, not shared")
        var counts = SplitCounts()
        for threads in [2, 3] {
            let r = FrameRenderer(threads: threads)
            for frame in 0..<3 {
                r.shadowCache = ShadowCache()
                XCTAssertTrue(draw(t, with: r, width: w, height: h) == one, "round \(round): \(threads) threads, frame \(frame)")
                counts.begun += r.shadowCache.splitsBegun.load(ordering: .relaxed)
                counts.joined += r.shadowCache.splitsJoined.load(ordering: .relaxed)
                counts.taken += r.shadowCache.splitRowsTaken.load(ordering: .relaxed)
                counts.blurParts += r.shadowCache.splitBlursJoined.load(ordering: .relaxed)
            }
        }
        return counts
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
            let c = ShadowSplitTests.checkSharedFrames(t, equal: one, width: w, height: h, round: round)
            begun += c.begun; joined += c.joined; taken += c.taken; blurParts += c.blurParts
            rounds += 1
        }
        XCTAssertEqual(rounds, 36)
        XCTAssertGreaterThan(begun, 40, "shared planes begun")
        // (How many bands join depends on when they come: a band that comes late finds the rows
        // made, or the blur kept.)
        XCTAssertGreaterThan(joined, 0, "bands joined shared planes")
        XCTAssertGreaterThan(taken, 0, "rows no band claimed were made too")
        XCTAssertGreaterThan(blurParts, 0, "bands made rows of a plane's blur another made rows of")
        print("ShadowSplitTests: \(begun) planes begun, \(joined) joins, \(taken) rows taken, \(blurParts) blurs joined")
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
            let c = ShadowSplitTests.checkSharedFrames(t, equal: one, width: w, height: h, round: round)
            begun += c.begun; blurParts += c.blurParts
        }
        XCTAssertGreaterThan(begun, 10, "shared planes begun")
        XCTAssertGreaterThan(blurParts, 0, "bands made rows of a plane's blur another made rows of")
        print("ShadowSplitTests (wide): \(begun) planes begun, \(blurParts) blurs joined")
    }

    /// The benchmark's card (a 640 × 360 rounded rectangle, blur 24) on 2 and 3 threads at every
    /// kernel level: its bands share the plane and its blur, and the pixels are one thread's and
    /// those of bands that do not share; the blurred plane is kept, found by name the next frame.
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
                apart.shortcuts.sharesShadowRows = false
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
                        blurParts += r.shadowCache.splitBlursJoined.load(ordering: .relaxed)
                        // The blurred plane is kept (by one band): the next frame finds it by name.
                        let hits = r.shadowCache.nameHits
                        XCTAssertTrue(ShadowSplitTests.draw(t, with: r, width: 1280, height: 720) == one,
                                      "level \(level), \(threads) threads, frame \(frame), kept")
                        XCTAssertGreaterThan(r.shadowCache.nameHits, hits, "level \(level), \(threads) threads, frame \(frame): plane kept")
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
            XCTAssertGreaterThan(totalParts[threads, default: 0], 0, "\(threads) threads: a band made rows of the blur the other made rows of")
        }
    }

    /// A split plane blurred by 1, 2 and 3 threads together (`ShadowSplit.blurRows`: each thread
    /// the rows of a band of the plane and a few more, then every row left, threads coming at once
    /// or late) on seeded random planes (some mirror-symmetric, live rows anywhere, strips that
    /// reach the plane's edges or not) at every kernel level: each thread's rows once made, and the
    /// whole plane, are `BoxBlur.blur`'s values of the plane (mirrored or not), bit for bit; single
    /// strips of random rows too, told the plane's live rows or not. A plane that mirrors is blurred
    /// whole by each band, and every thread asking at once finds the same way.
    func testAPlaneBlurredTogetherIsOneThreadsBlur() {
        var rng = SplitMix64(seed: 0xB1_17)
        var joined = 0, lasts = 0, mirrored = 0
        for trial in 0..<24 {
            let w = rng.int(20...300), h = rng.int(8...300)
            let lo = rng.int(0...(h / 3)), hi = rng.int((h / 2)...h)
            let sigma = rng.chance(0.4) ? rng.double(0.5, 2.5) : rng.double(2.5, 8)
            // A card-like plane (a rectangle of ones with soft edges), mirror-symmetric when asked,
            // else with noise.
            let symmetric = rng.chance(0.4)
            var values = [Float](repeating: 0, count: w * h)
            let x0 = rng.int(0...(w / 4)), x1 = symmetric ? w - x0 : rng.int((w / 2)...w)
            let y0 = symmetric ? h / 4 : lo, y1 = symmetric ? h - h / 4 : hi
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let edge = min(x - x0, x1 - 1 - x, y - y0, y1 - 1 - y)
                    values[y * w + x] = edge >= 3 ? 1 : Float(edge + 1) / 4
                    if !symmetric && rng.chance(0.05) { values[y * w + x] = Float(rng.int(0...255)) / 255 }
                }
            }
            let radii = BoxBlur.boxSizes(sigma: sigma).map { Int32($0) }
            let strips = (0..<4).map { _ -> Range<Int> in let a = rng.int(0...(h - 1)); return a..<rng.int((a + 1)...h) }
            let lateness = (0..<3).map { _ in rng.chance(0.5) ? rng.int(1...3) * 100 : 0 }
            let margins = (0..<3).map { _ in rng.int(0...4) }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var expected = values
                    let before = lamina_box_blur_mirrored_count()
                    BoxBlur.blur(&expected, width: w, height: h, sigma: sigma)
                    if lamina_box_blur_mirrored_count() > before { mirrored += 1 }
                    let bits = expected.map(\.bitPattern)
                    // Single strips.
                    for rows in strips {
                        var out = [Float](repeating: -1, count: w * h)
                        values.withUnsafeBufferPointer { p in
                            out.withUnsafeMutableBufferPointer { o in
                                ShadowSplit.blurStrip(p.baseAddress!, width: w, height: h, radii: radii, rows: rows, into: o.baseAddress!)
                            }
                        }
                        XCTAssertTrue(out[(rows.lowerBound * w)..<(rows.upperBound * w)].map(\.bitPattern) == Array(bits[(rows.lowerBound * w)..<(rows.upperBound * w)]),
                                      "trial \(trial): \(w)x\(h), sigma \(sigma), level \(level), strip \(rows)")
                        // The same strip told which rows may be non-zero (the passes skip the others).
                        var cut = [Float](repeating: -1, count: w * h)
                        values.withUnsafeBufferPointer { p in
                            cut.withUnsafeMutableBufferPointer { o in
                                ShadowSplit.blurStrip(p.baseAddress!, width: w, height: h, radii: radii, rows: rows, live: y0..<y1, into: o.baseAddress!)
                            }
                        }
                        XCTAssertTrue(cut[(rows.lowerBound * w)..<(rows.upperBound * w)].map(\.bitPattern) == Array(bits[(rows.lowerBound * w)..<(rows.upperBound * w)]),
                                      "trial \(trial): \(w)x\(h), sigma \(sigma), level \(level), strip \(rows), live \(y0..<y1)")
                    }
                    for threads in [1, 2, 3] {
                        let split = ShadowSplit(width: w, height: h, live: symmetric ? 0..<h : y0..<y1)
                        values.withUnsafeBufferPointer { split.plane.update(from: $0.baseAddress!, count: w * h) }
                        split.finish(split.live.count)
                        let got = Mutex<[(Range<Int>, [UInt32])]>([]), joins = Atomic<Int>(0), last = Atomic<Int>(0)
                        let modes = Mutex<[ShadowSplit.BlurMode]>([])
                        DispatchQueue.concurrentPerform(iterations: threads) { t in
                            if lateness[t] > 0 && t > 0 { usleep(UInt32(lateness[t])) }
                            split.waitMade()
                            // (Each thread asks for the blur's way, those coming at once each looking at the plane.)
                            let mode = split.blurMode(radii: radii)
                            modes.withLock { $0.append(mode) }
                            let need = (h * t / threads - margins[t])..<(h * (t + 1) / threads + margins[t])
                            let mine = split.blurRows(need, radii: radii, first: true)
                            if mine.joined { joins.add(1, ordering: .relaxed) }
                            split.waitBlurred(need)
                            let rows = max(0, need.lowerBound)..<min(h, need.upperBound)
                            let copy = Array(split.blurred[(rows.lowerBound * w)..<(rows.upperBound * w)]).map(\.bitPattern)
                            got.withLock { $0.append((rows, copy)) }
                            if mine.last || split.blurRows(0..<h, radii: radii).last { last.add(1, ordering: .relaxed) }
                        }
                        XCTAssertEqual(modes.withLock { $0 }, [ShadowSplit.BlurMode](repeating: symmetric ? .alone : .strips, count: threads),
                                       "trial \(trial): \(threads) threads, mode")
                        joined += joins.load(ordering: .relaxed)
                        XCTAssertEqual(last.load(ordering: .relaxed), 1, "trial \(trial): one thread made the last rows")
                        lasts += last.load(ordering: .relaxed)
                        for (rows, g) in got.withLock({ $0 }) {
                            XCTAssertTrue(g == Array(bits[(rows.lowerBound * w)..<(rows.upperBound * w)]),
                                          "trial \(trial): \(w)x\(h), sigma \(sigma), level \(level), \(threads) threads, rows \(rows)")
                        }
                        XCTAssertTrue(Array(split.blurred).map(\.bitPattern) == bits,
                                      "trial \(trial): \(w)x\(h), sigma \(sigma), level \(level), \(threads) threads, whole plane")
                    }
                }
            }
        }
        XCTAssertGreaterThan(joined, 0, "threads made rows of a blur another made rows of")
        XCTAssertGreaterThan(mirrored, 0, "mirrored planes (their blurs the reference)")
        print("ShadowSplitTests: \(joined) blurs joined, \(lasts) planes completed, \(mirrored) mirrored reference blurs")
    }
}
