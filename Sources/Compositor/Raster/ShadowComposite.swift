import Foundation
import CPixelKernels

/// Paints a blurred shadow plane, tinted, over a surface: the last step of
/// `TreeRasterizer.drawBlurredAlpha`. A reduced plane is sampled as `TreeRasterizer.upsample` does,
/// bit for bit, with the per-column and per-row parts of that sampling worked out once (a pixel's
/// column weights, its row's two reduced rows padded with zeros) instead of for every pixel: a
/// shadow of a large frame covers tens of millions of pixels.
enum ShadowComposite {
    /// Pixels the shadow need not be painted on, because what casts it paints them over with an
    /// opaque colour: a rounded rectangle's inside, as the cross of two rectangles. `tall` spans
    /// the rows of `wide` and more, `wide` the columns of `tall` and more, so a row's pixels left
    /// out are one run: `wide`'s columns in its rows, `tall`'s in the others.
    struct Covered: Equatable {
        /// The inside between the corners' columns, every row of the shape.
        var tall: IntRect
        /// The inside between the corners' rows, every column of the shape.
        var wide: IntRect

        /// The columns left out of row y (an empty range when none is).
        func columns(_ y: Int) -> Range<Int> {
            if y >= wide.y && y < wide.maxY && wide.width > 0 { return wide.x..<wide.maxX }
            if y >= tall.y && y < tall.maxY && tall.width > 0 { return tall.x..<tall.maxX }
            return 0..<0
        }
    }

    /// Blends `color` through a row's coverage (`lamina_over_solid_coverage`) on columns
    /// [x0, x1) of `d`, whose coverage starts at `coverage` (for column x0), leaving out `hole`.
    @inline(__always)
    private static func overRow(_ d: UnsafeMutablePointer<UInt32>, _ color: UInt32, _ coverage: UnsafePointer<Float>, _ op: Float,
                                x0: Int, x1: Int, hole: Range<Int>) {
        let h0 = min(max(hole.lowerBound, x0), x1), h1 = max(min(hole.upperBound, x1), h0)
        if h1 <= h0 {
            lamina_over_solid_coverage(d + x0, color, coverage, op, Int32(x1 - x0))
            return
        }
        if h0 > x0 { lamina_over_solid_coverage(d + x0, color, coverage, op, Int32(h0 - x0)) }
        if x1 > h1 { lamina_over_solid_coverage(d + h1, color, coverage + (h1 - x0), op, Int32(x1 - h1)) }
    }

