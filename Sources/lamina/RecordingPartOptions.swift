import ArgumentParser
import Foundation
import QuartzCore
import Demos
import LaminaRecording

/// `lamina record`'s options for rendering one part of a recording (for `lamina join`): `--part
/// K/N`, `--frames A..B`, or `--parts N --index-from-env VAR|auto` (the part's number from the
/// scheduler that started the process), and `--lossless` (FFV1 in .mkv, encoded once by `join`;
/// otherwise the part is encoded as a whole recording would be, and `join` copies it).
struct RecordingPartOptions: ParsableArguments {
    @Option(help: "Render only part K of N of the recording (1-based), as a part for lamina join (with its record PART.lamina-part.json).") var part: String?
    @Option(help: "Render only frames A..B (0-based, B not included), as a part for lamina join.") var frames: String?
    @Option(help: "With --index-from-env: how many parts the recording is split in.") var parts: Int?
    @Option(help: "Take the part's number from the environment: auto (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or PARALLEL_SEQ, the first set) or a variable's name. Needs --parts N.") var indexFromEnv: String?
    @Option(help: "The value of --index-from-env's variable that means part 1 (default: SLURM_ARRAY_TASK_MIN for Slurm, 0 for JOB_COMPLETION_INDEX, 1 for PARALLEL_SEQ, 0 for another variable).") var indexBase: Int?
    @Flag(help: "A part: keep the frames lossless (FFV1, .mkv), to be encoded once by lamina join (frames identical to one process's recording).") var lossless = false
    @Option(help: "What a lossless part keeps: yuv420p (what a video encoder is fed; joins into .mp4, .webm, .mov, .mkv) or bgra (the frames as drawn, 2.7 times the data; joins into a .gif too).") var losslessFormat: String = "yuv420p"

    /// The lossless format asked for, nil for an encoded part.
    var format: FFmpegPipe.LosslessFormat? { lossless ? FFmpegPipe.LosslessFormat(rawValue: losslessFormat) : nil }

    /// Whether a part is asked for (only a frame range is rendered, and a record written).
    var isPart: Bool { part != nil || frames != nil || indexFromEnv != nil }

    func validate() throws {
        let ways = [part != nil, frames != nil, indexFromEnv != nil].filter { $0 }.count
        guard ways <= 1 else { throw ValidationError("give one of --part K/N, --frames A..B and --parts N --index-from-env VAR") }
        if indexFromEnv != nil, parts == nil { throw ValidationError("--index-from-env needs --parts N, the number of parts") }
        if parts != nil, indexFromEnv == nil { throw ValidationError("--parts N goes with --index-from-env (or give --part K/N)") }
        if lossless, !isPart { throw ValidationError("--lossless is for a part (--part, --frames or --index-from-env); a whole recording is encoded at once") }
        guard FFmpegPipe.LosslessFormat(rawValue: losslessFormat) != nil else { throw ValidationError("--lossless-format \(losslessFormat): give yuv420p or bgra") }
        if losslessFormat != FFmpegPipe.LosslessFormat.yuv420p.rawValue, !lossless { throw ValidationError("--lossless-format is for a lossless part: add --lossless") }
        if let part { _ = try FrameRange.parsePart(part) }
    }

    /// The frames to render of `total`, nil for the whole recording.
    func range(total: Int, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FrameRange? {
        if let part {
            let (k, n) = try FrameRange.parsePart(part)
            return try FrameRange.part(k, of: n, total: total)
        }
        if let frames { return try FrameRange.parseFrames(frames, total: total) }
        if let variable = indexFromEnv, let parts {
            let k = try SchedulerIndex.index(variable: variable, base: indexBase, environment: environment)
            return try FrameRange.part(k, of: parts, total: total)
        }
        return nil
    }

    /// `output` with `{part}` replaced by the part's number (zero-padded to the digits of the part
    /// count) or, for a frame range, by its first frame.
    static func output(_ output: String, for range: FrameRange) -> String {
        guard output.contains("{part}") else { return output }
        let value = range.part ?? range.first
        let digits = String(range.parts ?? 0).count
        let text = String(value)
        return output.replacingOccurrences(of: "{part}", with: String(repeating: "0", count: max(0, digits - text.count)) + text)
    }

    /// Refuses a part's output that cannot be joined: a folder, a GIF (cannot be joined by
    /// copying), a lossless part not in .mkv.
    func checkOutput(_ output: String) throws {
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard FFmpegPipe.isVideo(output) else { throw ValidationError("-o \(output): a part is a video file (.mkv for --lossless; .mp4, .mov, .mkv or .webm encoded)") }
        if lossless, ext != "mkv" { throw ValidationError("-o \(output): a lossless part (--lossless) is FFV1 in Matroska: name it .mkv") }
        if !lossless, ext == "gif" { throw ValidationError("-o \(output): GIF parts cannot be joined by copying; record lossless parts (--lossless, .mkv) and join them into a .gif") }
    }

    /// The encoder a part for `output` uses ("ffv1", or "h264"/"vp9", "-fast" appended).
    func encoding(for output: String, fast: Bool) -> String {
        if lossless { return "ffv1-" + losslessFormat }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        return (ext == "webm" ? "vp9" : "h264") + (fast ? "-fast" : "")
    }

    /// The fingerprint of what `source` names, resolved as `FrameSource` resolves it: a file's
    /// text, "demo:NAME" for a demo, a bundled scene's text.
    static func sourceFingerprint(_ source: String) -> String {
        if FileManager.default.fileExists(atPath: source) {
            return ContentFingerprint.ofFile(source) ?? "unreadable"
        }
        if DemoCatalog.named(source) != nil { return "demo:\(source)" }
        if let url = BundledScenes.named(source) { return ContentFingerprint.ofFile(url.path) ?? "unreadable" }
        return "unknown"
    }
}

extension RecordingPartOptions {
    /// Removes the record of the part at `output` (nothing when there is none); a record that
    /// cannot be removed is an error (it would mark an unfinished part done).
    static func removeRecord(for output: String) throws {
        let record = RecordingPart.recordPath(for: output)
        guard unlink(record) == 0 || errno == ENOENT else {
            throw FileWriteError(path: record, cause: "cannot remove the old record of this part: " + String(cString: strerror(errno)))
        }
    }
}
