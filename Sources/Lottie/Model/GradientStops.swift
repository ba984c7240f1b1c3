import Foundation

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
