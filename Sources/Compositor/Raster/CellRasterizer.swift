import CPixelKernels
import Foundation
import Synchronization

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
    private func load(_ raster: OpaquePointer, _ contours: [[(x: Double, y: Double)]], rows: Range<Int>, stream: FillTarget? = nil) -> Bool {
        load(raster, contours, map: nil, rows: rows, stream: stream)
    }

    /// Hands `contours` (layer coordinates) mapped by the affine `map` to the C rasteriser, which
    /// maps each point as `Projective2D.projectClipped` does (the same doubles) without an array of
    /// device points, for `rows`; false when memory ran out.
    private func load(_ raster: OpaquePointer, _ contours: [[CGPoint]], affine map: Projective2D, rows: Range<Int>, stream: FillTarget? = nil) -> Bool {
        // The six coefficients on the stack (no array allocated a shape), in the order the C side reads.
        var m = (map.a, map.b, map.d, map.e, map.g, map.h)
        return withUnsafeBytes(of: &m) { load(raster, contours, map: $0.baseAddress!.assumingMemoryBound(to: Double.self), rows: rows, stream: stream) }
    }

    /// What a fill to come rasterises (the C rasteriser's stream is set up for it, and `fill`
    /// rasterises it): its rule and columns.
    private struct FillTarget {
        let evenOdd: Int32
        let columns: Range<Int>

        init(rule: FillRule, columns: Range<Int>) {
            evenOdd = rule == .evenOdd ? 1 : 0
            self.columns = columns
        }
    }

    /// Contours of more points than this in all are streamed when they can be (see `load`); below
    /// it their edges (112 bytes each) stay in L2 anyway, and the bounds pass would cost more than it saves.
    static let streamingPoints = 16384

    /// Whether shapes may be streamed (true; tests set false to draw the reference the other way).
    /// Atomic: every rendering thread's rasteriser reads it.
    static let streamingAllowed = Atomic<Bool>(true)

    /// Which contours `lamina_raster_add_bounds` took, for the shape being streamed (kept between
    /// shapes: no allocation a frame).
    private var taken: [Bool] = []

    /// Hands `contours` (points of two Doubles, mapped by the affine `map` when there is one) to
    /// the C rasteriser for `rows` (`map`: a, b, c, d, tx, ty, or nil). For a fill to come (`stream`) of many points, their bounds are
    /// taken first and the C rasteriser accumulates each contour's edges a block at a time as
    /// they are set up, while they are in the caches (a million edges would otherwise be 100 MB
    /// written, then read again), when the rectangle drawn is one strip of cells; the same pixels.
    /// False when memory ran out.
    private func load<Point>(_ raster: OpaquePointer, _ contours: [[Point]], map: UnsafePointer<Double>?, rows: Range<Int>, stream: FillTarget?) -> Bool {
        start(raster, rows: rows)
        // Each contour's points as consecutive Doubles (a CGPoint or a tuple of two Doubles is laid
        // out as two Doubles: checked by the callers).
        func doubles(_ contour: [Point], _ body: (UnsafePointer<Double>, Int32) -> Int32) -> Int32 {
            contour.withUnsafeBufferPointer { points in
                points.baseAddress!.withMemoryRebound(to: Double.self, capacity: 2 * points.count) { body($0, Int32(clamping: points.count)) }
            }
        }
        var streaming = false
        if let stream, Self.streamingAllowed.load(ordering: .relaxed), contours.reduce(0, { $0 + $1.count }) > Self.streamingPoints {
            taken.removeAll(keepingCapacity: true)
            for contour in contours {
                taken.append(contour.count >= 3 && doubles(contour) { xy, n in
                    lamina_raster_add_bounds(raster, xy, n, map)
                } == 1)
            }
            streaming = lamina_raster_stream_begin(raster, stream.evenOdd, Int32(clamping: stream.columns.lowerBound), Int32(clamping: stream.columns.upperBound),
                                                   Int32(clamping: rows.lowerBound), Int32(clamping: rows.upperBound)) == 1
            if !streaming {
                // Added as usual: the bounds taken again with the edges.
                start(raster, rows: rows)
            }
        }
        for (k, contour) in contours.enumerated() where contour.count >= 3 && (!streaming || taken[k]) {
            let status = doubles(contour) { xy, n in
                if let map { lamina_raster_add_contour_affine(raster, xy, n, map) } else { lamina_raster_add_contour(raster, xy, n) }
            }
            if status < 0 { return false }
        }
        return true
    }

    /// Adds `contours` (layer coordinates) mapped by the affine `map` to the empty C rasteriser
    /// `raster` for every row (a shared edge list: see `SharedEdges`); false when memory ran out.
    private static func setUp(_ contours: [[CGPoint]], affine map: Projective2D, in raster: OpaquePointer) -> Bool {
        var m = (map.a, map.b, map.d, map.e, map.g, map.h)
        // The contours borrowed through a buffer pointer: no retain and release of each (arrays
        // another thread made and reads: their counts would move between the cores).
        return withUnsafeBytes(of: &m) { mb in
            let coefficients = mb.baseAddress!.assumingMemoryBound(to: Double.self)
            return contours.withUnsafeBufferPointer { all in
                for k in all.indices where all[k].count >= 3 {
                    let status = all[k].withUnsafeBufferPointer { points in
                        points.baseAddress!.withMemoryRebound(to: Double.self, capacity: 2 * points.count) {
                            lamina_raster_add_contour_affine(raster, $0, Int32(clamping: points.count), coefficients)
                        }
                    }
                    if status < 0 { return false }
                }
                return true
            }
        }
    }

    /// `fillSolid` of `contours` in layer coordinates mapped by the affine `map` (the contours
    /// `map.projectClipped` gives, the same pixels). False (nothing drawn) when memory ran out or
    /// a CGPoint is not two Doubles here.
    /// With `sharing` (the frame's shared edges and the deferred object `contours` come from), the
    /// edges are set up once for all the bands of the frame and drawn from there (see
    /// `SharedEdges`; not for contours that would be streamed), the same pixels.
    func fillSolid(_ contours: [[CGPoint]], affine map: Projective2D, rule: FillRule, columns: Range<Int>, rows: Range<Int>,
                   paintColumns: Range<Int>, color: UInt32, opacity: Float, on surface: Surface,
                   sharing: (edges: SharedEdges, contours: DeferredContours)? = nil) -> Bool {
        guard MemoryLayout<CGPoint>.size == 2 * MemoryLayout<Double>.size, MemoryLayout<CGFloat>.size == MemoryLayout<Double>.size,
              map.isAffine, let raster else { return false }
        let target = FillTarget(rule: rule, columns: columns)
        if let sharing, case let points = contours.reduce(0, { $0 + $1.count }), points <= Self.streamingPoints,
           let list = sharing.edges.edges(for: sharing.contours, points: points, map: map, setUp: { Self.setUp(contours, affine: map, in: $0) }) {
            return lamina_raster_fill_solid_edges(raster, list.raster, target.evenOdd,
                                                  Int32(clamping: columns.lowerBound), Int32(clamping: columns.upperBound),
                                                  Int32(clamping: rows.lowerBound), Int32(clamping: rows.upperBound),
                                                  Int32(clamping: paintColumns.lowerBound), Int32(clamping: paintColumns.upperBound),
                                                  surface.pixels, surface.stride, Int32(clamping: surface.frame.x), Int32(clamping: surface.frame.y),
                                                  color, opacity) == 0
        }
        guard load(raster, contours, affine: map, rows: rows, stream: target) else { return false }
        return fill(raster, target, rows: rows, paintColumns: paintColumns, color: color, opacity: opacity, on: surface)
    }

    /// Fills `contours` with the premultiplied `color` times `opacity` (0...1) on `surface`: the
    /// coverage over `columns` × `rows`, blended onto the pixels of `paintColumns` × `rows`, each
    /// pixel as `PrimitiveDrawer` paints a run (k = min(coverage · opacity, 1) · 255 + 0.5,
    /// truncated; the colour scaled by k, source over). The surface must have no soft clip (it is
    /// not applied). False (nothing drawn) when memory ran out.
    func fillSolid(_ contours: [[(x: Double, y: Double)]], rule: FillRule, columns: Range<Int>, rows: Range<Int>,
                   paintColumns: Range<Int>, color: UInt32, opacity: Float, on surface: Surface) -> Bool {
        let target = FillTarget(rule: rule, columns: columns)
        guard let raster, load(raster, contours, rows: rows, stream: target) else { return false }
        return fill(raster, target, rows: rows, paintColumns: paintColumns, color: color, opacity: opacity, on: surface)
    }

    /// Rasterises the loaded contours for `target` and blends the colour (see `fillSolid`).
    private func fill(_ raster: OpaquePointer, _ target: FillTarget, rows: Range<Int>,
                      paintColumns: Range<Int>, color: UInt32, opacity: Float, on surface: Surface) -> Bool {
        lamina_raster_fill_solid(raster, target.evenOdd, Int32(clamping: target.columns.lowerBound), Int32(clamping: target.columns.upperBound),
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
