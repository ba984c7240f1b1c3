import Foundation
import CoreGraphics

/// The text animators (`t.a`) this player applies: those whose range selector covers every
/// character fully (start 0, end 100 %, offset 0, amount 100 %, square shape, none of them
/// animated), which change fill colour (`fc`), stroke colour (`sc`), stroke width (`sw`) or opacity
/// (`o`). Such an animator gives every character the same value, so it animates the whole text's
/// fill, stroke or opacity exactly as lottie-web does: the fill and stroke colours and the opacity
/// are replaced by the animator's, its stroke width is added to the document's. Any other animator
/// is noted, and the static text is drawn.
struct TextAnimatorModel: Sendable {
    /// The animators' fill colour, stroke colour and opacity (0...100), the last animator that sets
    /// each winning (each replaces the document's value in full), and the stroke width added to the
    /// document's (the first animator's; later ones are noted).
    var fillColor: Animated<[Double]>?
    var strokeColor: Animated<[Double]>?
    var strokeWidth: Animated<[Double]>?
    var opacity: Animated<[Double]>?

    /// Whether no animator applies.
    var isEmpty: Bool { fillColor == nil && strokeColor == nil && strokeWidth == nil && opacity == nil }

    /// The properties applied (others in an animator's `a` are noted).
    static let applied: Set<String> = ["fc", "sc", "sw", "o"]

    /// No animators.
    init() {}

    /// Reads `t.a` of the text object `c`; what cannot be applied exactly goes to `notes`.
    init(_ c: KeyedDecodingContainer<AnyKey>, notes: inout [LottieDiagnostic]) throws {
        guard c.has("a"), var u = try? c.nestedUnkeyedContainer(forKey: AnyKey("a")) else { return }
        var index = 0
        while !u.isAtEnd {
            defer { index += 1 }
            guard index < 1_000 else { throw c.mismatch("a", expected: "at most 1000 text animators") }
            let d = try u.superDecoder()
            let here = JSONPath.string(d.codingPath)
            guard let animator = try? d.container(keyedBy: AnyKey.self) else {
                throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: d.codingPath, debugDescription: "expected a text animator, an object with \"s\" and \"a\""))
            }
            guard let reason = try Self.partialRange(animator) else {
                let props = animator.has("a") ? try animator.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("a")) : nil
                let keys = Set(props?.allKeys.map(\.stringValue) ?? []).subtracting(["nm", "mn"])
                let unapplied = keys.subtracting(Self.applied).sorted()
                if !unapplied.isEmpty {
                    notes.append(LottieDiagnostic(path: here + ".a", message: "text animator properties \(unapplied.joined(separator: ", ")) are not applied; the static text is drawn for them"))
                }
                if let props {
                    var n: [LottieDiagnostic] = []
                    if props.has("fc") { fillColor = try props.animated("fc", default: [0, 0, 0], notes: &n) }
                    if props.has("sc") { strokeColor = try props.animated("sc", default: [0, 0, 0], notes: &n) }
                    if props.has("sw") {
                        if strokeWidth == nil {
                            strokeWidth = try props.animated("sw", default: [0], notes: &n)
                        } else {
                            n.append(LottieDiagnostic(path: here + ".a.sw", message: "only the first text animator's stroke width is added; this one is not"))
                        }
                    }
                    if props.has("o") { opacity = try props.animated("o", default: [100], notes: &n) }
                    notes += n
                }
                continue
            }
            notes.append(LottieDiagnostic(path: here, message: "text animators whose range selector \(reason) are not applied; the static text is drawn"))
        }
    }

    /// Why an animator's selector does not cover every character fully, or nil when it does.
    private static func partialRange(_ animator: KeyedDecodingContainer<AnyKey>) throws -> String? {
        guard animator.has("s") else { return nil }
        let s = try animator.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("s"))
        if try s.number("t") ?? 0 != 0 { return "is an expression selector" }
        if try s.number("r") == 2 { return "counts characters by index" }
        if let shape = try s.number("sh"), shape != 1 { return "has a shape other than square" }
        if try s.flag("rn") { return "is randomised" }
        func value(_ key: String, _ fallback: Double) throws -> Double? {
            guard s.has(key) else { return fallback }
            var n: [LottieDiagnostic] = []
            let a: Animated<[Double]> = try s.animated(key, default: [fallback], notes: &n)
            return a.isAnimated ? nil : a.initial.at(0, fallback)
        }
        guard let start = try value("s", 0), let end = try value("e", 100), let offset = try value("o", 0), let amount = try value("a", 100) else {
            return "is animated"
        }
        guard min(start, end) + offset <= 0, max(start, end) + offset >= 100, amount == 100 else { return "covers part of the text" }
        return nil
    }
}
