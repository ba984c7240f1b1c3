import Foundation
import QuartzCore

/// Where a composition's frames are not a linear function of its host's time (a time-remapped
/// precomposition, and everything inside one): property animations are sampled at the host's
/// frames instead, each sample the value at the composition frame `map` gives, and are timed in
/// the host's time. Exact at every sampled (whole) host frame, linear in between.
struct FrameSampler {
    /// The time of the layer the sampled animations are timed in.
    let hostTime: CompositionTime
    /// The host frames sampled, increasing, at least two.
    let hostFrames: [Double]
    /// The composition frame shown at a host frame.
    let map: (Double) -> Double

    /// The whole frames from `lo` to `hi` (and both ends), at most `maximum` of them (spread evenly when more).
    static func frames(from lo: Double, to hi: Double, maximum: Int) -> [Double] {
        guard hi > lo else { return [lo, lo + 1] }
        let step = max(1, ((hi - lo) / Double(maximum)).rounded(.up))
        var out = [lo]
        var f = (lo / step).rounded(.down) * step + step
        while f < hi { out.append(f); f += step }
        out.append(hi)
        return out
    }

    /// This sampler with `inner` applied after its map (a precomposition inside this one).
    func then(_ inner: @escaping (Double) -> Double) -> FrameSampler {
        let outer = map
        return FrameSampler(hostTime: hostTime, hostFrames: hostFrames, map: { inner(outer($0)) })
    }

    /// An animation of `keyPath` through `value` at the composition frame of each sampled host frame;
    /// `steps`: each value holds until the next sample (for what shows or hides), else linear.
    func animation(_ keyPath: String, steps: Bool = false, value: (Double) -> Any) -> CAKeyframeAnimation {
        var frames: [Double] = [], values: [Any] = []
        for (i, g) in hostFrames.enumerated() {
            let v = value(map(g))
            if steps, i > 0 {
                frames.append(KeyframeAnimationBuilder.jumpFrame(g, after: frames[frames.count - 1]))
                values.append(values[values.count - 1])
            }
            frames.append(g)
            values.append(v)
        }
        let first = frames[0], last = frames[frames.count - 1]
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.keyTimes = frames.map { NSNumber(value: ($0 - first) / (last - first)) }
        a.values = values
        var begin = hostTime.time(ofFrame: first)
        if begin == 0 { begin = .leastNonzeroMagnitude }
        a.beginTime = begin
        a.duration = (last - first) / hostTime.framerate
        a.fillMode = .both
        a.isRemovedOnCompletion = false
        return a
    }
}
