import Foundation
import CoreGraphics

/// A trim path (`tm`): the part of its shapes from `s` to `e` percent of their length, moved along by
/// `o` degrees (360 is the whole length). `m` 1 (simultaneously) trims each shape on its own; 2
/// (individually) trims the shapes as one path, one after another.
struct TrimModel: Sendable {
    var start: Animated<[Double]>
    var end: Animated<[Double]>
    var offset: Animated<[Double]>
    var individually: Bool
    /// The item's JSON path: tells trims apart.
    var id: String

    var isAnimated: Bool { start.isAnimated || end.isAnimated || offset.isAnimated }

    /// The frames of every keyframe.
    var keyframeTimes: [Double] { [start, end, offset].filter(\.isAnimated).flatMap { $0.keyframes.map(\.time) } }

    /// The ranges kept at layer frame `frame`, as fractions of the length from 0 to 1 (as lottie-web:
    /// start and end each within 0...1, the offset added to both, swapped when start passes end, a
    /// range past 1 wrapping to the start); nil keeps everything.
    func ranges(at frame: Double) -> [(Double, Double)]? {
        var s = min(max(start.value(at: frame).at(0) / 100, 0), 1), e = min(max(end.value(at: frame).at(0, 100) / 100, 0), 1)
        var o = offset.value(at: frame).at(0).truncatingRemainder(dividingBy: 360) / 360
        if o < 0 { o += 1 }
        s += o; e += o
        if s > e { swap(&s, &e) }
        s = (s * 10_000).rounded() / 10_000; e = (e * 10_000).rounded() / 10_000
        if s == e { return [] }
        if e - s >= 1 { return nil }
        if e <= 1 { return [(s, e)] }
        if s >= 1 { return [(s - 1, e - 1)] }
        return [(s, 1), (0, e - 1)]
    }

    /// `paths` cut as one path run through them in turn (`m` 2): each keeps the part of the ranges
    /// that falls within its own length.
    func apply(toSequence paths: [CGPath], at frame: Double) -> [CGPath] {
        guard let ranges = ranges(at: frame) else { return paths }
        let lengths = paths.map { $0.segments.reduce(0.0) { $0 + Double($1.length) } }
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return paths.map { _ in CGMutablePath() } }
        var start = 0.0
        var out: [CGPath] = []
        for (p, length) in zip(paths, lengths) {
            let piece = CGMutablePath()
            if length > 0 {
                for (a, b) in ranges {
                    let lo = max(a * total, start), hi = min(b * total, start + length)
                    guard hi > lo else { continue }
                    piece.addPath(p.lamina_trimmed(from: CGFloat((lo - start) / length), to: CGFloat((hi - start) / length)))
                }
            }
            out.append(piece)
            start += length
        }
        return out
    }

    /// `path` cut to the ranges kept at `frame`.
    func apply(to path: CGPath, at frame: Double) -> CGPath {
        guard let ranges = ranges(at: frame) else { return path }
        let out = CGMutablePath()
        for (a, b) in ranges { out.addPath(path.lamina_trimmed(from: CGFloat(a), to: CGFloat(b))) }
        return out
    }
}
