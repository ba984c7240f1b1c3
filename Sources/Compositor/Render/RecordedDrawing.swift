import Foundation
import CoreGraphics

/// Replays a recording CGContext (what draw(in:) drew) into pixels: the layer's backing image.
public enum RecordedDrawing {
    /// The context's operations rasterised into a width × height premultiplied image.
    public static func rasterize(_ ctx: CGContext) -> CGImage {
        let w = ctx.width, h = ctx.height
        var pixels = [UInt32](repeating: 0, count: w * h)
        guard w > 0, h > 0 else { return CGImage(width: w, height: h, validPremultipliedARGB: pixels) }
        let drawer = PrimitiveDrawer()
        pixels.withUnsafeMutableBufferPointer { px in
            let frame = IntRect(x: 0, y: 0, width: w, height: h)
            let surface = Surface(borrowing: px.baseAddress!, frame: frame, stride: w, scissor: frame)
            for op in ctx.operations { draw(op, on: surface, drawer: drawer) }
        }
        return CGImage(width: w, height: h, validPremultipliedARGB: pixels)
    }

    /// Draws one operation onto `surface` (only the part inside its frame).
    static func draw(_ op: CGContext.Operation, on surface: Surface, drawer: PrimitiveDrawer) {
        switch op {
        case let .clear(rect):
            let frame = surface.frame
            let r = IntRect.covering(minX: Double(rect.minX), minY: Double(rect.minY), maxX: Double(rect.maxX), maxY: Double(rect.maxY)).intersection(frame)
            guard !r.isEmpty else { return }
            for y in r.y..<r.maxY { (surface.row(y) + r.x).update(repeating: 0, count: r.width) }
        case let .blended(inner, mode):
            guard let part = Part(inner, frame: surface.frame) else { return draw(inner, on: surface, drawer: drawer) }
            drawBlended(part, mode: BlendMode(mode), on: surface, drawer: drawer)
        case let .shadowed(inner, shadow):
            drawShadow(of: inner, shadow, on: surface, drawer: drawer)
            draw(inner, on: surface, drawer: drawer)
        default:
            guard let part = Part(op, frame: surface.frame) else { return }
            fill(part, clips: part.clips, on: surface, drawer: drawer)
        }
    }

    /// Paints `part`'s paint within its shape under `clips` onto `surface`: anti-aliased, or, for
    /// an aliased part, in exactly the pixels whose centres its shape holds (`AliasedCoverage`).
    static func fill(_ part: Part, clips: [CGContext.Clip], on surface: Surface, drawer: PrimitiveDrawer) {
        guard part.aliased else {
            return withClips(clips, surface, drawer) {
                drawer.draw(part.contours, rule: part.rule, paint: part.paint, opacity: part.opacity, on: surface)
            }
        }
        let shape = shapeMask(part, clips: clips, area: surface.frame, surface: surface, drawer: drawer)
        let box = shape.rect.intersection(surface.scissor)
        guard !box.isEmpty else { return }
        let saved = surface.clip
        surface.clip = shape
        drawer.draw([corners(of: box)], rule: .nonZero, paint: part.paint, opacity: part.opacity, on: surface)
        surface.clip = saved
    }

    /// The coverage of `part`'s shape under `clips` over `area`: anti-aliased, or 0 or 1 a pixel
    /// (times the clips) for an aliased part.
    private static func shapeMask(_ part: Part, clips: [CGContext.Clip], area: IntRect, surface: Surface, drawer: PrimitiveDrawer) -> ClipMask {
        var clip: ClipMask? = nil
        for c in clips { clip = clipMask(c, area: area, outer: clip, columns: surface.columns, drawer: drawer) }
        if part.aliased { return AliasedCoverage.mask(part.contours, rule: part.rule, area: area, outer: clip) }
        return drawer.clipMask(part.contours, rule: part.rule, area: area, outer: clip, columns: surface.columns)
    }

    /// The corners of `box` as a contour.
    static func corners(of box: IntRect) -> [(x: Double, y: Double)] {
        [(Double(box.x), Double(box.y)), (Double(box.maxX), Double(box.y)), (Double(box.maxX), Double(box.maxY)), (Double(box.x), Double(box.maxY))]
    }

    /// What an operation that paints draws: a shape (device contours and a fill rule), the paint
    /// inside it, the operation's alpha and its clips.
    struct Part {
        let contours: [[(x: Double, y: Double)]]
        let rule: FillRule
        let paint: Paint
        let opacity: Double
        let clips: [CGContext.Clip]
        /// Whether the shape is drawn without anti-aliasing (`CGContext.Operation.aliased`).
        private(set) var aliased = false

