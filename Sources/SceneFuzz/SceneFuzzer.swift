import Foundation
import LaminaRandom
@_spi(LaminaInternal) import Scenes
import Yams

/// A deterministic, structure-aware generator of scene inputs for fuzzing `Scene.parse` and what
/// runs after it. Input `i` is a pure function of the seed corpus, the seed and `i`: the first
/// inputs are the corpus files unchanged; after that each input is a corpus file mutated on its
/// YAML tree (keys added, removed or duplicated, values replaced by ones of the expected kind or
/// hostile ones) and then on its text (bytes flipped, dictionary words spliced in, lines deleted,
/// duplicated, swapped or re-indented, numbers pushed to the edges, anchors and aliases, long and
/// odd Unicode strings, other corpus files spliced in), or, a few percent of the time, one of
/// `SceneFuzzAttacks`' pathological documents. A testing aid.
@_spi(LaminaInternal) public struct SceneFuzzer: Sendable {
    /// The seed corpus (scene texts), mutated.
    public let corpus: [String]
    /// Inputs found crashing or hanging once, run first and never mutated.
    public let regressions: [String]
    /// The seed every input is derived from.
    public let seed: UInt64
    /// The share of inputs that are `SceneFuzzAttacks` documents (0...1).
    public let attackRate: Double

    /// A fuzzer over `corpus` (at least one text) from `seed`; `regressions` come first, then the
    /// corpus unchanged, then mutations.
    public init(corpus: [String], regressions: [String] = [], seed: UInt64, attackRate: Double = 0.04) {
        precondition(!corpus.isEmpty, "the fuzzer needs at least one seed input")
        self.corpus = corpus
        self.regressions = regressions
        self.seed = seed
        self.attackRate = attackRate
    }

    /// Input number `index` (0-based); the same for the same corpus, regressions, seed and index.
    public func input(_ index: Int) -> String {
        if index < regressions.count { return regressions[index] }
        if index < regressions.count + corpus.count { return corpus[index - regressions.count] }
        var rng = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        _ = rng.next()
        if rng.chance(attackRate) { return SceneFuzzAttacks.make(&rng, corpus: corpus) }
        var text = rng.pick(corpus)
        // Lottie JSON is mutated as text only: its tree written back as YAML would no longer be
        // Lottie (the scene reader would refuse it as a scene, never reaching the Lottie reader).
        if rng.chance(0.45) && !Scene.isLottieText(text) {
            for _ in 0..<(1 + rng.below(3)) { text = structural(text, &rng) }
        }
        let rounds = rng.chance(0.2) ? 1 + rng.below(8) : rng.below(2)
        for _ in 0..<rounds { text = textual(text, &rng) }
        return text
    }

    // MARK: Mutations of the YAML tree

    /// `text` composed, one node mutated, and serialized again (block or flow style); `text`
    /// unchanged when it is not a small, well-formed document.
    func structural(_ text: String, _ rng: inout SplitMix64) -> String {
        guard text.utf8.count < 64 << 10, (try? SceneVocabulary.checkDocument(text, file: "")) != nil,
              let node = (try? Yams.compose(yaml: text)) ?? nil else { return text }
        var target = rng.below(Self.count(node))
        let mutated = rewrite(node, &target, &rng)
        return (try? Yams.serialize(node: mutated, indent: 2, width: -1, allowUnicode: rng.chance(0.5))) ?? text
    }

    static func count(_ node: Node) -> Int {
        switch node {
        case .scalar: return 1
        case .sequence(let s): return s.reduce(1) { $0 + count($1) }
        case .mapping(let m): return m.reduce(1) { $0 + count($1.value) }
        }
    }

    /// The node with the `target`-th node (pre-order) mutated.
    func rewrite(_ node: Node, _ target: inout Int, _ rng: inout SplitMix64) -> Node {
        if target < 0 { return node }
        if target == 0 { target = -1; return mutate(node, &rng) }
        target -= 1
        switch node {
        case .scalar: return node
        case .sequence(let s):
            let items = s.map { rewrite($0, &target, &rng) }
            return .sequence(.init(items, s.tag, s.style, s.mark))
        case .mapping(let m):
            let pairs = m.map { ($0.key, rewrite($0.value, &target, &rng)) }
            return .mapping(.init(pairs, m.tag, m.style, m.mark))
        }
    }

