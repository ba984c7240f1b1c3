import Foundation

/// Boolean operations on polygons (closed polylines, such as flattened paths), each operand
/// filled by a fill rule. The method: every edge is split where others cross, touch or overlap it
/// (`EdgeSplitter`), so that pieces meet only at their ends; coincident pieces are grouped into
/// one segment; for each segment the winding numbers of both operands just to its left and just
/// to its right are found by a ray cast from its midpoint (`WindingIndex`, the segment's own group
/// left out and added back for the near side); the segment is kept where the operation's result
/// differs on its two sides, directed with the result on its left; the kept segments are linked
/// into closed contours. The result is filled alike by the non-zero and even-odd rules (winding
/// 1 inside, 0 outside). Degenerate cases (shared vertices and edges, one operand inside the
/// other, empty or disjoint operands) need no special handling: they are segments like others.
enum PolygonBoolean {
    /// What to keep.
    enum Operation: Sendable {
        /// Inside either operand.
        case union
        /// Inside both.
        case intersection
        /// Inside the first, not the second.
        case difference
        /// Inside exactly one.
        case exclusiveOr
        /// Inside the first (the second is ignored): its outline without overlaps.
        case normalize

        func keeps(_ a: Bool, _ b: Bool) -> Bool {
            switch self {
            case .union: return a || b
            case .intersection: return a && b
            case .difference: return a && !b
            case .exclusiveOr: return a != b
            case .normalize: return a
            }
        }
    }