        /// The parts of `op` drawn into a target covering `frame`; nil for an operation that paints
        /// nothing there or is not a painting one (`clear`, `blended`, `shadowed`). A transparency
        /// layer is the image of what its operations draw over its rectangle.
        init?(_ op: CGContext.Operation, frame: IntRect) {
            switch op {
            case let .fillPath(path, rule, color, alpha, clips):
                self.init(contours: RecordedDrawing.contours(path), rule: rule == .evenOdd ? .evenOdd : .nonZero,
                          paint: .solid(Premultiplied.pack(color)), opacity: Double(alpha), clips: clips)
            case let .strokePath(path, ctm, style, color, alpha, clips):
                let outline = StrokeOutline.make(path, lineWidth: style.lineWidth, cap: style.lineCap, join: style.lineJoin,
                                                 miterLimit: style.miterLimit, dashPhase: style.dashPhase,
                                                 dashPattern: style.dashLengths, transform: ctm)
                self.init(contours: RecordedDrawing.contours(outline), rule: .nonZero, paint: .solid(Premultiplied.pack(color)),
                          opacity: Double(alpha), clips: clips)
            case let .drawImage(image, rect, ctm, alpha, clips):
                guard image.width > 0, image.height > 0, rect.width != 0, rect.height != 0 else { return nil }
                let r = rect.standardized
                // Image space (texels) → user rect → device.
                let toUser = Projective2D(a: Double(r.width) / Double(image.width), b: 0, c: 0, d: 0, e: Double(r.height) / Double(image.height), f: 0,
                                          g: Double(r.minX), h: Double(r.minY), i: 1)
                let texToDevice = toUser.then(RecordedDrawing.projective(ctm))
                guard let inv = texToDevice.inverse else { return nil }
                let quad = texToDevice.projectClipped([(0, 0), (Double(image.width), 0), (Double(image.width), Double(image.height)), (0, Double(image.height))])
                let sampler = ImageSampler(image: image, map: inv, x0: 0, y0: 0, x1: image.width, y1: image.height,
                                           bilinear: image.shouldInterpolate, tint: 0xFFFF_FFFF)
                self.init(contours: [quad], rule: .nonZero, paint: .image(sampler), opacity: Double(alpha), clips: clips)
            case let .drawGradient(gradient, geometry, options, ctm, alpha, clips):
                guard let (area, sampler) = RecordedDrawing.gradient(gradient, geometry, options, ctm, frame: frame) else { return nil }
                self.init(contours: [area], rule: .nonZero, paint: .gradient(sampler), opacity: Double(alpha), clips: clips)
            case let .transparencyLayer(ops, bounds, alpha, clips):
                guard let image = RecordedDrawing.layerImage(ops, bounds: bounds, frame: frame) else { return nil }
                let a = image.area
                let sampler = ImageSampler(image: image.pixels, map: Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: Double(-a.x), h: Double(-a.y), i: 1),
                                           x0: 0, y0: 0, x1: a.width, y1: a.height, bilinear: false, tint: 0xFFFF_FFFF)
                self.init(contours: [RecordedDrawing.corners(of: a)], rule: .nonZero, paint: .image(sampler), opacity: Double(alpha), clips: clips)
            case let .aliased(inner):
                guard let part = Part(inner, frame: frame) else { return nil }
                self = part
                aliased = true
            case .clear, .blended, .shadowed:
                return nil
            }
        }

