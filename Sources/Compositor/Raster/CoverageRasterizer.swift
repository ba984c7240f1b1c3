import Foundation

/// How overlapping contours combine.
public enum FillRule: Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}

/// Anti-aliased polygon coverage by exact signed-area accumulation: each edge adds, for every pixel
/// it crosses, the signed area it covers to the right of it; a running sum along each row then gives
/// the winding-weighted coverage of every pixel. |sum| clamped to 1 is non-zero coverage; folding the
/// sum into a triangle wave of period 2 gives even-odd coverage. Overlaps of contours inside a single
/// pixel are approximated (as in most analytic rasterisers); everything else is exact.
/// Buffers are reused between calls.
public struct CoverageRasterizer {
    private var accumulation: [Float] = []
    /// The coverage of the last rasterisation, `bounds.width × bounds.height` values in 0...1.
    public private(set) var coverage: [Float] = []
    /// The integer pixel rectangle of the last rasterisation (clipped to the target): x, y, width, height.
    public private(set) var bounds: (x: Int, y: Int, width: Int, height: Int) = (0, 0, 0, 0)

    /// Creates a rasteriser.
    public init() {}

    /// Rasterises closed `contours` (points in pixel coordinates, implicitly closed) clipped to
    /// `clipWidth × clipHeight`. Contours with non-finite points are skipped.
    public mutating func rasterize(_ contours: [[(x: Double, y: Double)]], rule: FillRule, clipWidth: Int, clipHeight: Int) {
        let valid = contours.filter { $0.count >= 3 && $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        guard !valid.isEmpty else { bounds = (0, 0, 0, 0); return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in valid { for p in c { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) } }
        // Clamp in Double first so huge coordinates never overflow Int.
        func clampInt(_ v: Double, _ hi: Int) -> Int { Int(min(max(v, 0), Double(hi))) }
        let x0 = clampInt(minX.rounded(.down), clipWidth), y0 = clampInt(minY.rounded(.down), clipHeight)
        let x1 = clampInt(maxX.rounded(.up), clipWidth), y1 = clampInt(maxY.rounded(.up), clipHeight)
        guard x1 > x0, y1 > y0 else { bounds = (0, 0, 0, 0); return }
        let w = x1 - x0, h = y1 - y0
        bounds = (x0, y0, w, h)
        let stride = w + 2
        if accumulation.count < stride * h { accumulation = [Float](repeating: 0, count: stride * h) }
        else { for i in 0..<(stride * h) { accumulation[i] = 0 } }
        accumulation.withUnsafeMutableBufferPointer { acc in
            for c in valid {
                for i in 0..<c.count {
                    let a = c[i], b = c[(i + 1) % c.count]
                    // Edges left of the clip still contribute through a clamped x; above/below are cut.
                    CoverageRasterizer.addLine(acc, stride: stride, h: h, x0: Double(x0), y0: Double(y0), width: Double(w),
                            ax: a.x, ay: a.y, bx: b.x, by: b.y)
                }
            }
        }
        if coverage.count < w * h { coverage = [Float](repeating: 0, count: w * h) }
        for y in 0..<h {
            var sum: Float = 0
            for x in 0..<w {
                sum += accumulation[y * stride + x]
                let v: Float
                switch rule {
                case .nonZero: v = min(abs(sum), 1)
                case .evenOdd:
                    let m = abs(sum).truncatingRemainder(dividingBy: 2)
                    v = m > 1 ? 2 - m : m
                }
                coverage[y * w + x] = v
            }
        }
    }

    /// Adds one edge's signed area contributions (y down; direction gives the sign).
    private static func addLine(_ acc: UnsafeMutableBufferPointer<Float>, stride: Int, h: Int, x0: Double, y0: Double, width: Double,
                         ax: Double, ay: Double, bx: Double, by: Double) {
        if ay == by { return }
        let dir: Double = ay < by ? 1 : -1
        var (px, py, qx, qy) = ay < by ? (ax - x0, ay - y0, bx - x0, by - y0) : (bx - x0, by - y0, ax - x0, ay - y0)
        // Clip vertically to the rows.
        if qy <= 0 || py >= Double(h) { return }
        let dxdy = (qx - px) / (qy - py)
        if py < 0 { px -= py * dxdy; py = 0 }
        if qy > Double(h) { qx -= (qy - Double(h)) * dxdy; qy = Double(h) }
        var x = px
        var yRow = Int(py)
        var y = py
        while y < qy && yRow < h {
            let yNext = min(Double(yRow + 1), qy)
            let dy = yNext - y
            let xNext = x + dy * dxdy
            // Clamp x into [0, width]: area left of the buffer piles into column 0.
            let xa = min(max(x, 0), width), xb = min(max(xNext, 0), width)
            let d = Float(dy * dir)
            let row = yRow * stride
            let xl = min(xa, xb), xr = max(xa, xb)
            let il = Int(xl), ir = Int(xr)
            if il == ir || xr - xl < 1e-12 {
                // Within one pixel column: the part right of the mean x is covered.
                let xm = (xl + xr) / 2 - Double(il)
                acc[row + il] += d * Float(1 - xm)
                acc[row + il + 1] += d * Float(xm)
            } else {
                // Spans several columns: distribute the trapezoid areas.
                let invSpan = 1 / (xr - xl)
                var prevX = xl
                var prevArea = 0.0   // fraction of dy accumulated so far
                var col = il
                while col <= ir && col < Int(width) + 1 {
                    let edge = min(Double(col + 1), xr)
                    let frac = (edge - xl) * invSpan   // fraction of the dy consumed up to `edge`
                    let segDy = frac - prevArea
                    // Area of this column piece right of the line: segment height × (1 − mean offset in the column).
                    let mean = (prevX + edge) / 2 - Double(col)
                    acc[row + col] += d * Float(segDy * (1 - mean))
                    acc[row + col + 1] += d * Float(segDy * mean)
                    prevArea = frac
                    prevX = edge
                    col += 1
                }
            }
            x = xNext
            y = yNext
            yRow += 1
        }
    }
}
