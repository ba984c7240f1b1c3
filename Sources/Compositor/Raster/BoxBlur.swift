import Foundation

/// Gaussian-like blur of an 8-bit alpha plane by three successive box blurs (the standard
/// approximation: three boxes of width ≈ σ·√3 match a Gaussian of deviation σ within a few percent).
enum BoxBlur {
    /// Blurs `alpha` (width × height, values 0...1) in place with deviation `sigma` pixels. The
    /// running sums are integers, so a pixel's result does not depend on where the plane starts.
    static func blur(_ alpha: inout [Float], width: Int, height: Int, sigma: Double) {
        guard sigma > 0.3, width > 0, height > 0 else { return }
        let boxes = boxSizes(sigma: sigma)
        var a = alpha.map { Int32(($0 * 65535).rounded()) }
        var tmp = [Int32](repeating: 0, count: a.count)
        for r in boxes {
            pass(&a, &tmp, w: width, h: height, r: r, horizontal: true)
            pass(&tmp, &a, w: width, h: height, r: r, horizontal: false)
        }
        for i in alpha.indices { alpha[i] = Float(a[i]) / 65535 }
    }

    /// Three box radii whose successive application approximates a Gaussian of deviation sigma.
    static func boxSizes(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var wl = Int(ideal.rounded(.down)); if wl % 2 == 0 { wl -= 1 }
        wl = max(wl, 1)
        let wu = wl + 2
        let mIdeal = (12 * sigma * sigma - 3 * Double(wl * wl) - 12 * Double(wl) - 9) / (-4 * Double(wl) - 4)
        let m = Int(mIdeal.rounded())
        return (0..<3).map { ($0 < m ? wl : wu - 0) / 2 }
    }

    private static func pass(_ src: inout [Int32], _ dst: inout [Int32], w: Int, h: Int, r: Int, horizontal: Bool) {
        let n = horizontal ? w : h, lines = horizontal ? h : w
        let step = horizontal ? 1 : w
        let size = Int64(2 * r + 1)
        for line in 0..<lines {
            let base = horizontal ? line * w : line
            var acc: Int64 = 0
            // Window [i - r, i + r] with zeros outside.
            for k in 0...min(r, n - 1) { acc += Int64(src[base + k * step]) }
            for i in 0..<n {
                dst[base + i * step] = Int32((acc + size / 2) / size)
                let add = i + r + 1, sub = i - r
                if add < n { acc += Int64(src[base + add * step]) }
                if sub >= 0 { acc -= Int64(src[base + sub * step]) }
            }
        }
    }
}
