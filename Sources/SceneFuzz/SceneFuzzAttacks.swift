import Foundation
import LaminaRandom
@_spi(LaminaInternal) import Scenes

/// Pathological scene documents, each aimed at one way a parser or renderer can be made to crash,
/// hang or run out of memory: alias bombs ("billion laughs"), deep nesting, too many layers or
/// animations, nested replicators, huge lists, oversized files, very long strings, extreme drawing
/// values and extreme timings. A testing aid for `SceneFuzzer`.
enum SceneFuzzAttacks {
    static let kinds = ["bomb", "deep", "layers", "replicators", "lists", "oversized", "long", "drawing", "timing",
                        "animations", "interactions", "images", "expanded"]

    /// One attack document (its kind picked by `rng`).
    static func make(_ rng: inout SplitMix64, corpus: [String]) -> String {
        switch rng.pick(kinds) {
        case "bomb": return bomb(&rng)
        case "deep": return deep(&rng)
        case "layers": return layers(count: rng.pick([10, 500, 5000, 20_001]), &rng)
        case "replicators": return replicators(&rng)
        case "lists": return lists(&rng)
        case "oversized": return String(repeating: "# padding padding padding padding padding padding\n", count: (Scene.Limits.fileBytes / 50) + 2)
        case "long": return long(&rng)
        case "drawing": return drawing(&rng)
        case "timing": return timing(&rng)
        case "animations": return animations(&rng)
        case "interactions": return interactions(&rng)
        case "expanded": return expanded(&rng)
        default: return images(&rng)
        }
    }

    /// Work that multiplies within what the file declares: replicators nested over layers with
    /// shadows of large radii and offsets, masks, opacity groups, huge scales and contents and
    /// rasterisation scales (each allowed alone; together they once made one frame take minutes).
    static func expanded(_ rng: inout SplitMix64) -> String {
        let a = rng.pick([2, 50, 150, 1000, 10_000]), b = rng.pick([1, 20, 150, 10_000])
        let radius = rng.pick(["0", "8", "178", "1e6"]), offset = rng.pick(["0", "200", "1e6"])
        let scale = rng.pick(["1", "150", "240", "1e6"]), contentsScale = rng.pick(["1", "300", "1e6"])
        let mask = rng.below(2) == 0 ? ", mask: {name: m, frame: [0, 0, 12, 12], backgroundColor: \"#000000\", cornerRadius: 4}" : ""
        return """
        window: {size: [64, 64]}
        layers:
          - name: r1
            class: CAReplicatorLayer
            frame: [0, 0, 64, 64]
            instanceCount: \(a)
            instanceTransform: {translate: [0.5, 0.3, 0]}
            sublayers:
              - name: r2
                class: CAReplicatorLayer
                frame: [0, 0, 32, 32]
                instanceCount: \(b)
                transform: {scale: \(scale)}
                sublayers:
                  - {name: card, frame: [2, 2, 12, 12], backgroundColor: "#ffffff", opacity: 0.9, contentsScale: \(contentsScale), shouldRasterize: true, rasterizationScale: \(contentsScale), shadowOpacity: 0.8, shadowRadius: \(radius), shadowOffset: [\(offset), \(offset)], sublayers: [{name: inner, frame: [1, 1, 4, 4], backgroundColor: "#ff0000"}]\(mask)}

        """
    }

    /// Aliases that multiply: each level lists the previous one `width` times.
    static func bomb(_ rng: inout SplitMix64) -> String {
        let levels = 3 + rng.below(8), width = 2 + rng.below(9)
        func chain(_ leaf: String) -> String {
            var parts = ["&a0 \(leaf)"]
            for l in 1...levels { parts.append("&a\(l) [" + Array(repeating: "*a\(l - 1)", count: width).joined(separator: ", ") + "]") }
            return parts.joined(separator: ", ")
        }
        switch rng.below(5) {
        case 0: return "layers:\n  - name: l\nanimations:\n  - {layer: l, keyPath: position, values: [\(chain("[1, 2]")), *a\(levels)]}\n"
        case 1: return "layers:\n  - {name: l, class: CAShapeLayer, lineDashPattern: [\(chain("1"))]}\n"
        case 2:
            var s = "layers:\n  - name: l\nanimations:\n  - &g0 {layer: l, keyPath: opacity, from: 0, to: 1}\n"
            for l in 1...levels {
                s += "  - &g\(l) {layer: l, animations: [" + Array(repeating: "*g\(l - 1)", count: width).joined(separator: ", ") + "]}\n"
            }
            return s
        case 3:
            var s = "x: &l0 {frame: [0, 0, 4, 4]}\n"
            for l in 1...levels { s += "y\(l): &l\(l) {sublayers: [" + Array(repeating: "*l\(l - 1)", count: width).joined(separator: ", ") + "]}\n" }
            return "layers:\n  - " + s.replacingOccurrences(of: "\n", with: "\n    ") + "\n  - *l\(levels)\n"
        default:
            return "window: {size: [64, 48]}\nlayers: [\(chain("{}"))]\n"
        }
    }

