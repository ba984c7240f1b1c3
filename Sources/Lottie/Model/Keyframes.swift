import Foundation
import CoreGraphics

/// A value that keyframes hold: a vector of numbers or a bezier shape.
protocol KeyframeValue: Sendable, Equatable {
    /// The static value `decoder` holds (the `k` of an unanimated property), or nil when it holds
    /// keyframes instead.
    static func decodeStatic(_ decoder: any Decoder) throws -> Self?
    /// A keyframe's `s` or `e` value.
    static func decodeKeyframeValue(_ decoder: any Decoder) throws -> Self
    /// The value a fraction `t` of the way from `a` to `b` (Lottie interpolates each number linearly).
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self
    /// The value a fraction `t` of the length along the curve from `a` to `b` with spatial tangents
    /// `out` (from `a`) and `in` (into `b`); nil for values that have no such curve.
    static func spatial(_ a: Self, _ b: Self, out: [Double], in: [Double], _ t: Double) -> Self?
}

extension KeyframeValue {
    static func spatial(_ a: Self, _ b: Self, out: [Double], in: [Double], _ t: Double) -> Self? { nil }
}

/// One keyframe, normalised: the value from `time` on, how it moves to the next keyframe.
struct Keyframe<Value: KeyframeValue>: Sendable {
    /// The frame of this keyframe.
    var time: Double
    /// The value at `time`.
    var value: Value
    /// The value the segment to the next keyframe ends at (the old format's `e`); nil: the next
    /// keyframe's value.
    var endValue: Value?
    /// Whether the value holds until the next keyframe (`h`).
    var hold: Bool
    /// The easing of the segment to the next keyframe: (o.x, o.y, i.x, i.y); nil is linear.
    var easing: (Double, Double, Double, Double)?
    /// Spatial tangents of the segment to the next keyframe (`to` of this keyframe, `ti`).
    var spatialOut: [Double]?
    var spatialIn: [Double]?
}

/// A property's keyframes (one when static), in order of time.
struct Animated<Value: KeyframeValue>: Sendable {
    /// At least one keyframe.
    var keyframes: [Keyframe<Value>]

    /// A static property.
    init(_ value: Value) {
        keyframes = [Keyframe(time: 0, value: value, endValue: nil, hold: false, easing: nil, spatialOut: nil, spatialIn: nil)]
    }

    init(keyframes: [Keyframe<Value>]) { self.keyframes = keyframes }

    /// Whether the value changes over time.
    var isAnimated: Bool {
        guard keyframes.count > 1 else { return false }
        let v = keyframes[0].value
        return keyframes.contains { $0.value != v || ($0.endValue.map { $0 != v } ?? false) }
    }

    /// The value at the first keyframe.
    var initial: Value { keyframes[0].value }

    /// The value at `frame`, evaluated as Lottie players do (holds, linear and eased segments, and
    /// points moving along their spatial tangents' curve at even speed; used for static parts and
    /// for sampling).
    func value(at frame: Double) -> Value {
        let k = keyframes
        if k.count == 1 || frame <= k[0].time { return k[0].value }
        guard let last = k.last, frame < last.time else { return k[k.count - 1].value }
        // The last keyframe at or before `frame` (k[0].time < frame < last.time here), by bisection:
        // sampled tracks hold a keyframe per frame.
        var i = 0, j = k.count - 1
        while j - i > 1 {
            let m = (i + j) / 2
            if k[m].time <= frame { i = m } else { j = m }
        }
        let a = k[i], b = k[i + 1]
        if a.hold { return a.value }
        let span = b.time - a.time
        guard span > 0 else { return b.value }
        var t = (frame - a.time) / span
        if let e = a.easing { t = CubicEasing(e).value(at: t) }
        let end = a.endValue ?? b.value
        if let to = a.spatialOut, let ti = a.spatialIn, to.contains(where: { $0 != 0 }) || ti.contains(where: { $0 != 0 }),
           let v = Value.spatial(a.value, end, out: to, in: ti, t) {
            return v
        }
        return Value.interpolate(a.value, end, t)
    }

