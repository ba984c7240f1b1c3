import Foundation

/// Coverage runs of an axis-aligned rectangle with elliptical corners, computed analytically row by
/// row: exact coverage along the straight edges (fractional edges included), and in the corners the
/// distance to the corner ellipse turned into coverage over one pixel (the usual analytic
/// anti-aliasing of rounded rectangles). No rasteriser buffers; a pixel's coverage depends only on
/// the geometry, never on which rows are drawn.
enum RoundedRectSpans {
    /// The rows whose runs are all alike: wholly inside the rectangle vertically and clear of the
    /// corner bands (the same decisions `append` makes row by row, so every row of the range gets the
    /// runs of any one of them, moved to its own y). Empty when there are none.
    static func plainRows(y0: Double, y1: Double, x0: Double, x1: Double, rx: Double, ry: Double) -> Range<Int> {
        guard !(x0.isNaN || y0.isNaN || x1.isNaN || y1.isNaN || rx.isNaN || ry.isNaN) else { return 0..<0 }
        let rx = max(0, min(rx, (x1 - x0) / 2)), ry = max(0, min(ry, (y1 - y0) / 2))
        let rounded = rx > 0 && ry > 0
        // Row y is plain when y >= y0 and y + 1 <= y1 (a whole row), and, rounded, y >= y0 + ry
        // (not in the top band) and y + 1 <= y1 - ry (not in the bottom band).
        let top = rounded ? max(y0, y0 + ry) : y0, bottom = rounded ? min(y1, y1 - ry) : y1
        guard top.isFinite, bottom.isFinite, abs(top) < 1e9, abs(bottom) < 1e9 else { return 0..<0 }
        let lo = Int(top.rounded(.up)), hi = Int(bottom.rounded(.down))
        return hi > lo ? lo..<hi : 0..<0
    }

