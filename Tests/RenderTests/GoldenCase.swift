import Foundation
@_spi(LaminaInternal) import QuartzCore

/// One golden-image test input: a layer tree built in code, rendered at `time` into `size` points at
/// `scale`; its expected picture is Goldens/<name>.png beside this file.
struct GoldenCase: Sendable {
    let name: String
    var size = CGSize(width: 96, height: 72)
    var scale: CGFloat = 1
    var time: CFTimeInterval = 0
    /// Largest allowed difference of any channel of any pixel (0-255).
    var tolerance = 2
    let build: @Sendable () -> CALayer
}

/// Helpers shared by the cases.
enum Art {
    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor { CGColor(srgbRed: r, green: g, blue: b, alpha: a) }
    static let red = color(0.9, 0.2, 0.2), green = color(0.2, 0.7, 0.3), blue = color(0.2, 0.4, 0.9)
    static let yellow = color(0.95, 0.8, 0.2), black = color(0, 0, 0), white = color(1, 1, 1)

    /// A canvas-sized root with a light background.
    static func root(_ size: CGSize = CGSize(width: 96, height: 72), background: CGColor? = color(0.96, 0.96, 0.94)) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(origin: .zero, size: size)
        l.position = CGPoint(x: size.width / 2, y: size.height / 2)
        l.backgroundColor = background
        return l
    }

    /// A layer with a frame and a background colour, added to `parent`.
    @discardableResult
    static func box(_ parent: CALayer, _ frame: CGRect, _ c: CGColor?, configure: (CALayer) -> Void = { _ in }) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = c
        configure(l)
        parent.addSublayer(l)
        return l
    }

    /// A 16x12 test picture whose quadrants differ (red, green, blue, yellow) with a white dot at the
    /// top-left texel and a black one at the bottom-right, so orientation and edges show.
    static let picture: CGImage = {
        let w = 16, h = 12
        var px = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let left = x < w / 2, top = y < h / 2
                px[y * w + x] = top ? (left ? 0xFFE0_3030 : 0xFF30_B040) : (left ? 0xFF30_60E0 : 0xFFF0_C030)
            }
        }
        px[0] = 0xFFFF_FFFF
        px[w * h - 1] = 0xFF00_0000
        return CGImage(width: w, height: h, premultipliedARGB: px)
    }()

    /// A 24x24 picture for nine-part stretching: a 6-texel dark frame around a light middle,
    /// with a marker in each corner.
    static let frame9: CGImage = {
        let n = 24
        var px = [UInt32](repeating: 0xFFEE_EEDD, count: n * n)
        for y in 0..<n {
            for x in 0..<n where x < 6 || y < 6 || x >= n - 6 || y >= n - 6 { px[y * n + x] = 0xFF33_4466 }
        }
        for (cx, cy) in [(2, 2), (n - 3, 2), (2, n - 3), (n - 3, n - 3)] {
            for y in cy - 1...cy + 1 { for x in cx - 1...cx + 1 { px[y * n + x] = 0xFFFF_CC00 } }
        }
        return CGImage(width: n, height: n, premultipliedARGB: px)
    }()

    /// A half-transparent picture: premultiplied blue whose alpha rises left to right.
    static let alphaRamp: CGImage = {
        let w = 16, h = 4
        var px = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w {
            let a = UInt32(x * 255 / (w - 1))
            px[y * w + x] = a << 24 | (a * 40 / 255) << 16 | (a * 90 / 255) << 8 | a
        } }
        return CGImage(width: w, height: h, premultipliedARGB: px)
    }()

    static func path(_ build: (CGMutablePath) -> Void) -> CGPath {
        let p = CGMutablePath(); build(p); return p
    }

    static func perspective(_ d: CGFloat) -> CATransform3D {
        var t = CATransform3DIdentity; t.m34 = -1 / d; return t
    }
}
