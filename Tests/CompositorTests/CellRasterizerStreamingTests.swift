import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Shapes of many points are streamed (`CellRasterizer.load`: their edges accumulated a block at a
/// time as they are set up) with the pixels of adding them whole: big, small and big shapes drawn
/// in turn by the same renderer or drawer (buffers reused) equal each shape drawn by a new one
/// that does not stream, byte for byte, at every kernel level, on 1 and 3 threads.
final class CellRasterizerStreamingTests: XCTestCase {
    override func tearDown() { CellRasterizer.streamingAllowed.store(true, ordering: .relaxed) }

    /// A wobbly closed loop of `count` points around (cx, cy).
    private static func loop(_ rng: inout SplitMix64, count: Int, cx: Double, cy: Double, rx: Double, ry: Double) -> [CGPoint] {
        let turns = Double(rng.int(3...97)), wobble = rng.double(0, 0.15), phase = rng.double(0, 6)
        return (0..<count).map { k in
            let a = Double(k) * 2 * .pi / Double(count), r = 1 + wobble * sin(turns * a + phase)
            return CGPoint(x: cx + rx * r * cos(a), y: cy + ry * r * sin(a))
        }
    }

    /// A frame of a few path fills: big ones (thousands of points: streamed) or small ones.
    private static func tree(_ rng: inout SplitMix64, big: Bool) -> RenderTree {
        var leaves: [RenderNode] = []
        for i in 0..<(big ? 3 : 6) {
            var n = RenderNode()
            n.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
            let sx = rng.double(0.5, 1.5), sy = rng.double(0.5, 1.5)
            n.toParent = Matrix4x4.scale(sx, sy).then(Matrix4x4.translation(rng.double(-30, 150), rng.double(-30, 100)))
            var contours = [loop(&rng, count: big ? rng.int(16385...40000) : rng.int(3...300), cx: 100, cy: 75, rx: rng.double(20, 95), ry: rng.double(15, 70))]
            if i % 2 == 0 { contours.append(loop(&rng, count: rng.int(3...3000), cx: rng.double(60, 140), cy: 75, rx: 30, ry: 25)) }
            let color = i % 3 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel()
            n.contents = [.fill(RenderFill(contours: contours, rule: i % 2 == 0 ? .nonZero : .evenOdd, color: color))]
            leaves.append(n)
        }
        return flatTree(width: 300, height: 220, leaves)
    }

    func testBigSmallBigFramesEqualNewRenderersThatDoNotStream() {
        var rng = SplitMix64(seed: 0x57_2E4A)
        let trees = (0..<3).map { Self.tree(&rng, big: $0 != 1) }
        for level in BilinearKernelTests.modes {
            for threads in [1, 3] {
                PixelKernels.withLevel(level) {
                    let kept = FrameRenderer(threads: threads)
                    for (k, tree) in trees.enumerated() {
                        CellRasterizer.streamingAllowed.store(true, ordering: .relaxed)
                        var got = PixelBuffer(width: 300, height: 220)
                        kept.render(tree, into: &got, background: 0xFFFF_FFFF)
                        CellRasterizer.streamingAllowed.store(false, ordering: .relaxed)
                        var want = PixelBuffer(width: 300, height: 220)
                        FrameRenderer(threads: threads).render(tree, into: &want, background: 0xFFFF_FFFF)
                        XCTAssertGreaterThan(Set(want.pixels).count, 50, "frame \(k) has drawn content")
                        if let i = got.pixels.indices.first(where: { got.pixels[$0] != want.pixels[$0] }) {
                            XCTFail("\(level), \(threads) threads, frame \(k): pixel (\(i % 300), \(i / 300)) "
                                    + "\(String(got.pixels[i], radix: 16)), not streamed \(String(want.pixels[i], radix: 16))")
                        }
                    }
                }
            }
        }
    }

    /// Device-space contours (`PrimitiveDrawer.draw`, the path strokes take), big, small, big with
    /// one drawer, against a new drawer that does not stream, at every level and both rules.
    func testDeviceContoursStreamedEqualAddedWhole() {
        var rng = SplitMix64(seed: 0x57_2E4B)
        let w = 260, h = 180
        let drawer = PrimitiveDrawer()
        for trial in 0..<12 {
            let big = trial % 3 != 1
            var contours: [[(x: Double, y: Double)]] = [Self.loop(&rng, count: big ? rng.int(16385...60000) : rng.int(3...200), cx: 130, cy: 90,
                                                                  rx: rng.double(20, 150), ry: rng.double(20, 100)).map { (x: $0.x, y: $0.y) }]
            if trial % 2 == 0 { contours.append(Self.loop(&rng, count: 1000, cx: 120, cy: 80, rx: 50, ry: 40).map { (x: $0.x, y: $0.y) }) }
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let color = trial % 4 == 0 ? UInt32(0x8040_2010) : rng.premultipliedPixel() | 0xFF00_0000
            let background = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            let scissor = IntRect(x: rng.int(0...20), y: rng.int(0...20), width: rng.int(150...(w - 20)), height: rng.int(100...(h - 20)))
            for level in BilinearKernelTests.modes {
                var want = background, got = background
                PixelKernels.withLevel(level) {
                    let frame = IntRect(x: 0, y: 0, width: w, height: h)
                    CellRasterizer.streamingAllowed.store(false, ordering: .relaxed)
                    want.withUnsafeMutableBufferPointer { px in
                        PrimitiveDrawer().draw(contours, rule: rule, paint: .solid(color), opacity: 1,
                                               on: Surface(borrowing: px.baseAddress!, frame: frame, stride: w, scissor: scissor))
                    }
                    CellRasterizer.streamingAllowed.store(true, ordering: .relaxed)
                    got.withUnsafeMutableBufferPointer { px in
                        drawer.draw(contours, rule: rule, paint: .solid(color), opacity: 1,
                                    on: Surface(borrowing: px.baseAddress!, frame: frame, stride: w, scissor: scissor))
                    }
                }
                XCTAssertTrue(want != background, "trial \(trial) draws")
                if let i = got.indices.first(where: { got[$0] != want[$0] }) {
                    return XCTFail("trial \(trial), \(level): pixel (\(i % w), \(i / w)) \(String(got[i], radix: 16)), not streamed \(String(want[i], radix: 16))")
                }
            }
        }
    }
}