    /// Appends the runs of rows `rows` (clipped to the shape) and columns `columns` to `out`.
    /// `corners`: bit 0 minX/minY, 1 maxX/minY, 2 minX/maxY, 3 maxX/maxY; radii rx, ry in pixels.
    /// `guided`: each row's corner ends are found from where the ellipse crosses the row (a guess
    /// checked and corrected by the same coverage test), not by bisecting the whole corner; false
    /// bisects (the reference the guided search is tested against: the same runs, bit for bit).
    static func append(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double, corners: UInt8,
                       rows: Range<Int>, columns: Range<Int>, guided: Bool = true, into out: inout [CoverageSpan]) {
        // NaN edges (a 3e38 scale seen edge-on) cover nothing, and must not reach Int's conversions.
        guard !(x0.isNaN || y0.isNaN || x1.isNaN || y1.isNaN || rx.isNaN || ry.isNaN) else { return }
        let rx = max(0, min(rx, (x1 - x0) / 2)), ry = max(0, min(ry, (y1 - y0) / 2))
        let rounded = rx > 0 && ry > 0
        let cx0 = max(x0, Double(columns.lowerBound)), cx1 = min(x1, Double(columns.upperBound))
        guard cx1 > cx0 else { return }
        let il = Int(cx0.rounded(.down)), ir = Int(cx1.rounded(.up)) - 1
        let rowLo = max(rows.lowerBound, Int(min(max(y0.rounded(.down), -1e9), 1e9)))
        let rowHi = min(rows.upperBound, Int(max(min(y1.rounded(.up), 1e9), -1e9)))
        guard rowHi > rowLo else { return }
        let leftCov = Float(min(Double(il + 1), cx1) - cx0), rightCov = Float(cx1 - max(Double(ir), cx0))
        /// Appends one pixel, extending the previous run when it continues it with the same coverage.
        @inline(__always) func add(_ y: Int32, _ x: Int, _ c: Float) {
            if let last = out.last, last.y == y, last.coverage == c, Int(last.x + last.length) == x {
                out[out.count - 1].length += 1
            } else {
                out.append(CoverageSpan(y: y, x: Int32(x), length: 1, coverage: c))
            }
        }
        /// `v` as an Int within lo...hi (lo for NaN): corners of rectangles whose sides reach past
        /// Int's range (a width of 1e307 scaled up) must not trap in the conversion.
        @inline(__always) func clamp(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
            v.isNaN ? lo : Int(min(max(v, Double(lo)), Double(max(lo, hi))))
        }
        for y in rowLo..<rowHi {
            let cy = Float(min(Double(y + 1), y1) - max(Double(y), y0))
            if cy <= 0 { continue }
            let y32 = Int32(y)
            // Which corners this row reaches into.
            // A row can reach into both bands (a pill whose height is not whole): the pixel centres
            // of the row lie beyond at most one of the two centres, and that corner applies.
            let inTop = rounded && Double(y) < y0 + ry, inBottom = rounded && Double(y + 1) > y1 - ry
            let top = inTop && !(inBottom && Double(y) + 0.5 > y1 - ry), bottom = inBottom && !top
            let leftRound = (top && corners & 1 != 0) || (bottom && corners & 4 != 0)
            let rightRound = (top && corners & 2 != 0) || (bottom && corners & 8 != 0)
            var start = il
            let end = ir + 1
            let centreY = top ? y0 + ry : y1 - ry
            /// The corner ellipse's own coverage of pixel px (1 where the pixel centre is not beyond
            /// the ellipse's centre): never decreases towards the centre, so across a row a corner is
            /// a run of empty pixels, a few partial ones, and a run of full ones. Only the partial
            /// ones are computed pixel by pixel (and the run ends found by `firstTrue`).
            @inline(__always) func arc(_ px: Int, centreX: Double, left: Bool) -> Double {
                let qx = Double(px) + 0.5, qy = Double(y) + 0.5
                let outerX = left ? qx < centreX : qx > centreX
                let outerY = top ? qy < centreY : qy > centreY
                guard outerX && outerY else { return 1 }
                let dx = (qx - centreX) / rx, dy = (qy - centreY) / ry
                let sd = ((dx * dx + dy * dy).squareRoot() - 1) * min(rx, ry)
                return min(max(0.5 - sd, 0), 1)
            }
            /// Appends a run of `length` pixels of coverage c, extending the previous run when it
            /// continues it with the same coverage.
            @inline(__always) func addRun(_ x: Int, _ length: Int, _ c: Float) {
                if let last = out.last, last.y == y32, last.coverage == c, Int(last.x + last.length) == x {
                    out[out.count - 1].length += Int32(length)
                } else {
                    out.append(CoverageSpan(y: y32, x: Int32(x), length: Int32(length), coverage: c))
                }
            }
            if il == ir {
                // One column: its coverage, capped by whichever corners reach it.
                var c = Float(cx1 - cx0) * cy
                if leftRound { c = min(c, Float(arc(il, centreX: x0 + rx, left: true))) }
                if rightRound { c = min(c, Float(arc(il, centreX: x1 - rx, left: false))) }
                if c > 0 { out.append(CoverageSpan(y: y32, x: Int32(il), length: 1, coverage: c)) }
                continue
            }
            if leftRound {
                let cxL = x0 + rx
                var last = clamp(cxL.rounded(.up), start, ir + 1)
                // Pixels whose centres lie beyond the right corner's centre belong to that corner
                // (the two ranges overlap when the corners meet at a fractional centre).
                if rightRound { last = min(last, max(start, clamp((x1 - rx - 0.5).rounded(.down) + 1, start, ir + 1))) }
                // The first pixel the ellipse reaches (its centre inside the ellipse grown by half a
                // pixel: 0.5 - sd > 0).
                let guessL: Double
                if guided {
                    let dy = (Double(y) + 0.5 - centreY) / ry, g = 1 + 0.5 / min(rx, ry)
                    guessL = (cxL - rx * max(0, g * g - dy * dy).squareRoot() - 0.5).rounded(.down) + 1
                } else {
                    guessL = Double(start)
                }
                var px = RoundedRectSpans.firstTrue(start, last, guess: clamp(guessL, start, last), guided: guided) {
                    arc($0, centreX: cxL, left: true) > 0
                }
                while px < last {
                    let a = arc(px, centreX: cxL, left: true)
                    if a >= 1 { break }
                    let c = min((px == il ? leftCov : px == ir ? rightCov : 1) * cy, Float(a))
                    if c > 0 { add(y32, px, c) }
                    px += 1
                }
                if px < last && px == il {
                    let c = leftCov * cy
                    if c > 0 { add(y32, px, c) }
                    px += 1
                }
                if px < last {
                    // A corner reaching the last column (a rectangle under two pixels wide): that
                    // pixel carries the right edge's coverage.
                    let plainEnd = last - 1 == ir ? ir : last
                    if plainEnd > px { addRun(px, plainEnd - px, cy) }
                    if plainEnd < last {
                        let c = rightCov * cy
                        if c > 0 { add(y32, ir, c) }
                    }
                }
                start = last
            } else if leftCov < 1 {
                out.append(CoverageSpan(y: y32, x: Int32(il), length: 1, coverage: leftCov * cy))
                start += 1
            }
            var rightStart = end
            if rightRound {
                rightStart = clamp((x1 - rx).rounded(.down), start, end)
            } else if rightCov < 1 && end - 1 >= start {
                rightStart = ir
            }
            if rightStart > start { addRun(start, rightStart - start, cy) }
            if rightRound {
                let cxR = x1 - rx
                // The first pixel the ellipse does not fully cover (its centre outside the ellipse
                // shrunk by half a pixel: 0.5 - sd < 1).
                let guessR: Double
                if guided {
                    let dy = (Double(y) + 0.5 - centreY) / ry, g = 1 - 0.5 / min(rx, ry)
                    guessR = (cxR + rx * max(0, g * g - dy * dy).squareRoot() - 0.5).rounded(.down) + 1
                } else {
                    guessR = Double(rightStart)
                }
                let fullEnd = RoundedRectSpans.firstTrue(rightStart, ir + 1, guess: clamp(guessR, rightStart, ir + 1), guided: guided) {
                    arc($0, centreX: cxR, left: false) < 1
                }
                let plainEnd = fullEnd > rightStart && fullEnd - 1 == ir ? ir : fullEnd
                if plainEnd > rightStart { addRun(rightStart, plainEnd - rightStart, cy) }
                if plainEnd < fullEnd {
                    let c = rightCov * cy
                    if c > 0 { add(y32, ir, c) }
                }
                var px = fullEnd
                while px <= ir {
                    let a = arc(px, centreX: cxR, left: false)
                    if a <= 0 { break }
                    let c = min((px == ir ? rightCov : 1) * cy, Float(a))
                    if c > 0 { add(y32, px, c) }
                    px += 1
                }
            } else if rightStart == ir && rightCov < 1 {
                out.append(CoverageSpan(y: y32, x: Int32(ir), length: 1, coverage: rightCov * cy))
            }
        }
    }

