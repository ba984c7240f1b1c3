import Foundation

/// A directed edge between two grid points, from input `set` (0: the first operand, 1: the second).
struct BooleanEdge: Sendable {
    var a: GridPoint
    var b: GridPoint
    var set: UInt8
}

/// Splits edges wherever another edge crosses them, touches them (a vertex on an edge) or
/// overlaps them (collinear edges), so that afterwards two edges meet only at their ends or are
/// the same segment. Candidate pairs are those sharing a cell (`EdgeCells`); each intersection point is
/// computed once and snapped once, so both edges split at the same grid point.
enum EdgeSplitter {
    /// The edges split; nil when that takes more than `budget` steps (pairs tested and points
    /// found, counted in `steps`).
    static func split(_ edges: [BooleanEdge], grid: SnapGrid, steps: inout Int, budget: Int) -> [BooleanEdge]? {
        let n = edges.count
        guard n > 1 else { return edges }
        let ax = edges.map { grid.x($0.a) }, ay = edges.map { grid.y($0.a) }
        let bx = edges.map { grid.x($0.b) }, by = edges.map { grid.y($0.b) }
        // Per edge, the grid points to split at with their parameter along it.
        var splits = [[(t: Double, p: GridPoint)]](repeating: [], count: n)

        /// Records `p` on edge `e` unless it is one of its ends.
        func add(_ p: GridPoint, to e: Int) {
            guard p != edges[e].a, p != edges[e].b else { return }
            let rx = bx[e] - ax[e], ry = by[e] - ay[e]
            let t = ((grid.x(p) - ax[e]) * rx + (grid.y(p) - ay[e]) * ry) / (rx * rx + ry * ry)
            splits[e].append((t, p))
        }

        func intersect(_ e: Int, _ f: Int) {
            let px = ax[e], py = ay[e], rx = bx[e] - px, ry = by[e] - py
            let qx = ax[f], qy = ay[f], sx = bx[f] - qx, sy = by[f] - qy
            let rr = (rx * rx + ry * ry).squareRoot(), ss = (sx * sx + sy * sy).squareRoot()
            guard rr > 0, ss > 0 else { return }
            let den = rx * sy - ry * sx
            let wx = qx - px, wy = qy - py
            if abs(den) > 1e-12 * rr * ss {
                let t = (wx * sy - wy * sx) / den, u = (wx * ry - wy * rx) / den
                let tolT = grid.step / rr, tolU = grid.step / ss
                guard t >= -tolT, t <= 1 + tolT, u >= -tolU, u <= 1 + tolU else { return }
                // The crossing, on whichever end it meets when it is within a grid step of one.
                let p: GridPoint
                if t <= tolT || t >= 1 - tolT { p = t <= tolT ? edges[e].a : edges[e].b }
                else if u <= tolU || u >= 1 - tolU { p = u <= tolU ? edges[f].a : edges[f].b }
                else { p = grid.snap(px + t * rx, py + t * ry) }
                add(p, to: e); add(p, to: f)
                return
            }
            // Parallel: only collinear edges (within a grid step) share points.
            guard abs(wx * ry - wy * rx) / rr <= grid.step else { return }
            for p in [edges[f].a, edges[f].b] where onSegment(p, e) { add(p, to: e) }
            for p in [edges[e].a, edges[e].b] where onSegment(p, f) { add(p, to: f) }
        }

        /// Whether grid point `p` lies strictly between edge `e`'s ends (it is collinear with it).
        func onSegment(_ p: GridPoint, _ e: Int) -> Bool {
            let rx = bx[e] - ax[e], ry = by[e] - ay[e]
            let t = ((grid.x(p) - ax[e]) * rx + (grid.y(p) - ay[e]) * ry) / (rx * rx + ry * ry)
            return t > 0 && t < 1
        }

        var count = steps
        EdgeCells(ax: ax, ay: ay, bx: bx, by: by, pad: 2 * grid.step).forEachCandidatePair { e, f in
            count += 1
            guard count <= budget else { return false }
            let sep = 2 * grid.step
            if min(ax[f], bx[f]) > max(ax[e], bx[e]) + sep || max(ax[f], bx[f]) < min(ax[e], bx[e]) - sep { return true }
            if min(ay[f], by[f]) > max(ay[e], by[e]) + sep || max(ay[f], by[f]) < min(ay[e], by[e]) - sep { return true }
            intersect(e, f)
            return true
        }
        count += splits.reduce(0) { $0 + $1.count }
        steps = count
        guard count <= budget else { return nil }

        var out: [BooleanEdge] = []
        out.reserveCapacity(n * 2)
        for e in 0..<n {
            var from = edges[e].a
            for s in splits[e].sorted(by: { $0.t < $1.t }) where s.p != from && s.p != edges[e].b {
                out.append(BooleanEdge(a: from, b: s.p, set: edges[e].set))
                from = s.p
            }
            if from != edges[e].b { out.append(BooleanEdge(a: from, b: edges[e].b, set: edges[e].set)) }
        }
        return out
    }
}