    /// Composites `plane` (covering device `area`, reduced by `factor`, `width` × `height` values)
    /// times `opacity` (and `s`'s clip) as coverage of `tints` (the shadow colour at each of 256
    /// coverage levels) over `s`, inside `draw`, except on `covered` (when `s` has no clip: its
    /// pixels are left as they are, for the caller paints them over opaquely).
    /// `trims`: `draw` is first cut to the pixels whose value can reach a coverage level (see
    /// `liveBox`); false paints all of it (the same pixels: the others round to level 0, which
    /// leaves a pixel as it is).
    /// `wholeLive`: the `liveBox` of every row of the plane at a threshold, kept by the caller (a
    /// kept blur's, `ShadowCache.Entry.liveBox`), taken instead of scanning the rows `draw` reaches:
    /// a box of more rows holds theirs, and the pixels it adds round to level 0 (the same pixels).
    static func paint(_ plane: UnsafeBufferPointer<Float>, width: Int, height: Int, factor: Int, area: IntRect,
                      draw whole: IntRect, opacity op: Float, tints tint: UnsafeBufferPointer<UInt32>, covered: Covered? = nil,
                      trims: Bool = true, wholeLive: ((Float) -> (i0: Int, i1: Int, j0: Int, j1: Int)?)? = nil, on s: Surface) {
        let clip = s.clip
        // A blur's last few deviations round to level 0 at this opacity: those rows and columns are
        // left out (without a clip, whose factors are not looked at here).
        let draw: IntRect
        if trims, clip == nil, op > 0, factor >= 1 {
            let threshold = 0.5 / (op * 255) * 0.999
            // A reduced pixel reaches the full-resolution pixels up to one reduced pixel either side.
            let pad = factor == 1 ? 0 : factor
            // Only the plane's rows that reach `whole` are looked at (two more either side): a
            // band of a frame drawn on several threads scans its own rows, not the whole plane.
            let top = max(0, (whole.y - area.y) / factor - 2), bottom = min(height, (whole.maxY - area.y + factor - 1) / factor + 2)
            let rows = top..<max(top, bottom)
            let found = wholeLive.map { $0(threshold) } ?? liveBox(plane, width: width, height: height, threshold: threshold, rows: rows)
            guard let live = found else { return }
            let x0 = live.i0 * factor - pad, x1 = live.i1 * factor + pad, y0 = live.j0 * factor - pad, y1 = live.j1 * factor + pad
            draw = whole.intersection(IntRect(x: area.x + x0, y: area.y + y0, width: x1 - x0, height: y1 - y0))
            guard !draw.isEmpty else { return }
        } else {
            draw = whole
        }
        @inline(__always) func hole(_ y: Int) -> Range<Int> { covered?.columns(y) ?? 0..<0 }
        @inline(__always) func over(_ d: UnsafeMutablePointer<UInt32>, _ x: Int, _ y: Int, _ v: Float) {
            var c = v * op
            if let clip { c *= clip.value(x, y) }
            let k = Int(min(c, 1) * 255 + 0.5)
            if k == 0 { return }
            d[x] = Premultiplied.over(d[x], tint[k])
        }
        // The colour (the tint at full coverage), for the row kernel: `lamina_over_solid_coverage`
        // rounds each pixel's coverage times `op` to a level and blends the colour scaled by it as
        // `over` does, bit for bit (its reference test: FillKernelTests), on the CPU's vector level.
        let color = tint[255]
        // The next row's pixels asked for while this one is blended (`lamina_prefetch_span`).
        @inline(__always) func prefetch(after y: Int) {
            if y + 1 < draw.maxY { lamina_prefetch_span(s.row(y + 1) + draw.x, draw.width * 4) }
        }
        if factor == 1 {
            for y in draw.y..<draw.maxY {
                let d = s.row(y), row = plane.baseAddress! + (y - area.y) * area.width - area.x
                prefetch(after: y)
                if clip == nil {
                    overRow(d, color, row + draw.x, op, x0: draw.x, x1: draw.maxX, hole: hole(y))
                } else {
                    for x in draw.x..<draw.maxX { over(d, x, y, row[x]) }
                }
            }
            return
        }
        let f = Float(factor)
        // Per column of `draw`: the padded index of the reduced column left of its centre (u0 + 1),
        // and the weights of that column (1 - fu) and the next (fu), as `upsample` computes them.
        var index = [Int32](repeating: 0, count: draw.width)
        var next = [Float](repeating: 0, count: draw.width), left = [Float](repeating: 0, count: draw.width)
        for i in 0..<draw.width {
            let u = (Float(draw.x + i - area.x) + 0.5) / f - 0.5
            let u0 = Int(u.rounded(.down))
            let fu = u - Float(u0)
            index[i] = Int32(u0 + 1); next[i] = fu; left[i] = 1 - fu
        }
        // Per column, a reduced row sampled between its columns (`upsample`'s horizontal step): the
        // upper part of a full-resolution row's sample from reduced row v0, the lower from v0 + 1.
        // Rows between two reduced rows' centres (`factor` of them) share both; the next band's
        // upper row is this band's lower one, so each reduced row is sampled once, not twice.
        var upper = [Float](repeating: 0, count: draw.width), lower = [Float](repeating: 0, count: draw.width)
        // The reduced row j sampled at every column of `draw`, from a copy padded with one zero each
        // side (zero outside the plane, as `at` gives).
        var padded = [Float](repeating: 0, count: width + 2)
        func sample(_ j: Int, into out: inout [Float]) {
            guard j >= 0 && j < height else {
                out.withUnsafeMutableBufferPointer { o in o.update(repeating: 0) }
                return
            }
            padded.withUnsafeMutableBufferPointer { p in
                (p.baseAddress! + 1).update(from: plane.baseAddress! + j * width, count: width)
            }
            // o[i] = t[j] · left[i] + t[j + 1] · next[i], j = index[i] (`lamina_sample_between`).
            padded.withUnsafeBufferPointer { t in
                index.withUnsafeBufferPointer { index in
                    next.withUnsafeBufferPointer { next in
                        left.withUnsafeBufferPointer { left in
                            out.withUnsafeMutableBufferPointer { o in
                                lamina_sample_between(o.baseAddress!, t.baseAddress!, index.baseAddress!, left.baseAddress!, next.baseAddress!,
                                                      Int32(draw.width))
                            }
                        }
                    }
                }
            }
        }
        var loaded = Int.min
        for y in draw.y..<draw.maxY {
            let v = (Float(y - area.y) + 0.5) / f - 0.5
            let v0 = Int(v.rounded(.down))
            let fv = v - Float(v0), gv = 1 - fv
            if v0 != loaded {
                if v0 == loaded + 1 {
                    swap(&upper, &lower)
                } else {
                    sample(v0, into: &upper)
                }
                sample(v0 + 1, into: &lower)
                loaded = v0
            }
            let d = s.row(y)
            prefetch(after: y)
            upper.withUnsafeBufferPointer { up in
                lower.withUnsafeBufferPointer { lo in
                    if clip == nil {
                        // The row's coverage (`over`'s value before `op`: up[i] · gv + lo[i] · fv, as
                        // `lamina_mix_rows` mixes it) blended as it is mixed (`lamina_over_solid_mix`),
                        // on the columns either side of the hole.
                        let hl = hole(y)
                        let h0 = min(max(hl.lowerBound, draw.x), draw.maxX) - draw.x, h1 = max(min(hl.upperBound, draw.maxX) - draw.x, h0)
                        let (d0, u0, l0) = (d + draw.x, up.baseAddress!, lo.baseAddress!)
                        if h1 <= h0 {
                            lamina_over_solid_mix(d0, color, u0, l0, gv, fv, op, Int32(draw.width))
                        } else {
                            lamina_over_solid_mix(d0, color, u0, l0, gv, fv, op, Int32(h0))
                            lamina_over_solid_mix(d0 + h1, color, u0 + h1, l0 + h1, gv, fv, op, Int32(draw.width - h1))
                        }
                    } else {
                        for i in 0..<draw.width { over(d, draw.x + i, y, up[i] * gv + lo[i] * fv) }
                    }
                }
            }
        }
    }

