import Foundation
import CPixelKernels

/// Gaussian-like blur of an 8-bit alpha plane by three successive box blurs (the standard
/// approximation: three boxes of width ≈ σ·√3 match a Gaussian of deviation σ within a few percent).
/// The passes run in C (`lamina_box_blur_passes`: the column pass on AVX2 or AVX-512 where the CPU
/// has them); the Swift passes here are their reference.
enum BoxBlur {
    /// Blurs `alpha` (width × height, values 0...1) in place with deviation `sigma` pixels. The
    /// running sums are integers (16-bit fixed point), so a pixel's result does not depend on where
    /// the plane starts. Both passes run along rows (the vertical one keeps a running sum per
    /// column), so memory is read in order.
    static func blur(_ alpha: inout [Float], width: Int, height: Int, sigma: Double) {
        blur(&alpha, width: width, height: height, sigma: sigma, passes: .kernel)
    }

    /// Which code runs the box passes: the C kernel (`lamina_box_blur_passes`, vector versions on
    /// the CPU's level), or the Swift passes below, its reference.
    enum Passes { case kernel, swift }

    /// `blur` with the passes run by `passes` (the same bits either way: BoxBlurKernelTests).
    static func blur(_ alpha: inout [Float], width: Int, height: Int, sigma: Double, passes: Passes) {
        guard sigma > 0.3, width > 0, height > 0, alpha.count >= width * height else { return }
        let boxes = boxSizes(sigma: min(sigma, 256))
        let n = width * height
        if passes == .kernel {
            // Converted, blurred and converted back in one C call, the plane its own source (read
            // whole into the fixed-point plane before anything is written back).
            let radii = boxes.map { Int32($0) }
            var a = scratch(n), tmp = scratch(n), sums = [Int32](repeating: 0, count: width + 1)
            alpha.withUnsafeMutableBufferPointer { p in
                lamina_box_blur_placed(p.baseAddress!, Int32(width), Int32(height), 0, 0, p.baseAddress!, &a, &tmp, &sums,
                                       Int32(width), Int32(height), radii, Int32(radii.count))
            }
            return
        }
        var a = [Int32](repeating: 0, count: n)
        var tmp = [Int32](repeating: 0, count: n)
        alpha.withUnsafeBufferPointer { src in
            a.withUnsafeMutableBufferPointer { dst in
                for i in 0..<n { dst[i] = Int32(max(0, min(src[i], 1)) * 65535 + 0.5) }
            }
        }
        var sums = [Int64](repeating: 0, count: width)
        a.withUnsafeMutableBufferPointer { a in
            tmp.withUnsafeMutableBufferPointer { t in
                sums.withUnsafeMutableBufferPointer { s in
                    for r in boxes {
                        horizontal(a, t, w: width, h: height, r: r)
                        vertical(t, a, sums: s, w: width, h: height, r: r)
                    }
                }
            }
        }
        let k: Float = 1 / 65535
        a.withUnsafeBufferPointer { src in
            alpha.withUnsafeMutableBufferPointer { dst in
                for i in 0..<n { dst[i] = Float(src[i]) * k }
            }
        }
    }

