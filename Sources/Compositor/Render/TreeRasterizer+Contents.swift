import Foundation
import CoreGraphics
import CPixelKernels

/// What a node draws (backgrounds, images, gradients, glyph masks, shapes) and how its images and
/// masks are placed and sampled.
extension TreeRasterizer {
    /// `edges`: the bounds and antialiasedEdges of the node whose aliased bounds edges apply to
    /// image and gradient rectangles that lie on them.
    func drawContent(_ c: RenderContent, H: Projective2D, ppu: Double, opacity: Double, on s: Surface,
                     edges: (bounds: CGRect, antialiased: UInt8)? = nil) {
        switch c {
        case .fill(let f):
            // A deferred shape whose box lies wholly outside the scissor (in another band's rows):
            // nothing of it is drawn here, and its edges are not set up.
            if let box = f.deferredBounds, TreeRasterizer.misses(box, H, s.scissor) { return }
            // A 2D layer's shape: its points mapped in C (the same doubles as projectClipped).
            if drawer.drawSolid(f.contours, affine: H, rule: f.rule, color: f.color, opacity: opacity, on: s, deferred: f.deferred) { return }
            let contours = f.contours.map { H.projectClipped($0) }
            drawer.draw(contours, rule: f.rule, paint: .solid(f.color), opacity: opacity, on: s)
        case .gradient(let g):
            guard let inv = H.inverse else { return }
            let rect = H.projectClipped(TreeRasterizer.rectPolygon(g.rect))
            let paint = Paint.gradient(GradientSampler(g, deviceToLayer: inv))
            // A rectangle on whole pixels (an unrotated layer at whole-pixel places, the common
            // case) covers its pixels exactly, with aliased edges or smooth ones (an aliased edge's
            // staircase then runs along the edge itself): its rows are made directly instead of
            // rasterising the polygon, the same coverage (GradientRectTests).
            if let box = TreeRasterizer.pixelRect(rect) {
                drawer.drawAxisAlignedRect(x0: Double(box.x), y0: Double(box.y), x1: Double(box.maxX), y1: Double(box.maxY),
                                           paint: paint, opacity: opacity, on: s)
                return
            }
            // An unrotated rectangle at fractional places (a sliding gradient, a photo inside a
            // card): with smooth edges, its rows with their edges' coverage made directly, as an
            // image's are; with every edge aliased (no edge antialiasing, iOS's default), the
            // whole pixels whose centres it holds. Either instead of rasterising the polygon (and
            // its staircases), the same coverage (GradientRectTests).
            if let e = edges, e.antialiased & 0xF == 0, g.rect == e.bounds,
               let box = TreeRasterizer.aliasedRectClip(H, e.bounds, radius: 0, corners: 0, antialiased: 0) {
                drawer.drawAxisAlignedRect(x0: Double(box.x), y0: Double(box.y), x1: Double(box.maxX), y1: Double(box.maxY),
                                           paint: paint, opacity: opacity, on: s)
                return
            }
            if edges.map({ $0.antialiased & 0xF == 0xF }) ?? true, let r = TreeRasterizer.axisAligned(H, g.rect) {
                drawer.drawAxisAlignedRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, paint: paint, opacity: opacity, on: s)
                return
            }
            let poly = edges.map { aliased(rect, $0, H) } ?? rect
            drawer.draw([poly], rule: .nonZero, paint: paint, opacity: opacity, on: s)
        case .image(let img):
            NinePart.forEachPart(img) { drawImagePart($0, H: H, opacity: opacity, on: s, edges: edges) }
        case .glyphs(let g):
            guard let inv = H.inverse, g.scale > 0 else { return }
            let rect = CGRect(x: g.origin.x, y: g.origin.y, width: CGFloat(Double(g.mask.width) * g.scale), height: CGFloat(Double(g.mask.height) * g.scale))
            // device → layer → mask pixels
            let toMask = Projective2D(a: 1 / g.scale, b: 0, c: 0, d: 0, e: 1 / g.scale, f: 0,
                                      g: -Double(g.origin.x) / g.scale, h: -Double(g.origin.y) / g.scale, i: 1)
            let map = inv.then(toMask)
            // Text on whole pixels (the usual case): mask pixel for device pixel, in one pass a row.
            if shortcuts.copiesTexels, s.clip == nil, let copy = TreeRasterizer.maskCopy(g.mask, map: map, H: H, rect: rect) {
                drawer.copyMask(g.mask, color: g.color, rect: copy.rect, dx: copy.dx, dy: copy.dy, opacity: opacity, on: s)
                return
            }
            let poly = H.projectClipped(TreeRasterizer.rectPolygon(rect))
            drawer.draw([poly], rule: .nonZero, paint: .mask(MaskSampler(mask: g.mask, map: map, color: g.color)), opacity: opacity, on: s)
        }
    }

    /// The most texels read ahead for a rotated image (128 Ki, 512 KiB: half a typical L2).
    static let readAheadTexels = 1 << 17

    /// Draws one image rectangle: destination → source texels, sampled through the inverse map.
    func drawImagePart(_ img: RenderImage, H: Projective2D, opacity: Double, on s: Surface, edges: (bounds: CGRect, antialiased: UInt8)? = nil) {
        // Texels one for one onto whole pixels (most images of a user interface): the same pixels
        // as the sampled path below, without building its sampler, paint and coverage runs.
        if shortcuts.copiesTexels, s.clip == nil, let copy = TreeRasterizer.texelCopy(img, H: H) {
            drawer.copyTexels(img.image, rect: copy.rect, dx: copy.dx, dy: copy.dy, opacity: opacity, on: s)
            return
        }
        guard let (sampler, slant) = TreeRasterizer.sampler(img, H: H) else { return }
        let d = img.destination
        let (x0, y0, x1, y1) = (sampler.x0, sampler.y0, sampler.x1, sampler.y1)
        if let r = TreeRasterizer.axisAligned(H, d) {
            drawer.drawAxisAlignedRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, paint: .image(sampler), opacity: opacity, on: s)
        } else {
            let poly = H.projectClipped(TreeRasterizer.rectPolygon(d))
            // A rotated image is read along slanted lines that cross texel rows, each texel pair
            // from a cache line of its own: read its texels in order first (one word a line), so
            // that the sampler finds them in L2, not in memory one at a time (frame50: 18.2 ->
            // 15.0 ms with prefetch hints, 8 % better again with plain reads). Images read along
            // their rows (a perspective turn about y) stream well already and are left alone.
            if slant > 1.0 / 32, (x1 - x0) * (y1 - y0) <= TreeRasterizer.readAheadTexels {
                img.image.premultipliedARGB.withUnsafeBufferPointer { t in
                    _ = lamina_touch_rows(t.baseAddress! + y0 * img.image.width + x0, img.image.width, Int32(x1 - x0), Int32(y1 - y0))
                }
            }
            drawer.draw([edges.map { aliased(poly, $0, H) } ?? poly], rule: .nonZero, paint: .image(sampler), opacity: opacity, on: s)
        }
    }

    /// Where an untinted image lands texel for texel on whole device pixels: `H` maps its
    /// destination to a rectangle with whole-pixel edges the size of its source, whose edges are
    /// whole texels inside the image, so that pixel (x, y) of `rect` shows texel (x + dx, y + dy)
    /// (what sampling gives at texel centres, with either filter). Nil otherwise (scaled, rotated,
    /// fractional, tinted, or reading past the image's edges).
    static func texelCopy(_ img: RenderImage, H: Projective2D) -> (rect: IntRect, dx: Int, dy: Int)? {
        guard img.tint == 0xFFFF_FFFF, let r = axisAligned(H, img.destination) else { return nil }
        let sx0 = Double(img.source.minX), sy0 = Double(img.source.minY)
        let w = r.x1 - r.x0, h = r.y1 - r.y0
        // One bound for all (a whole Double this small converts to Int exactly).
        let limit = 1_073_741_824.0
        guard abs(r.x0) < limit, abs(r.y0) < limit, abs(r.x1) < limit, abs(r.y1) < limit,
              r.x0 == r.x0.rounded(), r.y0 == r.y0.rounded(), r.x1 == r.x1.rounded(), r.y1 == r.y1.rounded(),
              w > 0, h > 0, w == Double(img.source.width), h == Double(img.source.height),
              sx0 == sx0.rounded(), sy0 == sy0.rounded(), sx0 >= 0, sy0 >= 0,
              sx0 + w <= Double(img.image.width), sy0 + h <= Double(img.image.height) else { return nil }
        let x = Int(r.x0), y = Int(r.y0)
        return (IntRect(x: x, y: y, width: Int(w), height: Int(h)), Int(sx0) - x, Int(sy0) - y)
    }

    /// Where a glyph mask lands mask pixel for device pixel: `map` (device to mask pixels) is a
    /// translation by whole pixels and `rect` (the mask's layer rectangle) lands on whole device
    /// pixels through `H`, exactly on the mask. Then every pixel of the device rectangle has
    /// coverage 1 and reads the texel the `.mask` paint would read.
    static func maskCopy(_ mask: AlphaMask, map: Projective2D, H: Projective2D, rect: CGRect) -> (rect: IntRect, dx: Int, dy: Int)? {
        let limit = 1_073_741_824.0
        guard map.a == 1, map.b == 0, map.c == 0, map.d == 0, map.e == 1, map.f == 0, map.i == 1,
              abs(map.g) < limit, abs(map.h) < limit, map.g == map.g.rounded(), map.h == map.h.rounded(),
              mask.width > 0, mask.height > 0, let r = axisAligned(H, rect) else { return nil }
        let dx = Int(map.g), dy = Int(map.h)
        guard abs(r.x0) < limit, abs(r.y0) < limit, r.x0 == r.x0.rounded(), r.y0 == r.y0.rounded(),
              r.x1 - r.x0 == Double(mask.width), r.y1 - r.y0 == Double(mask.height),
              Int(r.x0) + dx == 0, Int(r.y0) + dy == 0 else { return nil }
        return (IntRect(x: Int(r.x0), y: Int(r.y0), width: mask.width, height: mask.height), dx, dy)
    }

    /// How an image rectangle is sampled through the layer-to-device map `H` (device pixel →
    /// texel, the texel rectangle it reads, the filter for its scale), and how many texel rows a
    /// device row crosses (its slant); nil when it draws nothing.
    static func sampler(_ img: RenderImage, H: Projective2D) -> (ImageSampler, slant: Double)? {
        let d = img.destination, src = img.source
        guard d.width > 0, d.height > 0, src.width > 0, src.height > 0, img.image.width > 0, img.image.height > 0,
              let inv = H.inverse else { return nil }
        let sx = Double(src.width / d.width), sy = Double(src.height / d.height)
        let toTexel = Projective2D(a: sx, b: 0, c: 0, d: 0, e: sy, f: 0,
                                   g: Double(src.minX) - Double(d.minX) * sx, h: Double(src.minY) - Double(d.minY) * sy, i: 1)
        let map = inv.then(toTexel)
        // Texels per pixel at the centre decides magnification or minification.
        let cx = Double(d.midX), cy = Double(d.midY)
        let c = H.homogeneous(cx, cy)
        var minifying = false
        // Texel rows crossed per device pixel along a device row (a rotated image's slant).
        var slant = 0.0
        if c.w > 0 {
            let px = c.x / c.w, py = c.y / c.w
            let t0 = map.homogeneous(px, py), t1 = map.homogeneous(px + 1, py), t2 = map.homogeneous(px, py + 1)
            let ux = t1.x / t1.w - t0.x / t0.w, uy = t1.y / t1.w - t0.y / t0.w
            let vx = t2.x / t2.w - t0.x / t0.w, vy = t2.y / t2.w - t0.y / t0.w
            minifying = abs(ux * vy - uy * vx) > 1.0001
            slant = abs(uy)
        }
        let filter = minifying ? img.minification : img.magnification
        // Clamped as Doubles first: a source rectangle far outside the image (contentsRect 1e260)
        // must not reach Int's conversion.
        func texel(_ v: Double, _ limit: Int) -> Int { v.isNaN ? 0 : Int(min(max(v, -1), Double(limit))) }
        let x0 = max(0, min(texel(Double(src.minX).rounded(.down), img.image.width), img.image.width - 1))
        let y0 = max(0, min(texel(Double(src.minY).rounded(.down), img.image.height), img.image.height - 1))
        let x1 = max(x0 + 1, min(texel(Double(src.maxX).rounded(.up), img.image.width), img.image.width))
        let y1 = max(y0 + 1, min(texel(Double(src.maxY).rounded(.up), img.image.height), img.image.height))
        let sampler = ImageSampler(image: img.image, map: map, x0: x0, y0: y0, x1: x1, y1: y1, bilinear: filter == .linear, tint: img.tint)
        return (sampler, slant)
    }

    /// A device polygon of a node (its bounds and antialiasedEdges in `edges`) with the segments
    /// on its aliased bounds edges made staircases (AliasedEdges); unchanged when every edge is
    /// anti-aliased.
    func aliased(_ poly: [(x: Double, y: Double)], _ edges: (bounds: CGRect, antialiased: UInt8), _ H: Projective2D) -> [(x: Double, y: Double)] {
        edges.antialiased & 0xF == 0xF ? poly : AliasedEdges.apply(poly, bounds: edges.bounds, toLayer: H.inverse, antialiased: edges.antialiased)
    }

    /// The device rectangle of `r` when H only scales (positively) and translates, else nil.
    static func axisAligned(_ H: Projective2D, _ r: CGRect) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard H.b == 0, H.d == 0, H.c == 0, H.f == 0, H.i == 1, H.a > 0, H.e > 0 else { return nil }
        let x0 = H.a * Double(r.minX) + H.g, x1 = H.a * Double(r.maxX) + H.g
        let y0 = H.e * Double(r.minY) + H.h, y1 = H.e * Double(r.maxY) + H.h
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
        return (x0, y0, x1, y1)
    }
}
