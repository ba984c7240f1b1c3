import Foundation

/// How overlapping contours combine.
public enum FillRule: Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}

/// One horizontal run of pixels with the same coverage.
public struct CoverageSpan: Equatable, Sendable {
    /// The row.
    public var y: Int32
    /// The first column.
    public var x: Int32
    /// The number of pixels.
    public var length: Int32
    /// Coverage 0...1 (never 0: empty runs are not emitted).
    public var coverage: Float
}

/// Anti-aliased polygon coverage by exact signed-area accumulation: each edge adds, for every pixel
/// it crosses, the signed area it covers to the right of it; a running sum along each row then gives
/// the winding-weighted coverage of every pixel. |sum| clamped to 1 is non-zero coverage; folding the
/// sum into a triangle wave of period 2 gives even-odd coverage. Overlaps of contours inside a single
/// pixel are approximated (as in most analytic rasterisers); everything else is exact.
///
/// The result is sparse: only the cells edges touch are visited, and the stretches between them
/// come out as runs of constant coverage (`spans`), so the interior of a large shape costs nothing
/// per pixel here. Buffers are reused between calls.
///
/// Frames fill with a solid colour through the C cell rasteriser instead (`CellRasterizer`, the
/// same method in exact integer cells, blended straight into the surface); this one makes the runs
/// that other paints (gradients, images, masks) and soft clips are painted through, and is the
/// reference the C rasteriser is tested against (`CellRasterizerTests`: within 1/255 per pixel).
public struct CoverageRasterizer {
    private var accumulation: [Float] = []
    /// Touched cells, one bit per cell (`wordsPerRow` words a row, relative to bounds), and each
    /// row's first and last touched column (lowest > highest: none): the sweep visits a row's
    /// touched cells in column order from the bits, with no sorting. All bits are 0 and every row
    /// empty between rasterisations (the sweep clears what it reads).
    private var touchedBits: [UInt64] = []
    private var lowestTouched: [Int32] = []
    private var highestTouched: [Int32] = []
    /// The runs of the last rasterisation, row by row, left to right.
    public private(set) var spans: [CoverageSpan] = []
    /// The integer pixel rectangle of the last rasterisation (clipped to the target): x, y, width, height.
    public private(set) var bounds: (x: Int, y: Int, width: Int, height: Int) = (0, 0, 0, 0)
    private var rule: FillRule = .nonZero

    /// Creates a rasteriser.
    public init() {}

    /// The coverage of the last rasterisation as a dense `bounds.width × bounds.height` array, built
    /// on each access from `spans` (for tests and one-off uses; hot paths read `spans`).
    public var coverage: [Float] {
        var c = [Float](repeating: 0, count: bounds.width * bounds.height)
        for s in spans {
            let base = (Int(s.y) - bounds.y) * bounds.width - bounds.x
            for x in Int(s.x)..<Int(s.x + s.length) { c[base + x] = s.coverage }
        }
        return c
    }

    /// Rasterises closed `contours` (points in pixel coordinates, implicitly closed) clipped to
    /// `clipWidth × clipHeight`. Contours with non-finite points are skipped.
    public mutating func rasterize(_ contours: [[(x: Double, y: Double)]], rule: FillRule, clipWidth: Int, clipHeight: Int) {
        rasterize(contours, rule: rule, columns: 0..<max(clipWidth, 0), rows: 0..<max(clipHeight, 0))
    }

