import Foundation

extension CGPath {
    /// Returns a new path equivalent to the results of drawing the path with a solid stroke
    /// (Apple's `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`).
    ///
    /// Contract:
    /// - The result, filled with the non-zero winding rule (`.winding`), covers the area a stroke
    ///   of `lineWidth` (in the path's units) paints. It holds one closed outline per open subpath
    ///   and two per closed subpath (its outer side and its inner side, one each way), made of
    ///   straight lines; on the inner side of a sharp turn an outline goes back through the vertex
    ///   and crosses itself, so it must not be filled with the even-odd rule.
    /// - Curves are flattened and round joins and caps are approximated by polygons within about
    ///   0.05 units of the transformed (output) space, so the outline is accurate after `transform`.
    /// - `lineJoin` applies at corners, and at the start point of closed subpaths, which get no
    ///   caps; a miter join whose miter length divided by `lineWidth` exceeds `miterLimit` is drawn
    ///   as a bevel (a NaN `miterLimit` acts as 10, the Core Graphics default). Inside flattened
    ///   curves the outline follows the curve's smooth offset.
    /// - `lineCap` applies at both ends of open subpaths. A subpath that draws but has zero length
    ///   (a line to its own start, or a move followed by a close) gets a dot: a disk for `.round`, an
    ///   axis-aligned square for `.square`, nothing for `.butt`. A lone move draws nothing.
    /// - Zero-length segments are skipped; elements with non-finite coordinates are ignored.
    /// - `transform` maps the resulting outline (the width is measured before it).
    /// - A `lineWidth` that is not greater than zero or not finite, or a non-finite `transform`,
    ///   gives an empty path.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
                     transform: CGAffineTransform = .identity) -> CGPath {
        let t = transform
        guard lineWidth > 0, lineWidth.isFinite,
              [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy({ $0.isFinite }) else { return CGPath(commands: []) }
        var out: [CGPathCommand] = []
        let identity = t == .identity
        for poly in strokePolygons(lineWidth, lineCap, lineJoin, miterLimit, t) {
            out.append(.move(to: identity ? poly[0] : poly[0].applying(t)))
            for p in poly.dropFirst() { out.append(.addLine(to: identity ? p : p.applying(t))) }
            out.append(.closeSubpath)
        }
        return CGPath(commands: out)
    }

    /// The outline `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)` builds with the identity
    /// transform, as its closed polygons (each implicitly closed, its first point not repeated, at
    /// least three points) rather than a path: the contours a renderer fills with the non-zero rule,
    /// without a path made and flattened again in between (internal to Lamina). Empty where that
    /// function gives an empty path.
    public func lamina_strokePolygons(width lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                                      miterLimit: CGFloat) -> [[CGPoint]] {
        guard lineWidth > 0, lineWidth.isFinite else { return [] }
        return strokePolygons(lineWidth, lineCap, lineJoin, miterLimit, .identity)
    }

    /// The stroker's polygons for a stroke whose outline `transform` maps (which sets the tolerance).
    private func strokePolygons(_ lineWidth: CGFloat, _ lineCap: CGLineCap, _ lineJoin: CGLineJoin, _ miterLimit: CGFloat,
                                _ t: CGAffineTransform) -> [[CGPoint]] {
        // The largest stretch of the transform (bounded by the Frobenius norm) sets the tolerance.
        let scale = (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d).squareRoot()
        let deviceTolerance: CGFloat = 0.05
        // (Polygon counts stay bounded at absurd scales: at most 10,000 steps per curve and 2,048
        // edges per full circle.)
        let tolerance = scale > 0 ? deviceTolerance / scale : lineWidth
        var stroker = PathStroker(lineWidth: lineWidth, cap: lineCap, join: lineJoin,
                                  miterLimit: miterLimit.isNaN ? 10 : miterLimit, tolerance: tolerance)
        for sp in StrokeSubpath.split(self) { stroker.add(sp) }
        return stroker.polygons
    }
}
