import ArgumentParser
import Foundation
import QuartzCore

/// The frames one process renders of a recording of `total` frames: frames `first` up to, not
/// including, `end` (0-based), chosen by `--frames A..B` or as part K of N (`--part K/N`, the
/// frames split as evenly as whole frames allow: part K holds frames ⌊total·(K−1)/N⌋ ..<
/// ⌊total·K/N⌋, so N parts cover every frame once, in order).
struct FrameRange: Equatable, Codable {
    /// The first frame (0-based).
    let first: Int
    /// One past the last frame.
    let end: Int
    /// The part this range is (1-based), when it was given as one.
    let part: Int?
    /// How many parts the recording was split in, when given as parts.
    let parts: Int?

    /// The number of frames in the range.
    var count: Int { end - first }

    /// "frames 30..60", with "(part 2/4)" when it is a part.
    var summary: String { "frames \(first)..\(end)" + (part.map { " (part \($0)/\(parts ?? 0))" } ?? "") }

    /// Part `part` (1-based) of `parts` of `total` frames. Throws when the part is out of range
    /// or would hold no frame.
    static func part(_ part: Int, of parts: Int, total: Int) throws -> FrameRange {
        guard parts >= 1, parts <= 100_000 else { throw ValidationError("a recording is split into 1...100000 parts (got \(parts))") }
        guard part >= 1, part <= parts else { throw ValidationError("part \(part) of \(parts) does not exist: parts are numbered 1...\(parts)") }
        guard parts <= total else { throw ValidationError("\(parts) parts of a \(total)-frame recording would leave some parts empty: give at most \(total) parts") }
        return FrameRange(first: total * (part - 1) / parts, end: total * part / parts, part: part, parts: parts)
    }

    /// Reads `--part K/N` ("2/4"); errors quote the text and say what was expected.
    static func parsePart(_ text: String) throws -> (part: Int, parts: Int) {
        let items = text.split(separator: "/", omittingEmptySubsequences: false)
        guard items.count == 2, let k = Int(items[0]), let n = Int(items[1]) else {
            throw ValidationError("--part \"\(TerminalText.escaped(text))\": expected K/N, part K (1-based) of N, as in 2/4")
        }
        return (k, n)
    }

    /// Reads `--frames A..B` (0-based, B excluded) for a recording of `total` frames.
    static func parseFrames(_ text: String, total: Int) throws -> FrameRange {
        let items = text.components(separatedBy: "..")
        guard items.count == 2, let a = Int(items[0]), let b = Int(items[1]) else {
            throw ValidationError("--frames \"\(TerminalText.escaped(text))\": expected A..B, frames A up to (not including) B, 0-based, as in 0..30")
        }
        guard a >= 0, a < b, b <= total else {
            throw ValidationError("--frames \(a)..\(b) is not within the recording's \(total) frames: give 0 <= A < B <= \(total)")
        }
        return FrameRange(first: a, end: b, part: nil, parts: nil)
    }
}
