import Foundation
import CoreGraphics
import CPixelKernels

/// Shadows: their device geometry and reach, blurs of a path or of a group's alpha (whole, or cut
/// to a band on one device-wide grid), and compositing the blurred plane.
extension TreeRasterizer {

    /// The device offset and blur deviation of a shadow given in the parent's coordinates.
    func shadowGeometry(_ sh: RenderShadow, node n: RenderNode, P: Matrix4x4) -> (dx: Double, dy: Double, sigma: Double) {
        let Pp = P.projective
        let centre = n.toParent.apply(x: Double(n.bounds.midX), y: Double(n.bounds.midY))
        let cx = centre.x / centre.w, cy = centre.y / centre.w
        let a = Pp.homogeneous(cx, cy), b = Pp.homogeneous(cx + sh.offsetX, cy + sh.offsetY)
        var dx = b.x / b.w - a.x / a.w, dy = b.y / b.w - a.y / a.w
        if !dx.isFinite || !dy.isFinite { dx = 0; dy = 0 }
        dx = TreeRasterizer.shadowOffset(dx); dy = TreeRasterizer.shadowOffset(dy)
        return (dx, dy, TreeRasterizer.shadowSigma(sh.radius * TreeRasterizer.scale(of: P)))
    }

    /// How far (device pixels) a node's shadow reaches past what casts it: three deviations of
    /// blur plus the larger side of the device offset, rounded up, plus 2.
    func shadowReach(_ sh: RenderShadow, node n: RenderNode, P: Matrix4x4) -> Int {
        TreeRasterizer.reach(of: shadowGeometry(sh, node: n, P: P))
    }

    /// `shadowReach` of a shadow's device geometry.
    static func reach(of g: (dx: Double, dy: Double, sigma: Double)) -> Int {
        Int((3 * g.sigma + max(abs(g.dx), abs(g.dy))).rounded(.up)) + 2
    }

    /// How far past a band a shadowed group too large to draw whole is drawn (device pixels): as
    /// far as its shadow's blur cut to the band reads the group (`cutBlurMargin`, one step of the
    /// grid that is aligned to, and the offset), and at least the shadow's reach, so the group
    /// holds all the alpha the blur needs.
    func cutGroupReach(_ sh: RenderShadow, node n: RenderNode, P: Matrix4x4) -> Int {
        let g = shadowGeometry(sh, node: n, P: P)
        let factor = g.sigma > TreeRasterizer.fullResolutionSigma ? TreeRasterizer.reduction(for: g.sigma) : 1
        let read = Int(max(abs(g.dx), abs(g.dy)).rounded(.up)) + TreeRasterizer.cutBlurMargin(sigma: g.sigma, factor: factor) + factor + 2
        return max(read, TreeRasterizer.reach(of: g))
    }

    /// How far past a band a shadow too large to blur whole is blurred (device pixels): the three
    /// boxes' radii on the plane reduced by `factor`, plus two reduced pixels (the bilinear step
    /// back to full resolution reads one past its own), so the pixels the band draws are those of
    /// the whole blur.
    static func cutBlurMargin(sigma: Double, factor: Int) -> Int {
        (BoxBlur.boxSizes(sigma: min(sigma / Double(factor), 256)).reduce(0, +) + 2) * factor
    }