    /// The first p in lo..<hi for which `test` holds (hi when none), for a test that is false and
    /// then true along the range (a corner's coverage never decreases towards its centre). Guided:
    /// from `guess` (within lo...hi), stepping out by doubling steps to bracket the change and
    /// bisecting the bracket, two tests when the guess is right; else bisecting the whole range.
    /// Either way the same p.
    @inline(__always)
    static func firstTrue(_ lo: Int, _ hi: Int, guess: Int, guided: Bool, _ test: (Int) -> Bool) -> Int {
        var lo = lo, hi = hi
        if guided && guess < hi {
            if test(guess) {
                // The change is at or below the guess.
                hi = guess
                var step = 1
                while hi - step >= lo {
                    let p = hi - step
                    if test(p) { hi = p; step *= 2 } else { lo = p + 1; break }
                }
            } else {
                // Above it.
                lo = guess + 1
                var step = 1
                while lo + step - 1 < hi {
                    let p = lo + step - 1
                    if test(p) { hi = p; break } else { lo = p + 1; step *= 2 }
                }
            }
        }
        // lo + (hi - lo) / 2, not (lo + hi) / 2: that rounds towards zero, to hi itself for a
        // negative odd sum, and the bisection never ended for columns left of 0.
        while lo < hi { let mid = lo + (hi - lo) / 2; if test(mid) { hi = mid } else { lo = mid + 1 } }
        return lo
    }
}
