import Foundation
import CPixelKernels

/// The runs of a rounded rectangle's corner rows, built once per corner shape and moved by whole
/// pixels to every rectangle with that corner: rectangles of one corner radius (the buttons and
/// cards of a user interface) then cost the rounding arithmetic once, not once each. One per
/// drawer (per thread); emptied when it holds `capacity` corners.
///
/// Exact: it is used only where every coordinate is a multiple of 1/256 below 2^24, so every sum
/// and difference RoundedRectSpans forms is exact and moving a rectangle by whole pixels moves its
/// runs and changes nothing else; and only for rectangles whose corners are apart (wider and taller
/// than their two radii plus a pixel), so that each corner's runs depend on that corner alone.
final class CornerRowCache {
    /// One corner of one band: the fractional part of its vertical and horizontal edges, the
    /// radii, whether it is rounded, and which corner it is.
    struct Key: Hashable {
        let fx: Double, fy: Double, rx: Double, ry: Double
        let rounded: Bool, right: Bool, bottom: Bool
    }

    /// A corner's rows, nearest the edge first: the runs of the corner's columns (x relative to
    /// the corner's base column), and the row's vertical coverage (that of the runs between the
    /// corners). `columns`: how many columns the corner's runs cover. A class, so that handing
    /// one out costs one reference count, not one per array.
    final class Corner {
        /// The runs of all rows, row after row; row i's are spans[rowEnds[i - 1] ..< rowEnds[i]].
        let spans: [CoverageSpan]
        let rowEnds: [Int]
        let cy: [Float]
        let columns: Int
        /// The same runs as one coverage value per pixel: row i's `columns` values from
        /// dense[i · columns], the first at the corner's first column (0 where no run covers it).
        let dense: [Float]

        init(spans: [CoverageSpan], rowEnds: [Int], cy: [Float], columns: Int, dense: [Float]) {
            self.spans = spans; self.rowEnds = rowEnds; self.cy = cy; self.columns = columns; self.dense = dense
        }
    }

    private var corners: [Key: Corner] = [:]
    private let capacity = 64

    /// Whether a rectangle's corner rows can come from the cache (see the type's comment).
    static func applies(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double, columns: Range<Int>) -> Bool {
        @inline(__always) func exact(_ v: Double) -> Bool { abs(v) < 16_777_216 && (v * 256).rounded() == v * 256 }
        guard exact(x0), exact(y0), exact(x1), exact(y1), exact(rx), exact(ry), rx > 0, ry > 0,
              x0 >= Double(columns.lowerBound), x1 <= Double(columns.upperBound) else { return false }
        // Corners apart: two whole columns between the left corner's last column and the right
        // corner's first, and a whole row between the bands (radii not cut down to half the size).
        return (x1 - rx).rounded(.down) - (x0 + rx).rounded(.up) >= 2 && (y1 - ry).rounded(.down) - (y0 + ry).rounded(.up) >= 1
    }

    /// Appends the runs of the rectangle's corner rows (its top and bottom bands) within `rows`.
    /// Call only where `applies` is true.
    func append(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double, corners bits: UInt8,
                rows: Range<Int>, into out: inout [CoverageSpan]) {
        let top = Int(y0.rounded(.down)), bottom = Int(y1.rounded(.up))
        let left = Int(x0.rounded(.down)), right = Int(x1.rounded(.up))
        for isBottom in [false, true] {
            let (l, r) = band(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, corners: bits, bottom: isBottom)
            let midStart = left + l.columns, midEnd = right - r.columns
            l.spans.withUnsafeBufferPointer { ls in
                r.spans.withUnsafeBufferPointer { rs in
                    for i in 0..<l.rowEnds.count {
                        let y = isBottom ? bottom - 1 - i : top + i
                        guard rows.contains(y) else { continue }
                        let y32 = Int32(y)
                        for j in (i == 0 ? 0 : l.rowEnds[i - 1])..<l.rowEnds[i] {
                            let s = ls[j]
                            out.append(CoverageSpan(y: y32, x: s.x + Int32(left), length: s.length, coverage: s.coverage))
                        }
                        if midEnd > midStart { out.append(CoverageSpan(y: y32, x: Int32(midStart), length: Int32(midEnd - midStart), coverage: l.cy[i])) }
                        for j in (i == 0 ? 0 : r.rowEnds[i - 1])..<r.rowEnds[i] {
                            let s = rs[j]
                            out.append(CoverageSpan(y: y32, x: s.x + Int32(right), length: s.length, coverage: s.coverage))
                        }
                    }
                }
            }
        }
    }

    /// Paints the rectangle's corner rows within `area` with the solid premultiplied `color` at
    /// opacity `op`, straight from the corners' coverage, one kernel call per corner row and one
    /// per run between the corners: the pixels `append` and PrimitiveDrawer's runs would give,
    /// bit for bit. Call only where `applies` is true, for a surface without a soft clip.
    func paintSolid(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double, corners bits: UInt8,
                    color: UInt32, op: Float, area: IntRect, on surface: Surface) {
        let top = Int(y0.rounded(.down)), bottom = Int(y1.rounded(.up))
        let left = Int(x0.rounded(.down)), right = Int(x1.rounded(.up))
        let ax0 = area.x, ax1 = area.maxX
        for isBottom in [false, true] {
            let (l, r) = band(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, corners: bits, bottom: isBottom)
            let midStart = max(left + l.columns, ax0), midEnd = min(right - r.columns, ax1)
            // The corners' columns within the area, as offsets into their rows.
            let lFrom = max(left, ax0), lTo = min(left + l.columns, ax1)
            let rFrom = max(right - r.columns, ax0), rTo = min(right, ax1)
            l.dense.withUnsafeBufferPointer { ld in
                r.dense.withUnsafeBufferPointer { rd in
                    for i in 0..<l.rowEnds.count {
                        let y = isBottom ? bottom - 1 - i : top + i
                        guard y >= area.y, y < area.maxY else { continue }
                        let row = surface.row(y)
                        if lTo > lFrom {
                            lamina_over_solid_coverage(row + lFrom, color, ld.baseAddress! + i * l.columns + (lFrom - left), op, Int32(lTo - lFrom))
                        }
                        if midEnd > midStart {
                            let k = UInt32(min(l.cy[i] * op, 1) * 255 + 0.5)
                            if k > 0 { BlendKernels.overSolid(row + midStart, color: Premultiplied.scale(color, k), count: midEnd - midStart) }
                        }
                        if rTo > rFrom {
                            lamina_over_solid_coverage(row + rFrom, color, rd.baseAddress! + i * r.columns + (rFrom - (right - r.columns)), op, Int32(rTo - rFrom))
                        }
                    }
                }
            }
        }
    }

