import Foundation

/// Winding numbers of points with respect to a set of edges, by a ray cast towards +x, with the
/// edges sorted into horizontal bands so that a query reads only the edges of its band. Built
/// either on the edges as they are or with x and y swapped (a ray towards +y), for edges too
/// close to horizontal to cast a horizontal ray across.
struct WindingIndex {
    /// An edge as the index stores it (coordinates swapped when `swapped`), with its group (the
    /// segment it shares with coincident edges) and its operand.
    private struct Entry {
        var ax: Double, ay: Double, bx: Double, by: Double
        var group: Int32
        var set: UInt8
    }

    let swapped: Bool
    private let minY: Double
    private let bandHeight: Double
    private var bands: [[Entry]]

    /// An index of `edges` (with their groups), swapped or not.
    init(_ edges: [BooleanEdge], groups: [Int32], grid: SnapGrid, swapped: Bool) {
        self.swapped = swapped
        var entries: [Entry] = []
        entries.reserveCapacity(edges.count)
        var lo = Double.infinity, hi = -Double.infinity
        for (k, e) in edges.enumerated() {
            var ax = grid.x(e.a), ay = grid.y(e.a), bx = grid.x(e.b), by = grid.y(e.b)
            if swapped { swap(&ax, &ay); swap(&bx, &by) }
            // Horizontal edges never cross a horizontal ray (half-open rule): left out.
            if ay == by { continue }
            entries.append(Entry(ax: ax, ay: ay, bx: bx, by: by, group: groups[k], set: e.set))
            lo = min(lo, ay, by); hi = max(hi, ay, by)
        }
        let count = max(1, min(4_096, Int(Double(entries.count).squareRoot())))
        minY = lo.isFinite ? lo : 0
        bandHeight = hi > lo ? (hi - lo) / Double(count) : 1
        bands = Array(repeating: [], count: count)
        for en in entries {
            let b0 = band(min(en.ay, en.by)), b1 = band(max(en.ay, en.by))
            for b in b0...b1 { bands[b].append(en) }
        }
    }

    private func band(_ y: Double) -> Int {
        let k = ((y - minY) / bandHeight).rounded(.down)
        return k.isFinite ? Int(min(max(k, 0), Double(bands.count - 1))) : 0
    }

    /// The winding numbers (first operand, second) at (x, y), given in the index's own (perhaps
    /// swapped) coordinates, leaving out the edges of group `excluded`; the edges read are counted
    /// in `steps`.
    func winding(x: Double, y: Double, excluding excluded: Int32, steps: inout Int) -> (Int, Int) {
        var w = (0, 0)
        let entries = bands[band(y)]
        steps += entries.count
        for en in entries where en.group != excluded {
            let side = (en.bx - en.ax) * (y - en.ay) - (en.by - en.ay) * (x - en.ax)
            if en.ay <= y && y < en.by {
                if side > 0 { if en.set == 0 { w.0 += 1 } else { w.1 += 1 } }
            } else if en.by <= y && y < en.ay {
                if side < 0 { if en.set == 0 { w.0 -= 1 } else { w.1 -= 1 } }
            }
        }
        return w
    }
}
