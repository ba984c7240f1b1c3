import Foundation

/// Builds the outline of a stroke as a set of closed polygons, all with positive orientation, whose
/// union (non-zero fill) is the stroked area: one quadrilateral per flattened line segment, one
/// wedge per join and one piece per cap (internal to Lamina).
struct PathStroker {
    /// Half the line width.
    let halfWidth: CGFloat
    /// The cap drawn at the ends of open subpaths and for zero-length subpaths.
    let cap: CGLineCap
    /// The join drawn at corners.
    let join: CGLineJoin
    /// Miter length / line width above which a miter join becomes a bevel.
    let miterLimit: CGFloat
    /// The flattening tolerance for curves, in path units.
    let tolerance: CGFloat
    /// Radians per edge of the polygons approximating round joins and caps.
    let arcStep: CGFloat
    /// Points closer than this are merged.
    let minSegment: CGFloat
    /// The polygons built so far (each implicitly closed, positively oriented).
    private(set) var polygons: [[CGPoint]] = []

    /// A stroker for `lineWidth` (> 0) approximating curves and arcs within `tolerance` path units.
    init(lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat) {
        halfWidth = lineWidth / 2
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.tolerance = tolerance
        let ratio = tolerance / halfWidth
        let step = ratio >= 1 ? CGFloat.pi : 2 * acos(1 - ratio)
        arcStep = min(CGFloat.pi / 8, max(CGFloat.pi / 1024, step))
        minSegment = tolerance * 1e-3
    }

    // MARK: Flattening

    /// The subpath as a polyline with, per vertex, whether it lies inside a flattened curve (where a
    /// round join reproduces the smooth offset), and whether it is closed.
    private func flatten(_ sp: StrokeSubpath) -> (points: [CGPoint], smooth: [Bool]) {
        var pts: [CGPoint] = [sp.start]
        var smooth: [Bool] = [false]
        func add(_ p: CGPoint, _ s: Bool) {
            let last = pts[pts.count - 1]
            if hypot(p.x - last.x, p.y - last.y) <= minSegment {
                smooth[smooth.count - 1] = smooth[smooth.count - 1] && s
                return
            }
            pts.append(p); smooth.append(s)
        }
        for seg in sp.segments {
            if seg.kind != .line {
                // Uniform steps bounded by the second derivative: the chord error is at most M/(8n²).
                func len(_ x: CGFloat, _ y: CGFloat) -> CGFloat { (x * x + y * y).squareRoot() }
                let m: CGFloat
                if seg.kind == .quad {
                    m = 2 * len(seg.start.x - 2 * seg.control1.x + seg.end.x, seg.start.y - 2 * seg.control1.y + seg.end.y)
                } else {
                    m = 6 * max(len(seg.start.x - 2 * seg.control1.x + seg.control2.x, seg.start.y - 2 * seg.control1.y + seg.control2.y),
                                len(seg.control1.x - 2 * seg.control2.x + seg.end.x, seg.control1.y - 2 * seg.control2.y + seg.end.y))
                }
                let raw = (m / (8 * tolerance)).squareRoot().rounded(.up)
                let n = raw.isFinite ? Int(max(1, min(10_000, raw))) : 1
                if n > 1 {
                    for i in 1..<n { add(seg.point(at: CGFloat(i) / CGFloat(n)), true) }
                }
            }
            add(seg.end, false)
        }
        if sp.closed, pts.count > 1 {
            let f = pts[0], l = pts[pts.count - 1]
            if hypot(f.x - l.x, f.y - l.y) <= minSegment { pts.removeLast(); smooth.removeLast() }
        }
        return (pts, smooth)
    }

    // MARK: Stroking

    /// Adds the stroke of one subpath: segments, joins, and caps (open subpaths) or a join at the
    /// start (closed subpaths); a drawn subpath of zero length gets a dot for round and square caps.
    mutating func add(_ sp: StrokeSubpath) {
        guard sp.hasDrawing else { return }
        let (pts, smooth) = flatten(sp)
        let m = pts.count
        if m == 1 { addDot(at: pts[0]); return }
        let edgeCount = sp.closed ? m : m - 1
        var dirs: [CGVector] = []
        dirs.reserveCapacity(edgeCount)
        for i in 0..<edgeCount {
            let a = pts[i], b = pts[(i + 1) % m]
            let l = hypot(b.x - a.x, b.y - a.y)
            let d = CGVector(dx: (b.x - a.x) / l, dy: (b.y - a.y) / l)
            dirs.append(d)
            let n = CGVector(dx: -d.dy * halfWidth, dy: d.dx * halfWidth)
            addPolygon([CGPoint(x: a.x - n.dx, y: a.y - n.dy), CGPoint(x: b.x - n.dx, y: b.y - n.dy),
                        CGPoint(x: b.x + n.dx, y: b.y + n.dy), CGPoint(x: a.x + n.dx, y: a.y + n.dy)])
        }
        if sp.closed {
            for i in 0..<m {
                addJoin(at: pts[i], from: dirs[(i + edgeCount - 1) % edgeCount], to: dirs[i], style: smooth[i] ? .round : join)
            }
        } else {
            if m > 2 {
                for i in 1..<(m - 1) { addJoin(at: pts[i], from: dirs[i - 1], to: dirs[i], style: smooth[i] ? .round : join) }
            }
            let d0 = dirs[0], d1 = dirs[edgeCount - 1]
            addCap(at: pts[0], outward: CGVector(dx: -d0.dx, dy: -d0.dy))
            addCap(at: pts[m - 1], outward: d1)
        }
    }