    /// The smallest box (columns i0 ..< i1, rows j0 ..< j1) holding every value of a `width` ×
    /// `height` plane that is not below `threshold` (NaN included); nil when there is none. With
    /// `threshold` just under 0.5 / (opacity · 255), every value outside it, and every mix of such
    /// values with weights summing to 1 (a reduced plane's bilinear step), rounds to coverage
    /// level 0: k = (min(v · opacity, 1) · 255 + 0.5) truncated.
    /// `rows`: only those rows are looked at (the box of the values in them; all rows by default).
    static func liveBox(_ plane: UnsafeBufferPointer<Float>, width: Int, height: Int, threshold: Float,
                        rows: Range<Int>? = nil) -> (i0: Int, i1: Int, j0: Int, j1: Int)? {
        guard width > 0, height > 0, plane.count >= width * height else { return nil }
        let rows = (rows ?? 0..<height).clamped(to: 0..<height)
        @inline(__always) func live(_ v: Float) -> Bool { !(v < threshold) }
        func rowLive(_ j: Int) -> Bool {
            let r = plane.baseAddress! + j * width
            for i in 0..<width where live(r[i]) { return true }
            return false
        }
        var j0 = rows.lowerBound
        while j0 < rows.upperBound && !rowLive(j0) { j0 += 1 }
        guard j0 < rows.upperBound else { return nil }
        var j1 = rows.upperBound
        while !rowLive(j1 - 1) { j1 -= 1 }
        var i0 = width, i1 = 0
        for j in j0..<j1 {
            let r = plane.baseAddress! + j * width
            var i = 0
            while i < i0 && !live(r[i]) { i += 1 }
            i0 = min(i0, i)
            var k = width
            while k > i1 && !live(r[k - 1]) { k -= 1 }
            i1 = max(i1, k)
        }
        return i0 < i1 ? (i0, i1, j0, j1) : nil
    }
}
