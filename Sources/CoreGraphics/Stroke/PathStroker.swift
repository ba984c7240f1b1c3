import Foundation

/// Builds the outline of a stroke: closed polygons whose non-zero fill is the stroked area, one per
/// open subpath and two per closed subpath (see `add`), plus a polygon per dot (internal to Lamina).
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
    /// cos(arcStep): turns with a larger cosine (smaller than arcStep) get no arc points.
    let cosArcStep: CGFloat
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
        cosArcStep = cos(arcStep)
        minSegment = tolerance * 1e-3
    }

    /// The length of (x, y): √(x² + y²), or `hypot` where the squares overflow or underflow
    /// (hypot is several times slower, and a stroke takes a length per flattened point).
    @inline(__always)
    static func length(_ x: CGFloat, _ y: CGFloat) -> CGFloat {
        let l = (x * x + y * y).squareRoot()
        return l.isFinite && (l > 0 || (x == 0 && y == 0)) ? l : hypot(x, y)
    }

    // MARK: Flattening

    /// The subpath as a polyline with, per vertex, whether it lies inside a flattened curve (where a
    /// round join reproduces the smooth offset) and its distance from the vertex before (`length`
    /// of their difference, as `add` measures a segment; 0 for the first).
    private func flatten(_ sp: StrokeSubpath) -> (points: [CGPoint], smooth: [Bool], lengths: [CGFloat]) {
        // Each segment's steps found first, so that the arrays are allocated once at their size.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: sp.segments.count) { steps in
            var total = 1
            for (k, seg) in sp.segments.enumerated() {
                // Uniform steps bounded by the second derivative: the chord error is at most M/(8n²).
                let n = seg.kind == .line ? 1 : seg.flatteningSteps(tolerance: tolerance)
                steps[k] = n
                total += n
            }
            // Written in place (at most `total` points: no capacity or uniqueness check a point).
            var count = 0
            var smooth = [Bool](repeating: false, count: total), lengths = [CGFloat](repeating: 0, count: total)
            let pts = [CGPoint](unsafeUninitializedCapacity: total) { pts, initialized in
                smooth.withUnsafeMutableBufferPointer { smooth in
                    lengths.withUnsafeMutableBufferPointer { lengths in
                        pts.initializeElement(at: 0, to: sp.start)
                        count = 1
                        var last = sp.start
                        for (k, seg) in sp.segments.enumerated() {
                            let n = steps[k]
                            for i in 1...n {
                                let p = i == n ? seg.end : seg.point(at: CGFloat(i) / CGFloat(n)), s = i < n
                                // Points closer than minSegment to the last one are merged into it.
                                let l = PathStroker.length(p.x - last.x, p.y - last.y)
                                if l <= minSegment {
                                    if !s { smooth[count - 1] = false }
                                    continue
                                }
                                pts.initializeElement(at: count, to: p)
                                smooth[count] = s
                                lengths[count] = l
                                count += 1
                                last = p
                            }
                        }
                        if sp.closed, count > 1 {
                            let f = pts[0]
                            if PathStroker.length(f.x - last.x, f.y - last.y) <= minSegment { count -= 1 }
                        }
                    }
                }
                initialized = count
            }
            smooth.removeLast(total - count)
            lengths.removeLast(total - count)
            return (pts, smooth, lengths)
        }
    }

    // MARK: Stroking

    /// Adds the stroke of one subpath: one closed outline for an open subpath (its left side
    /// forward, the end cap, its right side backward, the start cap), two for a closed subpath (each
    /// side as a loop, a join at every vertex); a drawn subpath of zero length gets a dot for round
    /// and square caps.
    ///
    /// The outline is the boundary of the union of the pieces a stroke is made of (a quadrilateral
    /// per flattened segment, a wedge per join on the outer side of the turn, a piece per cap, all
    /// with the same orientation): the edges those pieces share cancel, and on the inner side of a
    /// turn the outline goes through the vertex (the pivot), where two quadrilaterals overlap, or,
    /// where the two inner offset lines cross within both segments, turns at their crossing. Its
    /// winding number is at least 1 exactly where a piece covers, so the non-zero fill covers the
    /// pieces' union, drawn by edges along the outline only. At a round join whose turn is too small
    /// for an arc point (most vertices of a flattened curve) the outer side takes one point, the
    /// middle of the join's arc, for both offset ends: the outline there lies within the tolerance
    /// inside the union (see `join`), with two points a vertex instead of three.
    ///
    /// One pass over the vertices: a segment's direction and length are found as it is reached,
    /// and the corner after it is made with the next one's (the sides are appended to in place).
    mutating func add(_ sp: StrokeSubpath) {
        guard sp.hasDrawing else { return }
        let (pts, smooth, lengths) = flatten(sp)
        let m = pts.count
        if m == 1 { addDot(at: pts[0]); return }
        let closed = sp.closed, edgeCount = closed ? m : m - 1
        /// Segment i's unit direction and length (i < edgeCount; the last of a closed subpath
        /// runs from the last point back to the first; the others' lengths `flatten` measured).
        @inline(__always) func edge(_ i: Int) -> (CGVector, CGFloat) {
            let a = pts[i], b = pts[i + 1 == m ? 0 : i + 1]
            let l = i + 1 == m ? PathStroker.length(b.x - a.x, b.y - a.y) : lengths[i + 1]
            return (CGVector(dx: (b.x - a.x) / l, dy: (b.y - a.y) / l), l)
        }
        // Side 0 runs along +n (n = (-dy, dx) · halfWidth of each segment), side 1 along -n.
        var sides = StrokeSides(capacity: 2 * m + 8)
        // How much of the current segment's start, on each side, an inner corner took (see `join`).
        var used: (CGFloat, CGFloat) = (0, 0)
        // Whether the corner before the current segment put one point on a side for both offset
        // ends there (a shallow round turn's outer side, see `join`), so the segment's start on
        // that side is left out.
        var merged: (Bool, Bool) = (false, false)
        // How much of the first segment's end, on each side, the corner after it took: what it took
        // of the second segment's start (for the closing corner of a closed subpath, which cuts
        // into the first segment's start).
        var firstEndUsed: (CGFloat, CGFloat) = (0, 0)
        let (firstDir, firstLength) = edge(0)
        var (d, length) = (firstDir, firstLength)
        var lastDir = firstDir
        for i in 0..<edgeCount {
            // Segment i's offset ends on each side (its start left out on a side whose corner
            // point already stands for it).
            let a = pts[i], b = pts[i + 1 == m ? 0 : i + 1]
            let n = CGVector(dx: -d.dy * halfWidth, dy: d.dx * halfWidth)
            if used.0 == 0 && !merged.0 { sides.append0(CGPoint(x: a.x + n.dx, y: a.y + n.dy)) }
            if used.1 == 0 && !merged.1 { sides.append1(CGPoint(x: a.x - n.dx, y: a.y - n.dy)) }
            let end0 = CGPoint(x: b.x + n.dx, y: b.y + n.dy), end1 = CGPoint(x: b.x - n.dx, y: b.y - n.dy)
            merged = (false, false)
            lastDir = d
            let closing = i + 1 == m
            if !closing && i + 1 < edgeCount && (join == .round || smooth[i + 1]) {
                // A round corner inside the subpath: when its turn is too small for an arc point
                // (most vertices of a flattened curve), the points `join` and the cut below would
                // leave are appended at once (the same doubles; no point appended, then replaced).
                let (nextDir, nextLength) = edge(i + 1)
                if let corner = shallowRoundCorner(from: d, to: nextDir) {
                    if let outer = corner.outer {
                        let p = CGPoint(x: b.x + corner.bx * corner.r, y: b.y + corner.by * corner.r)
                        let innerEnd = outer == 0 ? end1 : end0
                        let room = length - (outer == 0 ? used.1 : used.0)
                        let cut = corner.cut
                        if outer == 0 { sides.append0(p); merged = (true, false) } else { sides.append1(p); merged = (false, true) }
                        if cut < room, cut < nextLength {
                            let crossing = CGPoint(x: innerEnd.x - d.dx * cut, y: innerEnd.y - d.dy * cut)
                            if outer == 0 { sides.append1(crossing); used = (0, cut) } else { sides.append0(crossing); used = (cut, 0) }
                        } else {
                            if outer == 0 { sides.append1(innerEnd); sides.append1(b) } else { sides.append0(innerEnd); sides.append0(b) }
                            used = (0, 0)
                        }
                    } else {
                        // No turn at all: both offset ends, no corner.
                        sides.append0(end0); sides.append1(end1)
                        used = (0, 0)
                    }
                    if i == 0 { firstEndUsed = used }
                    (d, length) = (nextDir, nextLength)
                    continue
                }
            }
            sides.append0(end0)
            sides.append1(end1)
            guard closing || i + 1 < edgeCount else { break }
            // The join after segment i. Its inner side is cut at the crossing of the two inner
            // offset lines when that lies within both segments (what earlier corners left of them);
            // the closing corner of a closed subpath moves the first segment's start to the crossing.
            let (nextDir, nextLength) = closing ? (firstDir, firstLength) : edge(i + 1)
            let v = b
            let j = join(at: v, from: d, to: nextDir, style: smooth[i + 1 == m ? 0 : i + 1] ? .round : join, into: &sides)
            if let p = j.merged {
                // One point for segment i's outer end and the next segment's outer start.
                sides.removeLast(j.outer)
                if closing { sides.setFirst(j.outer, p) } else {
                    sides.append(j.outer, p)
                    merged = j.outer == 0 ? (true, false) : (false, true)
                }
            }
            let inner = 1 - j.outer
            let room = length - (inner == 0 ? used.0 : used.1)
            let roomNext = nextLength - (closing ? (inner == 0 ? firstEndUsed.0 : firstEndUsed.1) : 0)
            if let cut = j.innerCut, cut < room, cut < roomNext {
                // The two inner offset segments cross at `cut` from the vertex's offset ends: the
                // outline turns there, as the union's boundary does.
                let end = sides.removeLast(inner)
                let crossing = CGPoint(x: end.x - d.dx * cut, y: end.y - d.dy * cut)
                if closing { sides.setFirst(inner, crossing) } else { sides.append(inner, crossing) }
                used = inner == 0 ? (cut, 0) : (0, cut)
            } else {
                if j.turns { sides.append(inner, v) }
                used = (0, 0)
            }
            if i == 0 { firstEndUsed = used }
            (d, length) = (nextDir, nextLength)
        }
        if closed {
            addClosedOutline(sides)
            return
        }
        var outline: [CGPoint] = []
        outline.reserveCapacity(sides.count0 + sides.count1 + (cap == .round ? 2 * roundCapCount : 4))
        sides.appendSide(0, reversed: false, to: &outline)
        appendCap(at: pts[m - 1], outward: lastDir, to: &outline)
        sides.appendSide(1, reversed: true, to: &outline)
        appendCap(at: pts[0], outward: CGVector(dx: -firstDir.dx, dy: -firstDir.dy), to: &outline)
        addOutline(outline)
    }

    /// The corner at `p` from unit direction `d0` to `d1`; its points on the outer side (a miter's
    /// tip, a round join's arc, nothing for a bevel), between the two segments' offset ends, are
    /// appended to that side of `sides`.
    /// - `outer`: the side on the outside of the turn (0: +n, 1: -n);
    /// - `innerCut`: for turns under 90°, how far before the first segment's inner offset end (and
    ///   after the second's start) the two inner offset lines cross: halfWidth · tan(|θ|/2);
    /// - `turns`: whether the directions differ at all (a straight continuation has no corner);
    /// - `merged`: for a round join whose turn is too small for an arc point (most corners of a
    ///   flattened curve), the one point that stands for both segments' outer offset ends: the
    ///   middle of the join's arc, halfWidth from `p` along the bisector of the two outer normals.
    ///   The outline then runs from the middle of one such arc to the next, inside the union of
    ///   the pieces by at most halfWidth · (1 − cos(θ/2)) near `p`, which is within the tolerance
    ///   as |θ| < arcStep (cos(arcStep/2) ≥ 1 − tolerance / halfWidth); the middle of the arc of a
    ///   vertex of a flattened curve is where the stroke of the curve itself passes.
    @inline(__always)
    private func join(at p: CGPoint, from d0: CGVector, to d1: CGVector, style: CGLineJoin, into sides: inout StrokeSides)
        -> (outer: Int, innerCut: CGFloat?, turns: Bool, merged: CGPoint?) {
        let cross = d0.dx * d1.dy - d0.dy * d1.dx, dot = d0.dx * d1.dx + d0.dy * d1.dy
        // The turning angle, in (-π, π]. For a bevel or a round join under 90° that draws no arc
        // (most corners of a flattened curve) only its sign is read, and |θ| > 1e-9 is
        // |tan θ| > 1e-9: no atan2.
        let arcless = dot > 0 && (style == .bevel || (style == .round && dot > cosArcStep))
        let theta = arcless ? cross : atan2(cross, dot)
        guard arcless ? abs(cross) > 1e-9 * dot : abs(theta) > 1e-9 else { return (0, nil, false, nil) }
        // The outer side is on the right of a left turn and on the left of a right turn; `sign`
        // chooses the outer normal (-d.dy, d.dx) · sign, which is +n for side 0.
        let sign: CGFloat = theta > 0 ? -1 : 1
        let outer = sign > 0 ? 0 : 1
        let o0 = CGVector(dx: -d0.dy * sign, dy: d0.dx * sign), o1 = CGVector(dx: -d1.dy * sign, dy: d1.dx * sign)
        // tan(|θ|/2) = |sin θ| / (1 + cos θ) (d0 and d1 are unit vectors: sin θ = cross, cos θ = dot).
        let cut = dot > 0 ? halfWidth * abs(cross) / (1 + dot) : nil
        if arcless && style == .round {
            // dot > cos(arcStep) > 0, so the bisector o0 + o1 has a length near 2.
            let bx = o0.dx + o1.dx, by = o0.dy + o1.dy
            let r = halfWidth / (bx * bx + by * by).squareRoot()
            return (outer, cut, true, CGPoint(x: p.x + bx * r, y: p.y + by * r))
        }
        switch style {
        case .bevel:
            break
        case .miter:
            let cosHalf = cos(theta / 2)
            // Miter length / line width = 1 / sin(φ/2) for the angle φ between the lines = 1 / cos(θ/2).
            if cosHalf > 1e-12, 1 / cosHalf <= miterLimit {
                let bx = o0.dx + o1.dx, by = o0.dy + o1.dy
                let bl = (bx * bx + by * by).squareRoot()
                let r = halfWidth / cosHalf
                sides.append(outer, CGPoint(x: p.x + bx / bl * r, y: p.y + by / bl * r))
            }
        case .round:
            let n = arcless ? 1 : max(1, Int((abs(theta) / arcStep).rounded(.up)))
            if n > 1 {
                for k in 1..<n {
                    let ang = theta * CGFloat(k) / CGFloat(n)
                    let c = cos(ang), s = sin(ang)
                    sides.append(outer, CGPoint(x: p.x + (o0.dx * c - o0.dy * s) * halfWidth, y: p.y + (o0.dx * s + o0.dy * c) * halfWidth))
                }
            }
        }
        return (outer, cut, true, nil)
    }

    /// A round corner from unit direction `d0` to `d1` whose turn is too small for an arc point
    /// (`join`'s `arcless` round case), as `join` finds it: `outer` nil when the directions do not
    /// differ (no corner); else the outer side, the merged outer point's offset from the vertex
    /// (`bx`, `by` times `r`) and the inner cut. Nil when the turn needs `join` (an arc point).
    @inline(__always)
    private func shallowRoundCorner(from d0: CGVector, to d1: CGVector) -> (outer: Int?, bx: CGFloat, by: CGFloat, r: CGFloat, cut: CGFloat)? {
        let cross = d0.dx * d1.dy - d0.dy * d1.dx, dot = d0.dx * d1.dx + d0.dy * d1.dy
        guard dot > 0 && dot > cosArcStep else { return nil }
        guard abs(cross) > 1e-9 * dot else { return (nil, 0, 0, 0, 0) }
        let sign: CGFloat = cross > 0 ? -1 : 1
        let o0 = CGVector(dx: -d0.dy * sign, dy: d0.dx * sign), o1 = CGVector(dx: -d1.dy * sign, dy: d1.dx * sign)
        let cut = halfWidth * abs(cross) / (1 + dot)
        let bx = o0.dx + o1.dx, by = o0.dy + o1.dy
        let r = halfWidth / (bx * bx + by * by).squareRoot()
        return (sign > 0 ? 0 : 1, bx, by, r, cut)
    }

    /// The number of edges of a round cap's half circle.
    private var roundCapCount: Int { max(2, Int((CGFloat.pi / arcStep).rounded(.up))) }

    /// Appends the points of the cap at the end point `p` of an open subpath whose outward unit
    /// direction is `u`, from the side at +n (n = (-u.dy, u.dx) · halfWidth) to the side at -n,
    /// both excluded.
    private func appendCap(at p: CGPoint, outward u: CGVector, to out: inout [CGPoint]) {
        let n = CGVector(dx: -u.dy * halfWidth, dy: u.dx * halfWidth)
        switch cap {
        case .butt:
            return
        case .square:
            let e = CGVector(dx: u.dx * halfWidth, dy: u.dy * halfWidth)
            out.append(CGPoint(x: p.x + n.dx + e.dx, y: p.y + n.dy + e.dy))
            out.append(CGPoint(x: p.x - n.dx + e.dx, y: p.y - n.dy + e.dy))
        case .round:
            let count = roundCapCount
            for k in 1..<count {
                let ang = CGFloat.pi * CGFloat(k) / CGFloat(count)
                let c = cos(ang), s = sin(ang)
                out.append(CGPoint(x: p.x + n.dx * c + u.dx * halfWidth * s, y: p.y + n.dy * c + u.dy * halfWidth * s))
            }
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

    /// `points` in reverse order (`reversed()`, without the generic collection in between).
    static func reversed(_ points: [CGPoint]) -> [CGPoint] {
        let n = points.count
        return points.withUnsafeBufferPointer { src in
            [CGPoint](unsafeUninitializedCapacity: n) { out, initialized in
                for k in 0..<n { out.initializeElement(at: k, to: src[n - 1 - k]) }
                initialized = n
            }
        }
    }

    /// Adds one polygon (a dot's) with positive orientation; one without area (or not finite) is dropped.
    private mutating func addPolygon(_ poly: [CGPoint]) { addOutline(poly) }

    /// Adds one closed loop (an open subpath's outline, a dot), reversed when its signed area is
    /// negative: the area is that of the pieces the outline bounds (all of one orientation), so
    /// every outline, and every dot, adds positive windings to a path of several subpaths. A loop
    /// with fewer than three points is dropped, and one without area (or not finite) too.
    private mutating func addOutline(_ poly: [CGPoint]) {
        guard poly.count >= 3 else { return }
        var area: CGFloat = 0
        var prev = poly[poly.count - 1]
        for q in poly {
            area += prev.x * q.y - q.x * prev.y
            prev = q
        }
        guard area.isFinite, area != 0 else { return }
        polygons.append(area > 0 ? poly : Self.reversed(poly))
    }

    /// Adds the outline of a closed subpath, side 0 of `sides` forward and side 1 backward, as
    /// one outline of two loops: both reversed together when their summed signed area (the same sums
    /// in the same order as over `[side 0, side 1 reversed]`) is negative, loops of fewer than three points
    /// dropped; the reversed side is made only when it is kept.
    private mutating func addClosedOutline(_ sides: borrowing StrokeSides) {
        let countA = sides.count0, countB = sides.count1
        let keepA = countA >= 3, keepB = countB >= 3
        var area: CGFloat = 0
        if keepA {
            var prev = sides.point(0, countA - 1)
            for k in 0..<countA {
                let q = sides.point(0, k)
                area += prev.x * q.y - q.x * prev.y
                prev = q
            }
        }
        if keepB {
            // b reversed: from its first point (the reversed loop's last) down through b[0].
            var prev = sides.point(1, 0)
            for k in stride(from: countB - 1, through: 0, by: -1) {
                let q = sides.point(1, k)
                area += prev.x * q.y - q.x * prev.y
                prev = q
            }
        }
        guard area.isFinite, area != 0 else { return }
        if keepA { polygons.append(area > 0 ? sides.array(0) : sides.reversedArray(0)) }
        if keepB { polygons.append(area > 0 ? sides.reversedArray(1) : sides.array(1)) }
    }

}
