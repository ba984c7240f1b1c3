import Foundation
import CoreGraphics
import Yams

/// A scene document as JSON text, for `SceneFormatter` on JSON files: two-space indentation, a list
/// of plain values on one line. A scalar written quoted stays a string; a plain one is printed as
/// JSON reads it: a number, `true`, `false` or `null` when YAML's core schema resolves it so, else
/// a string.
package enum SceneJSONWriter {
    /// The JSON text of `node`.
    static func text(_ node: Node, indent: String = "") -> String {
        let inner = indent + "  "
        switch node {
        case .mapping(let m):
            if m.isEmpty { return "{}" }
            let items = m.map { inner + string($0.key.string ?? "") + ": " + text($0.value, indent: inner) }
            return "{\n" + items.joined(separator: ",\n") + "\n" + indent + "}"
        case .sequence(let s):
            if s.isEmpty { return "[]" }
            if s.allSatisfy({ if case .scalar = $0 { return true } else { return false } }) {
                return "[" + s.map { text($0, indent: inner) }.joined(separator: ", ") + "]"
            }
            return "[\n" + s.map { inner + text($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .scalar(let sc):
            guard sc.style == .plain || sc.style == .any else { return string(sc.string) }
            let s = sc.string
            if ["true", "false", "null"].contains(s) { return s }
            if isJSONNumber(s) { return s }
            return string(s)
        }
    }

    /// Whether `s` is a number in JSON's grammar (-?int(.digits)?([eE][+-]?digits)?).
    static func isJSONNumber(_ s: String) -> Bool {
        s.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    /// A JSON string literal (also the `lamina eval` JSON's). Every control character a terminal
    /// could act on (`TerminalText.isControl`: C0, DEL, C1, bidirectional and invisible format
    /// controls) is written as a `\uXXXX` escape, so the JSON stays valid and prints safely.
    package static func string(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out += TerminalText.isControl(ch) ? String(format: "\\u%04x", ch.value) : String(ch)
            }
        }
        return out + "\""
    }
}
