import Foundation

/// A repeater (`rp`): the items listed before it drawn `c` times, copy k moved by `k + o` steps of
/// its transform `tr` (each step: position by `p`, rotation by `r`, scale by `s` about the anchor
/// `a`), with opacity from `so` (first copy) to `eo` (last). `m` 1 draws the first copy on top and
/// each later one below the one before (as lottie-web and ThorVG stack them); 2 each above. Read as
/// expanded copies: one group per copy, so every style and modifier works on them.
struct RepeaterModel: Sendable {
    var copies: Animated<[Double]>
    var offset: Animated<[Double]>
    var anchor: Animated<[Double]>
    var position: Animated<[Double]>
    var scale: Animated<[Double]>
    var rotation: Animated<[Double]>
    var startOpacity: Animated<[Double]>
    var endOpacity: Animated<[Double]>
    /// `m` 1: the first copy on top; 2: the last.
    var firstOnTop: Bool

    /// The most copies drawn.
    static let maximumCopies = 1_000
    /// The most frames the copies' transforms are sampled at when they are animated.
    static let maximumSamples = 2_000

    /// Reads a repeater item.
    init(_ c: KeyedDecodingContainer<AnyKey>, notes: inout [LottieDiagnostic]) throws {
        copies = try c.animated("c", default: [1], notes: &notes)
        offset = try c.animated("o", default: [0], notes: &notes)
        firstOnTop = (try c.number("m") ?? 1) != 2
        var t: KeyedDecodingContainer<AnyKey>?
        if c.has("tr") {
            do { t = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("tr")) } catch { throw c.mismatch("tr", expected: "the repeater's transform, an object") }
        }
        anchor = try t?.animated("a", default: [0, 0], notes: &notes) ?? Animated([0, 0])
        position = try t?.animated("p", default: [0, 0], notes: &notes) ?? Animated([0, 0])
        scale = try t?.animated("s", default: [100, 100], notes: &notes) ?? Animated([100, 100])
        rotation = try t?.animated("r", default: [0], notes: &notes) ?? Animated([0])
        startOpacity = try t?.animated("so", default: [100], notes: &notes) ?? Animated([100])
        endOpacity = try t?.animated("eo", default: [100], notes: &notes) ?? Animated([100])
    }

    /// The number of copies at `frame`: `c` rounded up, within 0...maximumCopies.
    func count(at frame: Double) -> Int {
        let c = copies.value(at: frame).at(0, 1)
        return Self.clampedCount(c)
    }

    /// `c` rounded up, within 0...maximumCopies (clamped before it becomes an Int: 1e308 is no crash).
    static func clampedCount(_ c: Double) -> Int {
        c.isFinite ? Int(min(Double(maximumCopies), max(0, c.rounded(.up)))) : 0
    }

    /// The most copies at any keyframe.
    var maximumCount: Int {
        copies.keyframes.flatMap { [$0.value] + ($0.endValue.map { [$0] } ?? []) }.map { v in
            let c = v.at(0, 1)
            return Self.clampedCount(c)
        }.max() ?? 0
    }

    private var tracks: [Animated<[Double]>] { [copies, offset, anchor, position, scale, rotation, startOpacity, endOpacity] }

    /// The scale factor of copy `k` for a step's factor `s` and offset `o`, as lottie-web steps it:
    /// whole steps multiply by `s` (divide, for a negative offset), and the offset's fraction f takes
    /// a partial step of s + (1 − s)(1 − f) (its inverse when negative).
    static func scale(_ s: Double, copy k: Int, offset o: Double) -> Double {
        let whole = o >= 0 ? o.rounded(.down) : o.rounded(.up), fraction = abs(o - whole)
        var v = pow(s, whole + Double(k))
        if fraction > 0 {
            let partial = s + (1 - s) * (1 - fraction)
            v = o >= 0 ? v * partial : v / partial
        }
        return v.isFinite ? v : 0
    }

    /// The transform of copy `k` (0 the first): anchor a, position a + p·(k + o), scale s^(k + o)
    /// (a fractional offset as lottie-web takes it, see `scale(_:copy:offset:)`),
    /// rotation r·(k + o), and its opacity (0 once there are no more than k copies).
    func transform(ofCopy k: Int) -> TransformModel {
        func at(_ f: Double) -> (anchor: [Double], position: [Double], scale: [Double], rotation: [Double], opacity: [Double]) {
            let steps = Double(k) + offset.value(at: f).at(0)
            let a = anchor.value(at: f), p = position.value(at: f), s = scale.value(at: f)
            let n = count(at: f)
            let so = startOpacity.value(at: f).at(0, 100), eo = endOpacity.value(at: f).at(0, 100)
            let opacity = k >= n ? 0 : (n > 1 ? so + (eo - so) * Double(k) / Double(n - 1) : so)
            let o = offset.value(at: f).at(0)
            return ([a.at(0), a.at(1)], [a.at(0) + p.at(0) * steps, a.at(1) + p.at(1) * steps],
                    [Self.scale(s.at(0, 100) / 100, copy: k, offset: o) * 100, Self.scale(s.at(1, 100) / 100, copy: k, offset: o) * 100],
                    [rotation.value(at: f).at(0) * steps], [opacity])
        }
        let animated = tracks.filter(\.isAnimated)
        guard !animated.isEmpty else {
            let v = at(0)
            return TransformModel(anchor: Animated(v.anchor), position: .combined(Animated(v.position)), scale: Animated(v.scale),
                                  rotation: Animated(v.rotation), opacity: Animated(v.opacity))
        }
        // Animated: keyframes at every frame between the first and last keyframe, moving linearly.
        let times = animated.flatMap { $0.keyframes.map(\.time) }
        let lo = times.min() ?? 0, hi = times.max() ?? 0
        let step = max(1, ((hi - lo) / Double(Self.maximumSamples)).rounded(.up))
        var frames: [Double] = []
        var f = lo
        while f < hi { frames.append(f); f += step }
        frames.append(hi)
        let values = frames.map(at)
        func track(_ pick: (Int) -> [Double]) -> Animated<[Double]> {
            Animated(keyframes: frames.indices.map { Keyframe(time: frames[$0], value: pick($0), endValue: nil, hold: false, easing: nil, spatialOut: nil, spatialIn: nil) })
        }
        return TransformModel(anchor: track { values[$0].anchor }, position: .combined(track { values[$0].position }), scale: track { values[$0].scale },
                              rotation: track { values[$0].rotation }, opacity: track { values[$0].opacity })
    }
}
