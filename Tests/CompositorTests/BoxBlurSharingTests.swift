import XCTest
import Foundation
import Synchronization
import LaminaRandom
@testable import Compositor

/// A blur made by several threads together (`SharedBoxBlur`: the shadow cache's maker of a key and
/// the threads waiting for it) has the bits of one thread's `BoxBlur.blurPlaced`, at every kernel
/// level, with 1 and 3 threads, whenever the helpers come (before the maker starts, during, after).
final class BoxBlurSharingTests: XCTestCase {
    /// A random source in a plane large enough to be shared, and its single-threaded blur.
    private func randomCase(_ rng: inout SplitMix64) -> (src: [Float], sw: Int, sh: Int, ox: Int, oy: Int, w: Int, h: Int, sigma: Double) {
        let w = rng.int(128...260), h = rng.int(128...200)
        let sw = rng.int(1...w), sh = rng.int(1...h), ox = rng.int(0...(w - sw)), oy = rng.int(0...(h - sh))
        let src: [Float] = (0..<(sw * sh)).map { _ in rng.int(0...9) == 0 ? 0 : Float(rng.unit()) }
        return (src, sw, sh, ox, oy, w, h, 0.5 + rng.unit() * 16)
    }

    func testSharedBlurEqualsOneThreadsAtEveryLevel() {
        var rng = SplitMix64(seed: 0x5_4A2E)
        for trial in 0..<12 {
            let c = randomCase(&rng)
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    let expected = BoxBlur.blurPlaced(c.src, sourceWidth: c.sw, sourceHeight: c.sh, ox: c.ox, oy: c.oy,
                                                      width: c.w, height: c.h, sigma: c.sigma)
                    for threads in [1, 3] {
                        // Helpers at once, after a short while, or late.
                        let got = SharedBlurHarness.run(threads: threads, lateness: trial % 3) { share in
                            BoxBlur.blurPlaced(c.src, sourceWidth: c.sw, sourceHeight: c.sh, ox: c.ox, oy: c.oy,
                                               width: c.w, height: c.h, sigma: c.sigma, share: share)
                        }
                        XCTAssertEqual(got.map(\.bitPattern), expected.map(\.bitPattern),
                                       "trial \(trial): \(c.w)x\(c.h), source \(c.sw)x\(c.sh) at (\(c.ox), \(c.oy)), sigma \(c.sigma), level \(level), \(threads) threads")
                    }
                }
            }
        }
    }

    /// Threads asking the shadow cache for one key: one makes the blur, the others take part in
    /// it; every one gets the same entry, whose plane has one thread's bits.
    func testThreadsWaitingForAKeyTakePartAndGetOneThreadsBits() {
        var rng = SplitMix64(seed: 0x5_4A2F)
        for trial in 0..<6 {
            let c = randomCase(&rng)
            let area = IntRect(x: 0, y: 0, width: c.w, height: c.h), source = IntRect(x: c.ox, y: c.oy, width: c.sw, height: c.sh)
            let expected = TreeRasterizer.blurPlane(c.src, source: source, area: area, sigma: c.sigma, factor: 1).plane
            let key = ShadowCache.Key(source: c.src, sourceWidth: c.sw, sourceHeight: c.sh, offsetX: c.ox, offsetY: c.oy,
                                      areaWidth: c.w, areaHeight: c.h, sigma: c.sigma, factor: 1)
            for threads in [1, 3] {
                let cache = ShadowCache()
                let planes = Mutex<[[Float]]>([])
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    let e = cache.plane(for: key, sharing: { share in
                        TreeRasterizer.blurPlane(c.src, source: source, area: area, sigma: c.sigma, factor: 1, share: share)
                    })
                    planes.withLock { $0.append(e.plane) }
                }
                XCTAssertEqual(cache.misses, 1, "trial \(trial), \(threads) threads: one blur")
                XCTAssertEqual(cache.hits, threads - 1)
                for p in planes.withLock({ $0 }) {
                    XCTAssertEqual(p.map(\.bitPattern), expected.map(\.bitPattern), "trial \(trial), \(threads) threads")
                }
            }
        }
    }

    /// Large shadowed cards across the bands of a 3-thread frame (their blurs shared by the bands)
    /// draw the pixels of one thread, at every level.
    func testFrameOfLargeShadowsAcrossBandsEqualsOneThread() {
        var nodes: [RenderNode] = []
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: 420, height: 300)
        nodes.append(root)
        for i in 0..<4 {
            var card = RenderNode()
            card.bounds = CGRect(x: 0, y: 0, width: 120, height: 110)
            card.toParent = .translation(Double(10 + 100 * i), Double(40 + 30 * i))
            card.backgroundColor = 0xFF20_60C0
            card.cornerRadius = Double(6 + 3 * i)
            card.shadow = RenderShadow(color: 0x9900_0000, offsetX: 0, offsetY: 5, radius: Double(6 + 3 * i), path: nil)
            card.id = UInt64(nodes.count)
            var dot = RenderNode()
            dot.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
            dot.toParent = .translation(8, 8)
            dot.backgroundColor = 0xFFFF_FFFF
            card.subtreeEnd = nodes.count + 2
            nodes.append(card)
            dot.id = UInt64(nodes.count)
            dot.subtreeEnd = nodes.count + 1
            nodes.append(dot)
        }
        nodes[0].subtreeEnd = nodes.count
        let tree = RenderTree(nodes: nodes)
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                var one = PixelBuffer(width: 420, height: 300)
                FrameRenderer(threads: 1).render(tree, into: &one, background: 0xFFFF_FFFF)
                for _ in 0..<3 {
                    var many = PixelBuffer(width: 420, height: 300)
                    let r = FrameRenderer(threads: 3)
                    r.render(tree, into: &many, background: 0xFFFF_FFFF)
                    XCTAssertEqual(r.shadowCache.misses, 4, "level \(level): one blur per card")
                    XCTAssertEqual(many.pixels, one.pixels, "level \(level)")
                }
            }
        }
    }
}
