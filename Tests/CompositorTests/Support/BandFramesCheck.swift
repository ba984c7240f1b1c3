import XCTest
@testable import Compositor

/// The check the band tests share: `tree` drawn over `under` by each renderer `frames` times in a
/// row (so their band boundaries move between frames) must equal one thread's frame pixel for
/// pixel. Returns the first difference as a message (nil: none).
func firstBandFrameDifference(_ tree: RenderTree, under: [UInt32], width w: Int, height h: Int, background: UInt32?,
                              renderers: [FrameRenderer], frames: Int, round: Int) -> String? {
    var expected = PixelBuffer(width: w, height: h)
    expected.pixels = under
    FrameRenderer(threads: 1).render(tree, into: &expected, background: background)
    for r in renderers {
        for frame in 0..<frames {
            var buffer = PixelBuffer(width: w, height: h)
            buffer.pixels = under
            r.render(tree, into: &buffer, background: background)
            if let i = buffer.pixels.indices.first(where: { buffer.pixels[$0] != expected.pixels[$0] }) {
                return "round \(round), \(r.threads) threads, frame \(frame), boundaries \(r.balancer.boundaries): pixel (\(i % w), \(i / w)) is \(String(buffer.pixels[i], radix: 16)), expected \(String(expected.pixels[i], radix: 16))"
            }
        }
    }
    return nil
}
