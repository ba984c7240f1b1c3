import XCTest
import LaminaRandom
import LaminaTestSupport
import CoreGraphics
@testable import Compositor

/// The drawer chooses between code paths at run time: short solid spans blend in a Swift loop,
/// longer ones in the C kernel; pixel-aligned untinted images composite straight from their rows,
/// others go through the shader; the C kernels themselves run AVX2 or portable code. Every path,
/// both ways, must give the formula's pixels (KernelReference), and whole frames must not depend
/// on the kernels' mode.
final class DrawPathsTests: XCTestCase {
    /// Opacity 0.6 on full coverage: k = round(0.6·255) = 153.
    let opacity = 0.6, k: UInt32 = 153

    func withSurface(width: Int, height: Int, _ pixels: inout [UInt32], _ body: (Surface) -> Void) {
        pixels.withUnsafeMutableBufferPointer { px in
            let frame = IntRect(x: 0, y: 0, width: width, height: height)
            body(Surface(borrowing: px.baseAddress!, frame: frame, stride: width, scissor: frame))
        }
    }

    func testSolidSpansOfEveryLengthMatchTheFormulaBothWays() {
        var rng = SplitMix64(seed: 90)
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                for n in 1...20 {
                    let dst = (0..<24).map { _ in rng.premultipliedPixel() }
                    let color = rng.premultipliedPixel() | 0x0100_0000   // never fully transparent
                    var px = dst
                    withSurface(width: 24, height: 1, &px) { s in
                        PrimitiveDrawer().drawAxisAlignedRect(x0: 2, y0: 0, x1: Double(2 + n), y1: 1, paint: .solid(color), opacity: opacity, on: s)
                    }
                    let want = dst.enumerated().map { (2..<(2 + n)).contains($0.offset) ? KernelReference.over($0.element, color, k: k) : $0.element }
                    XCTAssertEqual(px, want, "length \(n), level \(level)")
                }
            }
        }
    }

    /// An 8 × 4 image placed at (3, 1) pixel for texel: copied straight from its rows; with a tint
    /// it goes through the shader, each texel multiplied channel by channel first.
    func testPixelAlignedImagesMatchTheFormulaBothWays() {
        var rng = SplitMix64(seed: 91)
        let tex = (0..<32).map { _ in rng.premultipliedPixel() }
        let image = CGImage(width: 8, height: 4, premultipliedARGB: tex)
        let tint: UInt32 = 0xC0A0_60FF
        func tinted(_ p: UInt32) -> UInt32 {
            [24, 16, 8, 0].reduce(UInt32(0)) { acc, s in
                let sh = UInt32(s)
                return acc | KernelReference.mulDiv255((p >> sh) & 255, (tint >> sh) & 255) << sh
            }
        }
        for level in BilinearKernelTests.modes {
            for t in [UInt32(0xFFFF_FFFF), tint] {
                PixelKernels.withLevel(level) {
                    let dst = (0..<(16 * 6)).map { _ in rng.premultipliedPixel() }
                    var px = dst
                    let sampler = ImageSampler(image: image, map: Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: -3, h: -1, i: 1),
                                               x0: 0, y0: 0, x1: 8, y1: 4, bilinear: true, tint: t)
                    XCTAssertNotNil(sampler.copyOffset)
                    withSurface(width: 16, height: 6, &px) { s in
                        PrimitiveDrawer().drawAxisAlignedRect(x0: 3, y0: 1, x1: 11, y1: 5, paint: .image(sampler), opacity: opacity, on: s)
                    }
                    for y in 0..<6 { for x in 0..<16 {
                        let inside = (3..<11).contains(x) && (1..<5).contains(y)
                        var src: UInt32 = 0
                        if inside { src = tex[(y - 1) * 8 + (x - 3)]; if t != 0xFFFF_FFFF { src = tinted(src) } }
                        let want = inside ? KernelReference.over(dst[y * 16 + x], src, k: k) : dst[y * 16 + x]
                        XCTAssertEqual(px[y * 16 + x], want, "(\(x), \(y)), tint \(String(t, radix: 16)), level \(level)")
                    } }
                }
            }
        }
    }

    /// A frame exercising every kernel (a rotated bilinear image, a perspective one, long solid
    /// runs, a translucent group) drawn with the kernels in each mode: the same pixels.
    func testWholeFramesDoNotDependOnTheKernelMode() {
        var rng = SplitMix64(seed: 92)
        let image = CGImage(width: 16, height: 12, premultipliedARGB: (0..<192).map { _ in rng.premultipliedPixel() })
        func node(_ id: UInt64, _ w: Double, _ h: Double, _ m: Matrix4x4) -> RenderNode {
            var n = RenderNode(); n.id = id; n.bounds = CGRect(x: 0, y: 0, width: w, height: h); n.toParent = m; return n
        }
        var root = node(1, 96, 64, .identity); root.backgroundColor = 0xFFEE_EEE0
        var rotated = node(2, 40, 30, Matrix4x4(m: [cos(0.4), sin(0.4), 0, 0, -sin(0.4), cos(0.4), 0, 0, 0, 0, 1, 0, 20, 4, 0, 1]))
        rotated.contents = [.image(RenderImage(image: image, destination: rotated.bounds, source: CGRect(x: 0, y: 0, width: 16, height: 12)))]
        var persp = Matrix4x4(m: [1, 0, 0, 0.004, 0, 1, 0, 0.002, 0, 0, 1, 0, 50, 20, 0, 1])
        persp.m[3] = 0.004
        var tilted = node(3, 36, 30, persp)
        tilted.contents = [.image(RenderImage(image: image, destination: tilted.bounds, source: CGRect(x: 2, y: 1, width: 12, height: 10)))]
        var group = node(4, 50, 20, .translation(30, 40)); group.opacity = 0.55; group.backgroundColor = 0xCC20_6090; group.cornerRadius = 6
        group.borderWidth = 2; group.borderColor = 0xFF10_1010
        var inner = node(5, 30, 12, .translation(12, 4)); inner.backgroundColor = 0x8060_2010
        root.subtreeEnd = 5; rotated.subtreeEnd = 2; tilted.subtreeEnd = 3; group.subtreeEnd = 5; inner.subtreeEnd = 5
        let tree = RenderTree(nodes: [root, rotated, tilted, group, inner])
        var frames: [[UInt32]] = []
        for portable in [false, true] {
            for threads in [1, 2] {
                PixelKernels.withPortable(portable) {
                    var buffer = PixelBuffer(width: 96, height: 64)
                    FrameRenderer(threads: threads).render(tree, into: &buffer)
                    frames.append(buffer.pixels)
                }
            }
        }
        XCTAssertGreaterThan(Set(frames[0]).count, 100, "a busy frame (the comparison means something)")
        for f in frames.dropFirst() { XCTAssertTrue(f == frames[0], "\(zip(f, frames[0]).filter { $0 != $1 }.count) pixels differ") }
    }
}