    /// `cut` grown outwards to the device grid of `step` × `step` blocks (from the device origin,
    /// which no band moves: the source a band sees, and so the whole around it, is cut to the band).
    /// What it adds past the shadow's whole is zeros.
    static func aligned(_ cut: IntRect, toGridOf step: Int) -> IntRect {
        guard step > 1, !cut.isEmpty else { return cut }
        func down(_ v: Int) -> Int { v >= 0 ? v / step * step : -((-v + step - 1) / step * step) }
        let x0 = down(cut.x), y0 = down(cut.y)
        let x1 = -down(-cut.maxX), y1 = -down(-cut.maxY)
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The largest blur deviation drawn, in device pixels: past it a shadow is a faint haze whose
    /// buffer (the scissor grown by 3 sigma a side) would only cost memory.
    static let maxShadowSigma = 256.0
    /// The largest shadow offset, in device pixels: the offscreen group of a shadowed layer grows by
    /// the offset on every side, so a larger one would only cost memory (3.4e38 asked for 68 GB).
    static let maxShadowOffset = 1024.0

    /// A blur deviation within 0...maxShadowSigma (0 for NaN).
    static func shadowSigma(_ sigma: Double) -> Double { sigma > 0 ? min(sigma, maxShadowSigma) : 0 }

    /// An offset within ±maxShadowOffset (0 for NaN).
    static func shadowOffset(_ d: Double) -> Double { d.isNaN ? 0 : min(max(d, -maxShadowOffset), maxShadowOffset) }

    /// A shadow from shadowPath, drawn before the layer without a group.
    func drawPathShadow(_ sh: RenderShadow, node n: RenderNode, M: Matrix4x4, P: Matrix4x4, opacity: Double,
                        covered: ShadowComposite.Covered? = nil, on s: Surface) {
        guard let path = sh.path else { return }
        let g = shadowGeometry(sh, node: n, P: P)
        let H = M.projective
        let contours = path.map { H.projectClipped($0.map { (x: Double($0.x) , y: Double($0.y)) }).map { (x: $0.x + g.dx, y: $0.y + g.dy) } }
        drawBlurredAlpha(contours: contours, source: nil, dx: 0, dy: 0, sigma: g.sigma, color: sh.color, opacity: opacity, covered: covered, on: s)
    }

    /// Shadows (and shadowed groups) up to this many device pixels are blurred whole, not per band.
    static let wholeShadowArea = 1 << 18

    /// Blurs at or below this deviation (device pixels) run at full resolution; larger ones on a
    /// plane reduced by a power of two that brings the deviation to at most 8 (as Skia does), so a
    /// blur's cost stops growing with its radius.
    static let fullResolutionSigma = 16.0

    /// Rasterises an alpha source (contours, or a surface's alpha times a mask) shifted by (dx, dy),
    /// blurs it and composites it tinted with `color`, except on `covered` (see
    /// `ShadowComposite.paint`). The blur comes from the shadow cache when the same source,
    /// placement and deviation were blurred before. A group's blur is kept under `name` as well
    /// when given (`shadowName`), and found by it in later frames without reading the group.
    /// `traced`: `contours`' box and key points made already (`ShadowOutlineMemo`).
    func drawBlurredAlpha(contours: [[(x: Double, y: Double)]]?, traced: ShadowOutlineMemo.Outline? = nil, source: (Surface, Surface?)?,
                          wholeSource: Bool = false, dx: Double, dy: Double,
                          sigma: Double, color: UInt32, opacity: Double, covered: ShadowComposite.Covered? = nil, name: ShadowName? = nil,
                          on s: Surface) {
        var srcBox: IntRect
        if contours != nil, let traced {
            guard let box = traced.box else { return }
            srcBox = box
        } else if let c = contours {
            let pts = c.flatMap { $0 }
            guard !pts.isEmpty else { return }
            srcBox = IntRect.covering(minX: pts.map(\.x).min()!, minY: pts.map(\.y).min()!, maxX: pts.map(\.x).max()!, maxY: pts.map(\.y).max()!)
        } else if let (g, _) = source {
            srcBox = g.frame
            let ix = Int(dx.rounded()), iy = Int(dy.rounded())
            srcBox.x += ix; srcBox.y += iy
        } else { return }
        // (A group's source is cut to the band unless drawn whole: the caller says which, for the
        // cut's own size depends on the band.)
        guard let layout = blurLayout(srcBox, whole: contours != nil ? srcBox.area <= TreeRasterizer.wholeShadowArea : wholeSource,
                                      sigma: sigma, scissor: s.scissor) else { return }
        let area = layout.area, draw = layout.draw, sr = layout.source, factor = layout.factor
        let planeWidth = layout.planeWidth, planeHeight = layout.planeHeight
        // The name a group's blur is kept by as well (see `shadowName`): a blur kept under it in an
        // earlier frame is this alpha's, with no alpha to read, fingerprint and compare.
        let named = source.flatMap { (g, _) in
            name.map { TreeRasterizer.shadowNameKey($0, group: g.frame, ix: Int(dx.rounded()), iy: Int(dy.rounded()), layout: layout,
                                                    columns: s.columns, sigma: sigma) }
        }
        // (Kept in this frame too: by another band that drew the same group.)
        if let named, let kept = shadowCache?.plane(forName: named, thisFrame: true) {
            paintBlurred(kept, factor: factor, area: area, draw: draw, color: color, opacity: opacity, covered: covered, on: s)
            return
        }
        // A group's alpha is blurred straight from the group, without copying it out for a key,
        // when no cache would keep it (there is none, or its key alone is larger than the cache
        // holds: a shadowed group of a large frame), and when the blur is reduced: then making the
        // plane reads the source once, as making its key would, and the blur left is on a plane
        // `factor`² times smaller, so a cached plane saves nothing.
        if let (g, mask) = source, factor > 1 || (shadowCache.map({ sr.area + planeWidth * planeHeight > $0.capacity }) ?? true) {
            let made = ShadowSourcePlane.blurred(alphaOf: g, mask: mask, dx: Int(dx.rounded()), dy: Int(dy.rounded()), source: sr,
                                                 area: area, sigma: sigma, factor: factor)
            if let named { shadowCache?.store(named, plane: made.plane, width: made.width, height: made.height) }
            paintBlurred(made.plane, width: made.width, height: made.height, factor: factor, area: area, draw: draw,
                         color: color, opacity: opacity, covered: covered, on: s)
            return
        }
        // An outline's blur kept from an earlier draw is found by the outline itself: no alpha to
        // rasterise, fingerprint and compare.
        // (Made only where a cache can keep the blur.)
        // A band asking for an outline another band is rasterising waits for that band's alpha
        // (its key) and takes part in its blur, rather than rasterising and fingerprinting the
        // same alpha again (`ShadowCache.claim`).
        let outline = shadowCache == nil ? nil : contours.map { c in
            traced.map { ShadowOutlineKey(points: $0.points, pointsHash: $0.pointsHash, source: sr, area: area, columns: s.columns, sigma: sigma, factor: factor) }
                ?? ShadowOutlineKey(contours: c, source: sr, area: area, columns: s.columns, sigma: sigma, factor: factor)
        }
        var claimed = false
        if let outline, let cache = shadowCache {
            switch cache.claim(outline) {
            case .kept(let kept):
                paintBlurred(kept, factor: factor, area: area, draw: draw, color: color, opacity: opacity, covered: covered, on: s)
                return
            case .follow(let key):
                // The key's source is that band's alpha of the same outline (made here too, should
                // its blur not be kept).
                let blurred = cache.plane(for: key) { share in
                    TreeRasterizer.blurPlane(key.source, source: sr, area: area, sigma: sigma, factor: factor, share: share)
                }
                paintBlurred(blurred.plane, width: blurred.width, height: blurred.height, factor: factor, area: area, draw: draw,
                             color: color, opacity: opacity, covered: covered, on: s)
                return
            case .make: claimed = true
            case .makeAlone: break
            }
        }
        defer { if claimed, let outline { shadowCache?.settle(outline) } }
        var src: [Float]
        if let c = contours {
            src = drawer.clipMask(c, rule: .nonZero, area: sr, outer: nil, columns: s.columns).values
        } else if let (g, mask) = source {
            src = [Float](repeating: 0, count: sr.area)
            let ix = Int(dx.rounded()), iy = Int(dy.rounded())
            // The columns the source covers (and the mask, when there is one).
            var x0 = max(0, g.frame.x + ix - sr.x), x1 = min(sr.width, g.frame.maxX + ix - sr.x)
            if let mask { x0 = max(x0, mask.frame.x + ix - sr.x); x1 = min(x1, mask.frame.maxX + ix - sr.x) }
            src.withUnsafeMutableBufferPointer { out in
                for y in 0..<sr.height where x0 < x1 {
                    let sy = sr.y + y - iy
                    guard sy >= g.frame.y, sy < g.frame.maxY else { continue }
                    let row = g.row(sy) + (sr.x - ix), o = out.baseAddress! + y * sr.width
                    // o[x] = Float(row[x] >> 24) / 255 (times the mask's, Float(mrow[x] >> 24) / 255): `lamina_alpha_row`.
                    if let mask {
                        guard sy >= mask.frame.y, sy < mask.frame.maxY else { continue }
                        let mrow = mask.row(sy) + (sr.x - ix)
                        lamina_alpha_row(o + x0, row + x0, mrow + x0, Int32(x1 - x0))
                    } else {
                        lamina_alpha_row(o + x0, row + x0, nil, Int32(x1 - x0))
                    }
                }
            }
        } else {
            return
        }
        let key = ShadowCache.Key(source: src, sourceWidth: sr.width, sourceHeight: sr.height,
                                  offsetX: sr.x - area.x, offsetY: sr.y - area.y, areaWidth: area.width, areaHeight: area.height,
                                  sigma: sigma, factor: factor)
        if claimed, let outline { shadowCache?.publish(outline, key: key) }
        // (Threads waiting for the same key take part in a large full-resolution blur: `SharedBoxBlur`.)
        let make = { (share: ((SharedBoxBlur) -> Void)?) -> (plane: [Float], width: Int, height: Int) in
            TreeRasterizer.blurPlane(src, source: sr, area: area, sigma: sigma, factor: factor, share: share)
        }
        let blurred = shadowCache?.plane(for: key, sharing: make)
            ?? ShadowCache.Entry(key: key, plane: make(nil).plane, width: planeWidth, height: planeHeight, lastUse: 0)
        if let outline { shadowCache?.remember(outline, gave: blurred) }
        if let named { shadowCache?.remember(named, gave: blurred) }
        paintBlurred(blurred.plane, width: blurred.width, height: blurred.height, factor: factor, area: area, draw: draw,
                     color: color, opacity: opacity, covered: covered, on: s)
    }

    /// Where a shadow is blurred and drawn: its blur's `area` (reduced by `factor` into a plane of
    /// `planeWidth` × `planeHeight`), the part of it this surface draws (`draw`) and the source's
    /// pixels within it (`source`).
    struct BlurLayout {
        let area: IntRect, draw: IntRect, source: IntRect
        let factor: Int
        let planeWidth: Int, planeHeight: Int
    }

    /// The layout of a shadow whose source covers `srcBox`, blurred by `sigma`, on a surface whose
    /// scissor is `scissor`: blurred `whole`, or cut to the scissor. Nil when it draws nothing here.
    func blurLayout(_ srcBox: IntRect, whole: Bool, sigma: Double, scissor: IntRect) -> BlurLayout? {
        let pad = Int((3 * sigma).rounded(.up)) + 1
        let factor = sigma > TreeRasterizer.fullResolutionSigma ? TreeRasterizer.reduction(for: sigma) : 1
        // A shadow of modest size is blurred whole, whatever part of it this band draws and on
        // whatever surface (a group's may be cut to the band): every band then asks the shadow
        // cache for the same blur, made once, and its pixels never depend on where bands end.
        // A larger one only around the scissor, far enough out that the blur (and the reduced
        // plane's bilinear step) reaching the scissor is exact, and on one reduction grid for
        // every band, so every band reduces the same blocks and its pixels are one thread's.
        let all = IntRect(x: srcBox.x - pad, y: srcBox.y - pad, width: srcBox.width + 2 * pad, height: srcBox.height + 2 * pad)
        let area: IntRect
        if whole {
            area = all
        } else {
            let m = TreeRasterizer.cutBlurMargin(sigma: sigma, factor: factor)
            let cut = all.intersection(IntRect(x: scissor.x - m, y: scissor.y - m, width: scissor.width + 2 * m, height: scissor.height + 2 * m))
            area = TreeRasterizer.aligned(cut, toGridOf: factor)
        }
        guard !area.isEmpty else { return nil }
        let draw = area.intersection(scissor)
        guard !draw.isEmpty else { return nil }
        // The source's pixels: its rectangle within the area.
        let sr = srcBox.intersection(area)
        guard !sr.isEmpty else { return nil }
        return BlurLayout(area: area, draw: draw, source: sr, factor: factor,
                          planeWidth: (area.width + factor - 1) / factor, planeHeight: (area.height + factor - 1) / factor)
    }

    /// Composites a blurred plane (over `area`, reduced by `factor`) tinted with `color` times
    /// `opacity` over `s`, inside `draw`.
    func paintBlurred(_ plane: [Float], width: Int, height: Int, factor: Int, area: IntRect, draw: IntRect,
                                  color: UInt32, opacity: Double, covered: ShadowComposite.Covered?, on s: Surface) {
        plane.withUnsafeBufferPointer { a in
            paintBlurred(a, width: width, height: height, factor: factor, area: area, draw: draw, color: color, opacity: opacity,
                         covered: covered, on: s)
        }
    }

    /// `paintBlurred` of a kept blur (`ShadowCache.Entry`): its box of shown values found once
    /// (`Entry.liveBox`, unless `remembersLiveBoxes` is off), not by every band of every frame.
    func paintBlurred(_ e: ShadowCache.Entry, factor: Int, area: IntRect, draw: IntRect,
                      color: UInt32, opacity: Double, covered: ShadowComposite.Covered?, on s: Surface) {
        e.plane.withUnsafeBufferPointer { a in
            paintBlurred(a, width: e.width, height: e.height, factor: factor, area: area, draw: draw, color: color, opacity: opacity,
                         covered: covered, wholeLive: shortcuts.remembersLiveBoxes ? { e.liveBox(threshold: $0) } : nil, on: s)
        }
    }

    /// `paintBlurred` of a plane in memory the caller keeps (a shared shadow's, `ShadowSplit`).
    /// `wholeLive`: see `ShadowComposite.paint`.
    func paintBlurred(_ a: UnsafeBufferPointer<Float>, width: Int, height: Int, factor: Int, area: IntRect, draw: IntRect,
                      color: UInt32, opacity: Double, covered: ShadowComposite.Covered?,
                      wholeLive: ((Float) -> (i0: Int, i1: Int, j0: Int, j1: Int)?)? = nil, on s: Surface) {
        let op = Float(min(opacity, 1))
        // The tinted colour at every coverage level (`ShadowComposite.paint` reads only the full
        // level's without a clip: the others are made only with one), on the stack.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { tint in
            if s.clip != nil {
                for k in 0...255 { tint.initializeElement(at: k, to: Premultiplied.scale(color, UInt32(k))) }
            } else {
                tint.initialize(repeating: 0)
                tint[255] = Premultiplied.scale(color, 255)
            }
            ShadowComposite.paint(a, width: width, height: height, factor: factor, area: area, draw: draw,
                                  opacity: op, tints: UnsafeBufferPointer(tint), covered: covered, wholeLive: wholeLive, on: s)
        }
    }

