import Foundation

/// Text from input (a scene's keys, layer names and paths, a file's contents, a command line,
/// another program's output such as ffmpeg's), made safe to show on a terminal or in a window's
/// banner: every control character is shown escaped, as `\u{1B}` (Swift's own escape: a
/// backslash, `u`, and the scalar's hexadecimal value in braces), rather than acted on, so that
/// nothing quoted can move the cursor, retitle the terminal, hide text or reorder it.
///
/// Escaped: C0 (U+0000–U+001F, tab and line breaks included), DEL (U+007F), C1 (U+0080–U+009F),
/// the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069), and the other invisible format controls that hide or join text
/// (U+200B zero width space, U+2028/U+2029 line and paragraph separators, U+2060–U+2064, the
/// deprecated U+206A–U+206F, U+FEFF and the interlinear annotations U+FFF9–U+FFFB). The zero
/// width joiner and non-joiner (U+200C, U+200D) are kept: scripts and emoji need them.
///
/// Bytes that are not UTF-8 (in `lines`) become U+FFFD.
package enum TerminalText {
    /// Whether a scalar is shown escaped.
    package static func isControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E: return true
        case 0x2060...0x2064, 0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB: return true
        default: return false
        }
    }

    /// Whether `text` holds nothing that `escaped` would change.
    package static func isSafe<S: StringProtocol>(_ text: S) -> Bool { !text.unicodeScalars.contains(where: isControl) }

    /// `text` with every control character escaped (line breaks too: the result is one line).
    package static func escaped<S: StringProtocol>(_ text: S) -> String {
        if isSafe(text) { return String(text) }
        var out = ""
        for s in text.unicodeScalars {
            if isControl(s) { out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(s) }
        }
        return out
    }

    /// A message of several lines made safe: each line escaped, the line feeds between them kept.
    package static func escapedLines<S: StringProtocol>(_ text: S) -> String {
        if isSafe(text) { return String(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped($0) }.joined(separator: "\n")
    }

    /// The last `maxLines` non-empty lines of `data` (at most `maxCharacters` in all, the start cut),
    /// each escaped; carriage returns end lines too.
    package static func lines(_ data: Data, maxLines: Int = 12, maxCharacters: Int = 2000) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let raw = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        var kept = raw.suffix(maxLines).map { escaped($0) }
        while kept.reduce(0, { $0 + $1.count }) > maxCharacters, kept.count > 1 { kept.removeFirst() }
        if let only = kept.first, kept.count == 1, only.count > maxCharacters { kept = ["…" + only.suffix(maxCharacters)] }
        return kept
    }

    /// `lines` joined with " / ", or `empty` when there are none.
    package static func summary(_ data: Data, empty: String) -> String {
        let l = lines(data)
        return l.isEmpty ? empty : l.joined(separator: " / ")
    }
}
