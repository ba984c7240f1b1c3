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
