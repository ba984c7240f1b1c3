import Foundation

/// Coverage without anti-aliasing, as Core Graphics draws when `setShouldAntialias(false)` or
/// `setAllowsAntialiasing(false)` is in effect: a pixel is wholly inside a shape when its centre
/// is, and wholly outside otherwise. A centre exactly on an edge belongs to the pixel right of or
/// below the edge (a top-left rule), so two shapes that share an edge never both cover a pixel and
/// never leave one between them uncovered.
enum AliasedCoverage {
    /// One edge of a contour between rows: x at `top` and its change per unit of y, the rows of
    /// pixel centres it spans (top inclusive, bottom exclusive), and +1 going down, −1 going up.
    private struct Edge {
        let top: Double, bottom: Double, x: Double, dxdy: Double, winding: Int
    }

    /// The coverage (0 or 1 in each pixel, times `outer`'s where given) of `contours` under `rule`
    /// over `area` (device pixels), as a clip mask over the part of `area` the shape reaches.
    static func mask(_ contours: [[(x: Double, y: Double)]], rule: FillRule, area: IntRect, outer: ClipMask?) -> ClipMask {
        var edges: [Edge] = []
        var minY = Double.infinity, maxY = -Double.infinity, minX = Double.infinity, maxX = -Double.infinity
        for c in contours where c.count >= 3 {
            for i in c.indices {
                let a = c[i], b = c[(i + 1) % c.count]
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, a.y != b.y else { continue }
                let down = a.y < b.y
                let (p, q) = down ? (a, b) : (b, a)
                edges.append(Edge(top: p.y, bottom: q.y, x: p.x, dxdy: (q.x - p.x) / (q.y - p.y), winding: down ? 1 : -1))
                minY = min(minY, p.y); maxY = max(maxY, q.y); minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
            }
        }
        var box = edges.isEmpty ? IntRect(x: area.x, y: area.y, width: 0, height: 0)
            : IntRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY).intersection(area)
        if let outer { box = box.intersection(outer.rect) }
        guard !box.isEmpty else { return ClipMask(rect: IntRect(x: area.x, y: area.y, width: 0, height: 0), values: []) }
        var values = [Float](repeating: 0, count: box.area)
        edges.sort { $0.top < $1.top }
        var next = 0
        var active: [Edge] = []
        var crossings: [(x: Double, winding: Int)] = []
        for y in box.y..<box.maxY {
            let centre = Double(y) + 0.5
            while next < edges.count, edges[next].top <= centre { active.append(edges[next]); next += 1 }
            active.removeAll { $0.bottom <= centre }
            crossings.removeAll(keepingCapacity: true)
            for e in active { crossings.append((e.x + (centre - e.top) * e.dxdy, e.winding)) }
            guard crossings.count >= 2 else { continue }
            crossings.sort { $0.x < $1.x }
            let row = (y - box.y) * box.width
            var winding = 0
            for i in 0..<(crossings.count - 1) {
                winding += crossings[i].winding
                let inside = rule == .evenOdd ? winding & 1 != 0 : winding != 0
                guard inside else { continue }
                // Pixels whose centres c + 0.5 lie in [x_i, x_{i+1}).
                let from = max(firstColumn(atOrRightOf: crossings[i].x), box.x)
                let to = min(firstColumn(atOrRightOf: crossings[i + 1].x), box.maxX)
                if from < to { for x in from..<to { values[row + x - box.x] = 1 } }
            }
        }
        if let outer {
            for y in box.y..<box.maxY {
                for x in box.x..<box.maxX where values[(y - box.y) * box.width + x - box.x] != 0 {
                    values[(y - box.y) * box.width + x - box.x] = outer.values[(y - outer.rect.y) * outer.rect.width + x - outer.rect.x]
                }
            }
        }
        return ClipMask(rect: box, values: values)
    }

    /// The first column whose pixel centre (column + 0.5) is at or right of `x`, clamped far out.
    private static func firstColumn(atOrRightOf x: Double) -> Int {
        Int(max(min((x - 0.5).rounded(.up), 1e15), -1e15))
    }
}
