import Foundation
import CoreGraphics

extension RecordedDrawing {
    /// Draws the shadow `op` casts (`CGContext.setShadow`): the alpha of what `op` draws (its shape,
    /// paint and alpha, not its clips) drawn moved by the shadow's offset (fractions of a pixel
    /// too), blurred with the shadow's deviation, in the shadow's colour, composited source over
    /// under `op`'s clips. What casts it may lie outside the clips or the surface: only the part
    /// that can reach the surface is drawn.
    static func drawShadow(of op: CGContext.Operation, _ shadow: CGContext.Shadow, on surface: Surface, drawer: PrimitiveDrawer) {
        var caster = op
        if case let .blended(inner, _) = op { caster = inner }   // the shadow of the shape, whatever the mode
        let dx = Double(shadow.offset.width), dy = Double(shadow.offset.height)
        let sigma = Double(shadow.sigma)
        let blurs = sigma > 0.3
        let pad = blurs ? BoxBlur.boxSizes(sigma: min(sigma, 256)).reduce(0, +) + 2 : 0
        // The moved caster, wherever it can blur into the surface (a gradient or a layer is made
        // over that much).
        let f = surface.frame
        guard dx.isFinite, dy.isFinite, abs(dx) < 1e9, abs(dy) < 1e9,
              let part = Part(moved(caster, dx: dx, dy: dy),
                              frame: IntRect(x: f.x - pad, y: f.y - pad, width: f.width + 2 * pad, height: f.height + 2 * pad)) else { return }
        // The moved caster's pixels that can blur into the surface.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in part.contours { for p in c { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) } }
        let reach = surface.scissor
        let wanted = IntRect(x: reach.x - pad, y: reach.y - pad, width: reach.width + 2 * pad, height: reach.height + 2 * pad)
        let casterBox = IntRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY).intersection(wanted)
        guard !casterBox.isEmpty else { return }
        let box = IntRect(x: casterBox.x - pad, y: casterBox.y - pad, width: casterBox.width + 2 * pad, height: casterBox.height + 2 * pad)
        // What the caster draws, alone; its alpha as the plane to blur.
        let cast = Surface(offscreen: box, columns: box.x..<box.maxX)
        fill(part, clips: [], on: cast, drawer: drawer)
        var plane = [Float](repeating: 0, count: box.area)
        for y in 0..<box.height {
            let row = cast.row(box.y + y) + box.x
            for x in 0..<box.width { plane[y * box.width + x] = Float(row[x] >> 24) / 255 }
        }
        if blurs { BoxBlur.blur(&plane, width: box.width, height: box.height, sigma: sigma) }
        // The shadow's pixels, then composited under the clips.
        let shade = Surface(offscreen: box, columns: box.x..<box.maxX)
        let color = Premultiplied.pack(shadow.color)
        for y in 0..<box.height {
            let row = shade.row(box.y + y) + box.x
            for x in 0..<box.width {
                let a = plane[y * box.width + x]
                if a > 0 { row[x] = Premultiplied.scale(color, UInt32((min(a, 1) * 255).rounded())) }
            }
        }
        withClips(part.clips, surface, drawer) {
            drawer.composite(shade, onto: surface, area: box, opacity: 1, mask: nil, mode: .normal)
        }
    }

    /// `op` with what it draws moved by (dx, dy) device pixels; its own clips move too when
    /// `movingClips` (an operation inside a transparency layer), else they stay where they were.
    private static func moved(_ op: CGContext.Operation, dx: Double, dy: Double, movingClips: Bool = false) -> CGContext.Operation {
        let shift = CGAffineTransform(translationX: CGFloat(dx), y: CGFloat(dy))
        func path(_ p: CGPath) -> CGPath { let m = CGMutablePath(); m.addPath(p, transform: shift); return m }
        func clips(_ c: [CGContext.Clip]) -> [CGContext.Clip] {
            guard movingClips else { return c }
            return c.map {
                var m = $0
                m.path = path($0.path)
                m.mask?.ctm = $0.mask.map { $0.ctm.concatenating(shift) } ?? .identity
                return m
            }
        }
        switch op {
        case let .fillPath(p, rule, color, alpha, c):
            return .fillPath(path(p), rule: rule, color: color, alpha: alpha, clips: clips(c))
        case let .strokePath(p, ctm, style, color, alpha, c):
            return .strokePath(p, ctm: ctm.concatenating(shift), style: style, color: color, alpha: alpha, clips: clips(c))
        case let .drawImage(image, rect, ctm, alpha, c):
            return .drawImage(image, rect: rect, ctm: ctm.concatenating(shift), alpha: alpha, clips: clips(c))
        case let .drawGradient(gradient, geometry, options, ctm, alpha, c):
            return .drawGradient(gradient, geometry: geometry, options: options, ctm: ctm.concatenating(shift), alpha: alpha, clips: clips(c))
        case let .aliased(inner):
            return .aliased(moved(inner, dx: dx, dy: dy, movingClips: movingClips))
        case let .blended(inner, mode):
            return .blended(moved(inner, dx: dx, dy: dy, movingClips: movingClips), mode: mode)
        case let .shadowed(inner, shadow):
            return .shadowed(moved(inner, dx: dx, dy: dy, movingClips: movingClips), shadow: shadow)
        case let .clear(rect):
            return movingClips ? .clear(rect.offsetBy(dx: CGFloat(dx), dy: CGFloat(dy))) : op
        case let .transparencyLayer(ops, bounds, alpha, c):
            return .transparencyLayer(ops.map { moved($0, dx: dx, dy: dy, movingClips: true) },
                                      bounds: bounds?.offsetBy(dx: CGFloat(dx), dy: CGFloat(dy)), alpha: alpha, clips: clips(c))
        }
    }
}