    /// Rasterises closed `contours` (absolute pixel coordinates) for the pixels in `columns × rows`.
    /// Every covered pixel's value depends only on the contours and on `columns` (area left of it
    /// piles into its first column), never on `rows`: rendering a frame in bands or only where it is
    /// damaged gives bit-identical coverage. `bounds` and `spans` are in absolute coordinates.
    public mutating func rasterize(_ contours: [[(x: Double, y: Double)]], rule: FillRule, columns: Range<Int>, rows: Range<Int>) {
        bounds = (0, 0, 0, 0)
        spans.removeAll(keepingCapacity: true)
        self.rule = rule
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var anyValid = false
        for c in contours where c.count >= 3 {
            var ok = true
            for p in c where !(p.x.isFinite && p.y.isFinite) { ok = false; break }
            if !ok { continue }
            anyValid = true
            for p in c { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        }
        guard anyValid, !columns.isEmpty, !rows.isEmpty else { return }
        // Clamp in Double first so huge coordinates never overflow Int.
        func clampInt(_ v: Double, _ lo: Int, _ hi: Int) -> Int { Int(min(max(v, Double(lo)), Double(hi))) }
        let x0 = clampInt(minX.rounded(.down), columns.lowerBound, columns.upperBound)
        let x1 = clampInt(maxX.rounded(.up), columns.lowerBound, columns.upperBound)
        let y0 = clampInt(minY.rounded(.down), rows.lowerBound, rows.upperBound)
        let y1 = clampInt(maxY.rounded(.up), rows.lowerBound, rows.upperBound)
        guard x1 > x0, y1 > y0 else { return }
        let w = x1 - x0, h = y1 - y0
        bounds = (x0, y0, w, h)
        let stride = w + 2
        if accumulation.count < stride * h { accumulation = [Float](repeating: 0, count: stride * h) }
        let words = (stride + 63) / 64
        if touchedBits.count < words * h { touchedBits = [UInt64](repeating: 0, count: words * h) }
        if lowestTouched.count < h {
            lowestTouched = [Int32](repeating: .max, count: h)
            highestTouched = [Int32](repeating: -1, count: h)
        }
        accumulation.withUnsafeMutableBufferPointer { acc in
            touchedBits.withUnsafeMutableBufferPointer { bits in
                lowestTouched.withUnsafeMutableBufferPointer { lo in
                    highestTouched.withUnsafeMutableBufferPointer { hi in
                        let marks = Marks(bits: bits.baseAddress!, wordsPerRow: words, lowest: lo.baseAddress!, highest: hi.baseAddress!)
                        for c in contours where c.count >= 3 {
                            var ok = true
                            for p in c where !(p.x.isFinite && p.y.isFinite) { ok = false; break }
                            if !ok { continue }
                            for i in 0..<c.count {
                                let a = c[i], b = c[(i + 1) % c.count]
                                CoverageRasterizer.addLine(acc, marks, stride: stride, x0: x0, width: w, y0: y0, y1: y1,
                                                           ax: a.x, ay: a.y, bx: b.x, by: b.y)
                            }
                        }
                    }
                }
            }
        }
        sweep(stride: stride, words: words)
    }

    /// Where addLine marks the cells it touches (see `touchedBits`).
    private struct Marks {
        let bits: UnsafeMutablePointer<UInt64>
        let wordsPerRow: Int
        let lowest: UnsafeMutablePointer<Int32>, highest: UnsafeMutablePointer<Int32>

        /// Marks cell `col` of row `r` (relative to bounds) touched.
        @inline(__always)
        func mark(_ r: Int, _ col: Int) {
            bits[r * wordsPerRow + col >> 6] |= 1 << UInt64(col & 63)
            let c = Int32(truncatingIfNeeded: col)
            if c < lowest[r] { lowest[r] = c }
            if c > highest[r] { highest[r] = c }
        }
    }

    /// Turns the touched cells into runs, row by row (each row's cells in column order, from their
    /// bits), and clears the cells and bits it read.
    private mutating func sweep(stride: Int, words: Int) {
        let (x0, y0, w, h) = (bounds.x, bounds.y, bounds.width, bounds.height)
        let evenOdd = rule == .evenOdd
        @inline(__always) func cov(_ sum: Float) -> Float {
            if evenOdd {
                let m = abs(sum).truncatingRemainder(dividingBy: 2)
                return m > 1 ? 2 - m : m
            }
            return min(abs(sum), 1)
        }
        var reused: [CoverageSpan] = []
        swap(&reused, &spans)
        // The marks are taken out of `self` for the sweep (not copied: moved) and put back after.
        var bitsStore = touchedBits, lowestStore = lowestTouched, highestStore = highestTouched
        touchedBits = []; lowestTouched = []; highestTouched = []
        defer { touchedBits = bitsStore; lowestTouched = lowestStore; highestTouched = highestStore }
        spans = accumulation.withUnsafeMutableBufferPointer { acc in
            bitsStore.withUnsafeMutableBufferPointer { bitsBuffer in
                lowestStore.withUnsafeMutableBufferPointer { lowestBuffer in
                    highestStore.withUnsafeMutableBufferPointer { highestBuffer in
                        let bits = bitsBuffer.baseAddress!, lowest = lowestBuffer.baseAddress!, highest = highestBuffer.baseAddress!
                        // The runs are a variable of this closure, appended through a static function: a
                        // variable captured from outside (or by a local function) is checked for exclusive
                        // access at run time on every run.
                        var out = reused
                        reused = []
                        for row in 0..<h where lowest[row] <= highest[row] {
                            let base = row * stride
                            var sum: Float = 0
                            var cur = 0          // next column not yet emitted
                            let y = Int32(y0 + row)
                            let rowBits = bits + row * words
                            let firstWord = Int(lowest[row]) >> 6, lastWord = Int(highest[row]) >> 6
                            lowest[row] = .max; highest[row] = -1
                            for k in firstWord...lastWord {
                                var word = rowBits[k]
                                rowBits[k] = 0
                                while word != 0 {
                                    let col = k << 6 | word.trailingZeroBitCount
                                    word &= word &- 1
                                    if col >= w { acc[base + col] = 0; continue }
                                    // The constant stretch before this cell.
                                    if col > cur {
                                        let c = cov(sum)
                                        if c > 0 { CoverageRasterizer.append(&out, y: y, x: x0 + cur, length: col - cur, coverage: c) }
                                    }
                                    sum += acc[base + col]
                                    acc[base + col] = 0
                                    let c = cov(sum)
                                    if c > 0 { CoverageRasterizer.append(&out, y: y, x: x0 + col, length: 1, coverage: c) }
                                    cur = col + 1
                                }
                            }
                            // The spill column (w) may hold a value; clear it. The rest of the row is constant.
                            acc[base + w] = 0
                            acc[base + w + 1] = 0
                            if cur < w {
                                let c = cov(sum)
                                if c > 0 { CoverageRasterizer.append(&out, y: y, x: x0 + cur, length: w - cur, coverage: c) }
                            }
                        }
                        return out
                    }
                }
            }
        }
    }

    /// Appends a run to `out`, or lengthens the last one when the run continues it with the same
    /// coverage.
    @inline(__always)
    private static func append(_ out: inout [CoverageSpan], y: Int32, x: Int, length: Int, coverage: Float) {
        if let last = out.last, last.y == y, last.coverage == coverage, Int(last.x + last.length) == x {
            out[out.count - 1].length += Int32(length)
        } else {
            out.append(CoverageSpan(y: y, x: Int32(x), length: Int32(length), coverage: coverage))
        }
    }

    /// Adds one edge's signed area contributions (y down; direction gives the sign) to the rows
    /// y0 ..< y1 of the accumulation buffer whose first column is absolute x0, recording the touched
    /// cells. The edge's x at each row boundary is computed from its end points directly, so a row's
    /// contributions do not depend on which rows are rasterised.
    private static func addLine(_ acc: UnsafeMutableBufferPointer<Float>, _ marks: Marks, stride: Int, x0: Int, width: Int,
                                y0: Int, y1: Int, ax: Double, ay: Double, bx: Double, by: Double) {
        if ay == by { return }
        let dir: Double = ay < by ? 1 : -1
        let (px, py, qx, qy) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        if qy <= Double(y0) || py >= Double(y1) { return }
        let dxdy = (qx - px) / (qy - py)
        let ox = Double(x0), w = Double(width)
        @inline(__always) func xAt(_ y: Double) -> Double { y <= py ? px : (y >= qy ? qx : px + (y - py) * dxdy) }
        let rowStart = Int(max(py.rounded(.down), Double(y0))), rowEnd = Int(min(qy.rounded(.up), Double(y1)))
        var row = rowStart
        while row < rowEnd {
            let ya = max(Double(row), py), yb = min(Double(row + 1), qy)
            if yb <= ya { row += 1; continue }
            let dy = yb - ya
            // Clamp x into [0, width] relative to x0: area left of the buffer piles into column 0.
            let xa = min(max(xAt(ya) - ox, 0), w), xb = min(max(xAt(yb) - ox, 0), w)
            let d = dy * dir
            let r = row - y0
            let base = r * stride
            let xl = min(xa, xb), xr = max(xa, xb)
            let il = Int(xl), ir = Int(xr)
            if il == ir || xr - xl < 1e-12 {
                // Within one pixel column: the part right of the mean x is covered.
                let xm = (xl + xr) / 2 - Double(il)
                acc[base + il] += Float(d * (1 - xm))
                acc[base + il + 1] += Float(d * xm)
                marks.mark(r, il)
                marks.mark(r, il + 1)
            } else {
                // Spans several columns: distribute the trapezoid areas.
                let invSpan = 1 / (xr - xl)
                var prevX = xl
                var prevArea = 0.0
                var col = il
                while col <= ir && col < width + 1 {
                    let edge = min(Double(col + 1), xr)
                    let frac = (edge - xl) * invSpan
                    let segDy = frac - prevArea
                    let mean = (prevX + edge) / 2 - Double(col)
                    acc[base + col] += Float(d * segDy * (1 - mean))
                    acc[base + col + 1] += Float(d * segDy * mean)
                    marks.mark(r, col)
                    prevArea = frac
                    prevX = edge
                    col += 1
                }
                marks.mark(r, col)
            }
            row += 1
        }
    }
}
