import Foundation

/// The rest of the path operations Apple's CGPath has had since macOS 13 and iOS 16: flattening,
/// whether two filled areas overlap, a path's line inside or outside another's filled area, and
/// the separate pieces of a filled area. Curves are read as lines within
/// ``CGPath/lamina_booleanFlatness`` (results are made of straight lines), as the boolean
/// operations read them.
extension CGPath {
    /// A copy with every curve replaced by straight lines that stay within `threshold` of it
    /// (the fewest equal steps in the curve's parameter that the second-derivative bound allows);
    /// moves, lines and closes are kept as they are.
    public func flattened(threshold: CGFloat) -> CGPath {
        let tol = max(threshold.isFinite ? threshold : 0, 1e-6)
        var out: [CGPathCommand] = []
        out.reserveCapacity(commands.count)
        var start = CGPoint.zero, cur = CGPoint.zero
        for c in commands {
            switch c {
            case .move(let p):
                out.append(c); start = p; cur = p
            case .closeSubpath:
                out.append(c); cur = start
            case .addLine(let p):
                out.append(c); cur = p
            case .addQuadCurve, .addCurve:
                guard let s = CGPathSegment(from: cur, command: c) else { continue }
                let n = max(s.flatteningSteps(tolerance: tol), 1)
                for i in 1..<n { out.append(.addLine(to: s.point(at: CGFloat(i) / CGFloat(n)))) }
                out.append(.addLine(to: s.end))
                cur = s.end
            }
        }
        return CGPath(commands: out)
    }

    /// Whether the areas this path and `other` fill (both read with `rule`) overlap: their
    /// intersection has area. Paths that only touch do not.
    public func intersects(_ other: CGPath, using rule: CGPathFillRule = .winding) -> Bool {
        let a = boundingBoxOfPath, b = other.boundingBoxOfPath
        guard !a.isNull, !b.isNull, a.intersects(b) else { return false }
        return !intersection(other, using: rule).isEmpty
    }

    /// The parts of this path's line (its subpaths as drawn by a stroke's centre, a closed one
    /// with its closing line) that lie inside the area `other` fills with `rule`, as open subpaths.
    public func lineIntersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        linePieces(other, rule: rule, keepingInside: true)
    }

    /// The parts of this path's line that lie outside the area `other` fills with `rule`, as
    /// subpaths (a closed subpath that lies wholly outside stays closed).
    public func lineSubtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        linePieces(other, rule: rule, keepingInside: false)
    }

    /// The separate pieces of the area this path fills with `rule`: one path for each outline
    /// around filled area, with the outlines of the holes directly inside it (as
    /// `normalized(using:)` makes them: counter-clockwise around area, clockwise around holes in a
    /// y-up frame). An island inside a hole is a piece of its own.
    public func componentsSeparated(using rule: CGPathFillRule = .winding) -> [CGPath] {
        let rings = normalized(using: rule).flattened(tolerance: Self.lamina_booleanFlatness).filter { $0.count >= 3 }
        let areas = rings.map(Self.signedArea)
        let outers = rings.indices.filter { areas[$0] > 0 }
        var holes: [Int: [Int]] = [:]
        for h in rings.indices where areas[h] < 0 {
            // The smallest outline around area that holds the hole.
            let probe = rings[h][0]
            let owner = outers.filter { abs(areas[$0]) > abs(areas[h]) && Self.winding(of: probe, in: [rings[$0]]) != 0 }
                .min { areas[$0] < areas[$1] }
            if let owner { holes[owner, default: []].append(h) }
        }
        return outers.map { o in
            let m = CGMutablePath()
            for r in [o] + (holes[o] ?? []) { m.addLines(between: Array(rings[r].dropLast())); m.closeSubpath() }
            return CGPath(commands: m.commands)
        }
    }

    /// The pieces of this path's polylines inside (or outside) `other`'s filled area.
    private func linePieces(_ other: CGPath, rule: CGPathFillRule, keepingInside: Bool) -> CGPath {
        let polygons = other.flattened(tolerance: Self.lamina_booleanFlatness)
        let m = CGMutablePath()
        for line in flattened(tolerance: Self.lamina_booleanFlatness) where line.count >= 2 {
            var drawing = false
            var kept = 0
            var total = 0
            for i in 0..<(line.count - 1) {
                let a = line[i], b = line[i + 1]
                var cuts: [CGFloat] = [0, 1]
                for poly in polygons where poly.count >= 2 {
                    for j in 0..<poly.count {
                        if let t = Self.crossing(a, b, poly[j], poly[(j + 1) % poly.count]) { cuts.append(t) }
                    }
                }
                cuts.sort()
                for k in 0..<(cuts.count - 1) where cuts[k + 1] > cuts[k] {
                    let p = Self.lerp(a, b, cuts[k]), q = Self.lerp(a, b, cuts[k + 1])
                    let mid = Self.lerp(a, b, (cuts[k] + cuts[k + 1]) / 2)
                    let w = Self.winding(of: mid, in: polygons)
                    let inside = rule == .winding ? w != 0 : w % 2 != 0
                    total += 1
                    if inside == keepingInside {
                        if !drawing { m.move(to: p); drawing = true }
                        m.addLine(to: q)
                        kept += 1
                    } else {
                        drawing = false
                    }
                }
            }
            // A closed line kept whole stays closed.
            if kept == total, kept > 0, line.first == line.last, line.count > 2, drawing { m.closeSubpath() }
        }
        return CGPath(commands: m.commands)
    }

    /// Where segment a→b properly crosses segment c→d, as a parameter along a→b strictly between
    /// 0 and 1; nil when they are parallel or do not cross.
    private static func crossing(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> CGFloat? {
        let r = CGPoint(x: b.x - a.x, y: b.y - a.y), s = CGPoint(x: d.x - c.x, y: d.y - c.y)
        let den = r.x * s.y - r.y * s.x
        guard den != 0, den.isFinite else { return nil }
        let t = ((c.x - a.x) * s.y - (c.y - a.y) * s.x) / den
        let u = ((c.x - a.x) * r.y - (c.y - a.y) * r.x) / den
        guard t > 0, t < 1, u >= 0, u <= 1 else { return nil }
        return t
    }

    /// The point a fraction t of the way from a to b.
    private static func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The winding number of `p` in the polygons (each closed by its last-to-first edge).
    private static func winding(of p: CGPoint, in polygons: [[CGPoint]]) -> Int {
        var w = 0
        for poly in polygons where poly.count > 1 {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
                if a.y <= p.y {
                    if b.y > p.y && side > 0 { w += 1 }
                } else if b.y <= p.y && side < 0 {
                    w -= 1
                }
            }
        }
        return w
    }

    /// The signed area of a ring (its last point repeating its first), positive when it goes
    /// counter-clockwise in a y-up frame.
    private static func signedArea(_ ring: [CGPoint]) -> CGFloat {
        var s: CGFloat = 0
        for i in 0..<(ring.count - 1) { s += ring[i].x * ring[i + 1].y - ring[i + 1].x * ring[i].y }
        return s / 2
    }
}