    /// Nesting in every form YAML allows, around and past the depth limit.
    static func deep(_ rng: inout SplitMix64) -> String {
        let n = rng.pick([50, 126, 127, 128, 200, 255, 256, 257, 1000, 100_000, 1_000_000])
        switch rng.below(6) {
        case 0: return "layers: " + String(repeating: "[", count: n) + String(repeating: "]", count: n) + "\n"
        case 1: return "layers:\n" + String(repeating: "- ", count: n) + "x\n"
        case 2: return String(repeating: "{a: ", count: n) + "1" + String(repeating: "}", count: n) + "\n"
        case 3:
            // Layers in layers, in flow style.
            let m = min(n, 20_000)
            return "layers: [" + String(repeating: "{name: d, sublayers: [", count: 1) + String(repeating: "{frame: [1, 1, 60, 40], backgroundColor: \"#ff0000\", sublayers: [", count: m) + String(repeating: "]}", count: m + 1) + "]\n"
        case 4:
            let m = min(n, 20_000)
            return "layers: [{name: l}]\nanimations: [" + String(repeating: "{layer: l, animations: [", count: m) + "{keyPath: opacity, to: 0}" + String(repeating: "]}", count: m) + "]\n"
        default:
            // Layers in layers, in block style (the indentation grows with the depth).
            let m = min(n, 1500)
            var s = "layers:\n"
            for d in 0..<m { s += String(repeating: " ", count: d * 2) + "- frame: [0, 0, 50, 50]\n" + String(repeating: " ", count: d * 2 + 2) + "sublayers:\n" }
            return s + String(repeating: " ", count: m * 2) + "- {}\n"
        }
    }

    /// `count` small layers of random classes.
    static func layers(count: Int, _ rng: inout SplitMix64) -> String {
        var s = "window: {size: [320, 240]}\nlayers:\n"
        s.reserveCapacity(count * 80)
        for i in 0..<count {
            s += "  - {name: l\(i), class: \(rng.pick(SceneVocabulary.classes)), frame: [\(i % 300), \(i % 200), 20, 20], backgroundColor: \"#336699\"}\n"
        }
        return s
    }

    /// Replicators in replicators, each with many instances.
    static func replicators(_ rng: inout SplitMix64) -> String {
        let depth = 1 + rng.below(4)
        var s = "layers:\n"
        for d in 0..<depth {
            let pad = String(repeating: " ", count: 2 + d * 4)
            s += "\(pad)- class: CAReplicatorLayer\n\(pad)  name: r\(d)\n\(pad)  frame: [0, 0, 60, 40]\n"
            s += "\(pad)  instanceCount: \(rng.pick(["10000", "1000", "100", "10001", "1e9", "-1", "2.5"]))\n"
            s += "\(pad)  instanceTransform: {translate: [\(rng.pick(["1", "0.001", "1e300"])), 0]}\n\(pad)  instanceDelay: \(rng.pick(["0.1", "1e-300", "-1"]))\n"
            s += "\(pad)  sublayers:\n"
        }
        let pad = String(repeating: " ", count: 2 + depth * 4)
        s += "\(pad)- {frame: [0, 0, 2, 2], backgroundColor: \"#ffffff\", shadowOpacity: 1, shadowRadius: 3}\n"
        if rng.chance(0.5) {
            s += "animations:\n  - {layer: r0, keyPath: instanceCount, from: 0, to: \(rng.pick(["1e12", "100000", "1e308", "-5"])), duration: 1}\n"
        }
        return s
    }

