import Foundation

/// Apple's `draw(_:in:byTiling:)`: an image repeated over the whole clip, one copy in every
/// rectangle of the grid that `rect` starts.
extension CGContext {
    /// The most texels a tiled drawing makes its repeated image of (64 M, 256 MB): tiles drawn
    /// much smaller than their image over a large clip would need more.
    static let maxTiledTexels = 1 << 26

    /// Draws `image` into `rect` (user space, as `draw(_:in:)`), or, when `byTiling` is true, into
    /// every rectangle of `rect`'s size in the grid it starts, over the whole clip (the bitmap when
    /// unclipped), each copy placed as `draw(_:in:)` places an image. A grid that would need more
    /// than 64 M texels is reported once through `LaminaDiagnostics` and not drawn.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) {
        guard byTiling else { return draw(image, in: rect) }
        let r = rect.standardized
        let area = boundingBoxOfClipPath
        guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite, image.width > 0, image.height > 0,
              !area.isNull, area.width.isFinite, area.height.isFinite else { return }
        let i0 = ((area.minX - r.minX) / r.width).rounded(.down), i1 = ((area.maxX - r.minX) / r.width).rounded(.up)
        let j0 = ((area.minY - r.minY) / r.height).rounded(.down), j1 = ((area.maxY - r.minY) / r.height).rounded(.up)
        let columns = Double(i1 - i0), rows = Double(j1 - j0)
        guard columns >= 1, rows >= 1 else { return }
        guard columns * Double(image.width) * rows * Double(image.height) <= Double(CGContext.maxTiledTexels) else {
            LaminaDiagnostics.report("CGContext: draw(_:in:byTiling:) of a \(image.width)x\(image.height) image in \(Int(columns))x\(Int(rows)) tiles needs more than \(CGContext.maxTiledTexels) texels; not drawn")
            return
        }
        let nx = Int(columns), ny = Int(rows), w = image.width, h = image.height
        let source = image.premultipliedARGB
        var tiled = [UInt32](repeating: 0, count: nx * w * ny * h)
        tiled.withUnsafeMutableBufferPointer { out in
            source.withUnsafeBufferPointer { src in
                for y in 0..<(ny * h) {
                    let from = src.baseAddress! + (y % h) * w
                    for i in 0..<nx { (out.baseAddress! + y * nx * w + i * w).update(from: from, count: w) }
                }
            }
        }
        // Every tile is the same image, so one image of nx × ny copies drawn over the grid's
        // rectangles puts each copy's first row at its own rectangle's maxY, and bilinear samples
        // across a seam read the neighbouring copy, as repeating the image does.
        let grid = CGRect(x: r.minX + i0 * r.width, y: r.minY + j0 * r.height, width: columns * r.width, height: rows * r.height)
        draw(CGImage(width: nx * w, height: ny * h, validPremultipliedARGB: tiled), in: grid)
    }
}
