import Foundation
import CoreGraphics

/// contentsCenter: splits an image content into up to nine parts whose edges keep their size
/// (texels / scale) and whose middle stretches, as Core Animation does.
enum NinePart {
    /// Whether the image is drawn whole (one part: its centre is the whole source, or unusable).
    static func isWhole(_ img: RenderImage) -> Bool {
        let c = img.center
        return c == CGRect(x: 0, y: 0, width: 1, height: 1) || !(c.width.isFinite && c.height.isFinite)
    }

    /// Calls `body` with each part to draw; with the image itself, without making a list, when it
    /// is whole (most images: no contentsCenter).
    static func forEachPart(_ img: RenderImage, _ body: (RenderImage) -> Void) {
        if isWhole(img) { body(img); return }
        for part in split(img) { body(part) }
    }

    /// The parts to draw; the image itself when its centre is the whole source.
    static func split(_ img: RenderImage) -> [RenderImage] {
        if isWhole(img) { return [img] }
        let c = img.center
        let s = img.source, d = img.destination
        let scale = img.scale > 0 ? img.scale : 1
        // Source cuts in texels.
        let sx = [Double(s.minX), Double(s.minX + s.width * c.minX), Double(s.minX + s.width * c.maxX), Double(s.maxX)]
        let sy = [Double(s.minY), Double(s.minY + s.height * c.minY), Double(s.minY + s.height * c.maxY), Double(s.maxY)]
        // Destination cuts: fixed edges in points, shrunk proportionally when they do not fit.
        func cuts(_ src: [Double], _ lo: Double, _ len: Double) -> [Double] {
            var a = (src[1] - src[0]) / scale, b = (src[3] - src[2]) / scale
            if a + b > len && a + b > 0 { let k = len / (a + b); a *= k; b *= k }
            return [lo, lo + a, lo + len - b, lo + len]
        }
        let dx = cuts(sx, Double(d.minX), Double(d.width)), dy = cuts(sy, Double(d.minY), Double(d.height))
        var parts: [RenderImage] = []
        for j in 0..<3 {
            for i in 0..<3 {
                let dw = dx[i + 1] - dx[i], dh = dy[j + 1] - dy[j]
                let sw = sx[i + 1] - sx[i], sh = sy[j + 1] - sy[j]
                guard dw > 1e-9, dh > 1e-9, sw > 1e-9, sh > 1e-9 else { continue }
                var p = img
                p.center = CGRect(x: 0, y: 0, width: 1, height: 1)
                p.destination = CGRect(x: dx[i], y: dy[j], width: dw, height: dh)
                p.source = CGRect(x: sx[i], y: sy[j], width: sw, height: sh)
                parts.append(p)
            }
        }
        return parts
    }
}
