import CPixelKernels
import Foundation

/// The C cell rasteriser (`lamina_raster_*` in CPixelKernels): anti-aliased polygon coverage in
/// exact integer cells, swept row by row and, for a solid colour, blended straight into a
/// surface with no runs in between. Its coverage is `CoverageRasterizer`'s (the reference) to
/// within rounding to 1/65536 of a pixel, and like it depends only on the contours and the
/// columns, never on the rows drawn. Not shared between threads: each `PrimitiveDrawer` (one per
/// rendering thread) owns one, and only that drawer's thread calls it.
final class CellRasterizer {
    /// The C rasteriser (nil when it could not be allocated: every call then reports failure).
    private let raster: OpaquePointer?

    /// Creates a rasteriser with empty buffers.
    init() { raster = lamina_raster_create() }

    deinit { lamina_raster_destroy(raster) }

    /// Empties the C rasteriser and limits what it keeps of the contours to what `rows` need (a
    /// band does not set up the edges of the other bands; the pixels of `rows` are the same).
    private func start(_ raster: OpaquePointer, rows: Range<Int>) {
        lamina_raster_reset(raster)
        lamina_raster_limit_rows(raster, Int32(clamping: rows.lowerBound), Int32(clamping: rows.upperBound))
    }

    /// Hands `contours` (implicitly closed; those with fewer than 3 points or a non-finite
    /// coordinate skipped) to the C rasteriser for `rows`; false when memory ran out.
    private func load(_ raster: OpaquePointer, _ contours: [[(x: Double, y: Double)]], rows: Range<Int>) -> Bool {
        start(raster, rows: rows)
        for contour in contours where contour.count >= 3 {
            let status = contour.withUnsafeBufferPointer { points in
                // A tuple of two Doubles is laid out as two consecutive Doubles.
                points.baseAddress!.withMemoryRebound(to: Double.self, capacity: 2 * points.count) {
                    lamina_raster_add_contour(raster, $0, Int32(clamping: points.count))
                }
            }
            if status < 0 { return false }
        }
        return true
    }

    /// Hands `contours` (layer coordinates) mapped by the affine `map` to the C rasteriser, which
    /// maps each point as `Projective2D.projectClipped` does (the same doubles) without an array of
    /// device points, for `rows`; false when memory ran out.
    private func load(_ raster: OpaquePointer, _ contours: [[CGPoint]], affine map: Projective2D, rows: Range<Int>) -> Bool {
        start(raster, rows: rows)
        let m = [map.a, map.b, map.d, map.e, map.g, map.h]
        for contour in contours where contour.count >= 3 {
            let status = contour.withUnsafeBufferPointer { points in
                // A CGPoint is laid out as two consecutive Doubles (checked by the caller).
                points.baseAddress!.withMemoryRebound(to: Double.self, capacity: 2 * points.count) {
                    lamina_raster_add_contour_affine(raster, $0, Int32(clamping: points.count), m)
                }
            }
            if status < 0 { return false }
        }
        return true
    }

    /// `fillSolid` of `contours` in layer coordinates mapped by the affine `map` (the contours
    /// `map.projectClipped` gives, the same pixels). False (nothing drawn) when memory ran out or
    /// a CGPoint is not two Doubles here.
    func fillSolid(_ contours: [[CGPoint]], affine map: Projective2D, rule: FillRule, columns: Range<Int>, rows: Range<Int>,
                   paintColumns: Range<Int>, color: UInt32, opacity: Float, on surface: Surface) -> Bool {
        guard MemoryLayout<CGPoint>.size == 2 * MemoryLayout<Double>.size, MemoryLayout<CGFloat>.size == MemoryLayout<Double>.size,
              map.isAffine, let raster, load(raster, contours, affine: map, rows: rows) else { return false }
        return fill(raster, rule: rule, columns: columns, rows: rows, paintColumns: paintColumns, color: color, opacity: opacity, on: surface)
    }