    /// Lists with tens of thousands of items where a handful is expected.
    static func lists(_ rng: inout SplitMix64) -> String {
        let n = rng.pick([1000, 50_000, 200_000])
        let nums = Array(repeating: rng.pick(["1", "0.001", "1e-9", "0"]), count: n).joined(separator: ", ")
        switch rng.below(5) {
        case 0: return "layers:\n  - {name: s, class: CAShapeLayer, frame: [0, 0, 60, 40], path: \"M 0 0 L 60 40\", strokeColor: \"#fff\", lineWidth: 1, lineDashPattern: [\(nums)]}\n"
        case 1: return "layers:\n  - {name: l}\nanimations:\n  - {layer: l, keyPath: opacity, values: [\(nums)], duration: 1, calculationMode: \(rng.pick(["cubic", "paced", "cubicPaced", "linear"]))}\n"
        case 2: return "layers:\n  - {name: g, class: CAGradientLayer, frame: [0, 0, 60, 40], locations: [\(nums)], colors: [" + Array(repeating: "\"#ff0000\"", count: n).joined(separator: ", ") + "]}\n"
        case 3:
            let path = (0..<(n / 4)).map { "L \($0 % 60) \(($0 * 7) % 40)" }.joined(separator: " ")
            return "layers:\n  - {name: s, class: CAShapeLayer, frame: [0, 0, 60, 40], path: \"M 0 0 \(path) Z\", fillColor: \"#ff0000\", strokeColor: \"#00ff00\", lineWidth: 3}\n"
        default: return "layers:\n  - {name: t, transform: {translate: [\(nums)]}}\n"
        }
    }

    /// Very long names, keys, strings and paths.
    static func long(_ rng: inout SplitMix64) -> String {
        let word = String(repeating: rng.pick(["a", "é", "👩‍👩‍👧", "backgroundColor"]), count: rng.pick([1000, 100_000, 1_000_000]) / 4)
        switch rng.below(6) {
        case 0: return "layers:\n  - name: \"\(word)\"\n"
        case 1: return "layers:\n  - \(word): 1\n"
        case 2: return "layers:\n  - {name: t, class: CATextLayer, frame: [0, 0, 60, 40], fontSize: 12, isWrapped: true, string: \"\(word) \(word)\"}\n"
        case 3: return "layers:\n  - {name: l}\nanimations:\n  - {layer: \"\(word)\", keyPath: opacity, to: 0}\n"
        case 4: return "layers:\n  - {name: l, contents: \"\(word).png\"}\n"
        default: return "layers:\n  - {name: l}\nanimations:\n  - {layer: l, keyPath: \"\(word)\", to: 0}\n"
        }
    }

    /// Drawing properties at the edges of their ranges, several at once.
    static func drawing(_ rng: inout SplitMix64) -> String {
        let huge = ["1e308", "1e30", "1e9", "100000", "-1e308", "1e-308", "0", "-1", "65536", "3e38", "4e38"]
        var props = ["frame: [\(rng.pick(["0", "-1e308", "1e308", "10"])), 0, \(rng.pick(["60", "1e308", "0", "1e9", "-60"])), \(rng.pick(["40", "1e308", "0", "1e-300"]))]"]
        let keys = ["cornerRadius", "borderWidth", "shadowRadius", "shadowOpacity", "lineWidth", "miterLimit", "lineDashPhase",
                    "fontSize", "strokeStart", "strokeEnd", "contentsScale", "zPosition", "anchorPointZ", "opacity", "speed",
                    "timeOffset", "instanceCount", "instanceDelay", "instanceAlphaOffset"]
        for k in keys where rng.chance(0.35) { props.append("\(k): \(rng.pick(huge))") }
        props.append("backgroundColor: \"#ff8800\"")
        props.append("shadowOffset: [\(rng.pick(huge)), \(rng.pick(huge))]")
        props.append("transform: {scale: \(rng.pick(huge)), perspective: \(rng.pick(["1e-308", "1", "1e308"])), rotateX: \(rng.pick(["90", "89.9999", "1e308"]))}")
        props.append("path: \"M 0 0 C \(rng.pick(huge)) 0 0 \(rng.pick(huge)) 60 40 L \(rng.pick(huge)) \(rng.pick(huge)) Z\"")
        props.append("lineDashPattern: [\(rng.pick(["1e-300", "0", "0.0001", "1e308"])), \(rng.pick(["1e-300", "0", "0.0001"]))]")
        props.append("string: \"\(rng.pick(["Hi", "x\ny", "\u{202E}abc", String(repeating: "W", count: 500)]))\"")
        props.append("colors: [\"#ff0000\", \"#0000ff\"]")
        props.append("locations: [\(rng.pick(huge)), \(rng.pick(huge))]")
        props.append("type: \(rng.pick(["axial", "radial", "conic"]))")
        props.append("shadowPath: {ellipse: [0, 0, \(rng.pick(huge)), \(rng.pick(huge))]}")
        let cls = rng.pick(SceneVocabulary.classes)
        let valid = SceneVocabulary.properties(ofClass: cls)
        let kept = props.filter { p in let k = String(p.prefix(while: { $0 != ":" })); return k == "frame" || valid[k] != nil }
        return "window: {size: [64, 48]}\nlayers:\n  - class: \(cls)\n    name: x\n    masksToBounds: \(rng.chance(0.5))\n"
            + kept.map { "    \($0)\n" }.joined() + "    sublayers: [{frame: [1, 1, 30, 30], backgroundColor: \"#00ff00\", cornerRadius: \(rng.pick(huge))}]\n"
    }

