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
        guard lineWidth > 0, lineWidth.isFinite else { return CGMutablePath() }
        var p = path
        let s = min(max(start.isFinite ? start : 0, 0), 1), e = min(max(end.isFinite ? end : 1, 0), 1)
        if s > 0 || e < 1 {
            guard e > s else { return CGMutablePath() }
            p = trim(p, s, e)
        }
        if !dashPattern.isEmpty, dashPattern.contains(where: { $0 > 0 }), dashPattern.allSatisfy({ $0 >= 0 && $0.isFinite }) {
            p = dash(p, dashPhase.isFinite ? dashPhase : 0, dashPattern)
        }
        return stroke(p, lineWidth, cap, join, miterLimit.isFinite ? miterLimit : 10, transform)
    }

    static func trim(_ p: CGPath, _ s: CGFloat, _ e: CGFloat) -> CGPath { p.lamina_trimmed(from: s, to: e) }
    static func dash(_ p: CGPath, _ phase: CGFloat, _ lengths: [CGFloat]) -> CGPath { p.copy(dashingWithPhase: phase, lengths: lengths) }
    static func stroke(_ p: CGPath, _ w: CGFloat, _ cap: CGLineCap, _ join: CGLineJoin, _ miter: CGFloat, _ t: CGAffineTransform) -> CGPath {
        p.copy(strokingWithWidth: w, lineCap: cap, lineJoin: join, miterLimit: miter, transform: t)
    }
}
