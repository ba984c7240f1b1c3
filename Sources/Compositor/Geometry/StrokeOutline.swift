import Foundation
import CoreGraphics

/// The outline of a stroked path: trimmed to a fraction range of its length, dashed, then stroked.
/// Filled with the non-zero rule, the outline covers exactly the stroke. Used for CAShapeLayer
/// strokes and for strokes recorded by draw(in:).
public enum StrokeOutline {
    /// The outline of `path` stroked with these settings; `transform` maps the result.
    public static func make(_ path: CGPath, lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                            dashPhase: CGFloat = 0, dashPattern: [CGFloat] = [], start: CGFloat = 0, end: CGFloat = 1,
                            transform: CGAffineTransform = .identity) -> CGPath {
        guard lineWidth > 0, lineWidth.isFinite,
              let p = stroked(path, dashPhase: dashPhase, dashPattern: dashPattern, start: start, end: end) else { return CGMutablePath() }
        return stroke(p, lineWidth, cap, join, miterLimit.isFinite ? miterLimit : 10, transform)
    }

    /// The outline `make` gives (no transform) as closed polygons, each implicitly closed with its
    /// first point not repeated: the contours to fill with the non-zero rule, without the outline
    /// made into a path and flattened again (a shape whose path changes every frame strokes it
    /// every frame).
    public static func polygons(_ path: CGPath, lineWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat,
                                dashPhase: CGFloat = 0, dashPattern: [CGFloat] = [], start: CGFloat = 0, end: CGFloat = 1) -> [[CGPoint]] {
        guard lineWidth > 0, lineWidth.isFinite,
              let p = stroked(path, dashPhase: dashPhase, dashPattern: dashPattern, start: start, end: end) else { return [] }
        return p.lamina_strokePolygons(width: lineWidth, lineCap: cap, lineJoin: join, miterLimit: miterLimit.isFinite ? miterLimit : 10)
    }

    /// The part of `path` that is stroked: trimmed to [start, end] (clamped to 0...1; nil when
    /// nothing is left), then dashed by a valid pattern.
    private static func stroked(_ path: CGPath, dashPhase: CGFloat, dashPattern: [CGFloat], start: CGFloat, end: CGFloat) -> CGPath? {
        var p = path
        let s = min(max(start.isFinite ? start : 0, 0), 1), e = min(max(end.isFinite ? end : 1, 0), 1)
        if s > 0 || e < 1 {
            guard e > s else { return nil }
            p = trim(p, s, e)
        }
        if !dashPattern.isEmpty, dashPattern.contains(where: { $0 > 0 }), dashPattern.allSatisfy({ $0 >= 0 && $0.isFinite }) {
            p = dash(p, dashPhase.isFinite ? dashPhase : 0, dashPattern)
        }
        return p
    }

    static func trim(_ p: CGPath, _ s: CGFloat, _ e: CGFloat) -> CGPath { p.lamina_trimmed(from: s, to: e) }
    static func dash(_ p: CGPath, _ phase: CGFloat, _ lengths: [CGFloat]) -> CGPath { p.copy(dashingWithPhase: phase, lengths: lengths) }
    static func stroke(_ p: CGPath, _ w: CGFloat, _ cap: CGLineCap, _ join: CGLineJoin, _ miter: CGFloat, _ t: CGAffineTransform) -> CGPath {
        p.copy(strokingWithWidth: w, lineCap: cap, lineJoin: join, miterLimit: miter, transform: t)
    }
}
