import Foundation

/// An animatable property as a Lottie file writes it: `{"a": 0|1, "k": value or keyframes, "x": expression}`.
struct AnimatedProperty<Value: KeyframeValue>: Decodable, Sendable {
    /// The keyframes.
    let value: Animated<Value>
    /// What was noted while reading it (an expression, per-dimension easing).
    let notes: [LottieDiagnostic]

    init(from decoder: any Decoder) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected an animatable property, an object with \"k\""))
        }
        guard c.has("k") else { throw DecodingError.keyNotFound(AnyKey("k"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"k\", the property's value or keyframes")) }
        var notes: [LottieDiagnostic] = []
        if let x = try? c.decode(String.self, forKey: AnyKey("x")), !x.isEmpty {
            notes.append(LottieDiagnostic(path: JSONPath.string(decoder.codingPath, "x"), message: "expressions are not evaluated; the property's keyframed value is used"))
        }
        let kDecoder = try c.superDecoder(forKey: AnyKey("k"))
        if let v = try Value.decodeStatic(kDecoder) {
            value = Animated(v)
        } else {
            let list = try c.decode([KeyframeRecord<Value>].self, forKey: AnyKey("k"))
            value = try Self.normalise(list, path: decoder.codingPath + [AnyKey("k")], notes: &notes)
        }
        self.notes = notes
    }

    /// A property with a fixed value (for defaults).
    init(constant: Value) { value = Animated(constant); notes = [] }

    /// The keyframe records as keyframes: values carried over from the old format's `e`, times checked.
    private static func normalise(_ list: [KeyframeRecord<Value>], path: [any CodingKey], notes: inout [LottieDiagnostic]) throws -> Animated<Value> {
        guard !list.isEmpty else { throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "expected at least one keyframe")) }
        var out: [Keyframe<Value>] = []
        // Keyframes eased per dimension: named once for the property (its first such keyframe).
        var perDimension: (first: [any CodingKey], count: Int)?
        for (i, r) in list.enumerated() {
            let here = path + [AnyKey(intValue: i)!]
            if let prev = out.last, r.time < prev.time {
                throw DecodingError.dataCorrupted(.init(codingPath: here + [AnyKey("t")], debugDescription: "expected keyframe times that do not decrease (\(r.time) follows \(prev.time))"))
            }
            guard let v = r.start ?? out.last?.endValue ?? out.last?.value else {
                throw DecodingError.keyNotFound(AnyKey("s"), .init(codingPath: here, debugDescription: "expected \"s\", the keyframe's value"))
            }
            if r.perDimensionEasing { perDimension = (perDimension?.first ?? here, (perDimension?.count ?? 0) + 1) }
            out.append(Keyframe(time: r.time, value: v, endValue: r.end, hold: r.hold, easing: r.easing, spatialOut: r.spatialOut, spatialIn: r.spatialIn))
        }
        if let (first, count) = perDimension {
            let which = count == 1 ? "easing differs per dimension" : "easing differs per dimension here and in \(count - 1) later keyframe\(count == 2 ? "" : "s") of the property"
            notes.append(LottieDiagnostic(path: JSONPath.string(first), message: which + "; the first dimension's easing is used for all, as lottie-ios, rlottie and ThorVG do (lottie-web eases each on its own)"))
        }
        return Animated(keyframes: out)
    }
}

/// One keyframe as written: `t`, `s`, the old format's `e`, `h`, easing `o`/`i`, spatial `to`/`ti`.
struct KeyframeRecord<Value: KeyframeValue>: Decodable {
    var time: Double
    var start: Value?
    var end: Value?
    var hold: Bool
    var easing: (Double, Double, Double, Double)?
    var perDimensionEasing = false
    var spatialOut: [Double]?
    var spatialIn: [Double]?

    init(from decoder: any Decoder) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected a keyframe, an object with \"t\" and \"s\""))
        }
        guard let t = try c.number("t") else { throw DecodingError.keyNotFound(AnyKey("t"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"t\", the keyframe's frame")) }
        time = t
        start = c.has("s") ? try Value.decodeKeyframeValue(c.superDecoder(forKey: AnyKey("s"))) : nil
        end = c.has("e") ? try Value.decodeKeyframeValue(c.superDecoder(forKey: AnyKey("e"))) : nil
        hold = try c.flag("h")
        if c.has("o"), c.has("i") {
            let o = try c.decode(EasePoint.self, forKey: AnyKey("o")), i = try c.decode(EasePoint.self, forKey: AnyKey("i"))
            easing = (o.x, o.y, i.x, i.y)
            perDimensionEasing = o.varies || i.varies
        }
        spatialOut = c.has("to") ? try [Double].decodeKeyframeValue(c.superDecoder(forKey: AnyKey("to"))) : nil
        spatialIn = c.has("ti") ? try [Double].decodeKeyframeValue(c.superDecoder(forKey: AnyKey("ti"))) : nil
    }
}

/// An easing handle `{"x": n or [n...], "y": n or [n...]}` (its first dimension).
struct EasePoint: Decodable {
    var x: Double
    var y: Double
    /// Whether later dimensions differ from the first.
    var varies: Bool

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        func read(_ key: String) throws -> [Double] {
            guard c.has(key) else { throw DecodingError.keyNotFound(AnyKey(key), .init(codingPath: decoder.codingPath, debugDescription: "expected \"\(key)\" in an easing handle")) }
            let v = try [Double].decodeKeyframeValue(c.superDecoder(forKey: AnyKey(key)))
            guard !v.isEmpty else { throw c.mismatch(key, expected: "at least one number") }
            return v
        }
        let xs = try read("x"), ys = try read("y")
        // As lottie-web and lottie-ios, x is kept within 0...1 (y may overshoot).
        x = min(max(xs[0], 0), 1)
        y = ys[0]
        varies = xs.contains { $0 != xs[0] } || ys.contains { $0 != ys[0] }
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// The animatable property under `key` with its notes appended, or `fallback` when absent.
    func animated<V: KeyframeValue>(_ key: String, default fallback: V, notes: inout [LottieDiagnostic]) throws -> Animated<V> {
        guard has(key) else { return Animated(fallback) }
        let p = try decode(AnimatedProperty<V>.self, forKey: AnyKey(key))
        notes += p.notes
        return p.value
    }
}
