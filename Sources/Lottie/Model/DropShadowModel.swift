import Foundation
import CoreGraphics

/// A drop shadow: an effect (an `ef` entry with `ty` 25), as lottie-web draws it: the layer's alpha
/// blurred with a standard deviation of softness / 4, moved `distance` towards `direction` (degrees
/// clockwise from straight up), filled with the colour at opacity / 255, under the layer; or a
/// layer style (an `sy` entry with `ty` 1), as lottie-ios draws it: a standard deviation of size / 2,
/// moved `distance` at `angle` (degrees clockwise from the right: 90 is straight down), opacity / 100.
struct DropShadowModel: Sendable {
    var color: Animated<[Double]>
    /// 0...`units.opacity`.
    var opacity: Animated<[Double]>
    var direction: Animated<[Double]>
    var distance: Animated<[Double]>
    var softness: Animated<[Double]>
    /// How the numbers read: the effect's or the layer style's.
    var units = Units.effect

    /// The scales of a drop shadow's numbers.
    struct Units: Sendable, Equatable {
        /// The opacity that is fully opaque.
        var opacity: Double
        /// Added to `direction` to give degrees clockwise from the right.
        var directionToAngle: Double
        /// Softness per unit of the blur's standard deviation.
        var softnessPerSigma: Double

        /// The drop shadow effect's (lottie-web).
        static let effect = Units(opacity: 255, directionToAngle: -90, softnessPerSigma: 4)
        /// The drop shadow layer style's (lottie-ios: shadowRadius = size / 2).
        static let style = Units(opacity: 100, directionToAngle: 0, softnessPerSigma: 2)
    }

    /// The shadow's offset at layer frame `f`.
    func offset(at f: Double) -> CGSize {
        let angle = (direction.value(at: f).at(0) + units.directionToAngle) * .pi / 180, d = distance.value(at: f).at(0)
        return CGSize(width: d * cos(angle), height: d * sin(angle))
    }

    /// Reads the layer styles of a layer (`sy`): the first drop shadow (`ty` 1) is kept, as lottie-ios
    /// keeps it; every other style, and what a drop shadow asks that is not drawn (choke, noise), goes to `notes`.
    static func readStyles(_ c: KeyedDecodingContainer<AnyKey>, notes: inout [LottieDiagnostic]) throws -> DropShadowModel? {
        var styles = try arrayContainer(c.superDecoder(forKey: AnyKey("sy")), expected: "a list of layer styles")
        var shadow: DropShadowModel?
        while !styles.isAtEnd {
            let d = try styles.superDecoder()
            let e: KeyedDecodingContainer<AnyKey>
            do { e = try d.container(keyedBy: AnyKey.self) } catch {
                throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: d.codingPath, debugDescription: "expected a layer style, an object with \"ty\""))
            }
            let here = JSONPath.string(d.codingPath)
            let ty = try e.number("ty").map(smallInt)
            guard ty == 1, shadow == nil else {
                let what = ty == 1 ? "a second drop shadow is not drawn (a layer draws one)" : "layer style type \(ty.map(String.init) ?? "?")\((try? e.string("nm")).flatMap { $0 }.map { " (\(TerminalText.escaped($0.prefix(40))))" } ?? "") is not drawn; it is left out"
                notes.append(LottieDiagnostic(path: here, message: what))
                continue
            }
            shadow = DropShadowModel(color: try e.animated("c", default: [0, 0, 0, 1], notes: &notes), opacity: try e.animated("o", default: [75], notes: &notes),
                                     direction: try e.animated("a", default: [90], notes: &notes), distance: try e.animated("d", default: [5], notes: &notes),
                                     softness: try e.animated("s", default: [5], notes: &notes), units: .style)
            for (key, name) in [("ch", "choke (spread)"), ("no", "noise")] where e.has(key) {
                let v = try e.animated(key, default: [0], notes: &notes)
                if v.isAnimated || v.initial.at(0) != 0 { notes.append(LottieDiagnostic(path: here + "." + key, message: "the drop shadow's \(name) is not drawn; the shadow is drawn without it")) }
            }
        }
        return shadow
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