    /// `n` integers left unset, for the C blur's planes (it writes each before reading it).
    private static func scratch(_ n: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: n) { _, count in count = n }
    }

    /// The blur of a `width` × `height` plane that is zero but for `src` (`sourceWidth` ×
    /// `sourceHeight` values with their top left at (`ox`, `oy`), inside the plane): the values
    /// `blur` gives for that plane, made in one C call (placed straight into the fixed-point plane,
    /// no float plane to fill and convert first).
    /// `share`, when given, is handed the blur as a `SharedBoxBlur` (when the plane is large enough
    /// to be worth it) before it is made, so that other threads waiting for it can take part.
    static func blurPlaced(_ src: [Float], sourceWidth: Int, sourceHeight: Int, ox: Int, oy: Int,
                           width: Int, height: Int, sigma: Double, share: ((SharedBoxBlur) -> Void)? = nil) -> [Float] {
        let fits = ox >= 0 && oy >= 0 && sourceWidth >= 0 && sourceHeight >= 0 && ox + sourceWidth <= width && oy + sourceHeight <= height
            && src.count >= sourceWidth * sourceHeight
        guard sigma > 0.3, width > 0, height > 0, fits else {
            // No blur (or a source that does not fit, which callers never pass): the plane as placed
            // (values outside it left out), then `blur`.
            var plane = [Float](repeating: 0, count: max(0, width * height))
            for y in 0..<max(0, sourceHeight) where y + oy >= 0 && y + oy < height {
                for x in 0..<max(0, sourceWidth) where x + ox >= 0 && x + ox < width && y * sourceWidth + x < src.count {
                    plane[(y + oy) * width + x + ox] = src[y * sourceWidth + x]
                }
            }
            blur(&plane, width: width, height: height, sigma: sigma)
            return plane
        }
        let radii = boxSizes(sigma: min(sigma, 256)).map { Int32($0) }
        let n = width * height
        // A plane mirror-symmetric left-right or top-bottom (a centred rounded rectangle's): only its
        // half or quarter blurred, then mirrored (the same bits), shared or not.
        let axes = lamina_box_blur_mirrors(src, Int32(sourceWidth), Int32(sourceHeight), Int32(ox), Int32(oy), Int32(width), Int32(height))
        if let share, SharedBoxBlur.applies(width: width, height: height, radii: radii) {
            return src.withUnsafeBufferPointer { s in
                [Float](unsafeUninitializedCapacity: n) { out, count in
                    let blur = SharedBoxBlur(src: s.baseAddress!, sourceWidth: sourceWidth, sourceHeight: sourceHeight, ox: ox, oy: oy,
                                             out: out.baseAddress!, width: width, height: height, radii: radii, axes: axes)
                    share(blur)
                    blur.make()
                    count = n
                }
            }
        }
        var a = scratch(n), tmp = scratch(n), sums = [Int32](repeating: 0, count: width + 1)
        return [Float](unsafeUninitializedCapacity: n) { out, count in
            lamina_box_blur_placed_axes(src, Int32(sourceWidth), Int32(sourceHeight), Int32(ox), Int32(oy), out.baseAddress!,
                                        &a, &tmp, &sums, Int32(width), Int32(height), radii, Int32(radii.count), axes)
            count = n
        }
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

    /// floor((sum + size / 2) / size) without a division: sums stay below 2^26 (16-bit values,
    /// boxes under 1024 wide), so multiplying by m = floor(2^40 / size) + 1 and shifting by 40 is off
    /// by less than 2^-14, under the 1/size gap between a quotient's fraction and the next integer.
    @inline(__always)
    private static func mean(_ sum: Int64, half: Int64, m: Int64) -> Int32 {
        Int32(truncatingIfNeeded: ((sum &+ half) &* m) &>> 40)
    }

    /// The multiplier of `mean` for a box of `size` (at most 1023).
    private static func multiplier(_ size: Int64) -> Int64 { (Int64(1) << 40) / size + 1 }

    /// Box of radius r along each row (window [i - r, i + r], zeros outside). Four rows at a time
    /// (four independent running sums, so the additions of one row do not wait for each other's),
    /// then the rows left one by one; each row's sums are those of the one-row loop.
    private static func horizontal(_ src: UnsafeMutableBufferPointer<Int32>, _ dst: UnsafeMutableBufferPointer<Int32>, w: Int, h: Int, r: Int) {
        let size = Int64(2 * r + 1), half = size / 2, m = multiplier(size)
        var y0 = 0
        if r < w {
            while y0 + 4 <= h {
                let row = src.baseAddress! + y0 * w, out = dst.baseAddress! + y0 * w
                var acc = SIMD4<Int64>(repeating: 0)
                @inline(__always) func at(_ x: Int) -> SIMD4<Int64> {
                    SIMD4(Int64(row[x]), Int64(row[w + x]), Int64(row[2 * w + x]), Int64(row[3 * w + x]))
                }
                for k in 0...r { acc &+= at(k) }
                for i in 0..<w {
                    let q = ((acc &+ half) &* m) &>> 40
                    out[i] = Int32(truncatingIfNeeded: q[0]); out[w + i] = Int32(truncatingIfNeeded: q[1])
                    out[2 * w + i] = Int32(truncatingIfNeeded: q[2]); out[3 * w + i] = Int32(truncatingIfNeeded: q[3])
                    let add = i + r + 1, sub = i - r
                    if add < w { acc &+= at(add) }
                    if sub >= 0 { acc &-= at(sub) }
                }
                y0 += 4
            }
        }
        for y in y0..<h {
            let row = src.baseAddress! + y * w, out = dst.baseAddress! + y * w
            var acc: Int64 = 0
            for k in 0...min(r, w - 1) { acc &+= Int64(row[k]) }
            for i in 0..<w {
                out[i] = mean(acc, half: half, m: m)
                let add = i + r + 1, sub = i - r
                if add < w { acc &+= Int64(row[add]) }
                if sub >= 0 { acc &-= Int64(row[sub]) }
            }
        }
    }

    /// Box of radius r down each column, a row at a time with one running sum per column.
    private static func vertical(_ src: UnsafeMutableBufferPointer<Int32>, _ dst: UnsafeMutableBufferPointer<Int32>,
                                 sums: UnsafeMutableBufferPointer<Int64>, w: Int, h: Int, r: Int) {
        let size = Int64(2 * r + 1), half = size / 2, m = multiplier(size)
        let s = sums.baseAddress!, base = src.baseAddress!
        for x in 0..<w { s[x] = 0 }
        for k in 0...min(r, h - 1) {
            let row = base + k * w
            for x in 0..<w { s[x] &+= Int64(row[x]) }
        }
        for y in 0..<h {
            let out = dst.baseAddress! + y * w
            for x in 0..<w { out[x] = mean(s[x], half: half, m: m) }
            let add = y + r + 1, sub = y - r
            if add < h { let row = base + add * w; for x in 0..<w { s[x] &+= Int64(row[x]) } }
            if sub >= 0 { let row = base + sub * w; for x in 0..<w { s[x] &-= Int64(row[x]) } }
        }
    }
}
