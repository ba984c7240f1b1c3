import Foundation
import CoreGraphics

/// A gradient fill's or stroke's paint (`gf`, `gs`): linear or radial from `s` to `e`, its stops
/// packed in `g`, a radial one's highlight, its opacity.
struct GradientModel: Sendable {
    /// `t`: 1 linear, 2 radial.
    enum Kind: Sendable { case linear, radial }

    var kind: Kind
    /// The colour stops: `g.p` of them, then opacity stops, packed in one animated array (`g.k`).
    var stops: GradientStops
    /// Start and end points (`s`, `e`): a radial gradient's centre and a point on its circle.
    var start: Animated<[Double]>
    var end: Animated<[Double]>
    /// A radial gradient's highlight length in percent of the radius (`h`) and its angle in degrees (`a`).
    var highlightLength: Animated<[Double]>
    var highlightAngle: Animated<[Double]>
    /// Opacity in percent (`o`).
    var opacity: Animated<[Double]>

    /// Reads the paint fields of a `gf` or `gs` item.
    init(_ c: KeyedDecodingContainer<AnyKey>, notes: inout [LottieDiagnostic]) throws {
        let t = try c.number("t") ?? 1
        kind = t == 2 ? .radial : .linear
        guard c.has("g") else { throw DecodingError.keyNotFound(AnyKey("g"), .init(codingPath: c.codingPath, debugDescription: "expected \"g\", the gradient's stops")) }
        let g: KeyedDecodingContainer<AnyKey>
        do { g = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("g")) } catch {
            throw c.mismatch("g", expected: "the gradient's stops, an object with \"p\" and \"k\"")
        }
        guard let p = try g.number("p") else { throw DecodingError.keyNotFound(AnyKey("p"), .init(codingPath: g.codingPath, debugDescription: "expected \"p\", the number of colour stops")) }
        guard p >= 1, p <= 16, p == p.rounded() else { throw g.mismatch("p", expected: "a number of colour stops from 1 to 16, found \(p)") }
        guard g.has("k") else { throw DecodingError.keyNotFound(AnyKey("k"), .init(codingPath: g.codingPath, debugDescription: "expected \"k\", the packed stops")) }
        let packed = try g.animated("k", default: [], notes: &notes)
        stops = try GradientStops(colorCount: Int(p), packed: packed, path: g.codingPath + [AnyKey("k")])
        start = try c.animated("s", default: [0, 0], notes: &notes)
        end = try c.animated("e", default: [0, 0], notes: &notes)
        highlightLength = try c.animated("h", default: [0], notes: &notes)
        highlightAngle = try c.animated("a", default: [0], notes: &notes)
        opacity = try c.animated("o", default: [100], notes: &notes)
    }
}

/// A gradient's stops as Lottie packs them: `[position, red, green, blue] × colorCount`, then
/// optionally `[position, opacity] × n`, every number from 0 to 1.
struct GradientStops: Sendable {
    var colorCount: Int
    var packed: Animated<[Double]>

    /// Checks that every keyframe holds the colour stops and whole opacity stops.
    init(colorCount: Int, packed: Animated<[Double]>, path: [any CodingKey]) throws {
        self.colorCount = colorCount
        self.packed = packed
        for k in packed.keyframes {
            for v in [k.value] + (k.endValue.map { [$0] } ?? []) {
                guard v.count >= 4 * colorCount, (v.count - 4 * colorCount) % 2 == 0 else {
                    throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "expected \(4 * colorCount) numbers for \(colorCount) colour stops, then pairs for opacity stops, found \(v.count)"))
                }
            }
        }
    }

    /// How many opacity stops there are.
    var opacityCount: Int { (packed.initial.count - 4 * colorCount) / 2 }

    /// The stops to draw for one packed value: one at every colour and every opacity stop, each with
    /// the colour (interpolated between colour stops) and opacity (between opacity stops) there, so
    /// that straight-alpha interpolation between them gives the colour gradient times the opacity one.
    /// Always `colorCount` + `opacityCount` stops, in order of location.
    func resolved(_ v: [Double]) -> [(location: Double, color: [Double])] {
        let n = colorCount, m = max(0, (v.count - 4 * n) / 2)
        let colors = (0..<n).map { i in (pos: v.at(4 * i), rgb: [v.at(4 * i + 1), v.at(4 * i + 2), v.at(4 * i + 3)]) }
        let alphas = (0..<m).map { i in (pos: v.at(4 * n + 2 * i), a: v.at(4 * n + 2 * i + 1)) }
        func color(at x: Double) -> [Double] {
            Self.interpolate(colors.map { ($0.pos, $0.rgb) }, at: x)
        }
        func alpha(at x: Double) -> Double {
            m == 0 ? 1 : Self.interpolate(alphas.map { ($0.pos, [$0.a]) }, at: x)[0]
        }
        var out = colors.map { (location: $0.pos, color: $0.rgb + [alpha(at: $0.pos)]) }
        out += alphas.map { (location: $0.pos, color: color(at: $0.pos) + [$0.a]) }
        // A stable sort: equal locations keep colour stops first.
        return out.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }

    /// The value at `x` of stops given as (position, vector), linear between them, held beyond the
    /// ends (stops out of order are taken in order of position).
    static func interpolate(_ stops: [(Double, [Double])], at x: Double) -> [Double] {
        let s = stops.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        guard let first = s.first, let last = s.last else { return [0, 0, 0] }
        if x <= first.0 { return first.1 }
        if x >= last.0 { return last.1 }
        for k in 1..<s.count where x <= s[k].0 {
            let a = s[k - 1], b = s[k], span = b.0 - a.0
            let f = span > 0 ? (x - a.0) / span : 1
            return zip(a.1, b.1).map { $0 + ($1 - $0) * f }
        }
        return last.1
    }

    /// Whether the stops' locations stay put over time (then colours and locations interpolate
    /// between keyframes as the packed numbers do).
    var locationsAreStatic: Bool {
        let first = resolved(packed.initial).map(\.location)
        return packed.keyframes.allSatisfy { k in
            resolved(k.value).map(\.location) == first && (k.endValue.map { resolved($0).map(\.location) == first } ?? true)
        }
    }
}
