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
        case let .clear(rect):
            let frame = surface.frame
            let r = IntRect.covering(minX: Double(rect.minX), minY: Double(rect.minY), maxX: Double(rect.maxX), maxY: Double(rect.maxY)).intersection(frame)
            guard !r.isEmpty else { return }
            for y in r.y..<r.maxY { (surface.row(y) + r.x).update(repeating: 0, count: r.width) }
        }
    }

    private static func contours(_ path: CGPath) -> [[(x: Double, y: Double)]] {
        path.flattened(tolerance: 0.1).map { $0.map { (x: Double($0.x), y: Double($0.y)) } }
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