    /// Fills `contours` with the premultiplied `color` times `opacity` (0...1) on `surface`: the
    /// coverage over `columns` × `rows`, blended onto the pixels of `paintColumns` × `rows`, each
    /// pixel as `PrimitiveDrawer` paints a run (k = min(coverage · opacity, 1) · 255 + 0.5,
    /// truncated; the colour scaled by k, source over). The surface must have no soft clip (it is
    /// not applied). False (nothing drawn) when memory ran out.
    func fillSolid(_ contours: [[(x: Double, y: Double)]], rule: FillRule, columns: Range<Int>, rows: Range<Int>,
                   paintColumns: Range<Int>, color: UInt32, opacity: Float, on surface: Surface) -> Bool {
        guard let raster, load(raster, contours, rows: rows) else { return false }
        return fill(raster, rule: rule, columns: columns, rows: rows, paintColumns: paintColumns, color: color, opacity: opacity, on: surface)
    }

    /// Rasterises the loaded contours and blends the colour (see `fillSolid`).
    private func fill(_ raster: OpaquePointer, rule: FillRule, columns: Range<Int>, rows: Range<Int>,
                      paintColumns: Range<Int>, color: UInt32, opacity: Float, on surface: Surface) -> Bool {
        lamina_raster_fill_solid(raster, rule == .evenOdd ? 1 : 0, Int32(clamping: columns.lowerBound), Int32(clamping: columns.upperBound),
                                        Int32(clamping: rows.lowerBound), Int32(clamping: rows.upperBound),
                                        Int32(clamping: paintColumns.lowerBound), Int32(clamping: paintColumns.upperBound),
                                        surface.pixels, surface.stride, Int32(clamping: surface.frame.x), Int32(clamping: surface.frame.y),
                                        color, opacity) == 0
    }

    /// The coverage of `contours` over `columns` × `rows` as a dense array over `bounds` (x, y,
    /// width, height: the contours' pixel rectangle clipped to columns × rows, as
    /// `CoverageRasterizer.bounds`), row by row; nil when memory ran out.
    func coverage(_ contours: [[(x: Double, y: Double)]], rule: FillRule, columns: Range<Int>, rows: Range<Int>)
        -> (bounds: (x: Int, y: Int, width: Int, height: Int), values: [Float])? {
        var values: [Float] = []
        guard let bounds = coverage(contours, rule: rule, columns: columns, rows: rows, into: &values) else { return nil }
        values.removeLast(values.count - bounds.width * bounds.height)
        return (bounds, values)
    }

    /// `coverage`, written into the first width·height values of `values` (grown when it is
    /// shorter, so that a caller drawing frame after frame reuses one buffer); nil when memory ran out.
    func coverage(_ contours: [[(x: Double, y: Double)]], rule: FillRule, columns: Range<Int>, rows: Range<Int>,
                  into values: inout [Float]) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let raster, load(raster, contours, rows: rows) else { return nil }
        let evenOdd: Int32 = rule == .evenOdd ? 1 : 0
        let cx0 = Int32(clamping: columns.lowerBound), cx1 = Int32(clamping: columns.upperBound)
        let ry0 = Int32(clamping: rows.lowerBound), ry1 = Int32(clamping: rows.upperBound)
        var box: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        _ = withUnsafeMutableBytes(of: &box) { lamina_raster_bounds(raster, evenOdd, cx0, cx1, ry0, ry1, $0.baseAddress!.assumingMemoryBound(to: Int32.self)) }
        let bounds = (x: Int(box.0), y: Int(box.1), width: Int(box.2), height: Int(box.3))
        let count = bounds.width * bounds.height
        guard count > 0 else { return bounds }
        if values.count < count { values = [Float](repeating: 0, count: count) }
        let status = values.withUnsafeMutableBufferPointer { v in
            v.baseAddress!.update(repeating: 0, count: count)
            return lamina_raster_coverage(raster, evenOdd, cx0, cx1, ry0, ry1, v.baseAddress!)
        }
        return status == 0 ? bounds : nil
    }
}
