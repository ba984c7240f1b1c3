import Foundation
import QuartzCore

/// Procedural pictures for the demos (no image files needed): "pages" with a header, lines of
/// placeholder text and a badge, each in its own hue so folds show which page is which.
public enum DemoArt {
    /// A page picture of width × height pixels in the given hue (0...1), with `number` bars in its badge.
    public static func page(width: Int, height: Int, hue: Double, number: Int) -> CGImage {
        let w = max(1, width), h = max(1, height)
        var px = [UInt32](repeating: 0, count: w * h)
        let (br, bg, bb) = rgb(hue: hue, s: 0.25, v: 0.98)
        let (hr, hg, hb) = rgb(hue: hue, s: 0.8, v: 0.75)
        let (lr, lg, lb) = rgb(hue: hue, s: 0.35, v: 0.6)
        func pack(_ r: Double, _ g: Double, _ b: Double) -> UInt32 {
            0xFF00_0000 | UInt32(r * 255) << 16 | UInt32(g * 255) << 8 | UInt32(b * 255)
        }
        let header = h / 6
        let cx = Double(w) * 0.75, cy = Double(h) * 0.55, rad = Double(min(w, h)) * 0.16
        for y in 0..<h {
            for x in 0..<w {
                var c = pack(br - 0.08 * Double(y) / Double(h), bg - 0.08 * Double(y) / Double(h), bb - 0.08 * Double(y) / Double(h))
                if y < header { c = pack(hr, hg, hb) }
                // Lines of "text" on the left 55%: bar k (rows header + lineH + 2 k lineH onwards)
                // is 50, 55 or 60 % of the width, one length for the whole bar.
                let lineH = max(4, h / 18)
                let ly = (y - header - lineH) % (2 * lineH)
                let bar = (y - header - lineH) / (2 * lineH)
                if y > header + lineH, y < h - lineH, ly >= 0, ly < lineH, x > w / 16, x < Int(Double(w) * (0.5 + 0.05 * Double(bar % 3))) {
                    c = pack(lr, lg, lb)
                }
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                if dx * dx + dy * dy < rad * rad {
                    c = pack(hr, hg, hb)
                    // Badge bars: `number` vertical white bars.
                    let bw = rad * 2 / Double(2 * number + 1)
                    let k = Int((dx + rad) / bw)
                    if k % 2 == 1, k < 2 * number + 1, abs(dy) < rad * 0.5 { c = 0xFFFF_FFFF }
                }
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 { c = pack(hr * 0.8, hg * 0.8, hb * 0.8) }
                px[y * w + x] = c
            }
        }
        return CGImage(width: w, height: h, premultipliedARGB: px)
    }

    /// HSV to RGB, all in 0...1.
    public static func rgb(hue: Double, s: Double, v: Double) -> (Double, Double, Double) {
        let h = (hue - hue.rounded(.down)) * 6
        let i = Int(h) % 6, f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}
