import Foundation
import Dispatch

/// Rasterises render trees into pixel buffers: the compositor's entry point. Splits the work into
/// horizontal bands drawn in parallel on `threads` threads; every band draws the whole tree
/// clipped to itself, so the pixels never depend on the thread count.
public final class FrameRenderer {
    /// How many threads rasterise (1: the calling thread only).
    public var threads: Int

    /// Blurred shadows kept from frame to frame and shared by the bands.
    public let shadowCache = ShadowCache()

    /// A renderer using `threads` threads (at least 1).
    public init(threads: Int = 1) { self.threads = max(1, threads) }

    /// Draws `tree` into `buffer` inside `region` (default: all of it), after clearing that region to
    /// `background` (nil: draw over what is there). `toDevice` maps the root's parent space to pixels.
    public func render(_ tree: RenderTree, into buffer: inout PixelBuffer, region: IntRect? = nil,
                       toDevice: Matrix4x4 = .identity, background: UInt32? = 0) {
        let full = IntRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        let area = (region ?? full).intersection(full)
        guard !area.isEmpty else { return }
        let width = buffer.width
        let bandCount = threads > 1 ? min(threads * 1, max(1, area.height / 16)) : 1
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            // Shared by the bands without a race: each band writes only its own rows of the buffer,
            // and all of them only read the tree (a value whose objects are immutable).
            nonisolated(unsafe) let base = px.baseAddress!
            nonisolated(unsafe) let tree = tree
            let shadowCache = self.shadowCache
            let drawBand: @Sendable (Int) -> Void = { b in
                let y0 = area.y + area.height * b / bandCount, y1 = area.y + area.height * (b + 1) / bandCount
                guard y1 > y0 else { return }
                let band = IntRect(x: area.x, y: y0, width: area.width, height: y1 - y0)
                if let background {
                    for y in band.y..<band.maxY { (base + y * width + band.x).update(repeating: background, count: band.width) }
                }
                let surface = Surface(borrowing: base, frame: IntRect(x: 0, y: 0, width: width, height: full.height), stride: width, scissor: band)
                TreeRasterizer(tree: tree, shadowCache: shadowCache).drawRoot(toDevice: toDevice, on: surface)
            }
            if bandCount == 1 { drawBand(0) } else {
                DispatchQueue.concurrentPerform(iterations: bandCount, execute: drawBand)
            }
        }
    }
}