    /// One mutation of one node.
    func mutate(_ node: Node, _ rng: inout SplitMix64) -> Node {
        typealias V = SceneFuzzValues
        switch node {
        case .mapping(let m):
            var pairs = m.map { ($0.key, $0.value) }
            switch rng.below(6) {
            case 0, 1:
                let key = rng.chance(0.7) ? Self.likelyKey(in: pairs, &rng) : rng.pick(SceneFuzzDictionary.keys)
                pairs.insert((V.scalar(key), V.value(forKey: key, &rng)), at: rng.below(pairs.count + 1))
            case 2: if !pairs.isEmpty { pairs.remove(at: rng.below(pairs.count)) }
            case 3: if !pairs.isEmpty { pairs.append(pairs[rng.below(pairs.count)]) }
            case 4:
                if !pairs.isEmpty {
                    let i = rng.below(pairs.count)
                    pairs[i].1 = V.value(forKey: pairs[i].0.string ?? "", &rng)
                }
            default: return V.value(rng.pick(V.allKinds), &rng)
            }
            return .mapping(.init(pairs, m.tag, m.style, m.mark))
        case .sequence(let s):
            var items = Array(s)
            switch rng.below(6) {
            case 0: if !items.isEmpty { items.append(items[rng.below(items.count)]) }
            case 1: if !items.isEmpty { items.remove(at: rng.below(items.count)) }
            case 2: items.insert(V.value(rng.pick(V.allKinds), &rng), at: rng.below(items.count + 1))
            case 3: items.reverse()
            case 4: if let first = items.first { items += Array(repeating: first, count: rng.below(40)) }
            default: return V.list([node], flow: rng.chance(0.5))
            }
            return .sequence(.init(items, s.tag, s.style, s.mark))
        case .scalar:
            switch rng.below(5) {
            case 0, 1: return V.scalar(V.number(&rng))
            case 2: return V.scalar(rng.pick(SceneFuzzDictionary.names))
            case 3: return V.scalar(rng.pick(SceneFuzzDictionary.unicode) + (node.string ?? ""))
            default: return V.value(rng.pick(V.allKinds), &rng)
            }
        }
    }

    /// A key that belongs in a mapping like `pairs`: an animation's when it has `keyPath`, a
    /// layer's of its class when it has `name`, `frame` or `class`, any key otherwise.
    static func likelyKey(in pairs: [(Node, Node)], _ rng: inout SplitMix64) -> String {
        let keys = Set(pairs.compactMap { $0.0.string })
        if keys.contains("keyPath") || keys.contains("animations") && keys.contains("layer") {
            return rng.pick(SceneVocabulary.timingKeys + SceneVocabulary.propertyAnimationKeys + SceneVocabulary.animationKindKeys.values.joined())
        }
        if !keys.isDisjoint(with: ["name", "frame", "class", "bounds", "position"]) {
            let cls = pairs.first { $0.0.string == "class" }?.1.string ?? "CALayer"
            return rng.pick(SceneVocabulary.properties(ofClass: cls).keys.sorted())
        }
        return rng.pick(SceneFuzzDictionary.keys)
    }

    // MARK: Mutations of the text

