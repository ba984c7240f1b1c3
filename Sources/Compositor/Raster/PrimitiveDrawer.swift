import Foundation
import CPixelKernels
import CoreGraphics

/// Draws filled contours with a paint onto a surface: anti-aliased coverage, times the surface's
/// soft clip, times an opacity, composited source-over. Holds the reusable scratch buffers, so one
/// drawer per thread.
final class PrimitiveDrawer {
    /// The offscreen buffers of this drawer's groups and masks, reused (see `SurfacePool`).
    let surfaces = SurfacePool()
    /// The clip masks of recent frames (see `ClipMaskCache`).
    let clipMasks = ClipMaskCache()
    /// Whether gradients are painted in one pass a run (`paintGradientSpans`); tests turn it off to
    /// draw the reference (each run's colours shaded into a row, then blended).
    var fusesGradients = true
    /// Whether a solid colour's pixels under a soft clip's edge are blended by one C call a part
    /// (`overSolidClipped`); false: pixel by pixel through `overRuns` (the reference, for tests).
    var fusesClippedSolids = true
    /// Whether text on fractional pixels is composited in one C call a run (`overSampledMask`);
    /// tests turn it off to draw the reference (the run's colours shaded into a row, then blended).
    var fusesMaskSamples = true
    /// Whether `drawGradientShape` takes the C cell rasteriser's coverage (`fillGradientCells`;
    /// false: `draw`'s runs, to compare the two in tests).
    var rastersGradientShapes = true
    /// One row of coverage values for `paintGradientSpans` (reused; grows as needed).
    var coverageRow: [Float] = []
    /// A rounded corner's rows of coverage for `paintGradientCorner` (reused; grows as needed).
    var cornerCoverage: [Float] = []
    /// Each of those rows' inside of coverage 1, two values a row (reused; grows as needed).
    var cornerInside: [Int32] = []
    /// The coverage of rounded corners on whole pixels, by corner shape (`drawGradient(_:roundedRect:…)`).
    let gradientCorners = GradientCornerTiles()
    /// A shape's coverage for `fillGradientCells` (reused from shape to shape; grows as needed).
    var shapeCoverage: [Float] = []
    /// The rasteriser of coverage runs for paints other than solid colours (and of soft clips).
    var rasterizer = CoverageRasterizer()
    /// Solid fills without a soft clip: rasterised and blended in one pass (the C cell rasteriser).
    let cells = CellRasterizer()
    /// The edges of deferred shapes this frame's bands share (`SharedEdges`), when the frame has
    /// more than one band; nil otherwise. Set by `FrameRenderer` before the bands start.
    var sharedEdges: SharedEdges?
    /// One row of shaded source colours (`sourceCapacity` pixels), reused for every span.
    private var source = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    private var sourceCapacity = 256

    /// One row of mask samples (`sampleCapacity` bytes), reused for every span.
    private var samples = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    private var sampleCapacity = 256

    deinit {
        source.deallocate()
        samples.deallocate()
    }

    /// Room for a row of `n` mask samples (not kept when it grows).
    func sampleRow(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if n > sampleCapacity {
            samples.deallocate()
            sampleCapacity = max(n, 2 * sampleCapacity)
            samples = .allocate(capacity: sampleCapacity)
        }
        return samples
    }

    /// Room for a row of `n` source colours (not kept when it grows).
    @inline(__always)
    private func sourceRow(_ n: Int) -> UnsafeMutablePointer<UInt32> {
        if n > sourceCapacity {
            source.deallocate()
            sourceCapacity = max(n, 2 * sourceCapacity)
            source = .allocate(capacity: sourceCapacity)
        }
        return source
    }

