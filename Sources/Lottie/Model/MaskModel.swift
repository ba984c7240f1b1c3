import Foundation
import CoreGraphics

/// One of a layer's masks (`masksProperties`): a path, how it combines with the masks before it,
/// its opacity, whether it is inverted, and how far it is expanded.
struct MaskModel: Sendable {
    /// `mode`: a add, s subtract, i intersect, l lighten, d darken, f difference, n none.
    enum Mode: String, Sendable { case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n" }

    var mode: Mode
    var path: Animated<BezierShape>
    /// Opacity in percent (`o`).
    var opacity: Animated<[Double]>
    /// `inv`: the mask covers what is outside its path.
    var inverted: Bool
    /// `x`: points the path is grown by (negative: shrunk).
    var expansion: Animated<[Double]>

    /// Reads one mask; what it cannot draw goes to `notes`.
    init(from decoder: any Decoder, notes: inout [LottieDiagnostic]) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected a mask, an object with \"pt\" and \"mode\""))
        }
        let m = try c.string("mode") ?? "a"
        guard let mode = Mode(rawValue: m) else {
            throw c.mismatch("mode", expected: "a mask mode \"a\", \"s\", \"i\", \"l\", \"d\", \"f\" or \"n\", found \"\(TerminalText.escaped(m.prefix(20)))\"")
        }
        self.mode = mode
        guard c.has("pt") else { throw DecodingError.keyNotFound(AnyKey("pt"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"pt\", the mask's path")) }
        let p = try c.decode(AnimatedProperty<BezierShape>.self, forKey: AnyKey("pt"))
        notes += p.notes
        path = p.value
        opacity = try c.animated("o", default: [100], notes: &notes)
        inverted = try c.flag("inv")
        expansion = try c.animated("x", default: [0], notes: &notes)
        switch mode {
        case .lighten, .darken, .difference:
            notes.append(LottieDiagnostic(path: JSONPath.string(decoder.codingPath, "mode"), message: "mask mode \"\(m)\" (lighten, darken, difference) is drawn as add, intersect or xor: exact where either mask is fully in or out, not where both are partly (soft edges, partial opacity)"))
        default: break
        }
    }
}
