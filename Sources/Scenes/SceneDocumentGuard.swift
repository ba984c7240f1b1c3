import CYaml
import Foundation

/// Checks a scene's YAML before it is composed into nodes: its nesting depth and its size with
/// aliases expanded, both counted on libyaml's event stream without building anything (so a deep
/// or alias-bombed document is refused in time and memory linear in its text, before the composer,
/// which recurses once per level, or any reader that walks the expanded tree sees it).
enum SceneDocumentGuard {
    private struct Frame {
        var anchor: String?
        /// The running total when the node started: its expanded size is the total at its end minus this.
        var start: Int
        /// The depth of its deepest child (0 when it has none).
        var depth = 0
    }

    /// Throws a located `SceneError` when `text` nests deeper than `Scene.Limits.depth` or expands
    /// past `Scene.Limits.expandedNodes`. YAML syntax errors are left for the composer to report.
    static func check(_ text: String, file: String) throws {
        var text = text
        try text.withUTF8 { bytes in try check(bytes, file: file) }
    }

    private static func check(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var anchors: [String: (nodes: Int, depth: Int)] = [:]
        var stack: [Frame] = []
        var total = 0
        func fail(_ event: yaml_event_t, _ message: String) -> SceneError {
            SceneError(file: file, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, message: message)
        }
        func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? { p.map { String(cString: $0) } }
        /// Counts a node of `nodes` expanded values and `depth` levels in its parent, checking the limits.
        func add(_ nodes: Int, _ depth: Int, event: yaml_event_t) throws {
            total = nodes > Scene.Limits.expandedNodes ? Int.max : total + nodes
            if total > Scene.Limits.expandedNodes {
                throw fail(event, "the scene expands to more than \(Scene.Limits.expandedNodes) values once its aliases are followed")
            }
            if stack.count + depth > Scene.Limits.depth {
                throw fail(event, "the scene nests deeper than \(Scene.Limits.depth) levels (counting aliases)")
            }
            if !stack.isEmpty { stack[stack.count - 1].depth = max(stack[stack.count - 1].depth, depth) }
        }
        var done = false
        while !done {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                done = true
            case YAML_DOCUMENT_START_EVENT:
                anchors = [:]
            case YAML_SCALAR_EVENT:
                try add(1, 1, event: event)
                if let a = string(event.data.scalar.anchor) { anchors[a] = (1, 1) }
            case YAML_ALIAS_EVENT:
                // An undefined alias is the composer's error to report.
                if let a = string(event.data.alias.anchor), let found = anchors[a] { try add(found.nodes, found.depth, event: event) }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = event.type == YAML_SEQUENCE_START_EVENT
                    ? string(event.data.sequence_start.anchor) : string(event.data.mapping_start.anchor)
                // The container itself counts once, at its start; its depth is known at its end.
                total += 1
                stack.append(Frame(anchor: anchor, start: total - 1))
                if stack.count > Scene.Limits.depth {
                    throw fail(event, "the scene nests deeper than \(Scene.Limits.depth) levels")
                }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let f = stack.popLast() else { return }
                let depth = f.depth + 1
                if stack.count + depth > Scene.Limits.depth {
                    throw fail(event, "the scene nests deeper than \(Scene.Limits.depth) levels (counting aliases)")
                }
                if !stack.isEmpty { stack[stack.count - 1].depth = max(stack[stack.count - 1].depth, depth) }
                if let a = f.anchor { anchors[a] = (total - f.start, depth) }
            default:
                break
            }
        }
    }
}
