import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// Shadows cast from a layer's outline find that outline by what it is made from
/// (`ShadowOutlineMemo`), and a kept blur remembers the box of its values a shadow's opacity shows
/// (`ShadowCache.Entry.liveBox`). Over runs of frames in which some layers move (by fractions of
/// a pixel too), change opacity (the box's threshold), radius, corners, shadow offset or blur and others stay, at
/// every kernel level, on 1, 2 and 3 threads: every frame is the frame of one thread with both
/// shortcuts off, bit for bit.
final class ShadowOutlineMemoTests: XCTestCase {
    /// A card casting a shadow (blurs of 1 to 30 device pixels: up to 16 cast from the outline,
    /// wider ones from the group and found by name).
    static func card(_ rng: inout SplitMix64, width w: Double, height h: Double) -> RenderNode {
        var n = RenderNode()
        n.bounds = CGRect(x: 0, y: 0, width: rng.double(20, w * 0.6), height: rng.double(16, h * 0.6))
        n.toParent = Matrix4x4.scale(rng.pick([1, 1, rng.double(0.7, 1.6)]), 1)
            .then(.translation(rng.pick([Double(rng.int(0...Int(w / 2))), rng.double(-10, w / 2)]), rng.double(-10, h / 2)))
        n.backgroundColor = rng.pick([0xFF30_6090, 0xFFE5_6767, 0xC020_4060])
        n.cornerRadius = rng.pick([0, rng.double(2, 30)])
        n.maskedCorners = rng.pick([0xF, 0xF, UInt8(rng.int(1...15))])
        n.opacity = rng.pick([1, 1, 0.7])
        n.shadow = RenderShadow(color: rng.pick([0xCC00_0000, 0x9900_0000, 0x8030_0060]), offsetX: rng.double(-4, 4), offsetY: rng.double(-2, 12),
                                radius: rng.pick([rng.double(1, 4), rng.double(4, 16), rng.double(17, 30)]), path: nil)
        return n
    }

    /// The next frame's card: mostly the same, else moved, faded, reshaped or blurred otherwise.
    static func step(_ n: RenderNode, _ rng: inout SplitMix64) -> RenderNode {
        var n = n
        switch rng.int(0...9) {
        case 0: n.toParent = n.toParent.then(.translation(rng.pick([1, -2, rng.double(-1, 1)]), rng.pick([0, 3, rng.double(-1, 1)])))
        case 1: n.opacity = rng.pick([1, 0.5, 0.85])
        case 2: n.shadow?.color = rng.pick([0xFF00_0000, 0x4000_0000, 0xCC00_0000])
        case 3: n.cornerRadius = rng.double(0, 20)
        case 4: n.shadow?.radius = rng.double(1, 20)
        case 5: n.shadow?.offsetY = rng.pick([0, 7, rng.double(-2, 12)])
        default: break
        }
        return n
    }

    func testRememberedOutlinesAndLiveBoxesDrawTheSameFramesAtEveryLevelAndThreadCount() {
        defer { PixelKernels.maximumLevel = .highest }
        let w = 320, h = 260
        for level in PixelKernels.Level.allCases {
            PixelKernels.maximumLevel = level
            var rng = SplitMix64(seed: 0x0B1B_0018)
            var remembered = 0, hits = 0
            for run in 0..<6 {
                var cards = (0..<rng.int(1...4)).map { _ in ShadowOutlineMemoTests.card(&rng, width: Double(w), height: Double(h)) }
                let reference = FrameRenderer(threads: 1)
                reference.shortcuts.remembersOutlines = false
                reference.shortcuts.remembersLiveBoxes = false
                let renderers = [1, 2, 3].map { FrameRenderer(threads: $0) }
                for frame in 0..<6 {
                    let t = flatTree(width: CGFloat(w), height: CGFloat(h), cards)
                    let want = ShadowSplitTests.draw(t, with: reference, width: w, height: h)
                    for r in renderers {
                        let got = ShadowSplitTests.draw(t, with: r, width: w, height: h)
                        if got != want {
                            let i = got.indices.first { got[$0] != want[$0] }!
                            XCTFail("\(level) run \(run) frame \(frame) \(r.threads) threads: pixel (\(i % w), \(i / w)) \(String(got[i], radix: 16)) != \(String(want[i], radix: 16))")
                            return
                        }
                    }
                    cards = cards.map { ShadowOutlineMemoTests.step($0, &rng) }
                }
                remembered += renderers.reduce(0) { $0 + $1.shadowCache.outlineMemo.count }
                hits += renderers.reduce(0) { $0 + $1.shadowCache.hits }
                XCTAssertEqual(reference.shadowCache.outlineMemo.count, 0)
            }
            // The shortcuts were taken: outlines remembered, and blurs kept (painted by their box).
            XCTAssertGreaterThan(remembered, 0, "\(level)")
            XCTAssertGreaterThan(hits, 0, "\(level)")
        }
    }

    /// A kept blur's box: that of `ShadowComposite.liveBox` over the whole plane, found again when
    /// asked at another threshold.
    func testEntryLiveBoxIsTheWholePlanesAtEachThreshold() {
        var rng = SplitMix64(seed: 0x11FE)
        for _ in 0..<40 {
            let pw = rng.int(1...40), ph = rng.int(1...30)
            let plane = (0..<(pw * ph)).map { _ in rng.chance(0.2) ? Float(rng.double(0, 1)) : Float(rng.double(0, 0.004)) }
            let e = ShadowCache.Entry(key: ShadowCache.Key(source: [], sourceWidth: 0, sourceHeight: 0, offsetX: 0, offsetY: 0, areaWidth: pw,
                                                           areaHeight: ph, sigma: 1, factor: 1),
                                      plane: plane, width: pw, height: ph, lastUse: 0)
            for _ in 0..<3 {
                let threshold = Float(rng.pick([0.002, 0.5, 0.9, 0.0039]))
                let want = plane.withUnsafeBufferPointer { ShadowComposite.liveBox($0, width: pw, height: ph, threshold: threshold) }
                let got = e.liveBox(threshold: threshold)
                XCTAssertEqual(got.map { [$0.i0, $0.i1, $0.j0, $0.j1] }, want.map { [$0.i0, $0.i1, $0.j0, $0.j1] })
            }
        }
    }
}