    /// Fills `contours` (device pixels) on `surface`.
    func draw(_ contours: [[(x: Double, y: Double)]], rule: FillRule, paint: Paint, opacity: Double, on surface: Surface) {
        guard opacity > 0 else { return }
        var area = surface.scissor
        if let c = surface.clip { area = area.intersection(c.rect) }
        guard !area.isEmpty else { return }
        // A solid colour without a soft clip, or inside what a clip's shape holds whole (a shape
        // inside a rounded clipping layer's straight middle, where the clip is 1): the C rasteriser
        // blends each row's coverage straight into the surface (the pixels paintSolidSpans gives
        // the same coverage). Otherwise, or when it ran out of memory, runs for the paint.
        if case .solid(let color) = paint, surface.clip.map({ PrimitiveDrawer.isWhole($0, under: contours) }) ?? true,
           cells.fillSolid(contours, rule: rule, columns: surface.columns, rows: area.y..<area.maxY, paintColumns: area.x..<area.maxX,
                           color: color, opacity: Float(min(opacity, 1)), on: surface) {
            return
        }
        rasterizer.rasterize(contours, rule: rule, columns: surface.columns, rows: area.y..<area.maxY)
        paintSpans(rasterizer.spans, paint: paint, opacity: opacity, area: area, on: surface)
    }

