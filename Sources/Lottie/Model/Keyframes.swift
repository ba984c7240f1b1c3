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

    /// The value at `frame`, evaluated as Lottie players do (holds, linear and eased segments,
    /// spatial tangents ignored: used for static parts and for sampling).
    func value(at frame: Double) -> Value {
        let k = keyframes
        if k.count == 1 || frame <= k[0].time { return k[0].value }
        guard let last = k.last, frame < last.time else { return k[k.count - 1].value }
        var i = 0
        while i + 1 < k.count && k[i + 1].time <= frame { i += 1 }
        let a = k[i], b = k[i + 1]
        if a.hold { return a.value }
        let span = b.time - a.time
        guard span > 0 else { return b.value }
        var t = (frame - a.time) / span
        if let e = a.easing { t = CubicEasing(e).value(at: t) }
        return Value.interpolate(a.value, a.endValue ?? b.value, t)
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

    /// Component `i`, or `fallback` when the vector is shorter.
    func at(_ i: Int, _ fallback: Double = 0) -> Double { i < count ? self[i] : fallback }
}

/// An unkeyed container, or a located "expected ..." error.
func arrayContainer(_ decoder: any Decoder, expected: String) throws -> any UnkeyedDecodingContainer {
    do { return try decoder.unkeyedContainer() } catch {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected \(expected)"))
    }
}
