import Foundation
import CoreGraphics
import Yams

/// The comments of a YAML scene file, kept through `SceneFormatter`: the header (the comment and
/// blank lines before the first content) stays at the top as written; every other comment is
/// anchored to a node of the document (a full-line comment to the first node of the next line that
/// has content, a comment at the end of a line to the first node of that line) by the node's path
/// (`layers/0/frame`), and put back beside that node wherever the formatted text puts it: before
/// its line at its indentation, or at the end of its line. Formatting does not reorder sequences, so
/// paths survive it.
struct SceneComments {
    /// The header lines, as written.
    var header: [String] = []
    /// Full-line comments (trimmed) by the path of the node they come before.
    var before: [String: [String]] = [:]
    /// End-of-line comments by the path of their line's first node.
    var trailing: [String: [String]] = [:]
    /// Comments whose anchor was not found (put at the end).
    var orphans: [String] = []

    /// Whether the only comments are the header's (then nothing needs anchoring).
    var isHeaderOnly: Bool { !header.isEmpty && before.isEmpty && trailing.isEmpty && orphans.isEmpty }

    /// Whether there is nothing to keep.
    var isEmpty: Bool { header.isEmpty && before.isEmpty && trailing.isEmpty && orphans.isEmpty }

    /// The comments of `text`, whose composed document is `node`.
    init(text: String, node: Node) {
        let lines = text.components(separatedBy: "\n")
        let firstNodes = SceneComments.firstNodes(node)
        var index = 0
        while index < lines.count {
            let t = lines[index].trimmingCharacters(in: .whitespaces)
            guard t.isEmpty || t.hasPrefix("#") else { break }
            header.append(SceneComments.safe(lines[index]))
            index += 1
        }
        // Trailing blank lines of the header are not part of it.
        while header.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { header.removeLast() }
        var pending: [String] = []
        for i in index..<lines.count {
            let line = lines[i]
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("#") { pending.append(SceneComments.safe(t)); continue }
            if t.isEmpty || t == "---" { continue }
            if let path = firstNodes[i + 1] {
                if !pending.isEmpty { before[path, default: []] += pending }
                if let c = SceneComments.trailingComment(of: line) { trailing[path, default: []].append(SceneComments.safe(c)) }
            } else {
                orphans += pending
                if let c = SceneComments.trailingComment(of: line) { orphans.append(SceneComments.safe(c)) }
            }
            pending = []
        }
        orphans += pending
    }

    /// A comment line as the formatter writes it: a carriage return ending it (a CRLF file) dropped,
    /// and control characters a terminal would act on (a bidirectional override, a lone carriage
    /// return, NEL) escaped as `\u{202E}` (`TerminalText`); tabs are kept. A comment means nothing
    /// to the scene, so this changes no value.
    static func safe(_ line: String) -> String {
        var line = Substring(line)
        if line.hasSuffix("\r") { line = line.dropLast() }
        guard line.unicodeScalars.contains(where: { $0 != "\t" && TerminalText.isControl($0) }) else { return String(line) }
        return line.split(separator: "\t", omittingEmptySubsequences: false).map { TerminalText.escaped($0) }.joined(separator: "\t")
    }

    /// `formatted` (the output of the formatter, composed as `node`) with the comments put back.
    func apply(to formatted: String, node: Node) -> String {
        var lines = formatted.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let lineOf = SceneComments.lines(node).mapValues { $0 - 1 }
        var inserts: [Int: [String]] = [:]
        var lost: [String] = []
        for (path, comments) in before {
            guard let l = lineOf[path], l < lines.count else { lost += comments; continue }
            let indent = String(lines[l].prefix { $0 == " " })
            inserts[l, default: []] += comments.map { indent + $0 }
        }
        for (path, comments) in trailing {
            guard let l = lineOf[path], l < lines.count else { lost += comments; continue }
            lines[l] += "  " + comments.joined(separator: " ")
        }
        var out = header
        for (i, line) in lines.enumerated() {
            out += inserts[i] ?? []
            out.append(line)
        }
        out += (orphans + lost.sorted())
        return out.joined(separator: "\n") + "\n"
    }

    /// Every node's path (a mapping's keys by name, a sequence's items by index: `/layers/0/frame`)
    /// and the line it starts on (1-based; a key's line for a mapping entry), in pre-order.
    static func paths(_ root: Node) -> [(path: String, line: Int)] {
        var result: [(path: String, line: Int)] = []
        func visit(_ node: Node, _ path: String, line: Int?) {
            if let line = line ?? node.mark?.line { result.append((path, line)) }
            switch node {
            case .mapping(let m):
                for (k, v) in m { visit(v, path + "/" + (k.string ?? "?"), line: k.mark?.line) }
            case .sequence(let s):
                for (i, item) in s.enumerated() { visit(item, path + "/\(i)", line: nil) }
            case .scalar: break
            }
        }
        visit(root, "", line: nil)
        return result
    }

    /// The path of the first node (pre-order) that starts on each line (1-based).
    static func firstNodes(_ root: Node) -> [Int: String] {
        var result: [Int: String] = [:]
        for (path, line) in paths(root) where result[line] == nil { result[line] = path }
        return result
    }

    /// The line (1-based) each path starts on.
    static func lines(_ root: Node) -> [String: Int] {
        var result: [String: Int] = [:]
        for (path, line) in paths(root) where result[path] == nil { result[path] = line }
        return result
    }

    /// The comment at the end of `line` ("# ..."), outside quotes, or nil.
    static func trailingComment(of line: String) -> String? {
        var quote: Character? = nil
        var previous: Character = " "
        for (offset, c) in line.enumerated() {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" && (previous == " " || previous == "\t") {
                return String(line.dropFirst(offset)).trimmingCharacters(in: .whitespaces)
            }
            previous = c
        }
        return nil
    }
}