    /// Whether every pixel `contours` (device pixels) can touch is held by every shape `clip` was
    /// made of (`ClipMask.shapes`), there where its coverage is 1: the box of their points. Known
    /// from the clip's geometry, so every band decides alike.
    static func isWhole(_ clip: ClipMask, under contours: [[(x: Double, y: Double)]]) -> Bool {
        guard !clip.shapes.isEmpty, !clip.perPixelOnly else { return false }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for c in contours where c.count >= 3 {
            for p in c { x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y) }
        }
        guard x0 <= x1, y0 <= y1 else { return true }
        let limit = 1_073_741_824.0
        guard abs(x0) < limit, abs(x1) < limit, abs(y0) < limit, abs(y1) < limit else { return false }
        let box = IntRect.covering(minX: x0, minY: y0, maxX: x1, maxY: y1)
        return clip.shapes.allSatisfy { $0.holds(box) }
    }

    /// `draw` of a solid colour through `contours` in layer coordinates mapped by the affine `map`
    /// (`map.projectClipped` of each contour): the same pixels, the points mapped in C without an
    /// array of device points. False when it drew nothing the caller should draw instead (a soft
    /// clip, a map that is not affine, memory): then `draw` the projected contours.
    /// `deferred`: the object the contours come from, whose edges the frame's bands then share
    /// (`sharedEdges`) when its box reaches past the surface's scissor rows.
    func drawSolid(_ contours: [[CGPoint]], affine map: Projective2D, rule: FillRule, color: UInt32, opacity: Double, on surface: Surface,
                   deferred: DeferredContours? = nil) -> Bool {
        guard surface.clip == nil, map.isAffine else { return false }
        guard opacity > 0 else { return true }
        let area = surface.scissor
        guard !area.isEmpty else { return true }
        // Shared only when the shape's box reaches past this band's rows (other bands draw it too):
        // a shape inside them is set up here, in this drawer's own buffer (warm in the caches).
        let sharing = sharedEdges.flatMap { edges in
            deferred.flatMap { d in
                d.bounds.flatMap { TreeRasterizer.deviceBox($0, map) }
                    .flatMap { $0.minY < Double(area.y) || $0.maxY > Double(area.maxY) ? (edges: edges, contours: d) : nil }
            }
        }
        return cells.fillSolid(contours, affine: map, rule: rule, columns: surface.columns, rows: area.y..<area.maxY,
                               paintColumns: area.x..<area.maxX, color: color, opacity: Float(min(opacity, 1)), on: surface, sharing: sharing)
    }

    /// Fills an axis-aligned rectangle (device pixels, fractional edges anti-aliased), optionally
    /// with elliptical corners of radii rx, ry on the corners in `corners` (bit 0 minX/minY, 1
    /// maxX/minY, 2 minX/maxY, 3 maxX/maxY), with analytic coverage runs (RoundedRectSpans).
    func drawAxisAlignedRect(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double = 0, ry: Double = 0, corners: UInt8 = 0xF,
                             paint: Paint, opacity: Double, on surface: Surface) {
        guard opacity > 0, x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        var area = surface.scissor
        if let c = surface.clip { area = area.intersection(c.rect) }
        // Nothing is drawn outside the rectangle's pixels: one that misses the area (another band's) costs nothing more.
        guard !area.isEmpty, y1 > Double(area.y), y0 < Double(area.maxY), x1 > Double(area.x), x0 < Double(area.maxX) else { return }
        // Nor when a later node paints over all of it.
        if let occ = surface.occluders, surface.occlusionOrder != .max,
           occ.hides(IntRect.covering(minX: x0, minY: y0, maxX: x1, maxY: y1).intersection(area), after: surface.occlusionOrder) { return }
        spans.removeAll(keepingCapacity: true)
        // The rows whose runs are all alike are painted as blocks, one kernel call per run for all
        // of them (solid colours and untinted whole-texel image copies, without a soft clip).
        let plain = RoundedRectSpans.plainRows(y0: y0, y1: y1, x0: x0, x1: x1, rx: rx, ry: ry).clamped(to: area.y..<area.maxY)
        if plain.count >= 2, surface.clip == nil, blockPaintable(paint) {
            if CornerRowCache.applies(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, columns: surface.columns) {
                if case .solid(let c) = paint {
                    cornerRows.paintSolid(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, corners: corners,
                                          color: c, op: Float(min(opacity, 1)), area: area, on: surface)
                } else {
                    cornerRows.append(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, corners: corners, rows: area.y..<area.maxY, into: &spans)
                }
            } else {
                RoundedRectSpans.append(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, corners: corners,
                                        rows: area.y..<plain.lowerBound, columns: surface.columns, into: &spans)
                RoundedRectSpans.append(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, corners: corners,
                                        rows: plain.upperBound..<area.maxY, columns: surface.columns, into: &spans)
            }
            paintSpans(spans, paint: paint, opacity: opacity, area: area, on: surface)
            spans.removeAll(keepingCapacity: true)
            RoundedRectSpans.append(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, corners: corners,
                                    rows: plain.lowerBound..<plain.lowerBound + 1, columns: surface.columns, into: &spans)
            paintBlock(spans, rows: plain, paint: paint, opacity: opacity, area: area, on: surface)
            return
        }
        RoundedRectSpans.append(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, corners: corners,
                                rows: area.y..<area.maxY, columns: surface.columns, into: &spans)
        paintSpans(spans, paint: paint, opacity: opacity, area: area, on: surface)
    }

    /// Whether `paint` can be painted a block of rows at a time: a solid colour, or an untinted
    /// image drawn through a whole-texel translation.
    private func blockPaintable(_ paint: Paint) -> Bool {
        switch paint {
        case .solid: return true
        case .image(let s): return s.copyOffset != nil && s.tint == 0xFFFF_FFFF
        default: return false
        }
    }

    /// Paints the runs of one row (`template`, at y = rows.lowerBound) on every row of `rows`: what
    /// paintSpans does for each row, one kernel call per run for the whole block. Runs outside the
    /// image's texels (a copy) fall back to paintSpans row by row.
    private func paintBlock(_ template: [CoverageSpan], rows: Range<Int>, paint: Paint, opacity: Double, area: IntRect, on surface: Surface) {
        let op = Float(min(opacity, 1))
        let ax0 = area.x, ax1 = area.maxX
        var fallback: [CoverageSpan] = []
        func visible(_ x0: Int, _ x1: Int, _ paint: (IntRect) -> Void) {
            forEachVisible(IntRect(x: x0, y: rows.lowerBound, width: x1 - x0, height: rows.count), on: surface, paint)
        }
        for span in template where span.coverage > 0 {
            let x0 = max(Int(span.x), ax0), x1 = min(Int(span.x + span.length), ax1)
            if x1 <= x0 { continue }
            let k = UInt32(min(span.coverage * op, 1) * 255 + 0.5)
            if k == 0 { continue }
            switch paint {
            case .solid(let c):
                let color = Premultiplied.scale(c, k)
                visible(x0, x1) { b in
                    lamina_over_solid_rect(surface.row(b.y) + b.x, surface.stride, color, Int32(b.width), Int32(b.height))
                }
            case .image(let s):
                if let (dx, dy) = s.copyOffset, x0 + dx >= s.x0, x1 + dx <= s.x1, rows.lowerBound + dy >= s.y0, rows.upperBound + dy <= s.y1 {
                    s.image.premultipliedARGB.withUnsafeBufferPointer { tex in
                        visible(x0, x1) { b in
                            lamina_over_rect(surface.row(b.y) + b.x, surface.stride, tex.baseAddress! + (b.y + dy) * s.image.width + b.x + dx,
                                             s.image.width, Int32(b.width), Int32(b.height), k)
                        }
                    }
                } else {
                    for y in rows { fallback.append(CoverageSpan(y: Int32(y), x: span.x, length: span.length, coverage: span.coverage)) }
                }
            default:
                for y in rows { fallback.append(CoverageSpan(y: Int32(y), x: span.x, length: span.length, coverage: span.coverage)) }
            }
        }
        if !fallback.isEmpty { paintSpans(fallback, paint: paint, opacity: opacity, area: area, on: surface) }
    }

    /// The parts of `block` that no node after the surface's `occlusionOrder` paints over (the
    /// whole block without occluders).
    @inline(__always)
    func forEachVisible(_ block: IntRect, on surface: Surface, _ paint: (IntRect) -> Void) {
        if surface.occlusionOrder != .max, let occluders = surface.occluders {
            occluders.forEachVisible(block, after: surface.occlusionOrder, scratch: occlusionScratch, paint)
        } else {
            paint(block)
        }
    }

    /// Composites `image`'s texels one for one onto the device rectangle `rect`: texel (x + dx,
    /// y + dy), which must lie inside the image, onto pixel (x, y), scaled by `opacity`, within the
    /// surface's scissor, skipping what later nodes paint over. The same pixels as
    /// `drawAxisAlignedRect` with that rectangle and the image's whole-texel paint. The surface
    /// must have no soft clip.
    func copyTexels(_ image: CGImage, rect: IntRect, dx: Int, dy: Int, opacity: Double, on surface: Surface) {
        // Checked before the factor is made: a negative or NaN opacity would not convert.
        guard opacity > 0 else { return }
        let area = rect.intersection(surface.scissor)
        // Coverage 1 times the opacity, rounded as the runs of drawAxisAlignedRect are.
        let k = UInt32(min(Float(min(opacity, 1)), 1) * 255 + 0.5)
        guard !area.isEmpty, k != 0 else { return }
        let width = image.width, stride = surface.stride
        image.premultipliedARGB.withUnsafeBufferPointer { tex in
            let texels = tex.baseAddress!
            forEachVisible(area, on: surface) { b in
                lamina_over_rect(surface.row(b.y) + b.x, stride, texels + (b.y + dy) * width + b.x + dx, width, Int32(b.width), Int32(b.height), k)
            }
        }
    }

    private var spans: [CoverageSpan] = []
    /// Working storage for skipping what later nodes paint over.
    let occlusionScratch = OcclusionScratch()
    /// The runs of corner rows already built, by corner shape.
    private let cornerRows = CornerRowCache()

    /// Where an untinted image is drawn through a whole-texel translation: its texels, the offset
    /// from device pixels to texels, and the texel rectangle spans may copy from.
    private struct TexelCopy {
        let texels: UnsafePointer<UInt32>, width: Int
        let dx: Int, dy: Int, x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// Composites `paint` through coverage runs, within `area`.
    private func paintSpans(_ spans: [CoverageSpan], paint: Paint, opacity: Double, area: IntRect, on surface: Surface) {
        // Nothing to paint (a rectangle's rows all painted as a block): no texels borrowed.
        guard !spans.isEmpty else { return }
        // An image's texels are borrowed once for all the spans (not once per span), and its
        // sampler taken out of the paint once.
        if case .image(let s) = paint {
            s.image.premultipliedARGB.withUnsafeBufferPointer { tex in
                let texels = tex.baseAddress!
                let copy = s.copyOffset.flatMap { (dx, dy) in
                    s.tint == 0xFFFF_FFFF ? TexelCopy(texels: texels, width: s.image.width, dx: dx, dy: dy, x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1) : nil
                }
                paintSpans(spans, paint: paint, copy: copy, opacity: opacity, area: area, on: surface) { x0, y, n, out in
                    SpanShader.shadeImage(s, texels: texels, x0: x0, y: y, count: n, into: out)
                }
            }
        } else if case .gradient(let g) = paint, fusesGradients,
                  paintGradientSpans(spans, gradient: g, opacity: opacity, area: area, on: surface) {
            return
        } else {
            paintSpans(spans, paint: paint, copy: nil, opacity: opacity, area: area, on: surface) { x0, y, n, out in
                SpanShader.shade(paint, x0: x0, y: y, count: n, into: out)
            }
        }
    }

    /// paintSpans with the paint's colours for n pixels from (x0, y) given by `shade` and, for an
    /// untinted whole-texel translation of an image, where to copy from (`copy`).
    private func paintSpans(_ spans: [CoverageSpan], paint: Paint, copy: TexelCopy?, opacity: Double, area: IntRect, on surface: Surface,
                            shade: (_ x0: Int, _ y: Int, _ n: Int, _ out: UnsafeMutablePointer<UInt32>) -> Void) {
        let op = Float(min(opacity, 1))
        let clip = surface.clip
        let solid: UInt32? = { if case .solid(let c) = paint { return c } else { return nil } }()
        if let solid, clip == nil {
            paintSolidSpans(spans, color: solid, op: op, area: area, on: surface)
            return
        }
        let ax0 = area.x, ax1 = area.maxX
        // Text on fractional pixels, rotated, scaled or in perspective (any map but a translation by
        // whole pixels; those read texels).
        let sampled: MaskSampler? = {
            guard fusesMaskSamples, case .mask(let m) = paint else { return nil }
            let wholePixels = SpanShader.isTranslation(m.map) && m.map.g == m.map.g.rounded() && m.map.h == m.map.h.rounded()
            return wholePixels ? nil : m
        }()
        for span in spans {
            let y = Int(span.y)
            if y < area.y || y >= area.maxY || span.coverage <= 0 { continue }
            let x0 = max(Int(span.x), ax0), x1 = min(Int(span.x + span.length), ax1)
            if x1 <= x0 { continue }
            let n = x1 - x0
            let dst = surface.row(y) + x0
            let c = span.coverage * op
            if let clip {
                // Per-pixel: coverage × clip, except where the clip is exactly 1 (its inside): there
                // the pixels are the unclipped ones (c × 1 is c), drawn a run at a time.
                let inside = clip.fullRun(y)
                let m0 = min(max(inside.lo, x0), x1), m1 = max(min(inside.hi, x1), m0)
                let runs = m1 - m0 >= 8
                let src = sourceRow(n)
                if let solid {
                    // The colour only where the per-pixel path reads it (the inside takes it whole).
                    if runs {
                        src.update(repeating: solid, count: m0 - x0)
                        (src + (m1 - x0)).update(repeating: solid, count: x1 - m1)
                    } else {
                        src.update(repeating: solid, count: n)
                    }
                } else {
                    shade(x0, y, n, src)
                }
                if let solid, fusesClippedSolids {
                    // The colour through the clip's coverage values, one kernel call a part.
                    if runs {
                        if m0 > x0 { PrimitiveDrawer.overSolidClipped(dst, color: solid, clip: clip, x0: x0, x1: m0, y: y, c: c) }
                        let k = UInt32(min(c, 1) * 255 + 0.5)
                        if k != 0 { BlendKernels.overSolid(dst + (m0 - x0), color: Premultiplied.scale(solid, k), count: m1 - m0) }
                        if x1 > m1 { PrimitiveDrawer.overSolidClipped(dst + (m1 - x0), color: solid, clip: clip, x0: m1, x1: x1, y: y, c: c) }
                    } else {
                        PrimitiveDrawer.overSolidClipped(dst, color: solid, clip: clip, x0: x0, x1: x1, y: y, c: c)
                    }
                    continue
                }
                if runs {
                    if m0 > x0 { PrimitiveDrawer.overRuns(dst, src, count: m0 - x0) { i in UInt32(min(c * clip.value(x0 + i, y), 1) * 255 + 0.5) } }
                    let k = UInt32(min(c, 1) * 255 + 0.5)
                    if k != 0 {
                        if let solid { BlendKernels.overSolid(dst + (m0 - x0), color: Premultiplied.scale(solid, k), count: m1 - m0) }
                        else { BlendKernels.over(dst + (m0 - x0), src + (m0 - x0), count: m1 - m0, scale: k) }
                    }
                    if x1 > m1 { PrimitiveDrawer.overRuns(dst + (m1 - x0), src + (m1 - x0), count: x1 - m1) { i in UInt32(min(c * clip.value(m1 + i, y), 1) * 255 + 0.5) } }
                } else {
                    PrimitiveDrawer.overRuns(dst, src, count: n) { i in UInt32(min(c * clip.value(x0 + i, y), 1) * 255 + 0.5) }
                }
                continue
            }
            // Without a clip the paint is not solid here (solid runs go to paintSolidSpans).
            let k = UInt32(min(c, 1) * 255 + 0.5)
            if k == 0 { continue }
            if let c = copy, x0 + c.dx >= c.x0, x1 + c.dx <= c.x1, y + c.dy >= c.y0, y + c.dy < c.y1 {
                // Whole-texel translation: composite straight from the image's row.
                BlendKernels.over(dst, c.texels + (y + c.dy) * c.width + x0 + c.dx, count: n, scale: k)
                continue
            }
            if let sampled {
                overSampledMask(sampled, dst: dst, x0: x0, y: y, count: n, k: k)
                continue
            }
            let src = sourceRow(n)
            shade(x0, y, n, src)
            BlendKernels.over(dst, src, count: n, scale: k)
        }
    }

    /// paintSpans for a solid colour without a soft clip (most of what rectangles, rounded corners
    /// and shapes draw): the same pixels, in a loop with the surface's addressing hoisted and the
    /// scaled colour kept while consecutive runs share a coverage.
    private func paintSolidSpans(_ spans: [CoverageSpan], color solid: UInt32, op: Float, area: IntRect, on surface: Surface) {
        let ax0 = area.x, ax1 = area.maxX, ay0 = area.y, ay1 = area.maxY
        let stride = surface.stride, pixels = surface.pixels, fy = surface.frame.y, fx = surface.frame.x
        var lastK: UInt32 = 256, color: UInt32 = 0
        spans.withUnsafeBufferPointer { runs in
            for span in runs {
                let y = Int(span.y)
                if y < ay0 || y >= ay1 || span.coverage <= 0 { continue }
                let x0 = max(Int(span.x), ax0), x1 = min(Int(span.x + span.length), ax1)
                if x1 <= x0 { continue }
                let k = UInt32(min(span.coverage * op, 1) * 255 + 0.5)
                if k == 0 { continue }
                if k != lastK { lastK = k; color = Premultiplied.scale(solid, k) }
                let n = x1 - x0
                let dst = pixels + ((y - fy) * stride + x0 - fx)
                if n < 8 {
                    for i in 0..<n { dst[i] = Premultiplied.over(dst[i], color) }
                } else {
                    BlendKernels.overSolid(dst, color: color, count: n)
                }
            }
        }
    }

    /// The coverage of `contours` (device pixels) over `area` as a clip mask (intersected with
    /// `outer`): the one made for the same inputs in a recent frame when there is one (`clipMasks`).
    func clipMask(_ contours: [[(x: Double, y: Double)]], rule: FillRule, area: IntRect, outer: ClipMask?, columns: Range<Int>) -> ClipMask {
        let key = ClipMaskCache.key(contours, rule: rule, area: area, outer: outer, columns: columns)
        return clipMasks.mask(for: key, outer: outer) { makeClipMask(contours, rule: rule, area: area, outer: outer, columns: columns) }
    }

    /// `clipMask` made anew. Without an outer mask, each row's longest run of exact ones
    /// (`ClipMask.fullRun`) is read from the rasteriser's runs as they are written (a row's runs come
    /// in column order, apart, and a run continuing the one before it with the same coverage is
    /// joined to it, so a stretch of ones is one run): the runs `ClipMask.runsOfOne` would find.
    private func makeClipMask(_ contours: [[(x: Double, y: Double)]], rule: FillRule, area: IntRect, outer: ClipMask?, columns: Range<Int>) -> ClipMask {
        var a = area
        if let o = outer { a = a.intersection(o.rect) }
        var values = [Float](repeating: 0, count: a.area)
        var runs: [(lo: Int32, hi: Int32)]?
        if !a.isEmpty {
            rasterizer.rasterize(contours, rule: rule, columns: columns, rows: a.y..<a.maxY)
            var ones = [(lo: Int32, hi: Int32)](repeating: (0, 0), count: outer == nil ? a.height : 0)
            // Straight from the runs (the dense `coverage` would be built anew on every access).
            values.withUnsafeMutableBufferPointer { buffer in
                let v = buffer.baseAddress!
                for span in rasterizer.spans {
                    let y = Int(span.y)
                    guard y >= a.y, y < a.maxY else { continue }
                    let x0 = max(Int(span.x), a.x), x1 = min(Int(span.x + span.length), a.maxX)
                    guard x1 > x0 else { continue }
                    let base = (y - a.y) * a.width - a.x
                    if let o = outer {
                        for x in x0..<x1 { v[base + x] = span.coverage * o.value(x, y) }
                    } else {
                        (v + base + x0).update(repeating: span.coverage, count: x1 - x0)
                        let best = ones[y - a.y]
                        if span.coverage == 1, x1 - x0 > Int(best.hi - best.lo) { ones[y - a.y] = (Int32(x0 - a.x), Int32(x1 - a.x)) }
                    }
                }
            }
            if outer == nil { runs = ones }
        }
        return ClipMask(rect: a, values: values, fullRuns: runs)
    }

    /// Composites `src` (an offscreen surface) onto `dst` with `opacity`, optionally times `mask`
    /// (alpha of another offscreen surface of the same frame), within dst's scissor and clip.
    func composite(_ src: Surface, onto dst: Surface, opacity: Double, mask: Surface?) {
        var area = dst.scissor.intersection(src.frame)
        if let c = dst.clip { area = area.intersection(c.rect) }
        guard !area.isEmpty, opacity > 0 else { return }
        let op = UInt32((min(opacity, 1) * 255).rounded())
        let clip = dst.clip
        if clip == nil {
            compositeUnclipped(src, onto: dst, area: area, op: op, mask: mask)
            return
        }
        for y in area.y..<area.maxY {
            let s = src.row(y), d = dst.row(y)
            let m: UnsafeMutablePointer<UInt32>? = mask.map { $0.frame.y <= y && y < $0.frame.maxY ? $0.row(y) : nil } ?? nil
            let maskInRows = mask == nil || m != nil
            // Each pixel's factor: the opacity, times the mask's alpha, times the clip.
            PrimitiveDrawer.overRuns(d + area.x, s + area.x, count: area.width) { i in
                let x = area.x + i
                var k = op
                if let mask {
                    guard maskInRows, let m, x >= mask.frame.x, x < mask.frame.maxX else { return 0 }
                    k = Premultiplied.mul255(k, m[x] >> 24)
                }
                if let clip { k = PrimitiveDrawer.roundedFactor(Float(k) * clip.value(x, y)) }
                return k
            }
        }
    }

    /// `UInt32(v.rounded())` (halves away from zero) for v in 0...255, without a call into libm.
    @inline(__always)
    static func roundedFactor(_ v: Float) -> UInt32 {
        let t = UInt32(v)
        return v - Float(t) >= 0.5 ? t + 1 : t
    }

    /// `composite` where `dst` has no soft clip: the same pixels, with the factor worked out per run
    /// of equal mask alpha rather than per pixel (a mask is mostly runs of 0 and 255), and the
    /// columns outside the mask (factor 0) left alone.
    private func compositeUnclipped(_ src: Surface, onto dst: Surface, area: IntRect, op: UInt32, mask: Surface?) {
        guard let mask else {
            for y in area.y..<area.maxY {
                PrimitiveDrawer.overConstant(dst.row(y) + area.x, src.row(y) + area.x, count: area.width, k: op)
            }
            return
        }
        let x0 = max(area.x, mask.frame.x), x1 = min(area.maxX, mask.frame.maxX)
        let y0 = max(area.y, mask.frame.y), y1 = min(area.maxY, mask.frame.maxY)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            let s = src.row(y), d = dst.row(y), m = mask.row(y)
            var x = x0
            while x < x1 {
                let a = m[x] >> 24
                var end = x + 1
                while end < x1 && m[end] >> 24 == a { end += 1 }
                if a != 0 { PrimitiveDrawer.overConstant(d + x, s + x, count: end - x, k: Premultiplied.mul255(op, a)) }
                x = end
            }
        }
    }

    /// dst[i] = (src[i] · k/255) over dst[i] for `count` pixels: what `overRuns` does with one factor.
    @inline(__always)
    static func overConstant(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, k: UInt32) {
        guard k != 0, count > 0 else { return }
        if count >= 8 {
            BlendKernels.over(dst, src, count: count, scale: k)
        } else {
            for j in 0..<count { dst[j] = Premultiplied.over(dst[j], Premultiplied.scale(src[j], k)) }
        }
    }

    /// dst[i] = (src[i] · k(i)/255) over dst[i] for `count` pixels, with a factor k(i) in 0...255
    /// per pixel: runs of one factor (the inside of a soft clip or a group without a mask) go
    /// through the row kernel, short ones pixel by pixel. The same pixels as Premultiplied.over
    /// of Premultiplied.scale, pixel by pixel.
    @inline(__always)
    /// `color` over pixels x0..<x1 of row y (`dst` is pixel x0), pixel x scaled by
    /// min(c × clip(x, y), 1) rounded to 1/255 (0: the pixel is left): `overRuns`' pixels for a
    /// solid colour, by `lamina_over_solid_coverage` on the clip's row of values (its columns;
    /// outside them the clip is 0 and nothing is drawn).
    static func overSolidClipped(_ dst: UnsafeMutablePointer<UInt32>, color: UInt32, clip: ClipMask, x0: Int, x1: Int, y: Int, c: Float) {
        let r = clip.rect
        let ly = y - r.y
        let from = max(x0, r.x), to = min(x1, r.maxX)
        guard ly >= 0, ly < r.height, to > from, color != 0 else { return }
        clip.values.withUnsafeBufferPointer { v in
            lamina_over_solid_coverage(dst + (from - x0), color, v.baseAddress! + ly * r.width + (from - r.x), c, Int32(to - from))
        }
    }

    static func overRuns(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, factor: (Int) -> UInt32) {
        guard count > 0 else { return }
        var start = 0, k = factor(0)
        for i in 1...count {
            let next = i < count ? factor(i) : UInt32.max
            if next == k { continue }
            if k != 0 {
                if i - start >= 8 {
                    BlendKernels.over(dst + start, src + start, count: i - start, scale: k)
                } else {
                    for j in start..<i { dst[j] = Premultiplied.over(dst[j], Premultiplied.scale(src[j], k)) }
                }
            }
            start = i; k = next
        }
    }
}
