import Foundation

/// The broad phase of `EdgeSplitter`: edges bucketed into the cells of a grid over their bounds
/// (about as many cells as edges), each edge in every cell its segment passes through (padded by
/// `pad`), so that only edges sharing a cell are tested against each other, each pair once.
struct EdgeCells {
    private let minX: Double, minY: Double, cellWidth: Double, cellHeight: Double
    private let columns: Int, rows: Int
    private var members: [[Int32]]
    private var cellsOfEdge: [[Int32]]

    /// Buckets the edges (a_k → b_k) given by their coordinates.
    init(ax: [Double], ay: [Double], bx: [Double], by: [Double], pad: Double) {
        let n = ax.count
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for k in 0..<n {
            x0 = min(x0, ax[k], bx[k]); x1 = max(x1, ax[k], bx[k])
            y0 = min(y0, ay[k], by[k]); y1 = max(y1, ay[k], by[k])
        }
        let side = max(1, min(1_024, Int(Double(n).squareRoot().rounded(.up))))
        minX = x0 - pad; minY = y0 - pad
        let w = x1 - x0 + 2 * pad, h = y1 - y0 + 2 * pad
        columns = w > 0 ? side : 1; rows = h > 0 ? side : 1
        cellWidth = w > 0 ? w / Double(columns) : 1; cellHeight = h > 0 ? h / Double(rows) : 1
        members = Array(repeating: [], count: columns * rows)
        cellsOfEdge = Array(repeating: [], count: n)
        for k in 0..<n {
            // Row by row, the columns the segment (grown by `pad`) crosses within the row.
            let lowY = min(ay[k], by[k]) - pad, highY = max(ay[k], by[k]) + pad
            for r in row(lowY)...row(highY) {
                let top = max(lowY, minY + Double(r) * cellHeight), bottom = min(highY, minY + Double(r + 1) * cellHeight)
                var left = min(ax[k], bx[k]), right = max(ax[k], bx[k])
                if ay[k] != by[k] {
                    // The segment's x where it enters and leaves the row's band.
                    func x(at y: Double) -> Double {
                        let t = min(max((y - ay[k]) / (by[k] - ay[k]), 0), 1)
                        return ax[k] + t * (bx[k] - ax[k])
                    }
                    let xa = x(at: top), xb = x(at: bottom)
                    left = min(xa, xb); right = max(xa, xb)
                }
                for c in column(left - pad)...column(right + pad) {
                    let cell = Int32(r * columns + c)
                    members[Int(cell)].append(Int32(k))
                    cellsOfEdge[k].append(cell)
                }
            }
        }
    }

    private func row(_ y: Double) -> Int {
        let v = ((y - minY) / cellHeight).rounded(.down)
        return v.isFinite ? Int(min(max(v, 0), Double(rows - 1))) : 0
    }

    private func column(_ x: Double) -> Int {
        let v = ((x - minX) / cellWidth).rounded(.down)
        return v.isFinite ? Int(min(max(v, 0), Double(columns - 1))) : 0
    }

    /// Calls `body(e, f)` once for every pair of edges e < f that share a cell, until it returns false.
    func forEachCandidatePair(_ body: (Int, Int) -> Bool) {
        var seenBy = [Int32](repeating: -1, count: cellsOfEdge.count)
        for e in cellsOfEdge.indices {
            for cell in cellsOfEdge[e] {
                for f32 in members[Int(cell)] where Int(f32) > e && seenBy[Int(f32)] != Int32(e) {
                    seenBy[Int(f32)] = Int32(e)
                    if !body(e, Int(f32)) { return }
                }
            }
        }
    }
}
