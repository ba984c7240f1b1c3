import Foundation
import QuartzCore
import LaminaRecording

/// The parts given to `lamina join`, checked to make one recording: each has its record
/// (`RecordingPart`) and is the file the record describes, all share one recording's settings,
/// and sorted by their first frame they cover frames 0 ..< total exactly once. Every refusal names
/// the part (or the frames no part holds) and says why, in one `RecordingError`.
struct PartSet {
    /// One part: its path as given and its record.
    struct Part {
        /// The part file as given.
        let path: String
        /// What made it.
        let record: RecordingPart
    }

    /// The parts, in frame order.
    let parts: [Part]
    /// The settings they share.
    var settings: RecordingPart.Settings { parts[0].record.settings }

    /// Reads and checks the parts at `paths`.
    init(paths: [String]) throws {
        var found: [Part] = []
        var seen = Set<String>()
        for path in paths {
            let name = TerminalText.escaped(path)
            guard seen.insert(FFmpegPipe.absolute(path)).inserted else { throw RecordingError(description: "\(name) is given twice") }
            guard FileManager.default.fileExists(atPath: path) else { throw RecordingError(description: "part \(name) does not exist") }
            guard let record = try RecordingPart.read(for: path) else {
                throw RecordingError(description: "part \(name) has no record (\(TerminalText.escaped(RecordingPart.recordPath(for: path)))): it is not finished (run its lamina record --part again) or not a Lamina part")
            }
            if let problem = record.fileProblem(at: path) { throw RecordingError(description: "part \(name): \(problem); record it again") }
            found.append(Part(path: path, record: record))
        }
        let first = found[0]
        for p in found.dropFirst() {
            let diff = p.record.settings.differences(from: first.record.settings)
            if !diff.isEmpty {
                throw RecordingError(description: "part \(TerminalText.escaped(p.path)) is not of the same recording as \(TerminalText.escaped(first.path)): \(TerminalText.escaped(diff.joined(separator: "; ")))")
            }
        }
        found.sort { ($0.record.range.first, $0.record.range.end) < ($1.record.range.first, $1.record.range.end) }
        let total = first.record.settings.totalFrames
        var next = 0
        for (i, p) in found.enumerated() {
            let r = p.record.range
            guard r.first >= 0, r.first < r.end, r.end <= total else {
                throw RecordingError(description: "part \(TerminalText.escaped(p.path)) holds \(r.summary), not within the recording's \(total) frames")
            }
            if r.first > next {
                throw RecordingError(description: "frames \(next)..\(r.first) are in no part given\(PartSet.missingParts(next, r.first, like: p.record)) (the next part given is \(TerminalText.escaped(p.path)))")
            }
            if r.first < next {
                throw RecordingError(description: "parts \(TerminalText.escaped(found[i - 1].path)) (\(found[i - 1].record.range.summary)) and \(TerminalText.escaped(p.path)) (\(r.summary)) overlap")
            }
            next = r.end
        }
        if next < total {
            throw RecordingError(description: "frames \(next)..\(total) are in no part given\(PartSet.missingParts(next, total, like: found[found.count - 1].record))")
        }
        parts = found
    }

    /// ": missing part K/N, …" when the parts were made with --part, naming those that would hold
    /// frames `a` ..< `b`.
    static func missingParts(_ a: Int, _ b: Int, like record: RecordingPart) -> String {
        guard let n = record.range.parts, n >= 1 else { return "" }
        let total = record.settings.totalFrames
        let missing = (1...n).filter { k in
            let r = (total * (k - 1) / n, total * k / n)
            return r.0 < b && r.1 > a
        }
        guard !missing.isEmpty else { return "" }
        return ": missing part\(missing.count == 1 ? "" : "s") " + missing.prefix(8).map { "\($0)/\(n)" }.joined(separator: ", ") + (missing.count > 8 ? ", …" : "")
    }

    /// Refuses to copy encoded parts into a container or codec they cannot go into (a GIF, VP9
    /// outside WebM or Matroska, H.264 in WebM).
    func checkCopyable(into output: String) throws {
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        let vp9 = settings.encoding.hasPrefix("vp9")
        let fits = vp9 ? ["webm", "mkv"].contains(ext) : ["mp4", "mov", "mkv"].contains(ext)
        guard fits else {
            throw RecordingError(description: "-o \(TerminalText.escaped(output)): the parts are \(vp9 ? "VP9" : "H.264"), joined without re-encoding into \(vp9 ? ".webm or .mkv" : ".mp4, .mov or .mkv"); for another format record lossless parts (--lossless)")
        }
    }
}
