import Foundation

extension CGPath {
    /// The part of the path between fractions `start` and `end` of its total arc length, measured
    /// over all subpaths in order, as Core Animation's `CAShapeLayer.strokeStart` / `strokeEnd` do
    /// (a Lamina addition).
    ///
    /// Contract:
    /// - `start` and `end` are clamped to 0...1. When `start >= end`, either is NaN, or the path
    ///   has no length, the result is empty — except that 0...1 returns the path unchanged.
    /// - A subpath lying entirely inside the range is copied as it is (a closed one stays closed,
    ///   so a stroke joins it rather than capping it). A subpath cut by the range becomes one open
    ///   subpath running from the cut point(s); a closed subpath's closing line counts as part of
    ///   its length. Curves stay curves, cut exactly at the range ends.
    /// - Drawn zero-length subpaths (dots) are kept when their position lies in the range; lone
    ///   moves and elements with non-finite coordinates are dropped.
    public func lamina_trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        guard !start.isNaN, !end.isNaN else { return CGPath(commands: []) }
        let s = min(max(start, 0), 1), e = min(max(end, 0), 1)
        guard s < e else { return CGPath(commands: []) }
        if s == 0 && e == 1 { return CGPath(commands: commands) }
        let subpaths = StrokeSubpath.split(self)
        let lengths = subpaths.map { $0.segments.map(\.length) }
        let total = lengths.reduce(0) { $0 + $1.reduce(0, +) }
        guard total > 0, total.isFinite else { return CGPath(commands: []) }
        let lo = s * total, hi = e * total
        var out: [CGPathCommand] = []
        var acc: CGFloat = 0
        for (sp, segLengths) in zip(subpaths, lengths) where sp.hasDrawing {
            let spLength = segLengths.reduce(0, +)
            let spStart = acc, spEnd = acc + spLength
            acc = spEnd
            if spLength == 0 {
                if spStart >= lo && spStart <= hi { out += sp.commands }
                continue
            }
            if spStart >= lo && spEnd <= hi { out += sp.commands; continue }
            guard spEnd > lo, spStart < hi else { continue }
            var a = spStart
            var open = false
            for (seg, len) in zip(sp.segments, segLengths) {
                let b = a + len
                defer { a = b }
                let from = max(a, lo), to = min(b, hi)
                guard to > from else { continue }
                let piece = seg.subsegment(fromLength: from - a, toLength: to - a, total: len)
                if !open { out.append(.move(to: piece.start)); open = true }
                out.append(piece.command)
            }
        }
        return CGPath(commands: out)
    }
}