    /// One mutation of the text.
    func textual(_ text: String, _ rng: inout SplitMix64) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.isEmpty { lines = [""] }
        let i = rng.below(lines.count)
        switch rng.below(19) {
        case 0:
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return text }
            for _ in 0..<(1 + rng.below(4)) {
                let at = rng.below(bytes.count)
                bytes[at] = rng.chance(0.7) ? UInt8(32 + rng.below(95)) : UInt8(truncatingIfNeeded: rng.next())
            }
            return String(decoding: bytes, as: UTF8.self)
        case 1: lines[i] = insert(rng.pick(SceneFuzzDictionary.keys) + ": " + value(&rng), into: lines[i], &rng)
        case 2: lines[i] = replaceWord(in: lines[i], with: value(&rng), &rng)
        case 3: lines.remove(at: i)
        case 4: lines.insert(lines[i], at: i)
        case 5: lines.swapAt(i, rng.below(lines.count))
        case 6: lines[i] = rng.chance(0.5) ? "  " + lines[i] : String(lines[i].drop(while: { $0 == " " }).prefix(lines[i].count))
        case 7: lines[i] = replaceWord(in: lines[i], with: rng.pick(SceneFuzzDictionary.numbers), &rng)
        case 8: lines[i] = insert(rng.pick(SceneFuzzDictionary.yaml), into: lines[i], &rng)
        case 9:
            // An anchor on one line and aliases to it further on.
            let name = rng.pick(["a", "b", "x"])
            lines[i] = replaceWord(in: lines[i], with: "&\(name) " + value(&rng), &rng)
            for _ in 0..<(1 + rng.below(3)) {
                let j = rng.below(lines.count)
                lines[j] = replaceWord(in: lines[j], with: "*\(name)", &rng)
            }
        case 10: lines[i] = replaceWord(in: lines[i], with: "\"" + String(repeating: rng.pick(SceneFuzzDictionary.unicode + ["x", "é"]), count: rng.below(3000)) + "\"", &rng)
        case 11:
            let other = rng.pick(corpus).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let cut = rng.below(lines.count + 1), from = rng.below(other.count + 1)
            lines = Array(lines[..<cut]) + Array(other[from...])
        case 12: return String(text.prefix(rng.below(text.count + 1)))
        case 13:
            let n = 1 + rng.below(6)
            lines.insert(String(repeating: " ", count: rng.below(6)) + "- {name: f\(rng.below(1000)), frame: [\(rng.below(60)), \(rng.below(60)), \(rng.below(60)), \(rng.below(60))], class: \(rng.pick(SceneVocabulary.classes))}", at: i)
            for _ in 0..<n { lines.insert(lines[i], at: i) }
        case 14: lines[i] = replaceWord(in: lines[i], with: SceneFuzzValues.number(&rng), &rng)
        case 15:
            // Escape bytes in a key, a layer's name, an image path or a value.
            let e = "\"" + rng.pick(SceneFuzzDictionary.escapes) + "\""
            switch rng.below(4) {
            case 0: lines.insert(e + ": 1", at: i)
            case 1: lines.insert("  - {name: \(e), frame: [0, 0, 10, 10]}", at: i)
            case 2: lines.insert("  - {name: p\(rng.below(100)), class: CALayer, frame: [0, 0, 10, 10], contents: \(e)}", at: i)
            default: lines[i] = replaceWord(in: lines[i], with: e, &rng)
            }
        case 16:
            // A path that leads elsewhere (up, absolute, through /proc's links, long).
            let p = "\"" + rng.pick(SceneFuzzDictionary.paths) + "\""
            if rng.chance(0.5) { lines.insert("  - {name: q\(rng.below(100)), class: CALayer, frame: [0, 0, 10, 10], contents: \(p)}", at: i) } else { lines[i] = replaceWord(in: lines[i], with: p, &rng) }
        case 17:
            // A huge size for the window, a frame or a font.
            let size = rng.pick(SceneFuzzDictionary.hugeSizes)
            switch rng.below(3) {
            case 0: lines.insert("window: {size: \(size)}", at: 0)
            case 1: lines.insert("  - {name: h\(rng.below(100)), class: \(rng.pick(SceneVocabulary.classes)), frame: [0, 0, \(size.dropFirst().dropLast())]}", at: i)
            default: lines[i] = replaceWord(in: lines[i], with: size, &rng)
            }
        default: lines[i] = insert(rng.pick(SceneFuzzDictionary.unicode), into: lines[i], &rng)
        }
        return lines.joined(separator: "\n")
    }

    /// A value as YAML text, of a random kind.
    func value(_ rng: inout SplitMix64) -> String {
        let node = SceneFuzzValues.value(rng.pick(SceneFuzzValues.allKinds), &rng)
        let text = (try? Yams.serialize(node: node, width: -1)) ?? "0"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func insert(_ piece: String, into line: String, _ rng: inout SplitMix64) -> String {
        let chars = Array(line)
        let at = rng.below(chars.count + 1)
        return String(chars[..<at]) + piece + String(chars[at...])
    }

    /// The line with one word (a run of letters, digits, `.`, `#`, `-`, `+`) replaced.
    func replaceWord(in line: String, with piece: String, _ rng: inout SplitMix64) -> String {
        let chars = Array(line)
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || ".#-+_".contains(c) }
        var words: [Range<Int>] = []
        var i = 0
        while i < chars.count {
            if isWord(chars[i]) {
                let start = i
                while i < chars.count && isWord(chars[i]) { i += 1 }
                words.append(start..<i)
            } else { i += 1 }
        }
        guard !words.isEmpty else { return line + " " + piece }
        let r = rng.pick(words)
        return String(chars[..<r.lowerBound]) + piece + String(chars[r.upperBound...])
    }
}