    /// The left and right corners of the rectangle's top or bottom band.
    private func band(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double, corners bits: UInt8,
                      bottom isBottom: Bool) -> (left: Corner, right: Corner) {
        let fy = isBottom ? y1 - y1.rounded(.up) : y0 - y0.rounded(.down)
        let l = corner(Key(fx: x0 - x0.rounded(.down), fy: fy, rx: rx, ry: ry, rounded: bits & (isBottom ? 4 : 1) != 0, right: false, bottom: isBottom))
        let r = corner(Key(fx: x1 - x1.rounded(.up), fy: fy, rx: rx, ry: ry, rounded: bits & (isBottom ? 8 : 2) != 0, right: true, bottom: isBottom))
        return (l, r)
    }

    /// A corner's rows, from the cache or built from a rectangle far larger than its radii with the
    /// same fractional edges, so that its other corners are far away (RoundedRectSpans' own runs,
    /// cut to the corner's columns).
    private func corner(_ k: Key) -> Corner {
        // The last corners used, compared before the dictionary is hashed (a rectangle asks for
        // four, and the next rectangle of the same shape for the same four).
        for i in recent.indices where recent[i].0 == k { return recent[i].1 }
        if let c = corners[k] { remember(k, c); return c }
        let far = Double(Int((2 * max(k.rx, k.ry)).rounded(.up)) + 8)
        // The synthetic rectangle: the corner's edges at the fractions, the other edges `far` away.
        let sx0 = k.right ? 0 : k.fx, sx1 = k.right ? far + k.fx : k.fx + far
        let sy0 = k.bottom ? 0 : k.fy, sy1 = k.bottom ? far + k.fy : k.fy + far
        let bits: UInt8 = k.rounded ? 0xF : 0
        // Its band rows, and the corner's columns, relative to the corner's base column: the left
        // corner's from 0 (the first column) up; the right one's from −columns to 0 exclusive (the
        // columns before ceil(x1)).
        let bandRows: [Int]
        if k.bottom {
            let last = Int(sy1.rounded(.up))
            bandRows = (0..<last).reversed().filter { Double($0 + 1) > sy1 - k.ry }
        } else {
            bandRows = (0..<Int(sy1.rounded(.up))).filter { Double($0) < sy0 + k.ry }
        }
        let columns: Int
        let firstColumn: Int
        if k.right {
            let ir = Int(sx1.rounded(.up)) - 1
            let start = k.rounded ? Int((sx1 - k.rx).rounded(.down)) : ir
            columns = ir - start + 1
            firstColumn = start - Int(sx1.rounded(.up))
        } else {
            columns = k.rounded ? Int((sx0 + k.rx).rounded(.up)) : 1
            firstColumn = 0
        }
        var spans: [CoverageSpan] = []
        var flat: [CoverageSpan] = [], rowEnds: [Int] = [], cy: [Float] = []
        let base = k.right ? Int(sx1.rounded(.up)) : 0
        for y in bandRows {
            spans.removeAll(keepingCapacity: true)
            RoundedRectSpans.append(x0: sx0, y0: sy0, x1: sx1, y1: sy1, rx: k.rx, ry: k.ry, corners: bits,
                                    rows: y..<(y + 1), columns: -(1 << 20)..<(1 << 20), into: &spans)
            cy.append(Float(min(Double(y + 1), sy1) - max(Double(y), sy0)))
            // The runs cut to the corner's columns, relative to its base column.
            let lo = base + firstColumn, hi = lo + columns
            for s in spans {
                let a = max(Int(s.x), lo), b = min(Int(s.x + s.length), hi)
                if b > a { flat.append(CoverageSpan(y: 0, x: Int32(a - base), length: Int32(b - a), coverage: s.coverage)) }
            }
            rowEnds.append(flat.count)
        }
        var dense = [Float](repeating: 0, count: rowEnds.count * columns)
        for i in rowEnds.indices {
            for s in flat[(i == 0 ? 0 : rowEnds[i - 1])..<rowEnds[i]] {
                let from = Int(s.x) - firstColumn
                for x in from..<(from + Int(s.length)) { dense[i * columns + x] = s.coverage }
            }
        }
        let c = Corner(spans: flat, rowEnds: rowEnds, cy: cy, columns: columns, dense: dense)
        if corners.count >= capacity { corners.removeAll(keepingCapacity: true); recent.removeAll() }
        corners[k] = c
        remember(k, c)
        return c
    }

    /// The four corners used last (most recent first).
    private var recent: [(Key, Corner)] = []

    private func remember(_ k: Key, _ c: Corner) {
        recent.insert((k, c), at: 0)
        if recent.count > 4 { recent.removeLast() }
    }
}
