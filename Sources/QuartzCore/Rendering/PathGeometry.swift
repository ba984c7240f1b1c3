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
}