        init(contours: [[(x: Double, y: Double)]], rule: FillRule, paint: Paint, opacity: Double, clips: [CGContext.Clip]) {
            self.contours = contours; self.rule = rule; self.paint = paint; self.opacity = opacity; self.clips = clips
        }
    }

    /// Draws `part` with a blend mode, as Core Graphics composites it: the paint alone (times the
    /// alpha) over the box of the shape, then each pixel of the box becomes `mode` of that paint over
    /// the old pixel, mixed with the old pixel by the shape's coverage under the clips
    /// (R = D + c·(mode(S, D) − D); c is 0 or 1 for an aliased part); outside the shape nothing changes.
    private static func drawBlended(_ part: Part, mode: BlendMode, on surface: Surface, drawer: PrimitiveDrawer) {
        let shape = shapeMask(part, clips: part.clips, area: surface.frame, surface: surface, drawer: drawer)
        let box = shape.rect.intersection(surface.scissor)
        guard !box.isEmpty else { return }
        let paint = Surface(offscreen: box, columns: surface.columns)
        drawer.draw([corners(of: box)], rule: .nonZero, paint: part.paint, opacity: part.opacity, on: paint)
        let saved = surface.clip
        surface.clip = shape
        drawer.composite(paint, onto: surface, area: box, opacity: 1, mask: nil, mode: mode)
        surface.clip = saved
    }

    /// What a transparency layer's operations draw into a transparent backdrop over the part of
    /// `frame` inside `bounds` (device pixels): the image and the device rectangle it covers; nil
    /// when that part is empty.
    private static func layerImage(_ ops: [CGContext.Operation], bounds: CGRect?, frame: IntRect) -> (pixels: CGImage, area: IntRect)? {
        var area = frame
        if let b = bounds {
            guard !b.isNull, b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
            area = area.intersection(IntRect.covering(minX: Double(b.minX), minY: Double(b.minY), maxX: Double(b.maxX), maxY: Double(b.maxY)))
        }
        guard !area.isEmpty else { return nil }
        let backdrop = Surface(offscreen: area, columns: area.x..<area.maxX)
        let drawer = PrimitiveDrawer()
        for op in ops { draw(op, on: backdrop, drawer: drawer) }
        var pixels = [UInt32](repeating: 0, count: area.area)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<area.height { (out.baseAddress! + y * area.width).update(from: backdrop.row(area.y + y) + area.x, count: area.width) }
        }
        return (CGImage(width: area.width, height: area.height, validPremultipliedARGB: pixels), area)
    }

    /// The affine map `ctm` as a projective one.
    private static func projective(_ ctm: CGAffineTransform) -> Projective2D {
        Projective2D(a: Double(ctm.a), b: Double(ctm.b), c: 0, d: Double(ctm.c), e: Double(ctm.d), f: 0, g: Double(ctm.tx), h: Double(ctm.ty), i: 1)
    }

    /// Where a Core Graphics gradient paints in a target covering `frame` (device pixels) and its
    /// sampler: a linear one over the band between the perpendiculars at its ends (widened where the
    /// options extend it), a radial one everywhere, its sampler leaving the pixels no circle reaches
    /// transparent. Nil when it paints nothing.
    private static func gradient(_ gradient: CGGradient, _ geometry: CGContext.GradientGeometry, _ options: CGGradientDrawingOptions,
                                 _ ctm: CGAffineTransform, frame f: IntRect) -> (area: [(x: Double, y: Double)], sampler: GradientSampler)? {
        let userToDevice = projective(ctm)
        guard let deviceToUser = userToDevice.inverse else { return nil }
        let stops = gradient.stops.map { (location: Double($0.location), color: SIMD4(Double($0.red), Double($0.green), Double($0.blue), Double($0.alpha))) }
        let frame: [(x: Double, y: Double)] = [(Double(f.x), Double(f.y)), (Double(f.maxX), Double(f.y)), (Double(f.maxX), Double(f.maxY)), (Double(f.x), Double(f.maxY))]
        let render: RenderGradient
        var area = frame
        switch geometry {
        case let .linear(s, e):
            let dx = Double(e.x - s.x), dy = Double(e.y - s.y), len2 = dx * dx + dy * dy
            guard len2 > 0 else { return nil }
            render = RenderGradient(kind: .axial, rect: .zero, start: s, end: e, stops: stops)
            // The frame in user space, cut to 0 ≤ t ≤ 1 where not extended, back to device.
            var poly = frame.map { point($0, through: deviceToUser) }
            let sx = Double(s.x), sy = Double(s.y)
            if !options.contains(.drawsBeforeStartLocation) { poly = clipPolygon(poly) { ($0.x - sx) * dx + ($0.y - sy) * dy } }
            if !options.contains(.drawsAfterEndLocation) { poly = clipPolygon(poly) { len2 - (($0.x - sx) * dx + ($0.y - sy) * dy) } }
            guard poly.count >= 3 else { return nil }
            area = poly.map { point($0, through: userToDevice) }
        case let .radial(c0, r0, c1, r1):
            render = RenderGradient(kind: .twoCircle(startRadius: Double(r0), endRadius: Double(r1),
                                                     extendStart: options.contains(.drawsBeforeStartLocation), extendEnd: options.contains(.drawsAfterEndLocation)),
                                    rect: .zero, start: c0, end: c1, stops: stops)
        }
        return (area, GradientSampler(render, deviceToLayer: deviceToUser))
    }

    /// `p` through the affine map `m`.
    private static func point(_ p: (x: Double, y: Double), through m: Projective2D) -> (x: Double, y: Double) {
        let h = m.homogeneous(p.x, p.y)
        return (h.x / h.w, h.y / h.w)
    }

    /// The part of a convex polygon where `inside` is at least 0 (one Sutherland–Hodgman step).
    private static func clipPolygon(_ poly: [(x: Double, y: Double)], _ inside: ((x: Double, y: Double)) -> Double) -> [(x: Double, y: Double)] {
        var out: [(x: Double, y: Double)] = []
        for i in 0..<poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let da = inside(a), db = inside(b)
            if da >= 0 { out.append(a) }
            if (da >= 0) != (db >= 0) {
                let t = da / (da - db)
                out.append((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
            }
        }
        return out
    }

    /// The path's contours (in the backing image's pixels), its curves within 0.05 pixels, as shape
    /// layers' fills are flattened.
    static func contours(_ path: CGPath) -> [[(x: Double, y: Double)]] {
        path.flattened(tolerance: 0.05).map { $0.map { (x: Double($0.x), y: Double($0.y)) } }
    }

    /// The coverage of one clip over `area`, times `outer`'s: its path's, or for a mask image's
    /// clip (`clip(to:mask:)`) the image's samples drawn into its rectangle (alpha or gray level).
    static func clipMask(_ c: CGContext.Clip, area: IntRect, outer: ClipMask?, columns: Range<Int>, drawer: PrimitiveDrawer) -> ClipMask {
        guard let m = c.mask else {
            return drawer.clipMask(contours(c.path), rule: c.rule == .evenOdd ? .evenOdd : .nonZero, area: area, outer: outer, columns: columns)
        }
        let empty = ClipMask(rect: IntRect(x: area.x, y: area.y, width: 0, height: 0), values: [])
        let b = c.path.boundingBoxOfPath
        guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite,
              let part = Part(.drawImage(m.image, rect: m.rect, ctm: m.ctm, alpha: 1, clips: []), frame: area) else { return empty }
        var box = IntRect.covering(minX: Double(b.minX), minY: Double(b.minY), maxX: Double(b.maxX), maxY: Double(b.maxY)).intersection(area)
        if let outer { box = box.intersection(outer.rect) }
        guard !box.isEmpty else { return empty }
        let drawn = Surface(offscreen: box, columns: columns)
        drawer.draw(part.contours, rule: .nonZero, paint: part.paint, opacity: 1, on: drawn)
        var values = [Float](repeating: 0, count: box.area)
        for y in box.y..<box.maxY {
            let row = drawn.row(y)
            for x in box.x..<box.maxX {
                let p = row[x]
                let sample = m.usesAlpha ? p >> 24 : CGImage.luma(p)
                var v = Float(sample) / 255
                if let outer { v *= outer.values[(y - outer.rect.y) * outer.rect.width + x - outer.rect.x] }
                values[(y - box.y) * box.width + x - box.x] = v
            }
        }
        return ClipMask(rect: box, values: values)
    }

    static func withClips(_ clips: [CGContext.Clip], _ s: Surface, _ d: PrimitiveDrawer, _ body: () -> Void) {
        guard !clips.isEmpty else { body(); return }
        var mask: ClipMask? = nil
        for c in clips { mask = clipMask(c, area: s.frame, outer: mask, columns: s.columns, drawer: d) }
        let saved = s.clip
        s.clip = mask
        body()
        s.clip = saved
    }
}

/// Draws the operations of CoreGraphics' bitmap contexts into their pixels, with the same drawing
/// code as a layer's recorded drawing. CoreGraphics finds this type by its name at run time
/// (`BitmapRasterizers`): keep the name and the module in step with it. It lives in this file, which
/// every program that renders layers links, so that a linker that keeps only the object files it
/// needs from a static library never leaves it out.
enum BitmapContextRasterizer: BitmapRasterizing {
    static func draw(_ op: CGContext.Operation, into pixels: UnsafeMutablePointer<UInt32>, stride: Int,
                     region: (x: Int, y: Int, width: Int, height: Int)) {
        guard region.width > 0, region.height > 0 else { return }
        let frame = IntRect(x: region.x, y: region.y, width: region.width, height: region.height)
        let surface = Surface(borrowing: pixels, frame: frame, stride: stride, scissor: frame)
        RecordedDrawing.draw(op, on: surface, drawer: PrimitiveDrawer())
    }
}
