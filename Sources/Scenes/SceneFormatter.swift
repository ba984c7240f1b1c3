import Foundation
import CoreGraphics
import Yams

/// The canonical form of a scene file: the same document with its keys in a fixed order (window,
/// layers, animations; in a layer name and class first, sublayers last, the rest alphabetical;
/// in an animation layer and keyPath first; in an emitter cell name first, its own cells last).
/// A YAML file stays YAML, its comments kept beside the nodes they were written beside (`SceneComments`); a JSON file (one whose text starts with `{`)
/// stays JSON. It is checked before it is printed: parsing the output must give a scene that
/// parses, like the input.
public enum SceneFormatter {
    /// A scene file's syntax.
    public enum Syntax: String, Sendable, CaseIterable {
        /// YAML (block style).
        case yaml
        /// JSON.
        case json
    }

    /// The canonical text of `text`, in `syntax` (nil: the input's own: JSON for a text that starts
    /// with `{`, else YAML); throws the input's own located error when it does not parse. Comments
    /// are kept when YAML is written from YAML. `directory` resolves the images the scene names, as
    /// `Scene.parse` does (the scene file's folder).
    public static func format(_ text: String, file: String = "<string>", as syntax: Syntax? = nil, directory: URL? = nil) throws -> String {
        _ = try Scene.parse(text, file: file, directory: directory)
        guard let node = try Yams.compose(yaml: text) else { return "" }
        let canonicalNode = canonical(node, context: "scene")
        var out: String
        if (syntax ?? (isJSON(text) ? .json : .yaml)) == .json {
            out = SceneJSONWriter.text(canonicalNode) + "\n"
        } else {
            out = try Yams.serialize(node: canonicalNode, indent: 2, width: -1, allowUnicode: true)
            // A scalar holding a control character a terminal would act on (a bidirectional
            // override, NEL, a line separator) is written escaped instead: without `allowUnicode`
            // every character outside ASCII is a `\u` escape in a double-quoted scalar.
            if out.unicodeScalars.contains(where: { $0 != "\n" && TerminalText.isControl($0) }) {
                out = try Yams.serialize(node: canonicalNode, indent: 2, width: -1, allowUnicode: false)
            }
            let comments = SceneComments(text: text, node: node)
            if comments.isHeaderOnly {
                out = (comments.header + [out]).joined(separator: "\n")
            } else if !comments.isEmpty, let formatted = try Yams.compose(yaml: out) {
                out = comments.apply(to: out, node: formatted)
            }
        }
        _ = try Scene.parse(out, file: file + " (formatted)", directory: directory)
        return out
    }

    /// Whether a scene's text is JSON (its first character that is not white space is `{`).
    static func isJSON(_ text: String) -> Bool { text.first { !$0.isWhitespace } == "{" }

    static func canonical(_ node: Node, context: String) -> Node {
        switch node {
        case .mapping(let m):
            let order: [String]
            switch context {
            case "scene": order = ["window", "layers", "animations"]
            case "layer": order = ["name", "class"]
            case "cell": order = ["name"]
            case "animation": order = ["layer", "keyPath", "type"]
            default: order = []
            }
            func rank(_ k: String) -> (Int, String) {
                if let i = order.firstIndex(of: k) { return (i, "") }
                if context == "layer" && k == "sublayers" || context == "cell" && k == "emitterCells" { return (Int.max, "") }
                return (order.count, k)
            }
            let pairs = m.map { (k, v) -> (Node, Node) in
                let key = k.string ?? ""
                let childContext: String
                switch (context, key) {
                case ("scene", "layers"), ("layer", "sublayers"): childContext = "layers"
                case ("scene", "animations"): childContext = "animations"
                case ("layer", "emitterCells"), ("cell", "emitterCells"): childContext = "cells"
                default: childContext = "value"
                }
                return (k, canonical(v, context: childContext))
            }.sorted { rank($0.0.string ?? "") < rank($1.0.string ?? "") }
            return .mapping(Node.Mapping(pairs.map { ($0.0, $0.1) }))
        case .sequence(let s):
            let child = context == "layers" ? "layer" : context == "animations" ? "animation" : context == "cells" ? "cell" : "value"
            let items = s.map { canonical($0, context: child) }
            let flow = context == "value" && items.allSatisfy { if case .scalar = $0 { return true } else { return false } }
            return .sequence(Node.Sequence(items, .implicit, flow ? .flow : .block))
        case .scalar:
            return node
        }
    }
}
