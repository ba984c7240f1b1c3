import Foundation

/// An animation through a sequence of values or along a path (Apple's `CAKeyframeAnimation`).
///
/// keyTimes must have one entry per value (one more for `.discrete`), start at 0, end at 1 and never
/// decrease; otherwise a diagnostic is reported and the keyframes are spaced evenly. `timingFunctions`
/// (one per segment) ease within each segment. `.paced` and `.cubicPaced` ignore keyTimes and
/// timingFunctions and move at constant speed. `.cubic` uses Kochanek–Bartels splines with
/// tensionValues, continuityValues and biasValues. A `path` (for point properties) overrides `values`:
/// as Apple documents, the path's first point and the end point of each line-to and curve-to are
/// the keyframes, and a close-subpath, a line back to the subpath's start, is one more; move-to
/// elements define none (a path of n line, curve and close elements takes n + 1 keyTimes, n + 2
/// with `.discrete`, which holds each keyframe in turn; see `PathKeyframes`). Between keyframes the
/// value moves along the path at constant speed. `rotationMode` .rotateAuto turns the layer along the tangent (applied to the
/// presentation transform), .rotateAutoReverse adds half a turn.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]?
    /// A path the point property follows (overrides values).
    open var path: CGPath?
    /// The time of each keyframe, as fractions of the duration.
    open var keyTimes: [NSNumber]?
    /// The timing function of each segment.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How intermediate values are computed (default .linear).
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels tension per keyframe (cubic modes).
    open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe (cubic modes).
    open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe (cubic modes).
    open var biasValues: [NSNumber]?
    /// Whether the layer turns to follow the path's tangent.
    open var rotationMode: CAAnimationRotationMode?

    var frames: [LayerValue] = []
    var times: [Double] = []
    /// The path's segments in order (empty without a path).
    var segments: [CGPathSegment] = []
    /// The path's keyframe intervals (empty without a path).
    var intervals: [PathKeyframes.Interval] = []
    var tangents: (incoming: [[Double]], outgoing: [[Double]])?
    /// The keyframes as plain numbers when every value is a number (a fast path for opacity and such).
    var numbers: [Double]?

    override func makeEmptyCopy() -> CAAnimation { CAKeyframeAnimation() }

    override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        values = o.values; path = o.path; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode; tensionValues = o.tensionValues; continuityValues = o.continuityValues
        biasValues = o.biasValues; rotationMode = o.rotationMode
    }

    var isPaced: Bool { calculationMode == .paced || calculationMode == .cubicPaced }
    var isCubic: Bool { calculationMode == .cubic || calculationMode == .cubicPaced }

    override func prepare(for layer: CALayer, key: String) {
        super.prepare(for: layer, key: key)
        frames = []; times = []; segments = []; intervals = []; tangents = nil; numbers = nil
        guard property != nil else { return }
        let where_ = "\(diagnosticName) on \(describeLayer(layer)) for '\(keyPath ?? key)'"
        if let path {
            guard valueKind == .point else {
                LaminaDiagnostics.report("\(where_): a path needs a point key path such as 'position'; the animation has no effect")
                return
            }
            let keyframes = PathKeyframes(path)
            guard !keyframes.intervals.isEmpty else {
                if let pt = keyframes.first { frames = [.point(pt)]; times = [0] }
                return
            }
            intervals = keyframes.intervals
            segments = intervals.flatMap(\.segments)
            // Discrete: each of the n + 1 keyframes is held from its key time to the next (n + 2 times).
            times = keyframeTimes(count: intervals.count + (calculationMode == .discrete ? 2 : 1), distances: intervals.map(\.length), where_: where_)
            return
        }
        for (i, v) in (values ?? []).enumerated() {
            guard let c = convert(v, role: "values[\(i)]", layer: layer) else { frames = []; return }
            frames.append(c)
        }
        guard !frames.isEmpty else { return }
        numbers = frames.allSatisfy { if case .number = $0 { return true }; return false } ? frames.map { $0.doubleValue! } : nil
        var distances: [Double] = []
        if isPaced {
            for i in 0..<max(0, frames.count - 1) { distances.append(LayerValue.distance(frames[i], frames[i + 1])) }
        }
        let count = calculationMode == .discrete ? frames.count + 1 : frames.count
        times = keyframeTimes(count: count, distances: distances, where_: where_)
        let comps = frames.compactMap { $0.components }
        if isCubic, frames.count >= 2, comps.count == frames.count, Set(comps.map(\.count)).count == 1 {
            let n = frames.count
            func param(_ a: [NSNumber]?) -> [Double] {
                let v = (a ?? []).map { $0.doubleValue }
                return (0..<n).map { $0 < v.count && v[$0].isFinite ? v[$0] : 0 }
            }
            tangents = kochanekBartelsTangents(points: comps, times: Array(times.prefix(n)),
                                               tension: param(tensionValues), continuity: param(continuityValues), bias: param(biasValues))
        }
    }

    /// The keyframe times: paced from distances, else keyTimes when valid, else evenly spaced.
    private func keyframeTimes(count: Int, distances: [Double], where_: String) -> [Double] {
        let even = count <= 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
        if isPaced {
            let total = distances.reduce(0, +)
            guard total > 0, total.isFinite else { return even }
            var acc = 0.0
            return [0] + distances.map { acc += $0; return acc / total }
        }
        guard let kt = keyTimes else { return even }
        let t = kt.map { $0.doubleValue }
        if t.count != count {
            LaminaDiagnostics.report("\(where_): keyTimes has \(t.count) entries but \(count) are needed\(calculationMode == .discrete ? " (one more than values for .discrete)" : ""); keyframes are spaced evenly")
            return even
        }
        for i in 0..<t.count where !t[i].isFinite || t[i] < 0 || t[i] > 1 || (i > 0 && t[i] < t[i - 1]) {
            LaminaDiagnostics.report("\(where_): keyTimes must rise from 0 to 1 (entry \(i) is \(t[i])); keyframes are spaced evenly")
            return even
        }
        return t
    }

    /// Finds the segment containing `t` and the fraction within it.
    private func locate(_ t: Double, segmentCount: Int) -> (Int, Double) {
        guard segmentCount > 0 else { return (0, 0) }
        if t <= times[0] { return (0, 0) }
        if t >= times[segmentCount] { return (segmentCount - 1, 1) }
        var lo = 0, hi = segmentCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        let span = times[lo + 1] - times[lo]
        var u = span > 0 ? (t - times[lo]) / span : 1
        if !isPaced, let tfs = timingFunctions, lo < tfs.count { u = tfs[lo].evaluate(u) }
        return (lo, u)
    }

    /// The value at overall (eased) progress `t`, with the path tangent angle for path animations.
    func value(at t: Double) -> (LayerValue, Double?)? {
        if !intervals.isEmpty {
            if calculationMode == .discrete {
                // Keyframe i from times[i] until times[i + 1]; the last one from its time on.
                var i = 0
                while i < intervals.count && t >= times[i + 1] { i += 1 }
                let iv = intervals[max(0, i - 1)]
                return (.point(i == 0 ? intervals[0].start : intervals[i - 1].end),
                        i == 0 ? angle(iv.segments[0], 0) : angle(iv.segments[iv.segments.count - 1], 1))
            }
            let (i, u) = locate(t, segmentCount: intervals.count)
            let (seg, param) = intervals[i].locate(u)
            return (.point(seg.point(at: param)), angle(seg, param))
        }
        guard !frames.isEmpty else { return nil }
        if frames.count == 1 { return (frames[0], nil) }
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < frames.count && t >= times[i + 1] { i += 1 }
            return (frames[i], nil)
        }
        let (i, u) = locate(t, segmentCount: frames.count - 1)
        if let tg = tangents, let a = frames[i].components, let b = frames[i + 1].components {
            let h = times[i + 1] - times[i]
            let m0 = tg.outgoing[i].map { $0 * h }, m1 = tg.incoming[i + 1].map { $0 * h }
            if let v = LayerValue.fromComponents(hermite(p0: a, p1: b, m0: m0, m1: m1, t: u), kind: frames[i].kind) {
                return (v, nil)
            }
        }
        return (LayerValue.interpolate(frames[i], frames[i + 1], u), nil)
    }

    private func angle(_ seg: CGPathSegment, _ t: CGFloat) -> Double? {
        guard rotationMode != nil else { return nil }
        let d = seg.derivative(at: t)
        guard d.dx != 0 || d.dy != 0 else { return nil }
        var a = atan2(Double(d.dy), Double(d.dx))
        if rotationMode == .rotateAutoReverse { a += Double.pi }
        return a
    }

    override func apply(to state: inout LayerState, parentTime: Double, beginTime: Double, transitionFrom: LayerStateBox?) {
        guard property != nil, let r = evaluateTiming(timingParameters(beginTime: beginTime), parentTime: parentTime) else { return }
        let eased = timingFunction.map { $0.evaluate(r.progress) } ?? r.progress
        guard let (v0, ang) = value(at: eased) else { return }
        var v = v0
        if isCumulative && r.iteration > 0, let first = intervals.first.map({ LayerValue.point($0.start) }) ?? frames.first,
           let last = intervals.last.map({ LayerValue.point($0.end) }) ?? frames.last {
            v = LayerValue.add(v, LayerValue.scale(LayerValue.subtract(last, first), by: Double(r.iteration)))
        }
        store(v, into: &state, base: nil)
        if let ang { state.transform = CATransform3DRotate(state.transform, CGFloat(ang), 0, 0, 1) }
    }
}
