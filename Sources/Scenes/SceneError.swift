import Foundation

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

    /// "file:line:column: message".
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// The known word nearest to `word` (edit distance), if it is close enough to be a likely typo.
func nearest(_ word: String, in known: [String]) -> String? {
    func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var prev = row[0]
            row[0] = i
            for j in 1...b.count {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }
    // Words whose lengths differ by more than the threshold cannot be within it: skipping them keeps
    // a 250,000-character key from costing seconds of edit distances.
    let limit = max(2, word.count / 3), length = word.count
    var best: (word: String, distance: Int)? = nil
    for k in known where abs(k.count - length) <= limit {
        let d = distance(word, k)
        if d <= limit && d < (best?.distance ?? Int.max) { best = (k, d) }
    }
    return best?.word
}
