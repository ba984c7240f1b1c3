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
        case let .fillPath(path, rule, color, alpha, clips):
            withClips(clips, surface, drawer) {
                drawer.draw(contours(path), rule: rule == .evenOdd ? .evenOdd : .nonZero,
                            paint: .solid(Premultiplied.pack(color)), opacity: Double(alpha), on: surface)
            }
        case let .strokePath(path, ctm, style, color, alpha, clips):
            let outline = StrokeOutline.make(path, lineWidth: style.lineWidth, cap: style.lineCap, join: style.lineJoin,
                                             miterLimit: style.miterLimit, dashPhase: style.dashPhase,
                                             dashPattern: style.dashLengths, transform: ctm)
            withClips(clips, surface, drawer) {
                drawer.draw(contours(outline), rule: .nonZero, paint: .solid(Premultiplied.pack(color)), opacity: Double(alpha), on: surface)
            }
        case let .drawImage(image, rect, ctm, alpha, clips):
            guard image.width > 0, image.height > 0, rect.width != 0, rect.height != 0 else { return }
            let r = rect.standardized
            // Image space (texels) → user rect → device.
            let toUser = Projective2D(a: Double(r.width) / Double(image.width), b: 0, c: 0, d: 0, e: Double(r.height) / Double(image.height), f: 0,
                                      g: Double(r.minX), h: Double(r.minY), i: 1)
            let userToDevice = Projective2D(a: Double(ctm.a), b: Double(ctm.b), c: 0, d: Double(ctm.c), e: Double(ctm.d), f: 0,
                                            g: Double(ctm.tx), h: Double(ctm.ty), i: 1)
            let texToDevice = toUser.then(userToDevice)
            guard let inv = texToDevice.inverse else { return }
            let quad = texToDevice.projectClipped([(0, 0), (Double(image.width), 0), (Double(image.width), Double(image.height)), (0, Double(image.height))])
            let sampler = ImageSampler(image: image, map: inv, x0: 0, y0: 0, x1: image.width, y1: image.height, bilinear: true, tint: 0xFFFF_FFFF)
            withClips(clips, surface, drawer) {
                drawer.draw([quad], rule: .nonZero, paint: .image(sampler), opacity: Double(alpha), on: surface)
            }
        case let .drawGradient(gradient, geometry, options, ctm, alpha, clips):
            drawGradient(gradient, geometry, options, ctm, alpha: alpha, clips: clips, on: surface, drawer: drawer)
        case let .clear(rect):
            let frame = surface.frame
            let r = IntRect.covering(minX: Double(rect.minX), minY: Double(rect.minY), maxX: Double(rect.maxX), maxY: Double(rect.maxY)).intersection(frame)
            guard !r.isEmpty else { return }
            for y in r.y..<r.maxY { (surface.row(y) + r.x).update(repeating: 0, count: r.width) }
        }
    }

    /// Fills the surface (under the clips) with a Core Graphics gradient: a linear one over the
    /// band between the perpendiculars at its ends (widened where the options extend it), a radial
    /// one everywhere, its sampler leaving the pixels no circle reaches transparent.
    private static func drawGradient(_ gradient: CGGradient, _ geometry: CGContext.GradientGeometry, _ options: CGGradientDrawingOptions,
                                     _ ctm: CGAffineTransform, alpha: CGFloat, clips: [CGContext.Clip], on surface: Surface, drawer: PrimitiveDrawer) {
        let userToDevice = Projective2D(a: Double(ctm.a), b: Double(ctm.b), c: 0, d: Double(ctm.c), e: Double(ctm.d), f: 0,
                                        g: Double(ctm.tx), h: Double(ctm.ty), i: 1)
        guard let deviceToUser = userToDevice.inverse else { return }
        let stops = gradient.stops.map { (location: Double($0.location), color: SIMD4(Double($0.red), Double($0.green), Double($0.blue), Double($0.alpha))) }
        let f = surface.frame
        let frame: [(x: Double, y: Double)] = [(Double(f.x), Double(f.y)), (Double(f.maxX), Double(f.y)), (Double(f.maxX), Double(f.maxY)), (Double(f.x), Double(f.maxY))]
        let render: RenderGradient
        var area = frame
        switch geometry {
        case let .linear(s, e):
            let dx = Double(e.x - s.x), dy = Double(e.y - s.y), len2 = dx * dx + dy * dy
            guard len2 > 0 else { return }
            render = RenderGradient(kind: .axial, rect: .zero, start: s, end: e, stops: stops)
            // The frame in user space, cut to 0 ≤ t ≤ 1 where not extended, back to device.
            var poly = frame.map { point($0, through: deviceToUser) }
            let sx = Double(s.x), sy = Double(s.y)
            if !options.contains(.drawsBeforeStartLocation) { poly = clipPolygon(poly) { ($0.x - sx) * dx + ($0.y - sy) * dy } }
            if !options.contains(.drawsAfterEndLocation) { poly = clipPolygon(poly) { len2 - (($0.x - sx) * dx + ($0.y - sy) * dy) } }
            guard poly.count >= 3 else { return }
            area = poly.map { point($0, through: userToDevice) }
        case let .radial(c0, r0, c1, r1):
            render = RenderGradient(kind: .twoCircle(startRadius: Double(r0), endRadius: Double(r1),
                                                     extendStart: options.contains(.drawsBeforeStartLocation), extendEnd: options.contains(.drawsAfterEndLocation)),
                                    rect: .zero, start: c0, end: c1, stops: stops)
        }
        let sampler = GradientSampler(render, deviceToLayer: deviceToUser)
        withClips(clips, surface, drawer) {
            drawer.draw([area], rule: .nonZero, paint: .gradient(sampler), opacity: Double(alpha), on: surface)
        }
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
    private static func contours(_ path: CGPath) -> [[(x: Double, y: Double)]] {
        path.flattened(tolerance: 0.05).map { $0.map { (x: Double($0.x), y: Double($0.y)) } }
    }

    private static func withClips(_ clips: [CGContext.Clip], _ s: Surface, _ d: PrimitiveDrawer, _ body: () -> Void) {
        guard !clips.isEmpty else { body(); return }
        var mask: ClipMask? = nil
        for c in clips {
            mask = d.clipMask(contours(c.path), rule: c.rule == .evenOdd ? .evenOdd : .nonZero, area: s.frame, outer: mask, columns: s.columns)
        }
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