    /// A wedge filling the outer side of the corner at `p` between unit directions `d0` and `d1`.
    private mutating func addJoin(at p: CGPoint, from d0: CGVector, to d1: CGVector, style: CGLineJoin) {
        let cross = d0.dx * d1.dy - d0.dy * d1.dx, dot = d0.dx * d1.dx + d0.dy * d1.dy
        let theta = atan2(cross, dot)  // the turning angle, in (-π, π]
        guard abs(theta) > 1e-9 else { return }
        // The outer side is on the right of a left turn and on the left of a right turn.
        let sign: CGFloat = theta > 0 ? -1 : 1
        let o0 = CGVector(dx: -d0.dy * sign, dy: d0.dx * sign), o1 = CGVector(dx: -d1.dy * sign, dy: d1.dx * sign)
        let a = CGPoint(x: p.x + o0.dx * halfWidth, y: p.y + o0.dy * halfWidth)
        let b = CGPoint(x: p.x + o1.dx * halfWidth, y: p.y + o1.dy * halfWidth)
        switch style {
        case .bevel:
            addPolygon([p, a, b])
        case .miter:
            let cosHalf = cos(theta / 2)
            // Miter length / line width = 1 / sin(φ/2) for the angle φ between the lines = 1 / cos(θ/2).
            if cosHalf > 1e-12, 1 / cosHalf <= miterLimit {
                let bx = o0.dx + o1.dx, by = o0.dy + o1.dy
                let bl = (bx * bx + by * by).squareRoot()
                let r = halfWidth / cosHalf
                addPolygon([p, a, CGPoint(x: p.x + bx / bl * r, y: p.y + by / bl * r), b])
            } else {
                addPolygon([p, a, b])
            }
        case .round:
            let n = max(1, Int((abs(theta) / arcStep).rounded(.up)))
            var poly = [p]
            poly.reserveCapacity(n + 2)
            for k in 0...n {
                let ang = theta * CGFloat(k) / CGFloat(n)
                let c = cos(ang), s = sin(ang)
                poly.append(CGPoint(x: p.x + (o0.dx * c - o0.dy * s) * halfWidth, y: p.y + (o0.dx * s + o0.dy * c) * halfWidth))
            }
            addPolygon(poly)
        }
    }

    /// The cap at the end point `p` of an open subpath whose outward unit direction is `u`.
    private mutating func addCap(at p: CGPoint, outward u: CGVector) {
        let n = CGVector(dx: -u.dy * halfWidth, dy: u.dx * halfWidth)
        switch cap {
        case .butt:
            return
        case .square:
            let e = CGVector(dx: u.dx * halfWidth, dy: u.dy * halfWidth)
            addPolygon([CGPoint(x: p.x + n.dx, y: p.y + n.dy), CGPoint(x: p.x + n.dx + e.dx, y: p.y + n.dy + e.dy),
                        CGPoint(x: p.x - n.dx + e.dx, y: p.y - n.dy + e.dy), CGPoint(x: p.x - n.dx, y: p.y - n.dy)])
        case .round:
            let count = max(2, Int((CGFloat.pi / arcStep).rounded(.up)))
            var poly: [CGPoint] = []
            poly.reserveCapacity(count + 1)
            for k in 0...count {
                let ang = CGFloat.pi * CGFloat(k) / CGFloat(count)
                let c = cos(ang), s = sin(ang)
                poly.append(CGPoint(x: p.x + n.dx * c + u.dx * halfWidth * s, y: p.y + n.dy * c + u.dy * halfWidth * s))
            }
            addPolygon(poly)
        }
    }

    /// The mark of a zero-length subpath: a disk for round caps, an axis-aligned square for square
    /// caps, nothing for butt caps (as Core Graphics draws them).
    private mutating func addDot(at p: CGPoint) {
        let h = halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            addPolygon([CGPoint(x: p.x - h, y: p.y - h), CGPoint(x: p.x + h, y: p.y - h),
                        CGPoint(x: p.x + h, y: p.y + h), CGPoint(x: p.x - h, y: p.y + h)])
        case .round:
            let count = max(8, Int((2 * CGFloat.pi / arcStep).rounded(.up)))
            addPolygon((0..<count).map { k in
                let ang = 2 * CGFloat.pi * CGFloat(k) / CGFloat(count)
                return CGPoint(x: p.x + h * cos(ang), y: p.y + h * sin(ang))
            })
        }
    }

    /// Adds `poly` with positive orientation; polygons without area (or not finite) are dropped.
    private mutating func addPolygon(_ poly: [CGPoint]) {
        guard poly.count >= 3 else { return }
        var area: CGFloat = 0
        var prev = poly[poly.count - 1]
        for q in poly {
            area += prev.x * q.y - q.x * prev.y
            prev = q
        }
        guard area.isFinite, area != 0 else { return }
        polygons.append(area > 0 ? poly : poly.reversed())
    }
}
