import Foundation
import QuartzCore

/// Turns a property's keyframes into one `CAKeyframeAnimation` on composition time: holds become a
/// flat segment and a jump (two key times that are equal), bezier easing becomes the segment's
/// timing function, spatial tangents of a position become the curves of a `path`.
struct KeyframeAnimationBuilder {
    /// The composition's clock: a layer's keyframe frames are its composition's frames, whatever the
    /// layer's start time.
    let time: CompositionTime
    /// Set inside time-remapped precompositions: every animation is sampled at the host's frames.
    var sampler: FrameSampler? = nil

    /// One point of the sequence: a value at a frame, and how the segment before it moves.
    private struct Point<V> {
        var frame: Double
        var value: V
        var easing: (Double, Double, Double, Double)?
        /// Spatial tangents of the segment before this point (out of the previous value, into this one).
        var tangents: ([Double], [Double])?
    }

    /// The animation of `keyPath` through `track`'s keyframes, values made by `convert`; nil when the
    /// track does not change. `spatial`: tangents (`to`/`ti`) are followed as a path (point properties).
    func animation<V: KeyframeValue>(_ keyPath: String, _ track: Animated<V>, spatial: Bool = false, convert: (V) -> Any) -> CAKeyframeAnimation? {
        guard track.isAnimated else { return nil }
        if let sampler { return sampler.animation(keyPath) { convert(track.value(at: $0)) } }
        let points = sequence(track)
        guard let first = points.first, let last = points.last, last.frame > first.frame else { return nil }
        let a = CAKeyframeAnimation(keyPath: keyPath)
        let span = last.frame - first.frame
        a.keyTimes = points.map { NSNumber(value: ($0.frame - first.frame) / span) }
        a.timingFunctions = points.dropFirst().map { p in
            p.easing.map { CAMediaTimingFunction(controlPoints: Float($0.0), Float($0.1), Float($0.2), Float($0.3)) } ?? CAMediaTimingFunction(name: .linear)
        }
        if spatial, points.contains(where: { $0.tangents != nil }), let path = spatialPath(points) {
            a.path = path
        } else {
            a.values = points.map { convert($0.value) }
        }
        place(a, from: first.frame, to: last.frame)
        return a
    }

    /// A linear animation through values sampled at `frames` (for what no single track describes exactly).
    func sampled(_ keyPath: String, frames: [Double], values: [Any]) -> CAKeyframeAnimation? {
        guard let first = frames.first, let last = frames.last, last > first, values.count == frames.count else { return nil }
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.keyTimes = frames.map { NSNumber(value: ($0 - first) / (last - first)) }
        a.values = values
        place(a, from: first, to: last)
        return a
    }

    /// An animation of `keyPath` through `value` at layer frames from `lo` to `hi` (sampled at most
    /// `maximum` times), or at the host's frames inside a time-remapped precomposition.
    func sampled(_ keyPath: String, from lo: Double, to hi: Double, maximum: Int, value: (Double) -> Any) -> CAKeyframeAnimation? {
        if let sampler { return sampler.animation(keyPath) { value($0) } }
        guard hi > lo else { return nil }
        let frames = FrameSampler.frames(from: lo, to: hi, maximum: maximum)
        return sampled(keyPath, frames: frames, values: frames.map(value))
    }

    /// How long before a keyframe's frame a jump to its value happens, in frames: so that the frame
    /// itself, reached through floating-point time arithmetic, always shows the new value.
    static let jumpLead = 1e-6

    /// The frame a jump to a value at `frame` happens, after `previous`.
    static func jumpFrame(_ frame: Double, after previous: Double) -> Double { max(previous, frame - jumpLead) }

    /// Times `a` from layer frame `from` to `to`, holding its ends before and after.
    func place(_ a: CAAnimation, from: Double, to: Double) {
        var begin = time.time(ofFrame: from)
        if begin == 0 { begin = .leastNonzeroMagnitude }   // 0 would mean "when added"
        a.beginTime = begin
        a.duration = (to - from) / time.framerate
        a.fillMode = .both
        a.isRemovedOnCompletion = false
    }

    /// The keyframes as points: holds and jumps spelled out, consecutive equal points merged.
    private func sequence<V: KeyframeValue>(_ track: Animated<V>) -> [Point<V>] {
        let k = track.keyframes
        var out = [Point(frame: k[0].time, value: k[0].value, easing: nil, tangents: nil)]
        for i in 0..<(k.count - 1) {
            let a = k[i], b = k[i + 1]
            if a.hold {
                out.append(Point(frame: Self.jumpFrame(b.time, after: a.time), value: a.value, easing: nil, tangents: nil))
            } else {
                var tangents: ([Double], [Double])?
                if let to = a.spatialOut, let ti = a.spatialIn, to.contains(where: { $0 != 0 }) || ti.contains(where: { $0 != 0 }) { tangents = (to, ti) }
                out.append(Point(frame: b.time, value: a.endValue ?? b.value, easing: a.easing, tangents: tangents))
            }
            if out[out.count - 1].value != b.value {
                out.append(Point(frame: out[out.count - 1].frame, value: b.value, easing: nil, tangents: nil))
            }
        }
        return out
    }

    /// The path through point values ([x, y]): a curve where a segment has tangents, else a line.
    private func spatialPath<V: KeyframeValue>(_ points: [Point<V>]) -> CGPath? {
        func pt(_ v: V) -> CGPoint? {
            guard let d = v as? [Double], d.count >= 2 else { return nil }
            return CGPoint(x: d[0], y: d[1])
        }
        let path = CGMutablePath()
        guard let start = pt(points[0].value) else { return nil }
        path.move(to: start)
        var cur = start
        for p in points.dropFirst() {
            guard let end = pt(p.value) else { return nil }
            if let (to, ti) = p.tangents {
                path.addCurve(to: end, control1: CGPoint(x: cur.x + to.at(0), y: cur.y + to.at(1)),
                              control2: CGPoint(x: end.x + ti.at(0), y: end.y + ti.at(1)))
            } else {
                path.addLine(to: end)
            }
            cur = end
        }
        return path
    }
}
