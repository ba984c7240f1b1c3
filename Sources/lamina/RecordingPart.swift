import Foundation
import LaminaRecording
import QuartzCore

/// What a part of a recording carries about what made it (`lamina record --part` / `--frames`),
/// written beside the part as `PART.lamina-part.json` once the part is complete and verified (the
/// record is the part's mark of completion: a part without it is not finished). `lamina join`
/// joins only parts whose settings are equal and whose frames follow each other without gap or
/// overlap, and checks each file against its size and fingerprint here.
struct RecordingPart: Codable, Equatable {
    /// What every part of one recording must share.
    struct Settings: Codable, Equatable {
        /// The source as given (a scene file, a bundled scene's or a demo's name).
        var source: String
        /// The fingerprint of the source's text (a demo: "demo:NAME").
        var sourceHash: String
        /// The frame size in pixels.
        var width: Int
        var height: Int
        /// Frames per second.
        var fps: Double
        /// Seconds recorded, and the frames that makes.
        var duration: Double
        var totalFrames: Int
        /// How the part is encoded: "ffv1-yuv420p" or "ffv1-bgra" (lossless, joined by encoding
        /// once; the format a part keeps, `FFmpegPipe.LosslessFormat`) or the encoder of
        /// an encoded part ("h264", "vp9", "-fast" appended for `--fast`), joined by copying.
        var encoding: String
        /// The container of the part (its file's extension).
        var container: String
        /// The interactions replayed (`--click`, `--after`).
        var click: Bool
        var after: String?
        /// The Lamina that rendered it.
        var laminaVersion: String

        /// The settings that differ from `other`'s, as "name: this vs other".
        func differences(from other: Settings) -> [String] {
            var out: [String] = []
            func check<T: Equatable>(_ name: String, _ a: T, _ b: T) { if a != b { out.append("\(name) \(a) vs \(b)") } }
            check("source", source, other.source)
            check("scene hash", sourceHash, other.sourceHash)
            check("width", width, other.width)
            check("height", height, other.height)
            check("fps", fps, other.fps)
            check("duration", duration, other.duration)
            check("frames", totalFrames, other.totalFrames)
            check("encoding", encoding, other.encoding)
            check("container", container, other.container)
            check("click", click, other.click)
            check("after", after ?? "", other.after ?? "")
            check("Lamina version", laminaVersion, other.laminaVersion)
            return out
        }

        /// Whether the part is lossless (joined by decoding and encoding once).
        var isLossless: Bool { losslessFormat != nil }

        /// What a lossless part keeps (nil: an encoded part).
        var losslessFormat: FFmpegPipe.LosslessFormat? {
            encoding.hasPrefix("ffv1-") ? FFmpegPipe.LosslessFormat(rawValue: String(encoding.dropFirst(5))) : nil
        }
    }

    /// "lamina-recording-part" (what the file is).
    var kind = RecordingPart.kindName
    /// The record's own format version.
    var formatVersion = 1
    /// What the recording is.
    var settings: Settings
    /// The frames this part holds.
    var range: FrameRange
    /// The part file's name (in the record's folder), its size and fingerprint.
    var file: String
    var fileBytes: Int
    var fileHash: String

    /// The `kind` every record has.
    static let kindName = "lamina-recording-part"

    /// Where the record of the part at `path` is.
    static func recordPath(for path: String) -> String { path + ".lamina-part.json" }

    /// The record's JSON (keys sorted, indented).
    func json() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self) + Data("\n".utf8)
    }

    /// Reads the record of the part at `path`; nil when there is none, a located error when it
    /// cannot be read or is not a part's record.
    static func read(for path: String) throws -> RecordingPart? {
        let record = recordPath(for: path)
        guard FileManager.default.fileExists(atPath: record) else { return nil }
        guard let data = FileManager.default.contents(atPath: record) else {
            throw RecordingError(description: "\(TerminalText.escaped(record)) cannot be read")
        }
        do {
            let part = try JSONDecoder().decode(RecordingPart.self, from: data)
            guard part.kind == kindName, part.formatVersion == 1 else {
                throw RecordingError(description: "\(TerminalText.escaped(record)) is not a Lamina part record (kind \(TerminalText.escaped(part.kind)), format \(part.formatVersion))")
            }
            if let problem = part.problem { throw RecordingError(description: "\(TerminalText.escaped(record)): \(problem)") }
            return part
        } catch let e as RecordingError { throw e } catch {
            throw RecordingError(description: "\(TerminalText.escaped(record)) is not a Lamina part record: \(TerminalText.escaped(String(describing: error)))")
        }
    }

    /// What in the record is out of the ranges `lamina record` writes (a record edited or damaged),
    /// nil when nothing is.
    var problem: String? {
        let s = settings
        guard (1...16384).contains(s.width), (1...16384).contains(s.height) else { return "its frame size \(s.width)x\(s.height) is out of range" }
        guard s.fps.isFinite, s.fps >= 1, s.fps <= 240 else { return "its fps \(s.fps) is out of range" }
        guard (1...(3600 * 240)).contains(s.totalFrames) else { return "its frame count \(s.totalFrames) is out of range" }
        guard range.first >= 0, range.first < range.end, range.end <= s.totalFrames else { return "its frames \(range.first)..\(range.end) are not within its \(s.totalFrames)" }
        if let k = range.part, let n = range.parts, !(1...n).contains(k) { return "it says part \(k) of \(n)" }
        guard fileBytes >= 0 else { return "its file size \(fileBytes) is negative" }
        return nil
    }

    /// Whether the file at `path` is still the one this record describes (size, then fingerprint);
    /// nil when it is, otherwise why not.
    func fileProblem(at path: String) -> String? {
        let size = ContentFingerprint.fileSize(path)
        guard let size else { return "the file is missing" }
        guard size == fileBytes else { return "the file holds \(size) bytes where its record says \(fileBytes) (it was changed or not finished)" }
        guard ContentFingerprint.ofFile(path) == fileHash else { return "the file's content is not the one its record describes (it was changed after it was written)" }
        return nil
    }
}
