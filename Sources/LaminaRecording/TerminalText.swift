import Foundation

/// Text from another program (ffmpeg's error output), made safe to show on a terminal or in a
/// window's banner: bytes that are not UTF-8 become U+FFFD, and every control character (C0 and
/// C1, DEL, and the bidirectional overrides and isolates that reorder what follows them) is shown
/// escaped as `\u{1B}` rather than acted on, so nothing it prints can move the cursor, retitle the
/// terminal or hide text. Line breaks are kept as the separators of `lines`.
package enum TerminalText {
    /// Whether a scalar is shown escaped.
    package static func isControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// One line (no line breaks in it) with its control characters escaped.
    package static func escaped(_ line: Substring) -> String {
        var out = ""
        for s in line.unicodeScalars {
            if isControl(s) { out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(s) }
        }
        return out
    }

    /// The last `maxLines` non-empty lines of `data` (at most `maxCharacters` in all, the start cut),
    /// each escaped; carriage returns end lines too.
    package static func lines(_ data: Data, maxLines: Int = 12, maxCharacters: Int = 2000) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let raw = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        var kept = raw.suffix(maxLines).map { escaped(Substring($0)) }
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
