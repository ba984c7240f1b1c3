@testable import Compositor

/// One tree drawn over the same pixels by renderers that should agree (1 or 3 threads, culling on
/// or off): where the first one differs from the expected frame.
enum FrameVariants {
    /// Draws `tree` over `under` once per variant and describes the first pixel that differs from
    /// `expected` (nil: every variant gave `expected`).
    static func firstDifference(_ tree: RenderTree, under: [UInt32], width w: Int, height h: Int, expected: [UInt32],
                                variants: [(threads: Int, culling: Bool)], toDevice: Matrix4x4 = .identity,
                                background: UInt32? = nil) -> String? {
        for (threads, culling) in variants {
            var buffer = PixelBuffer(width: w, height: h)
            buffer.pixels = under
            let r = FrameRenderer(threads: threads)
            r.occlusionCulling = culling
            r.render(tree, into: &buffer, toDevice: toDevice, background: background)
            if let i = buffer.pixels.indices.first(where: { buffer.pixels[$0] != expected[$0] }) {
                return "\(threads) threads, culling \(culling): pixel (\(i % w), \(i / w)) is \(String(buffer.pixels[i], radix: 16)), expected \(String(expected[i], radix: 16))"
            }
        }
        return nil
    }
}
