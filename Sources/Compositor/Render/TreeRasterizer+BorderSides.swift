import Foundation

/// A border's straight sides painted as two pixel rectangles, the rest through the cell
/// rasteriser: a card's border is a ring whose rows between its rounded bands cross four vertical
/// edges on whole pixels, where the rasteriser's coverage is exactly 1 on the two sides and 0
/// between them, the coverage a rectangle's block paints (`BorderSidesTests`: the same pixels).
extension TreeRasterizer {
    /// The rows between a border ring's bands and the columns of its two sides: `rows` where each
    /// contour crosses only its two vertical edges, at whole pixels, the left side [x0, x1) and
    /// the right one [x2, x3).
    struct BorderSides: Equatable {
        let rows: Range<Int>
        let x0: Int, x1: Int, x2: Int, x3: Int
    }

    /// The rows no fewer than this many: fewer save less than the second rasteriser call costs.
    static let borderSideRows = 4

    /// The straight sides of a ring of two contours (outer, then inner; even-odd), when every
    /// row of some range crosses each contour's leftmost and rightmost vertical edges only, at
    /// whole pixels, the inner ones strictly between the outer ones; nil otherwise.
    static func borderSides(_ contours: [[(x: Double, y: Double)]]) -> BorderSides? {
        guard contours.count == 2, let outer = verticalSides(contours[0]), let inner = verticalSides(contours[1]) else { return nil }
        let top = max(outer.top, inner.top), bottom = min(outer.bottom, inner.bottom)
        guard top < bottom, abs(top) < 1e9, abs(bottom) < 1e9 else { return nil }
        let rows = Int(top.rounded(.up))..<max(Int(top.rounded(.up)), Int(bottom.rounded(.down)))
        guard outer.left < inner.left, inner.left < inner.right, inner.right < outer.right, rows.count >= borderSideRows else { return nil }
        return BorderSides(rows: rows, x0: outer.left, x1: inner.left, x2: inner.right, x3: outer.right)
    }

    /// A contour's leftmost and rightmost vertical lines, when both lie on whole pixels, and an
    /// open range of y between `top` and `bottom` in which each line's vertical edges cover every
    /// y once (the steps of an aliased edge's staircase meet end to end) and no other edge enters
    /// but horizontal ones (which the rasteriser leaves out); nil when there is no such range.
    static func verticalSides(_ c: [(x: Double, y: Double)]) -> (left: Int, right: Int, top: Double, bottom: Double)? {
        guard c.count >= 4 else { return nil }
        var left = Double.infinity, right = -Double.infinity
        for k in c.indices {
            let p = c[k], q = c[(k + 1) % c.count]
            guard p.x == q.x, p.y != q.y else { continue }
            left = min(left, p.x); right = max(right, p.x)
        }
        guard left < right, let leftPixel = rasterWhole(left), let rightPixel = rasterWhole(right) else { return nil }
        /// The longest stretch of y in which the vertical edges on line x cover every y exactly
        /// once (an aliased side's staircase runs end to end, its first step back up over the
        /// side's fractional end: y covered twice there is left out).
        func stretch(_ x: Double) -> (lo: Double, hi: Double)? {
            var events: [(y: Double, step: Int)] = []
            for k in c.indices {
                let p = c[k], q = c[(k + 1) % c.count]
                if p.x == x && q.x == x && p.y != q.y { events.append((min(p.y, q.y), 1)); events.append((max(p.y, q.y), -1)) }
            }
            events.sort { $0.y < $1.y }
            var best: (lo: Double, hi: Double)? = nil
            var depth = 0, i = 0, runStart: Double? = nil
            while i < events.count {
                let y = events[i].y
                while i < events.count && events[i].y == y { depth += events[i].step; i += 1 }
                if depth == 1 {
                    if runStart == nil { runStart = y }
                } else if let lo = runStart {
                    if best.map({ y - lo > $0.hi - $0.lo }) ?? true { best = (lo, y) }
                    runStart = nil
                }
            }
            return best
        }
        guard let l = stretch(left), let r = stretch(right) else { return nil }
        var top = max(l.lo, r.lo), bottom = min(l.hi, r.hi)
        guard top < bottom else { return nil }
        // Every other edge that is not horizontal must stay out of (top, bottom): narrow the range
        // to the larger part either side of one that enters it.
        for k in c.indices {
            let p = c[k], q = c[(k + 1) % c.count]
            if p.y == q.y || (p.x == q.x && (p.x == left || p.x == right)) { continue }
            let lo = min(p.y, q.y), hi = max(p.y, q.y)
            guard hi > top && lo < bottom else { continue }
            if lo - top >= bottom - hi { bottom = lo } else { top = hi }
            guard top < bottom else { return nil }
        }
        guard top.isFinite, bottom.isFinite else { return nil }
        return (leftPixel, rightPixel, top, bottom)
    }

