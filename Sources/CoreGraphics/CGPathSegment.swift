import Foundation

/// One drawn piece of a path — a line, quadratic or cubic Bézier — with evaluation, arc length and
/// inverse arc length (a Lamina addition used by keyframe path animations and rendering).
public struct CGPathSegment: Equatable, Sendable {
    /// The segment's kind.
    public enum Kind: Equatable, Sendable { case line, quad, cubic }
    /// The kind.
    public var kind: Kind
    /// The start point.
    public var start: CGPoint
    /// The first control point (equal to start for lines).
    public var control1: CGPoint
    /// The second control point (equal to control1 for quads, end for lines).
    public var control2: CGPoint
    /// The end point.
    public var end: CGPoint
    /// Whether this segment begins a subpath (follows a move).
    public var startsSubpath: Bool

    /// A segment from `start` for a line or curve command; nil for moves and closes.
    public init?(from start: CGPoint, command: CGPathCommand, startsSubpath: Bool = false) {
        self.start = start
        self.startsSubpath = startsSubpath
        switch command {
        case .addLine(let p): kind = .line; control1 = start; control2 = p; end = p
        case .addQuadCurve(let p, let c): kind = .quad; control1 = c; control2 = c; end = p
        case .addCurve(let p, let c1, let c2): kind = .cubic; control1 = c1; control2 = c2; end = p
        default: return nil
        }
    }

    /// A straight segment.
    public init(lineFrom a: CGPoint, to b: CGPoint, startsSubpath: Bool = false) {
        kind = .line; start = a; control1 = a; control2 = b; end = b; self.startsSubpath = startsSubpath
    }

