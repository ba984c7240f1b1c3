import Foundation
import CoreGraphics
import Compositor

/// Path helpers for rendering: flattening into fillable contours and stroking into outlines.
enum PathGeometry {
    /// The path as closed contours for filling (every subpath implicitly closed), within `tolerance`.
    /// Non-finite points drop their subpath.
    static func contours(_ path: CGPath, tolerance: CGFloat) -> [[CGPoint]] {
        drawable(path.flattened(tolerance: tolerance))
    }

    /// `contours` without those of fewer than three points or with a point that is not finite:
    /// the array itself when every contour is kept (the usual case: no second array a frame).
    static func drawable(_ contours: [[CGPoint]]) -> [[CGPoint]] {
        func kept(_ c: [CGPoint]) -> Bool { c.count >= 3 && c.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        return contours.allSatisfy(kept) ? contours : contours.filter(kept)
    }

    /// The outline of `path` stroked with CAShapeLayer's settings as closed contours (non-zero):
    /// the stroker's polygons as they are (straight edges only, so no flattening and no tolerance;
    /// those with a non-finite point dropped), not made into a path first.
    static func strokeOutline(_ path: CGPath, lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                              dashPhase: CGFloat, dashPattern: [CGFloat], start: CGFloat, end: CGFloat) -> [[CGPoint]] {
        drawable(StrokeOutline.polygons(path, lineWidth: lineWidth, cap: cap, join: join, miterLimit: miterLimit,
                                        dashPhase: dashPhase, dashPattern: dashPattern, start: start, end: end))
    }

    /// Whether `strokeOutline` of `path` with these settings surely has a contour, found without
    /// stroking: a line width of at least 0.001, every point finite and within ±1e6, drawn
    /// segments whose chords add up to at least 1, a trimmed range of at least 0.01 (or none),
    /// and, with a dash pattern, an on-dash of at least 0.01 and room for two periods. (Not
    /// exact: a degenerate path, such as a figure eight whose lobes' areas cancel, may still
    /// stroke to nothing; its fill then draws nothing, as none would.) Lets a shape's outline be
    /// made when it is drawn, with a fill content in the tree already.
    static func strokeSurelyDraws(_ path: CGPath, lineWidth: CGFloat, dashPattern: [CGFloat], start: CGFloat, end: CGFloat) -> Bool {
        guard lineWidth >= 0.001, lineWidth <= 1e6, start.isFinite, end.isFinite else { return false }
        let s = min(max(start, 0), 1), e = min(max(end, 0), 1)
        let span = e - s
        guard span >= 0.01 else { return false }
        var chord: CGFloat = 0
        var cur = CGPoint.zero, first = CGPoint.zero
        @inline(__always) func sane(_ p: CGPoint) -> Bool { abs(p.x) <= 1e6 && abs(p.y) <= 1e6 }
        for c in path.commands {
            switch c {
            case .move(let p):
                guard sane(p) else { return false }
                cur = p; first = p
            case .addLine(let p), .addQuadCurve(let p, _), .addCurve(let p, _, _):
                guard sane(p) else { return false }
                if case .addQuadCurve(_, let c1) = c, !sane(c1) { return false }
                if case .addCurve(_, let c1, let c2) = c, !sane(c1) || !sane(c2) { return false }
                chord += ((p.x - cur.x) * (p.x - cur.x) + (p.y - cur.y) * (p.y - cur.y)).squareRoot()
                cur = p
            case .closeSubpath:
                chord += ((first.x - cur.x) * (first.x - cur.x) + (first.y - cur.y) * (first.y - cur.y)).squareRoot()
                cur = first
            }
        }
        guard chord >= 1 else { return false }
        if dashPattern.isEmpty { return true }
        guard dashPattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return false }
        let period = dashPattern.reduce(0, +) * (dashPattern.count % 2 == 1 ? 2 : 1)
        let longestOn = stride(from: 0, to: dashPattern.count, by: 2).map { dashPattern[$0] }.max() ?? 0
        return longestOn >= 0.01 && span * chord >= 2 * period
    }

