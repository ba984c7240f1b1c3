import Foundation

/// Coverage runs of an axis-aligned rectangle with elliptical corners, computed analytically row by
/// row: exact coverage along the straight edges (fractional edges included), and in the corners the
/// distance to the corner ellipse turned into coverage over one pixel (the usual analytic
/// anti-aliasing of rounded rectangles). No rasteriser buffers; a pixel's coverage depends only on
/// the geometry, never on which rows are drawn.
enum RoundedRectSpans {
    /// Appends the runs of rows `rows` (clipped to the shape) and columns `columns` to `out`.
    /// `corners`: bit 0 minX/minY, 1 maxX/minY, 2 minX/maxY, 3 maxX/maxY; radii rx, ry in pixels.
    static func append(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double, corners: UInt8,
                       rows: Range<Int>, columns: Range<Int>, into out: inout [CoverageSpan]) {
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
            let top = rounded && Double(y) < y0 + ry, bottom = rounded && Double(y + 1) > y1 - ry
            let leftRound = (top && corners & 1 != 0) || (bottom && corners & 4 != 0)
            let rightRound = (top && corners & 2 != 0) || (bottom && corners & 8 != 0)
            if il == ir && !leftRound && !rightRound {
                out.append(CoverageSpan(y: y32, x: Int32(il), length: 1, coverage: Float(cx1 - cx0) * cy))
                continue
            }
            var start = il
            let end = ir + 1
            let centreY = top ? y0 + ry : y1 - ry
            @inline(__always) func cornerCoverage(_ px: Int, centreX: Double, left: Bool, edge: Float) -> Float {
                let qx = Double(px) + 0.5, qy = Double(y) + 0.5
                let outerX = left ? qx < centreX : qx > centreX
                let outerY = top ? qy < centreY : qy > centreY
                var c = edge * cy
                if outerX && outerY {
                    let dx = (qx - centreX) / rx, dy = (qy - centreY) / ry
                    let sd = ((dx * dx + dy * dy).squareRoot() - 1) * min(rx, ry)
                    c = min(c, Float(min(max(0.5 - sd, 0), 1)))
                }
                return c
            }
            if leftRound {
                let cxL = x0 + rx
                let last = clamp(cxL.rounded(.up), start, ir + 1)
                while start < last {
                    let c = cornerCoverage(start, centreX: cxL, left: true, edge: start == il ? leftCov : 1)
                    if c > 0 { add(y32, start, c) }
                    start += 1
                }
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
            if rightStart > start {
                if let last = out.last, last.y == y32, last.coverage == cy, Int(last.x + last.length) == start {
                    out[out.count - 1].length += Int32(rightStart - start)
                } else {
                    out.append(CoverageSpan(y: y32, x: Int32(start), length: Int32(rightStart - start), coverage: cy))
                }
            }
            if rightRound {
                let cxR = x1 - rx
                var px = rightStart
                while px <= ir {
                    let c = cornerCoverage(px, centreX: cxR, left: false, edge: px == ir ? rightCov : 1)
                    if c > 0 { add(y32, px, c) }
                    px += 1
                }
            } else if rightStart == ir && rightCov < 1 {
                out.append(CoverageSpan(y: y32, x: Int32(ir), length: 1, coverage: rightCov * cy))
            }
        }
    }
}
