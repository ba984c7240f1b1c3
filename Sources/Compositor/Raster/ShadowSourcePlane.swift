import Foundation
import CPixelKernels

/// The blurred plane of a shadow cast by a surface's alpha (times a mask's alpha), made straight
/// from the surface: bit for bit what `TreeRasterizer.blurPlane` makes from that alpha copied out
/// to a full-size array, without the copy. Used where no shadow cache would keep the blur (none is
/// given, or the source is larger than the cache holds), so no cache key is needed either: a
/// shadowed group of a large frame covers tens of millions of pixels.
enum ShadowSourcePlane {
    /// The plane over `area` (reduced by `factor`, a power of two, when above 1) of the alpha of
    /// `g` (times `mask`'s) shifted by (`dx`, `dy`) whole pixels, over its rectangle `source`
    /// within the area, blurred with `sigma` (device pixels).
    static func blurred(alphaOf g: Surface, mask: Surface?, dx ix: Int, dy iy: Int, source sr: IntRect, area: IntRect,
                        sigma: Double, factor: Int) -> (plane: [Float], width: Int, height: Int) {
        let w = (area.width + factor - 1) / factor, h = (area.height + factor - 1) / factor
        var plane = [Float](repeating: 0, count: w * h)
        plane.withUnsafeMutableBufferPointer { p in
            reduce(alphaOf: g, mask: mask, dx: ix, dy: iy, source: sr, area: area, factor: factor, into: p.baseAddress!, width: w, rows: 0..<h)
        }
        BoxBlur.blur(&plane, width: w, height: h, sigma: sigma / Double(factor))
        return (plane, w, h)
    }

    /// Rows `rows` of the plane `blurred` blurs (`width` wide, zeros in those rows, at `p`), before
    /// the blur: each row from the rows of the source that fall in it, and from no other, so that
    /// rows made apart (by different bands, from groups of their own rows) hold the same bits as
    /// the plane made whole. The rows of `g` outside its frame count as zeros.
    static func reduce(alphaOf g: Surface, mask: Surface?, dx ix: Int, dy iy: Int, source sr: IntRect, area: IntRect, factor: Int,
                       into p: UnsafeMutablePointer<Float>, width w: Int, rows: Range<Int>) {
        // The columns (of `sr`) the source covers, and the mask when there is one.
        var x0 = max(0, g.frame.x + ix - sr.x), x1 = min(sr.width, g.frame.maxX + ix - sr.x)
        if let mask { x0 = max(x0, mask.frame.x + ix - sr.x); x1 = min(x1, mask.frame.maxX + ix - sr.x) }
        let ox = sr.x - area.x, oy = sr.y - area.y
        // The source rows landing in `rows`.
        let y0 = max(0, rows.lowerBound * factor - oy), y1 = min(sr.height, rows.upperBound * factor - oy)
        guard y0 < y1, x0 < x1 else { return }
        // Each reduced pixel is the mean of its factor × factor block: every source value times
        // `share`, added in the order `blurPlane` adds them (row by row, left to right; the zeros it
        // adds outside the source leave a sum of non-negative values unchanged).
        let share = 1 / Float(factor * factor), shift = factor.trailingZeroBitCount
        for y in y0..<y1 {
            let sy = sr.y + y - iy
            guard sy >= g.frame.y, sy < g.frame.maxY else { continue }
            let row = g.row(sy) + (sr.x - ix)
            var mrow: UnsafeMutablePointer<UInt32>?
            if let mask {
                guard sy >= mask.frame.y, sy < mask.frame.maxY else { continue }
                mrow = mask.row(sy) + (sr.x - ix)
            }
            if factor == 1 {
                // o[x] = Float(row[x] >> 24) / 255 (times the mask's): `lamina_alpha_row`.
                let o = p + (y + oy) * w + ox
                lamina_alpha_row(o + x0, row + x0, mrow.map { UnsafePointer($0 + x0) }, Int32(x1 - x0))
            } else if let mrow {
                let o = p + ((y + oy) >> shift) * w
                for x in x0..<x1 { o[(x + ox) >> shift] += Float(row[x] >> 24) / 255 * (Float(mrow[x] >> 24) / 255) * share }
            } else {
                // Each block's columns summed onto its value in order, as adding each into the
                // plane does (the same floats): `lamina_reduce_alpha_row`, many blocks at a time.
                lamina_reduce_alpha_row(p + ((y + oy) >> shift) * w, row, Int32(x0), Int32(x1), Int32(ox), Int32(shift), share)
            }
        }
    }
}
