import Foundation
import CoreGraphics

/// A drop shadow effect (an `ef` entry with `ty` 25), as lottie-web draws it: the layer's alpha
/// blurred with a standard deviation of softness / 4, moved `distance` towards `direction` (degrees
/// clockwise from straight up), filled with the colour at opacity / 255, under the layer.
struct DropShadowModel: Sendable {
    var color: Animated<[Double]>
    /// 0...255.
    var opacity: Animated<[Double]>
    var direction: Animated<[Double]>
    var distance: Animated<[Double]>
    var softness: Animated<[Double]>

    /// The shadow's offset at layer frame `f`.
    func offset(at f: Double) -> CGSize {
        let angle = (direction.value(at: f).at(0) - 90) * .pi / 180, d = distance.value(at: f).at(0)
        return CGSize(width: d * cos(angle), height: d * sin(angle))
    }

    /// Reads the effects of a layer (`ef`): the first drop shadow is kept; every other effect, and
    /// what a drop shadow asks that is not drawn, goes to `notes`.
    static func read(_ c: KeyedDecodingContainer<AnyKey>, notes: inout [LottieDiagnostic]) throws -> DropShadowModel? {
        var effects = try arrayContainer(c.superDecoder(forKey: AnyKey("ef")), expected: "a list of effects")
        var shadow: DropShadowModel?
        var index = 0
        while !effects.isAtEnd {
            defer { index += 1 }
            let d = try effects.superDecoder()
            let e: KeyedDecodingContainer<AnyKey>
            do { e = try d.container(keyedBy: AnyKey.self) } catch {
                throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: d.codingPath, debugDescription: "expected an effect, an object with \"ty\""))
            }
            let here = JSONPath.string(d.codingPath)
            if let enabled = try? e.flag("en"), e.has("en"), !enabled { continue }
            let ty = try e.number("ty").map(smallInt)
            guard ty == 25, shadow == nil else {
                let what = ty == 25 ? "a second drop shadow is not drawn (a layer draws one)" : "effect type \(ty.map(String.init) ?? "?")\((try? e.string("nm")).flatMap { $0 }.map { " (\(TerminalText.escaped($0.prefix(40))))" } ?? "") is not drawn; it is left out"
                notes.append(LottieDiagnostic(path: here, message: what))
                continue
            }
            var values: [Animated<[Double]>] = []
            if e.has("ef") {
                var u = try arrayContainer(e.superDecoder(forKey: AnyKey("ef")), expected: "the effect's values")
                while !u.isAtEnd, values.count < 16 {
                    let v = try u.superDecoder().container(keyedBy: AnyKey.self)
                    values.append(try v.animated("v", default: [0], notes: &notes))
                }
            }
            func value(_ i: Int, _ fallback: [Double]) -> Animated<[Double]> { i < values.count ? values[i] : Animated(fallback) }
            shadow = DropShadowModel(color: value(0, [0, 0, 0, 1]), opacity: value(1, [127.5]), direction: value(2, [135]),
                                     distance: value(3, [5]), softness: value(4, [0]))
            if values.count > 5, values[5].isAnimated || values[5].initial.at(0) != 0 {
                notes.append(LottieDiagnostic(path: here + ".ef[5]", message: "\"shadow only\" is not drawn; the layer is drawn with its shadow"))
            }
        }
        return shadow
    }
}
