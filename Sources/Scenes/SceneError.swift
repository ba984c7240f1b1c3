import Foundation
import CoreGraphics

/// A problem in a scene file, located: "file:line:column: what was expected".
public struct SceneError: Error, CustomStringConvertible, Equatable {
    /// The file (or "<string>").
    public let file: String
    /// 1-based line and column (0 when unknown).
    public let line: Int, column: Int
    /// What is wrong and what was expected.
    public let message: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// "file:line:column: message" ("file:line: message" without a column, "file: message" for
    /// the whole file: no such file, too large, not text; never a made-up ":0:0:"), in one line safe
    /// to print: control characters in the file's name and the message (a key, a layer name, a path
    /// quoted from the scene) are shown escaped (`TerminalText`: `\u{1B}`), never sent raw to the terminal.
    public var description: String {
        let place = line > 0 ? (column > 0 ? ":\(line):\(column)" : ":\(line)") : ""
        return "\(TerminalText.escaped(file))\(place): \(TerminalText.escaped(message))"
    }
}

/// The known word nearest to `word`, if it is close enough to be a likely typo: the optimal string
/// alignment distance (Damerau–Levenshtein without repeated edits of one substring: an insertion,
/// a deletion, a substitution or a swap of two neighbouring letters each count one edit; letter
/// case ignored) is at most a third of the word's length, and at least 1. Plain edit distance
/// counted a swap as two edits, and a floor of 2 let every two-letter word match every other
/// ("yb" suggested "to", listed before "by"). The nearest wins; on a tie, the first in `known`.
func nearest(_ word: String, in known: [String]) -> String? {
    let limit = max(1, word.count / 3), length = word.count
    let a = Array(word.lowercased())
    var best: (word: String, distance: Int)? = nil
    // Words whose lengths differ by more than the limit cannot be within it: skipping them keeps a
    // 250,000-character key from costing seconds of distances.
    for k in known where abs(k.count - length) <= limit {
        let d = alignmentDistance(a, Array(k.lowercased()))
        if d <= limit && d < (best?.distance ?? Int.max) { best = (k, d) }
    }
    return best?.word
}

/// The optimal string alignment distance between `a` and `b`: the fewest insertions, deletions,
/// substitutions and swaps of two neighbouring characters that turn one into the other, no
/// substring edited twice.
func alignmentDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)   // row i − 2
    var previous = Array(0...b.count)                         // row i − 1
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { row[j] = min(row[j], before[j - 2] + 1) }
        }
        (before, previous, row) = (previous, row, before)
    }
    return previous[b.count]
}
