import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Text layers of many lines (one glyph mask a line, as `CATextLayer` makes them) drawn in bands and
/// in strips whose edges fall inside lines, on their edges and between them: the pixels are the same,
/// byte for byte, as one thread drawing the frame whole, whatever the layer's map (whole pixels,
/// fractional places, scaled masks, rotated, in perspective) or clip. (A band that leaves out the
/// lines missing its rows, branch text18-skip, failed both tests when it left out lines that reach
/// 2 rows into the band.)
final class BandTextLinesTests: XCTestCase {
    private func mask(_ w: Int, _ h: Int, _ rng: inout SplitMix64) -> AlphaMask {
        AlphaMask(width: w, height: h, alpha: (0..<(w * h)).map { _ in
            rng.chance(0.4) ? 0 : rng.chance(0.3) ? 255 : UInt8(rng.int(1...254))
        })
    }

    /// A frame of `layers` text layers, each of several lines stacked down its bounds (lines
    /// touching, overlapping or apart), under a map chosen by `kind`.
    private func frame(_ rng: inout SplitMix64, width w: Int, height h: Int) -> RenderTree {
        var nodes: [RenderNode] = []
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        nodes.append(root)
        for _ in 0..<rng.int(1...4) {
            var n = RenderNode()
            let scale = rng.chance(0.3) ? 0.5 : 1.0
            var lines: [RenderContent] = []
            var y = Double(rng.int(-6...4))
            let lineWidth = rng.int(20...130)
            for _ in 0..<rng.int(2...16) {
                let mh = rng.int(3...14)
                let x = Double(rng.int(-4...8)) + (rng.chance(0.2) ? 0.5 : 0)
                lines.append(.glyphs(RenderGlyphs(mask: mask(lineWidth, mh, &rng), origin: CGPoint(x: x, y: y), scale: scale,
                                                  color: rng.premultipliedPixel())))
                // Lines touch, overlap or leave a gap, as line heights and leading do.
                y += Double(mh) * scale + Double(rng.int(-2...3))
            }
            n.bounds = CGRect(x: 0, y: 0, width: Double(lineWidth) + 12, height: max(1, y))
            n.contents = lines
            let tx = Double(rng.int(-10...(w - 20))), ty = Double(rng.int(-10...(h / 2)))
            switch rng.int(0...4) {
            case 0, 1: n.toParent = .translation(tx, ty)
            case 2: n.toParent = .translation(tx + 0.25, ty + 0.75)
            case 3:
                let a = rng.double(-0.4, 0.4), c = cos(a), s = sin(a)
                n.toParent = Matrix4x4(m: [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1])
            default:
                n.toParent = Matrix4x4(m: [1, 0, 0, 0.0008, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1])
            }
            n.opacity = rng.chance(0.7) ? 1 : rng.double(0.3, 1)
            if rng.chance(0.25) { n.masksToBounds = true; n.cornerRadius = Double(rng.int(0...8)) }
            n.subtreeEnd = nodes.count + 1
            nodes.append(n)
        }
        nodes[0].subtreeEnd = nodes.count
        return RenderTree(nodes: nodes)
    }

    /// Seeded random frames of many-line text layers, drawn 8 times over on 2 and 3 threads by
    /// renderers kept from frame to frame (the band boundaries moving), against 1 thread.
    func testManyLineTextIsTheSameOnOneTwoAndThreeThreads() {
        var rng = SplitMix64(seed: 0x7E18_0018)
        let w = 150, h = 200
        let renderers = [2, 3].map { FrameRenderer(threads: $0) }
        for round in 0..<30 {
            let tree = frame(&rng, width: w, height: h)
            let under = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            let background: UInt32? = round % 4 == 0 ? 0 : nil
            if let failure = firstBandFrameDifference(tree, under: under, width: w, height: h, background: background,
                                                      renderers: renderers, frames: 8, round: round) {
                return XCTFail(failure)
            }
        }
    }

    /// The same frames drawn on one thread strip by strip (`region`: strips 1 to 9 rows high, so
    /// that strips end inside lines, on their edges and in the gaps between them), against the
    /// frame drawn whole.
    func testManyLineTextDrawnInStripsIsTheSameAsWhole() {
        var rng = SplitMix64(seed: 0x7E18_5719)
        let w = 140, h = 160
        let renderer = FrameRenderer(threads: 1)
        for round in 0..<30 {
            let tree = frame(&rng, width: w, height: h)
            let under = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            var expected = PixelBuffer(width: w, height: h)
            expected.pixels = under
            FrameRenderer(threads: 1).render(tree, into: &expected, background: nil)
            var buffer = PixelBuffer(width: w, height: h)
            buffer.pixels = under
            var y = 0
            while y < h {
                let strip = min(h - y, rng.int(1...9))
                renderer.render(tree, into: &buffer, region: IntRect(x: 0, y: y, width: w, height: strip), background: nil)
                y += strip
            }
            if let i = buffer.pixels.indices.first(where: { buffer.pixels[$0] != expected.pixels[$0] }) {
                return XCTFail("round \(round): pixel (\(i % w), \(i / w)) is \(String(buffer.pixels[i], radix: 16)), expected \(String(expected.pixels[i], radix: 16))")
            }
        }
    }
}