    /// Whether `contours` of `path` surely holds a contour, found without flattening: every point
    /// finite and within ±1e6, and a subpath with a curve or two lines. (Not exact: lines that
    /// go nowhere may still leave nothing; the fill then draws nothing, as none would.)
    static func fillSurelyDraws(_ path: CGPath) -> Bool {
        @inline(__always) func sane(_ p: CGPoint) -> Bool { abs(p.x) <= 1e6 && abs(p.y) <= 1e6 }
        var lines = 0, drawn = false
        for c in path.commands {
            switch c {
            case .move(let p):
                guard sane(p) else { return false }
                lines = 0
            case .addLine(let p):
                guard sane(p) else { return false }
                lines += 1
                if lines >= 2 { drawn = true }
            case .addQuadCurve(let p, let c1):
                guard sane(p), sane(c1) else { return false }
                drawn = true
            case .addCurve(let p, let c1, let c2):
                guard sane(p), sane(c1), sane(c2) else { return false }
                drawn = true
            case .closeSubpath:
                lines = 0
            }
        }
        return drawn
    }

    /// A box holding every point of `contours(path, …)`, found without flattening: the box of the
    /// path's points and control points (a flattened curve's points lie on the curve, inside its
    /// control points' hull), grown by a hair for rounding. Nil when a point is not finite.
    static func fillBounds(_ path: CGPath) -> CGRect? { controlBox(path, reach: 0) }

    /// A box holding every point of `strokeOutline(path, …)` with these settings, found without
    /// stroking: the path's control-point box (which holds every trimmed, dashed and flattened
    /// point) grown by the farthest any outline point lies from such a point (`strokeReach`).
    /// Nil when a point is not finite or the reach is absurd (over 1e7).
    static func strokeBounds(_ path: CGPath, lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) -> CGRect? {
        let reach = strokeReach(lineWidth: lineWidth, cap: cap, join: join, miterLimit: miterLimit)
        guard reach <= 1e7 else { return nil }
        return controlBox(path, reach: reach)
    }

    /// The farthest an outline point of the stroker lies from a point of the flattened path:
    /// half the line width for offsets, round joins and caps, a merged shallow turn and an inner
    /// crossing (half the width from a point of a segment); √2 times it for a square cap (and a
    /// square dot's corners); for miter joins the miter tip, half the width over cos(θ/2), which is
    /// drawn only while 1/cos(θ/2) ≤ the miter limit (a limit that is not finite acts as 10).
    static func strokeReach(lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) -> CGFloat {
        let half = lineWidth / 2
        var factor: CGFloat = cap == .square ? 2.0.squareRoot() : 1
        if join == .miter { factor = max(factor, miterLimit.isFinite ? miterLimit : 10) }
        return half * factor
    }

    /// The box of the path's points and control points grown by `reach` and by a relative hair
    /// (1e-9 of the largest coordinate plus the reach) for the rounding of curve points and
    /// offsets. Nil when a point is not finite or the path has none.
    private static func controlBox(_ path: CGPath, reach: CGFloat) -> CGRect? {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        var finite = true
        @inline(__always) func add(_ p: CGPoint) {
            finite = finite && p.x.isFinite && p.y.isFinite
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for c in path.commands {
            switch c {
            case .move(let p), .addLine(let p): add(p)
            case .addQuadCurve(let p, let c1): add(p); add(c1)
            case .addCurve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: break
            }
        }
        guard finite, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, reach.isFinite, reach >= 0 else { return nil }
        let hair = (max(abs(minX), abs(minY), abs(maxX), abs(maxY)) + reach) * 1e-9
        let grow = reach + hair
        return CGRect(x: minX - grow, y: minY - grow, width: maxX - minX + 2 * grow, height: maxY - minY + 2 * grow)
    }
}