    /// `a` combined with `b` by `operation`, both filled by `rule`: closed contours (the first point
    /// not repeated at the end) with the inside on their left in a y-up frame (counter-clockwise
    /// outlines, clockwise holes). Non-finite points are left out. Nil when the work (edges,
    /// pairs of edges tested, crossings found, edges read by the ray casts) would pass `budget` steps.
    static func combine(_ a: [[CGPoint]], _ b: [[CGPoint]], rule: CGPathFillRule, operation: Operation, budget: Int = .max) -> [[CGPoint]]? {
        var extent = 1.0
        for c in a + b { for p in c where p.x.isFinite && p.y.isFinite { extent = max(extent, abs(Double(p.x)), abs(Double(p.y))) } }
        let grid = SnapGrid(extent: extent)
        var edges: [BooleanEdge] = []
        for (set, contours) in [(UInt8(0), a), (UInt8(1), b)] {
            for c in contours {
                var pts: [GridPoint] = []
                for p in c where p.x.isFinite && p.y.isFinite {
                    let g = grid.snap(Double(p.x), Double(p.y))
                    if pts.last != g { pts.append(g) }
                }
                while pts.count > 1 && pts.first == pts.last { pts.removeLast() }
                guard pts.count >= 3 else { continue }
                for i in pts.indices { edges.append(BooleanEdge(a: pts[i], b: pts[(i + 1) % pts.count], set: set)) }
            }
        }
        guard !edges.isEmpty else { return [] }
        var steps = edges.count
        guard steps <= budget, let pieces = EdgeSplitter.split(edges, grid: grid, steps: &steps, budget: budget) else { return nil }
        // Coincident pieces (the same two ends, either way) form one segment.
        struct Key: Hashable { var p: GridPoint; var q: GridPoint }
        var groupOf: [Key: Int32] = [:]
        var groups: [Int32] = []
        var first: [Int] = []
        groups.reserveCapacity(pieces.count)
        for (k, e) in pieces.enumerated() {
            let key = (e.a.i, e.a.j) < (e.b.i, e.b.j) ? Key(p: e.a, q: e.b) : Key(p: e.b, q: e.a)
            if let g = groupOf[key] { groups.append(g) } else {
                let g = Int32(first.count)
                groupOf[key] = g; groups.append(g); first.append(k)
            }
        }
        let across = WindingIndex(pieces, groups: groups, grid: grid, swapped: false)
        let along = WindingIndex(pieces, groups: groups, grid: grid, swapped: true)
        // Each group's pieces' contributions to a ray crossing it, per operand, in both indexes.
        var crossing = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: first.count)
        for (k, e) in pieces.enumerated() {
            let g = Int(groups[k])
            let up = e.b.j > e.a.j ? 1 : e.b.j < e.a.j ? -1 : 0
            let right = e.b.i > e.a.i ? 1 : e.b.i < e.a.i ? -1 : 0
            if e.set == 0 { crossing[g].0 += up; crossing[g].2 += right } else { crossing[g].1 += up; crossing[g].3 += right }
        }
        func inside(_ w: Int) -> Bool { rule == .evenOdd ? w & 1 != 0 : w != 0 }
        var kept: [(GridPoint, GridPoint)] = []
        for (g, k) in first.enumerated() {
            if steps > budget { return nil }
            let e = pieces[k]
            let ax = grid.x(e.a), ay = grid.y(e.a), bx = grid.x(e.b), by = grid.y(e.b)
            let dx = bx - ax, dy = by - ay
            let mx = (ax + bx) / 2, my = (ay + by) / 2
            // A ray along x across a steep segment, along y across a flat one.
            let steep = abs(dy) >= abs(dx)
            let far: (Int, Int)
            let near: (Int, Int)
            let farIsLeft: Bool
            if steep {
                far = across.winding(x: mx, y: my, excluding: Int32(g), steps: &steps)
                near = (far.0 + crossing[g].0, far.1 + crossing[g].1)
                // The far side is +x; the left of (dx, dy) is (−dy, dx).
                farIsLeft = -dy > 0
            } else {
                far = along.winding(x: my, y: mx, excluding: Int32(g), steps: &steps)
                // Swapped, "up" is +x: the pieces' x directions give their crossings.
                near = (far.0 + crossing[g].2, far.1 + crossing[g].3)
                farIsLeft = dx > 0
            }
            let farIn = operation.keeps(inside(far.0), inside(far.1))
            let nearIn = operation.keeps(inside(near.0), inside(near.1))
            guard farIn != nearIn else { continue }
            let leftIn = farIsLeft ? farIn : nearIn
            kept.append(leftIn ? (e.a, e.b) : (e.b, e.a))
        }
        return link(kept, grid: grid)
    }

    /// Links directed segments into closed contours (following, at each vertex, a segment leaving
    /// it not yet used), dropping vertices between collinear segments.
    static func link(_ segments: [(GridPoint, GridPoint)], grid: SnapGrid) -> [[CGPoint]] {
        var leaving: [GridPoint: [Int]] = [:]
        for (k, s) in segments.enumerated() { leaving[s.0, default: []].append(k) }
        var used = [Bool](repeating: false, count: segments.count)
        var out: [[CGPoint]] = []
        for start in segments.indices where !used[start] {
            var loop: [GridPoint] = []
            var k = start
            while true {
                used[k] = true
                loop.append(segments[k].0)
                let end = segments[k].1
                if end == segments[start].0 { break }
                // An unbalanced vertex (possible only through rounding) closes the contour here.
                guard var list = leaving[end], let next = list.lastIndex(where: { !used[$0] }) else { break }
                k = list.remove(at: next)
                leaving[end] = list
            }
            let simple = dropCollinear(loop)
            if simple.count >= 3 { out.append(simple.map { CGPoint(x: grid.x($0), y: grid.y($0)) }) }
        }
        return out
    }

    /// `loop` without the vertices where it goes straight on.
    private static func dropCollinear(_ loop: [GridPoint]) -> [GridPoint] {
        guard loop.count > 3 else { return loop }
        var out: [GridPoint] = []
        let n = loop.count
        for k in 0..<n {
            let p = out.last ?? loop[(k + n - 1) % n], v = loop[k], q = loop[(k + 1) % n]
            let ux = Double(v.i - p.i), uy = Double(v.j - p.j), wx = Double(q.i - v.i), wy = Double(q.j - v.j)
            let cross = ux * wy - uy * wx, dot = ux * wx + uy * wy
            if cross == 0 && dot > 0 { continue }
            out.append(v)
        }
        return out
    }
}
