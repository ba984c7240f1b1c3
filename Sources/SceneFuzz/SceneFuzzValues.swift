import Foundation
import LaminaRandom
@_spi(LaminaInternal) import Scenes
import Yams

/// Random YAML values for the scene fuzzer: mostly of the kind a key expects (so inputs get past
/// the type checks into the layers, the animations and the renderer), sometimes of the wrong kind
/// or hostile. A testing aid.
enum SceneFuzzValues {
    static func scalar(_ s: String) -> Node { .scalar(.init(s)) }
    static func list(_ items: [Node], flow: Bool = true) -> Node { .sequence(.init(items, .implicit, flow ? .flow : .block)) }
    static func map(_ pairs: [(String, Node)]) -> Node { .mapping(.init(pairs.map { (scalar($0.0), $0.1) }, .implicit, .flow)) }

    /// A number, sometimes an ordinary one, sometimes one from the edges.
    static func number(_ rng: inout SplitMix64) -> String {
        switch rng.below(4) {
        case 0: return rng.pick(SceneFuzzDictionary.numbers)
        case 1: return String(Double(rng.below(2001)) / 4 - 250)
        case 2: return String(rng.below(700))
        default: return String(Double(bitPattern: rng.next()))
        }
    }

    static func numbers(_ n: Int, _ rng: inout SplitMix64) -> Node { list((0..<n).map { _ in scalar(number(&rng)) }) }

    static func color(_ rng: inout SplitMix64) -> Node {
        switch rng.below(5) {
        case 0: return scalar(String(format: "#%06x", rng.below(1 << 24)))
        case 1: return scalar(String(format: "#%08x", UInt32(truncatingIfNeeded: rng.next())))
        case 2: return list((0..<3).map { _ in scalar(String(Double(rng.below(11)) / 10)) })
        case 3: return list((0..<4).map { _ in scalar(String(Double(rng.below(11)) / 10)) })
        default: return scalar(rng.pick(["#", "#12", "#gggggg", "#ffffff0", "red", "#FFFFFFFFFFFFFFFFFFFF"]))
        }
    }

    static func path(_ rng: inout SplitMix64) -> Node {
        if rng.chance(0.3) { return map([(rng.pick(["ellipse", "rect", "circle"]), numbers(4, &rng))]) }
        var words: [String] = []
        for _ in 0..<(1 + rng.below(8)) {
            let cmd = rng.pick(["M", "L", "Q", "C", "Z", "M", "L", "X", "m"])
            words.append(cmd)
            let n = ["M": 2, "L": 2, "Q": 4, "C": 6, "m": 2][cmd] ?? 0
            for _ in 0..<(rng.chance(0.05) ? rng.below(8) : n) { words.append(rng.chance(0.9) ? String(rng.below(120)) : number(&rng)) }
        }
        return scalar(words.joined(separator: rng.chance(0.1) ? "," : " "))
    }

    static func transform(_ rng: inout SplitMix64) -> Node {
        var parts: [(String, Node)] = []
        for part in ["translate", "rotate", "rotateX", "rotateY", "scale", "perspective", "skew"] where rng.chance(0.3) {
            switch part {
            case "translate": parts.append((part, numbers(2 + rng.below(2), &rng)))
            case "scale": parts.append((part, rng.chance(0.5) ? numbers(2, &rng) : scalar(number(&rng))))
            default: parts.append((part, scalar(number(&rng))))
            }
        }
        return map(parts)
    }

    /// A value for a key of `kind`.
    static func value(_ kind: SceneValueKind, _ rng: inout SplitMix64) -> Node {
        switch kind {
        case .number: return scalar(number(&rng))
        case .point, .size: return numbers(rng.chance(0.9) ? 2 : rng.below(5), &rng)
        case .rect: return numbers(rng.chance(0.9) ? 4 : rng.below(6), &rng)
        case .color: return color(&rng)
        case .bool: return scalar(rng.pick(["true", "false", "yes", "1", "True"]))
        case .string: return scalar(rng.chance(0.7) ? rng.pick(SceneFuzzDictionary.names) : rng.pick(SceneFuzzDictionary.unicode))
        case .transform: return transform(&rng)
        case .numbers: return numbers(rng.below(rng.chance(0.05) ? 300 : 6), &rng)
        case .colors: return list((0..<rng.below(6)).map { _ in color(&rng) })
        case .path: return path(&rng)
        }
    }

    static let allKinds: [SceneValueKind] = [.number, .point, .size, .rect, .color, .bool, .string, .transform, .numbers, .colors, .path]

    /// A value for `key`: of the kind the scene tables give it (or a random kind) most of the
    /// time, of any kind otherwise.
    static func value(forKey key: String, _ rng: inout SplitMix64) -> Node {
        let tables = [SceneVocabulary.properties(ofClass: "CALayer"), SceneVocabulary.properties(ofClass: "CAShapeLayer"), SceneVocabulary.properties(ofClass: "CATextLayer"), SceneVocabulary.gradientProperties,
                      SceneVocabulary.properties(ofClass: "CAReplicatorLayer"), SceneVocabulary.animatableSubPaths]
        if rng.chance(0.8), let kind = tables.lazy.compactMap({ $0[key] }).first { return value(kind, &rng) }
        switch key {
        case "class": return scalar(rng.pick(SceneVocabulary.classes))
        case "type", "calculationMode", "fillMode", "timingFunction", "transitionType", "subtype", "rotationMode":
            return scalar(rng.pick(SceneFuzzDictionary.names))
        case "keyPath": return scalar(rng.pick(SceneFuzzDictionary.keys))
        case "duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration", "damping", "stiffness", "mass",
             "initialVelocity", "startProgress", "endProgress":
            return scalar(number(&rng))
        default: return value(rng.pick(allKinds), &rng)
        }
    }
}
