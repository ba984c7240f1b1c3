import Foundation
import CoreGraphics

extension RecordedDrawing {
    /// Draws the shadow `op` casts (`CGContext.setShadow`): the alpha of what `op` draws (its shape,
    /// paint and alpha, not its clips), blurred with the shadow's deviation, in the shadow's colour,
    /// moved by the offset rounded to whole pixels, composited source over under `op`'s clips. What
    /// casts it may lie outside the clips or the surface: only the part that can reach the surface is
    /// drawn.
    static func drawShadow(of op: CGContext.Operation, _ shadow: CGContext.Shadow, on surface: Surface, drawer: PrimitiveDrawer) {
        var caster = op
        if case let .blended(inner, _) = op { caster = inner }   // the shadow of the shape, whatever the mode
        guard let part = Part(caster, frame: surface.frame),
              shadow.offset.width.isFinite, shadow.offset.height.isFinite else { return }
        let sigma = Double(shadow.sigma)
        let blurs = sigma > 0.3
        let pad = blurs ? BoxBlur.boxSizes(sigma: min(sigma, 256)).reduce(0, +) + 2 : 0
        let dx = Int(min(max(Double(shadow.offset.width).rounded(), -1e9), 1e9))
        let dy = Int(min(max(Double(shadow.offset.height).rounded(), -1e9), 1e9))
        // The caster's pixels that can blur into the surface once moved by the offset.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in part.contours { for p in c { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) } }
        let reach = surface.scissor
        let wanted = IntRect(x: reach.x - dx - pad, y: reach.y - dy - pad, width: reach.width + 2 * pad, height: reach.height + 2 * pad)
        let casterBox = IntRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY).intersection(wanted)
        guard !casterBox.isEmpty else { return }
        let box = IntRect(x: casterBox.x - pad, y: casterBox.y - pad, width: casterBox.width + 2 * pad, height: casterBox.height + 2 * pad)
        // What the caster draws, alone; its alpha as the plane to blur.
        let cast = Surface(offscreen: box, columns: box.x..<box.maxX)
        drawer.draw(part.contours, rule: part.rule, paint: part.paint, opacity: part.opacity, on: cast)
        var plane = [Float](repeating: 0, count: box.area)
        for y in 0..<box.height {
            let row = cast.row(box.y + y) + box.x
            for x in 0..<box.width { plane[y * box.width + x] = Float(row[x] >> 24) / 255 }
        }
        if blurs { BoxBlur.blur(&plane, width: box.width, height: box.height, sigma: sigma) }
        // The shadow's pixels at the moved box, then composited under the clips.
        let moved = IntRect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height)
        let shade = Surface(offscreen: moved, columns: moved.x..<moved.maxX)
        let color = Premultiplied.pack(shadow.color)
        for y in 0..<moved.height {
            let row = shade.row(moved.y + y) + moved.x
            for x in 0..<moved.width {
                let a = plane[y * moved.width + x]
                if a > 0 { row[x] = Premultiplied.scale(color, UInt32((min(a, 1) * 255).rounded())) }
            }
        }
        withClips(part.clips, surface, drawer) {
            drawer.composite(shade, onto: surface, area: moved, opacity: 1, mask: nil, mode: .normal)
        }
    }
}