    /// Timing values at the edges: durations, speeds, repeat counts, offsets and springs.
    static func timing(_ rng: inout SplitMix64) -> String {
        let t = ["1e308", "1e-308", "0", "1e30", "5e-324", "1e9", "0.0001", "infinity", "-1e308", "3.4e38", "3.5e38", "1e39"]
        var a = "{layer: l, keyPath: \(rng.pick(["opacity", "position.x", "transform.rotation.z", "bounds", "backgroundColor", "position"]))"
        switch rng.below(4) {
        case 0: a += ", type: spring, from: 0, to: 1, mass: \(rng.pick(["1e-300", "1", "1e6"])), stiffness: \(rng.pick(["1e-300", "1e6", "100"])), damping: \(rng.pick(["0", "1e6", "1e-300"])), initialVelocity: \(rng.pick(["1e308", "-1e308", "0"]))"
        case 1: a += ", values: [0, 1, 0.5], keyTimes: [0, 0.5, 1], calculationMode: \(rng.pick(["cubic", "paced", "discrete", "cubicPaced"]))"
        case 2: a += ", path: \"M 0 0 L 0 0 L 0 0\", rotationMode: auto"
        default: a += ", from: 0, to: 1"
        }
        for k in ["duration", "repeatCount", "repeatDuration", "speed", "timeOffset", "beginTime"] where rng.chance(0.5) { a += ", \(k): \(rng.pick(t))" }
        if rng.chance(0.5) { a += ", autoreverses: true" }
        if rng.chance(0.5) { a += ", fillMode: \(rng.pick(["both", "forwards", "backwards", "removed"]))" }
        a += "}"
        let layerTiming = rng.chance(0.5) ? ", speed: \(rng.pick(t.filter { $0 != "infinity" })), timeOffset: \(rng.pick(t.filter { $0 != "infinity" }))" : ""
        return "window: {size: [64, 48]}\nlayers:\n  - {name: l, frame: [0, 0, 30, 30], backgroundColor: \"#ff0000\"\(layerTiming)}\nanimations:\n  - \(a)\n"
    }

    /// Many animations (around the limit) or many groups.
    static func animations(_ rng: inout SplitMix64) -> String {
        let n = rng.pick([100, 2000, 20_001])
        var s = "layers:\n  - {name: l, frame: [0, 0, 20, 20]}\nanimations:\n"
        s.reserveCapacity(n * 70)
        for i in 0..<n { s += "  - {layer: l, key: k\(i % 7919), keyPath: \(rng.pick(["opacity", "position.x", "cornerRadius"])), from: 0, to: \(i % 50), duration: 1}\n" }
        return s
    }

    /// Many interactions, some chained through timers.
    static func interactions(_ rng: inout SplitMix64) -> String {
        let n = rng.pick([10, 1000, 10_000])
        var s = "layers:\n  - {name: l, frame: [0, 0, 64, 48], backgroundColor: \"#0000ff\"}\ninteractions:\n"
        for i in 0..<n {
            switch i % 4 {
            case 0: s += "  - {on: {click: l}, set: [{layer: l, opacity: 0.\(i % 10)}]}\n"
            case 1: s += "  - {on: {key: Space}, add: [{layer: l, keyPath: position.x, from: 0, to: \(i), duration: 1e-9, repeatCount: 1e30}]}\n"
            case 2: s += "  - {on: {timer: \(rng.pick(["0", "1e-300", "-1", "1e308", "1"]))}, transaction: {duration: \(rng.pick(["0", "1e308", "-1"]))}, set: [{layer: l, position: [1, 1]}]}\n"
            default: s += "  - {on: {swipe: left}, pause: l, resume: l, remove: [{layer: l, key: position.x}]}\n"
            }
        }
        return s
    }

    /// Image paths that exist, that leave the folders, through links and absolute.
    static func images(_ rng: inout SplitMix64) -> String {
        let path = rng.pick(["Sequence/frame01.png", "../Assets/Sequence/frame02.png", "../../../../../../etc/passwd", "/etc/passwd",
                             "/dev/zero", "/proc/self/mem", "Fonts/DejaVuSans.ttf", "Sequence/../Sequence/frame03.png", ".", "..", "",
                             "Sequence", "nonexistent.png", "Sequence/README.md", "%2e%2e/x.png", "\u{0}x.png", "~/x.png"])
        return "layers:\n  - {name: i, frame: [0, 0, 60, 40], contents: \"\(path)\", contentsGravity: \(rng.pick(["resize", "center", "resizeAspectFill"]))}\n"
    }
}
