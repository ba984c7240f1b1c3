import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// A layer drawing one gradient or image, masked by a layer filling one path (Lottie's gradient
/// fills and strokes), is drawn through the path's coverage with no offscreen group
/// (`TreeRasterizer.drawFoldedMask`). Its pixels are the masked group's to within 2/255 a
/// channel (each rounds coverage, mask alpha and opacity to 8 bits in its own order), on random
/// layers, masks and maps (translated, scaled, rotated, skewed), and paths that reach past the
/// paint's rectangle are drawn as groups (the fold would paint where the group has nothing).
final class FoldedMaskTests: XCTestCase {
    /// One random masked layer under a root: the layer, then its mask. `reach`: how far past the
    /// paint's rectangle the path may go (0: well inside it).
    func maskedTree(_ rng: inout SplitMix64, image: CGImage, reach: Double) -> RenderTree {
        var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        var n = RenderNode()
        n.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        let angle = rng.pick([0, 0, rng.double(-0.6, 0.6)]), sx = rng.double(0.6, 1.6), sy = rng.double(0.6, 1.6), skew = rng.pick([0, rng.double(-0.4, 0.4)])
        let c = cos(angle), s = sin(angle)
        n.toParent = Matrix4x4(m: [c * sx, s * sx, 0, 0, (skew * c - s) * sy, (skew * s + c) * sy, 0, 0, 0, 0, 1, 0,
                                   rng.double(10, 60), rng.double(10, 40), 0, 1])
        n.opacity = rng.pick([1, 0.7, rng.double(0.05, 1)])
        let rect = CGRect(x: rng.double(-10, 10), y: rng.double(-10, 10), width: rng.double(60, 100), height: rng.double(50, 80))
        if rng.chance(0.7) {
            n.contents = [.gradient(RenderGradient(kind: rng.pick([.axial, .radial, .conic]), rect: rect,
                                                   start: CGPoint(x: rng.double(0, 60), y: rng.double(0, 50)), end: CGPoint(x: rng.double(0, 90), y: rng.double(0, 70)),
                                                   stops: [(0, SIMD4(1, 0.5, 0, 1)), (0.6, SIMD4(0.2, 1, 0.4, rng.pick([1, 0.4]))), (1, SIMD4(0, 0.3, 1, 1))]))]
        } else {
            var img = RenderImage(image: image, destination: rect, source: CGRect(x: 0, y: 0, width: image.width, height: image.height))
            img.magnification = rng.pick([.linear, .nearest])
            n.contents = [.image(img)]
        }
        var m = RenderNode()
        m.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        m.opacity = rng.pick([1, 1, rng.double(0.1, 1)])
        let inset = 3.0 - reach
        // A star (or, once in a while, a ring: two contours, even-odd) inside rect inset by `inset`.
        let cx = Double(rect.midX), cy = Double(rect.midY)
        let rx = Double(rect.width) / 2 - inset, ry = Double(rect.height) / 2 - inset
        let points = rng.int(5...9)
        let star = (0..<(2 * points)).map { k -> CGPoint in
            let a = Double(k) * .pi / Double(points) + 0.1, f = k % 2 == 0 ? 1 : rng.double(0.3, 0.9)
            return CGPoint(x: cx + rx * f * cos(a), y: cy + ry * f * sin(a))
        }
        var contours = [star]
        if rng.chance(0.3) { contours.append((0..<12).map { k in CGPoint(x: cx + 0.25 * rx * cos(Double(k) * .pi / 6), y: cy + 0.25 * ry * sin(Double(k) * .pi / 6)) }) }
        m.contents = [.fill(RenderFill(contours: contours, rule: rng.pick([.nonZero, .evenOdd]), color: rng.pick([0xFF00_0000, 0x8000_0000, UInt32(rng.int(1...255)) << 24])))]
        root.subtreeEnd = 3; root.id = 1
        n.subtreeEnd = 3; n.id = 2; n.mask = 2
        m.subtreeEnd = 3; m.id = 3
        return RenderTree(nodes: [root, n, m])
    }

    /// Draws `tree` over `under` with the fold on or off; also returns how many masks were folded.
    func draw(_ tree: RenderTree, over under: [UInt32], width: Int, height: Int, folds: Bool) -> (pixels: [UInt32], folded: Int) {
        var pixels = under
        let folded = pixels.withUnsafeMutableBufferPointer { px in
            let surface = Surface(borrowing: px.baseAddress!, frame: IntRect(x: 0, y: 0, width: width, height: height), stride: width,
                                  scissor: IntRect(x: 0, y: 0, width: width, height: height))
            let r = TreeRasterizer(tree: tree)
            r.shortcuts.foldsPathMasks = folds
            r.drawRoot(toDevice: .identity, on: surface)
            return r.foldedMasks
        }
        return (pixels, folded)
    }

    /// The largest difference between two pixels' channels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        stride(from: 0, to: 32, by: 8).map { abs(Int((a >> UInt32($0)) & 255) - Int((b >> UInt32($0)) & 255)) }.max()!
    }

    func testFoldedMaskMatchesTheMaskedGroup() {
        var rng = SplitMix64(seed: 0xF01D)
        let w = 160, h = 120
        let image = CGImage(width: 23, height: 17, premultipliedARGB: (0..<(23 * 17)).map { _ in rng.premultipliedPixel() })
        var folded = 0, worst = 0
        for round in 0..<60 {
            let tree = maskedTree(&rng, image: image, reach: 0)
            let under = (0..<(w * h)).map { _ in round % 2 == 0 ? rng.premultipliedPixel() : 0 }
            let group = draw(tree, over: under, width: w, height: h, folds: false)
            let fold = draw(tree, over: under, width: w, height: h, folds: true)
            XCTAssertEqual(group.folded, 0)
            folded += fold.folded
            XCTAssertNotEqual(group.pixels, under, "round \(round): the layer draws")
            for i in 0..<(w * h) {
                let d = FoldedMaskTests.channelDifference(group.pixels[i], fold.pixels[i])
                worst = max(worst, d)
                if d > 2 {
                    return XCTFail("round \(round): pixel (\(i % w), \(i / w)) folded \(String(fold.pixels[i], radix: 16)), group \(String(group.pixels[i], radix: 16))")
                }
            }
        }
        XCTAssertEqual(folded, 60, "every layer whose path lies inside its paint is folded")
        XCTAssertGreaterThan(worst, 0, "the two round differently somewhere (or the fold was not drawn)")
    }

    /// Paths reaching past the paint's rectangle: left to the group (whose pixels outside the
    /// rectangle have nothing), and the pixels are the group's exactly.
    func testPathsPastThePaintAreDrawnAsGroups() {
        var rng = SplitMix64(seed: 0xF01E)
        let w = 160, h = 120
        let image = CGImage(width: 9, height: 7, premultipliedARGB: (0..<63).map { _ in rng.premultipliedPixel() })
        for round in 0..<30 {
            let tree = maskedTree(&rng, image: image, reach: 8)
            let under = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            let group = draw(tree, over: under, width: w, height: h, folds: false)
            let fold = draw(tree, over: under, width: w, height: h, folds: true)
            XCTAssertEqual(fold.folded, 0, "round \(round)")
            if let i = fold.pixels.indices.first(where: { fold.pixels[$0] != group.pixels[$0] }) {
                return XCTFail("round \(round): pixel (\(i % w), \(i / w)) \(String(fold.pixels[i], radix: 16)), group \(String(group.pixels[i], radix: 16))")
            }
        }
    }
}