    /// The whole pixel column `x` is to the cell rasteriser, when it is one: raster.c keeps an
    /// edge's x in 1/2³² of a pixel, truncated (`fix_edge`), so an x a few ulps past a whole number
    /// (a side at x0 + r − r) is that number to it, while one a few ulps short is not. Nil for
    /// those and for columns far enough out that the rasteriser keeps doubles (2²⁸ and past).
    static func rasterWhole(_ x: Double) -> Int? {
        guard abs(x) < 134_217_728 else { return nil }
        let w = x.rounded()
        return (x * 4_294_967_296).rounded(.towardZero) == w * 4_294_967_296 ? Int(w) : nil
    }

    /// Draws a border ring (outer and inner contour, even-odd) in `color` at opacity `op`: its
    /// straight sides as rectangles and only the rows above and below them through the
    /// rasteriser, when `borderSides` finds them, `s` has no soft clip and `color` is premultiplied
    /// (the pixels `draw` gives the ring whole). False when it drew nothing (the caller draws the
    /// ring).
    func drawBorderSides(_ contours: [[(x: Double, y: Double)]], color: UInt32, opacity op: Double, on s: Surface) -> Bool {
        // A colour whose channels pass its alpha (not premultiplied; no layer's colour is) is
        // blended differently by the rectangle and rasteriser kernels at some levels: left whole.
        let a = color >> 24
        guard shortcuts.splitsBorderSides, s.clip == nil, (color >> 16) & 0xFF <= a, (color >> 8) & 0xFF <= a, color & 0xFF <= a,
              let sides = TreeRasterizer.borderSides(contours) else { return false }
        let saved = s.scissor
        let rows = sides.rows.clamped(to: saved.y..<max(saved.y, saved.maxY))
        guard rows.count >= TreeRasterizer.borderSideRows else { return false }
        defer { s.scissor = saved }
        borderSidesDrawn += 1
        // The rasteriser's rows above and below the sides (its pixels never depend on the rows drawn).
        s.scissor = IntRect(x: saved.x, y: saved.y, width: saved.width, height: rows.lowerBound - saved.y)
        if !s.scissor.isEmpty { drawer.draw(contours, rule: .evenOdd, paint: .solid(color), opacity: op, on: s) }
        s.scissor = IntRect(x: saved.x, y: rows.upperBound, width: saved.width, height: saved.maxY - rows.upperBound)
        if !s.scissor.isEmpty { drawer.draw(contours, rule: .evenOdd, paint: .solid(color), opacity: op, on: s) }
        s.scissor = saved
        let y0 = Double(rows.lowerBound), y1 = Double(rows.upperBound)
        drawer.drawAxisAlignedRect(x0: Double(sides.x0), y0: y0, x1: Double(sides.x1), y1: y1, paint: .solid(color), opacity: op, on: s)
        drawer.drawAxisAlignedRect(x0: Double(sides.x2), y0: y0, x1: Double(sides.x3), y1: y1, paint: .solid(color), opacity: op, on: s)
        return true
    }
}