    /// The point at parameter t in 0...1.
    public func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch kind {
        case .line: return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
        case .quad:
            return CGPoint(x: u * u * start.x + 2 * u * t * control1.x + t * t * end.x,
                           y: u * u * start.y + 2 * u * t * control1.y + t * t * end.y)
        case .cubic:
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                           y: a * start.y + b * control1.y + c * control2.y + d * end.y)
        }
    }

    /// The derivative with respect to t.
    public func derivative(at t: CGFloat) -> CGVector {
        let u = 1 - t
        switch kind {
        case .line: return CGVector(dx: end.x - start.x, dy: end.y - start.y)
        case .quad:
            return CGVector(dx: 2 * u * (control1.x - start.x) + 2 * t * (end.x - control1.x),
                            dy: 2 * u * (control1.y - start.y) + 2 * t * (end.y - control1.y))
        case .cubic:
            return CGVector(dx: 3 * u * u * (control1.x - start.x) + 6 * u * t * (control2.x - control1.x) + 3 * t * t * (end.x - control2.x),
                            dy: 3 * u * u * (control1.y - start.y) + 6 * u * t * (control2.y - control1.y) + 3 * t * t * (end.y - control2.y))
        }
    }

    func speed(_ t: Double) -> Double {
        let d = derivative(at: CGFloat(t))
        return Double((d.dx * d.dx + d.dy * d.dy).squareRoot())
    }

    // 8-point Gauss–Legendre nodes and weights on [-1, 1].
    static let gl: [(Double, Double)] = [
        (-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
        (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
    ]

    /// Arc length from parameter 0 to t (16 Gauss–Legendre panels: accurate to about 1e-6 relative
    /// for ordinary curves).
    public func length(to t: CGFloat) -> CGFloat {
        if kind == .line {
            let dx = end.x - start.x, dy = end.y - start.y
            return (dx * dx + dy * dy).squareRoot() * t
        }
        let panels = 16
        var sum = 0.0
        let tt = Double(t)
        for p in 0..<panels {
            let a = tt * Double(p) / Double(panels), b = tt * Double(p + 1) / Double(panels)
            let h = (b - a) / 2, m = (a + b) / 2
            var ps = 0.0
            for (x, w) in CGPathSegment.gl { ps += w * speed(m + h * x) }
            sum += h * ps
        }
        return CGFloat(sum)
    }

    /// The arc length of the whole segment.
    public var length: CGFloat { length(to: 1) }

    /// The parameter t at which the arc length from the start equals `s` (clamped to the segment),
    /// found by Newton's method with bisection fallback, accurate to 1e-6 of the length.
    public func parameter(atLength s: CGFloat) -> CGFloat { parameter(atLength: s, total: length) }

    /// `parameter(atLength:)` for a caller that knows the segment's `length` already (`total`,
    /// exactly that value): the same result without measuring the whole segment again.
    func parameter(atLength s: CGFloat, total: CGFloat) -> CGFloat {
        guard total > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= total { return 1 }
        if kind == .line { return s / total }
        var lo: CGFloat = 0, hi: CGFloat = 1
        var t = s / total
        for _ in 0..<40 {
            let f = length(to: t) - s
            if abs(f) < total * 1e-7 { return t }
            if f > 0 { hi = t } else { lo = t }
            let d = CGFloat(speed(Double(t)))
            var n = d > 1e-9 ? t - f / d : (lo + hi) / 2
            if n <= lo || n >= hi { n = (lo + hi) / 2 }
            t = n
        }
        return t
    }

    /// Parameters in (0, 1) where x or y has a local extremum (for tight bounds).
    func extremaParameters() -> [CGFloat] {
        var out: [CGFloat] = []
        func roots(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) {
            // a t² + b t + c = 0
            if abs(a) < 1e-12 {
                if abs(b) > 1e-12 { out.append(-c / b) }
                return
            }
            let disc = b * b - 4 * a * c
            if disc < 0 { return }
            let r = disc.squareRoot()
            out.append((-b + r) / (2 * a)); out.append((-b - r) / (2 * a))
        }
        switch kind {
        case .line: return []
        case .quad:
            for (p0, p1, p2) in [(start.x, control1.x, end.x), (start.y, control1.y, end.y)] {
                let den = p0 - 2 * p1 + p2
                if abs(den) > 1e-12 { out.append((p0 - p1) / den) }
            }
        case .cubic:
            for (p0, p1, p2, p3) in [(start.x, control1.x, control2.x, end.x), (start.y, control1.y, control2.y, end.y)] {
                roots(3 * (-p0 + 3 * p1 - 3 * p2 + p3), 6 * (p0 - 2 * p1 + p2), 3 * (p1 - p0))
            }
        }
        return out.filter { $0 > 0 && $0 < 1 }
    }
}

extension CGPathSegment {
    /// The number of equal steps in t after which every chord lies within `tolerance` of the curve
    /// (1 for a line; at least 1, at most 10,000, and 1 where the curve's size is not finite).
    ///
    /// A chord over a parameter step h is within h²·M/8 of the curve it spans, M being the largest
    /// length of the second derivative on that step: the error vanishes at both ends of the step and
    /// its second derivative is the curve's, so it is bounded as linear interpolation is. A cubic's
    /// second derivative is linear in t, so its largest length over the curve is at an end,
    /// 6·|P0 − 2P1 + P2| or 6·|P1 − 2P2 + P3|; a quadratic's is constant, 2·|P0 − 2P1 + P2|. The
    /// steps are the fewest n with M/(8n²) ≤ tolerance.
    public func flatteningSteps(tolerance: CGFloat) -> Int {
        func len(_ x: CGFloat, _ y: CGFloat) -> CGFloat { (x * x + y * y).squareRoot() }
        let m: CGFloat
        switch kind {
        case .line: return 1
        case .quad: m = 2 * len(start.x - 2 * control1.x + end.x, start.y - 2 * control1.y + end.y)
        case .cubic:
            m = 6 * max(len(start.x - 2 * control1.x + control2.x, start.y - 2 * control1.y + control2.y),
                        len(control1.x - 2 * control2.x + end.x, control1.y - 2 * control2.y + end.y))
        }
        // Clamped as a Double first: an infinite or NaN size (coordinates near the limits of
        // CGFloat) must not reach Int's conversion.
        let raw = (m / (8 * tolerance)).squareRoot().rounded(.up)
        return raw.isFinite ? Int(max(1, min(10_000, raw))) : 1
    }
}

extension CGPath {
    /// The fewest chords `flattened(tolerance:)` cuts a curve into, whatever its size: a shape's
    /// tolerance counts the window's scale but not its layers' own, so a small curve scaled up keeps
    /// at least this many (a quarter circle in four chords is within 2 % of its radius).
    public static let lamina_minimumCurveChords = 4

    /// The drawn segments in order: one per line or curve, plus a closing line for each close whose
    /// subpath does not already end at its start. Moves produce none; the segment after a move has
    /// `startsSubpath` set.
    public var segments: [CGPathSegment] {
        var out: [CGPathSegment] = []
        var start = CGPoint.zero, cur = CGPoint.zero
        var fresh = true
        for c in commands {
            switch c {
            case .move(let p): start = p; cur = p; fresh = true
            case .closeSubpath:
                if cur != start { out.append(CGPathSegment(lineFrom: cur, to: start, startsSubpath: fresh)) }
                cur = start; fresh = true
            default:
                if let s = CGPathSegment(from: cur, command: c, startsSubpath: fresh) { out.append(s); cur = s.end }
                fresh = false
            }
        }
        return out
    }

    /// The path flattened to polylines, one per subpath, within `tolerance` of the curves; a closed
    /// subpath repeats its first point at the end. Each curve is cut into the fewest equal steps in
    /// its parameter whose chords stay within `tolerance` of it by the second-derivative bound (see
    /// ``CGPathSegment/flatteningSteps(tolerance:)``), and into at least
    /// ``lamina_minimumCurveChords`` steps.
    public func flattened(tolerance: CGFloat = 0.1) -> [[CGPoint]] {
        var polys: [[CGPoint]] = []
        var current: [CGPoint] = []
        var start = CGPoint.zero, cur = CGPoint.zero
        let tol = max(tolerance, 1e-6)
        for c in commands {
            switch c {
            case .move(let p):
                if current.count > 1 { polys.append(current) }
                current = [p]; start = p; cur = p
            case .closeSubpath:
                if !current.isEmpty {
                    if current.last != start { current.append(start) }
                    polys.append(current)
                }
                current = [start]; cur = start
            default:
                guard let s = CGPathSegment(from: cur, command: c) else { continue }
                if current.isEmpty { current = [cur] }
                if s.kind == .line { current.append(s.end) }
                else {
                    // Never fewer than four chords: a curve drawn small and scaled up by layers
                    // whose scales the tolerance does not count (a Lottie dot of one unit at 6.5
                    // times) keeps the roundness the earlier rule gave it.
                    let n = max(s.flatteningSteps(tolerance: tol), CGPath.lamina_minimumCurveChords)
                    for i in 1...n { current.append(s.point(at: CGFloat(i) / CGFloat(n))) }
                }
                cur = s.end
            }
        }
        if current.count > 1 { polys.append(current) }
        return polys
    }
}