    /// Whether a segment moves along a curve (non-zero spatial tangents).
    var hasSpatialTangents: Bool {
        keyframes.contains { k in
            (k.spatialOut?.contains { $0 != 0 } ?? false) || (k.spatialIn?.contains { $0 != 0 } ?? false)
        }
    }
}

extension Array: KeyframeValue where Element == Double {
    static func decodeStatic(_ decoder: any Decoder) throws -> [Double]? {
        let single = try decoder.singleValueContainer()
        if let d = try? single.decode(Double.self) { return [d] }
        var probe = try arrayContainer(decoder, expected: "a number, an array of numbers or an array of keyframes")
        if probe.isAtEnd { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a number, an array of numbers or an array of keyframes, found an empty array")) }
        if (try? probe.decode(Double.self)) != nil { return try numbers(decoder) }
        return nil
    }

    static func decodeKeyframeValue(_ decoder: any Decoder) throws -> [Double] {
        let single = try decoder.singleValueContainer()
        if let d = try? single.decode(Double.self) { return [d] }
        return try numbers(decoder)
    }

    /// An array of finite numbers, with the failing element located.
    private static func numbers(_ decoder: any Decoder) throws -> [Double] {
        var c = try arrayContainer(decoder, expected: "a number or an array of numbers")
        var out: [Double] = []
        while !c.isAtEnd {
            let d = try c.decode(Double.self)
            guard d.isFinite else {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [AnyKey(intValue: c.currentIndex - 1)!], debugDescription: "expected a finite number"))
            }
            out.append(d)
            if out.count > 64 { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected at most 64 numbers")) }
        }
        return out
    }

    static func interpolate(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        (0..<Swift.max(a.count, b.count)).map { i in
            let x = i < a.count ? a[i] : (b.count > i ? b[i] : 0), y = i < b.count ? b[i] : x
            return x + (y - x) * t
        }
    }

    /// The point a fraction `t` (0...1) of the arc length along the cubic from `a` (x, y) through
    /// `a + out` and `b + in` to `b`, measured over 128 chords (held at the ends outside 0...1);
    /// further components linear.
    static func spatial(_ a: [Double], _ b: [Double], out: [Double], in: [Double], _ t: Double) -> [Double]? {
        guard a.count >= 2, b.count >= 2 else { return nil }
        let p0 = (a[0], a[1]), p3 = (b[0], b[1])
        let c1 = (p0.0 + out.at(0), p0.1 + out.at(1)), c2 = (p3.0 + `in`.at(0), p3.1 + `in`.at(1))
        func point(_ s: Double) -> (Double, Double) {
            let u = 1 - s
            return (u * u * u * p0.0 + 3 * u * u * s * c1.0 + 3 * u * s * s * c2.0 + s * s * s * p3.0,
                    u * u * u * p0.1 + 3 * u * u * s * c1.1 + 3 * u * s * s * c2.1 + s * s * s * p3.1)
        }
        let n = 128
        var lengths = [0.0]
        var prev = p0
        for i in 1...n {
            let q = point(Double(i) / Double(n))
            lengths.append(lengths[i - 1] + hypot(q.0 - prev.0, q.1 - prev.1))
            prev = q
        }
        let total = lengths[n]
        // As lottie-web, the ends hold when eased progress leaves 0...1.
        var xy: (Double, Double)
        if t <= 0 {
            xy = p0
        } else if t >= 1 {
            xy = p3
        } else if total <= 0 {
            xy = point(t)
        } else {
            let target = t * total
            var i = 1
            while i < n && lengths[i] < target { i += 1 }
            let span = lengths[i] - lengths[i - 1]
            let f = span > 0 ? (target - lengths[i - 1]) / span : 0
            xy = point((Double(i - 1) + f) / Double(n))
        }
        var out2 = interpolate(a, b, t)
        out2[0] = xy.0; out2[1] = xy.1
        return out2
    }

    /// Component `i`, or `fallback` when the vector is shorter.
    func at(_ i: Int, _ fallback: Double = 0) -> Double { i < count ? self[i] : fallback }
}

/// An unkeyed container, or a located "expected ..." error.
func arrayContainer(_ decoder: any Decoder, expected: String) throws -> any UnkeyedDecodingContainer {
    do { return try decoder.unkeyedContainer() } catch {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected \(expected)"))
    }
}
