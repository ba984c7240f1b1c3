import Foundation

extension PrimitiveDrawer {
    /// Composites `src` (an offscreen surface) onto `dst` with a blend mode, over `area` within
    /// dst's scissor and clip: every pixel is `BlendFormulas.blend(dst, src · opacity · mask)`,
    /// then mixed with the old pixel by the clip's coverage. Pixels of `area` outside `src` count
    /// as transparent source.
    func composite(_ src: Surface, onto dst: Surface, area: IntRect, opacity: Double, mask: Surface?, mode: BlendMode) {
        var area = dst.scissor.intersection(area)
        if let c = dst.clip { area = area.intersection(c.rect) }
        guard !area.isEmpty else { return }
        let op = UInt32((min(max(opacity, 0), 1) * 255).rounded())
        // Flat content repeats the same (backdrop, source) pair across a row and down the rows:
        // the last pair's result is kept, and a transparent side has a closed form (BlendFormulas.blendFast).
        var memo = BlendFormulas.Memo(mode: mode)
        for y in area.y..<area.maxY {
            let d = dst.row(y)
            let srcRow = src.frame.y <= y && y < src.frame.maxY ? src.row(y) : nil
            let m = mask.flatMap { $0.frame.y <= y && y < $0.frame.maxY ? $0.row(y) : nil }
            for x in area.x..<area.maxX {
                var p: UInt32 = 0
                if let srcRow, x >= src.frame.x, x < src.frame.maxX {
                    var k = op
                    if let mask {
                        if let m, x >= mask.frame.x, x < mask.frame.maxX { k = Premultiplied.mul255(k, m[x] >> 24) } else { k = 0 }
                    }
                    p = Premultiplied.scale(srcRow[x], k)
                }
                let blended = memo.blend(d[x], p)
                if let clip = dst.clip {
                    let c = clip.value(x, y)
                    if c <= 0 { continue }
                    if c < 1 { d[x] = BlendFormulas.mix(d[x], blended, coverage: c); continue }
                }
                d[x] = blended
            }
        }
    }
}
