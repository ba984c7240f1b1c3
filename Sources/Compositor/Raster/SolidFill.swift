import Foundation

extension PixelBuffer {
    /// Fills `contours` (pixel coordinates) with the premultiplied colour `color`, source-over,
    /// anti-aliased, using `rasterizer`'s reusable buffers.
    public mutating func fill(_ contours: [[(x: Double, y: Double)]], rule: FillRule, color: UInt32, using rasterizer: inout CoverageRasterizer) {
        rasterizer.rasterize(contours, rule: rule, clipWidth: width, clipHeight: height)
        let b = rasterizer.bounds
        guard b.width > 0 else { return }
        let cov = rasterizer.coverage
        pixels.withUnsafeMutableBufferPointer { px in
            for y in 0..<b.height {
                let row = (b.y + y) * width + b.x
                for x in 0..<b.width {
                    let c = cov[y * b.width + x]
                    if c <= 0 { continue }
                    let k = UInt32((c * 255).rounded())
                    px[row + x] = Premultiplied.over(px[row + x], Premultiplied.scale(color, k))
                }
            }
        }
    }
}