    /// The power of two that brings `sigma` to at most 8 device pixels.
    static func reduction(for sigma: Double) -> Int {
        var f = 1
        while sigma / Double(f) > 8 && f < 1 << 12 { f *= 2 }
        return f
    }

    /// The blurred plane of an area whose only non-zero pixels are `src` (over `source`): at full
    /// resolution (`factor` 1: the area's size), or reduced by `factor` (each reduced pixel the mean
    /// of its factor × factor block, blurred with sigma / factor).
    /// `share`: see `BoxBlur.blurPlaced` (full resolution only).
    static func blurPlane(_ src: [Float], source: IntRect, area: IntRect, sigma: Double, factor: Int,
                          share: ((SharedBoxBlur) -> Void)? = nil) -> (plane: [Float], width: Int, height: Int) {
        if factor == 1 {
            let plane = BoxBlur.blurPlaced(src, sourceWidth: source.width, sourceHeight: source.height, ox: source.x - area.x, oy: source.y - area.y,
                                           width: area.width, height: area.height, sigma: sigma, share: share)
            return (plane, area.width, area.height)
        }
        let w = (area.width + factor - 1) / factor, h = (area.height + factor - 1) / factor
        var plane = [Float](repeating: 0, count: w * h)
        let share = 1 / Float(factor * factor)
        src.withUnsafeBufferPointer { s in
            plane.withUnsafeMutableBufferPointer { p in
                // Block by block along each row: each reduced pixel sums its values in the same order
                // (rows down, columns across) as one sum per value into it would, with no division
                // per value.
                let ox = source.x - area.x
                for y in 0..<source.height {
                    let row = p.baseAddress! + ((y + source.y - area.y) / factor) * w, from = s.baseAddress! + y * source.width
                    var x = 0, j = ox / factor, next = (ox / factor + 1) * factor - ox
                    while x < source.width {
                        let end = min(next, source.width)
                        var sum = row[j]
                        while x < end { sum += from[x] * share; x += 1 }
                        row[j] = sum
                        j += 1; next += factor
                    }
                }
            }
        }
        BoxBlur.blur(&plane, width: w, height: h, sigma: sigma / Double(factor))
        return (plane, w, h)
    }

    /// The value of a reduced plane at full-resolution pixel (x, y): bilinear between the reduced
    /// pixels whose centres surround the pixel's centre.
    @inline(__always)
    static func upsample(_ a: UnsafeBufferPointer<Float>, width w: Int, height h: Int, factor f: Int, x: Int, y: Int) -> Float {
        let u = (Float(x) + 0.5) / Float(f) - 0.5, v = (Float(y) + 0.5) / Float(f) - 0.5
        let u0 = Int(u.rounded(.down)), v0 = Int(v.rounded(.down))
        let fu = u - Float(u0), fv = v - Float(v0)
        func at(_ i: Int, _ j: Int) -> Float { i < 0 || j < 0 || i >= w || j >= h ? 0 : a[j * w + i] }
        let top = at(u0, v0) * (1 - fu) + at(u0 + 1, v0) * fu
        let bottom = at(u0, v0 + 1) * (1 - fu) + at(u0 + 1, v0 + 1) * fu
        return top * (1 - fv) + bottom * fv
    }

}
