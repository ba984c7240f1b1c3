import Foundation
import CoreGraphics
import Compositor

/// Path helpers for rendering: flattening into fillable contours and stroking into outlines.
enum PathGeometry {
    /// The path as closed contours for filling (every subpath implicitly closed), within `tolerance`.
    /// Non-finite points drop their subpath.
    static func contours(_ path: CGPath, tolerance: CGFloat) -> [[CGPoint]] {
        path.flattened(tolerance: tolerance).filter { c in c.count >= 3 && c.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
    }

    /// The outline of `path` stroked with CAShapeLayer's settings as closed contours (non-zero):
    /// the stroker's polygons as they are (straight edges only, so no flattening and no tolerance;
    /// those with a non-finite point dropped), not made into a path first.
    static func strokeOutline(_ path: CGPath, lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                              dashPhase: CGFloat, dashPattern: [CGFloat], start: CGFloat, end: CGFloat) -> [[CGPoint]] {
        StrokeOutline.polygons(path, lineWidth: lineWidth, cap: cap, join: join, miterLimit: miterLimit,
                               dashPhase: dashPhase, dashPattern: dashPattern, start: start, end: end)
            .filter { c in c.count >= 3 && c.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
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
}
