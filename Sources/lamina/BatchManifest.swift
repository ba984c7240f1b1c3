import Foundation
import QuartzCore
import LaminaRecording

/// A `lamina batch` manifest: one job a line, `INPUT OUTPUT [at=T] [duration=D] [fps=F]
/// [frames=A..B] [size=WxH]`, fields separated by spaces or tabs, a field with spaces written in
/// double quotes (`\"` and `\\` inside them); blank lines and lines starting with `#` are not
/// jobs. INPUT is what `lamina render` and `record` take (a scene file, a Lottie .json, a bundled
/// scene's or a demo's name); OUTPUT's extension picks the job: .png or .jpg renders one image (at
/// `at` seconds), a video (.mp4, .webm, .mov, .mkv, .gif) or a folder records `duration` seconds at
/// `fps` (`frames=A..B`: only those frames, a part as `lamina record --frames` writes one).
struct BatchManifest {
    /// One job line.
    struct Job: Codable, Equatable {
        /// The line's number in the manifest (1-based).
        var line: Int
        /// The job's number among the manifest's jobs (0-based; shards take every Nth).
        var ordinal: Int
        /// Input and output as written.
        var input: String
        var output: String
        /// The options given (key to value), as written.
        var options: [String: String]
        /// Why the line cannot run, when it cannot (the job fails, the others go on).
        var problem: String?
    }

    /// The keys a job line may set.
    static let keys = ["at", "duration", "fps", "frames", "size"]

    /// The jobs, in the manifest's order.
    let jobs: [Job]

    /// Reads a manifest's text. Lines that cannot be read become jobs with a `problem`.
    init(text: String) {
        var jobs: [Job] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            var job = Job(line: i + 1, ordinal: jobs.count, input: "", output: "", options: [:], problem: nil)
            do {
                let fields = try BatchManifest.fields(of: trimmed)
                guard fields.count >= 2 else { throw BatchLineError("expected INPUT OUTPUT [key=value ...]") }
                job.input = fields[0]
                job.output = fields[1]
                for field in fields.dropFirst(2) {
                    let kv = field.split(separator: "=", maxSplits: 1).map(String.init)
                    guard kv.count == 2, BatchManifest.keys.contains(kv[0]) else {
                        throw BatchLineError("cannot read \"\(TerminalText.escaped(field))\": expected key=value with a key among \(BatchManifest.keys.joined(separator: ", "))")
                    }
                    guard job.options[kv[0]] == nil else { throw BatchLineError("\(kv[0]) is given twice") }
                    job.options[kv[0]] = kv[1]
                }
                _ = try BatchManifest.arguments(for: job)
            } catch let e as BatchLineError {
                job.problem = e.message
            } catch {
                job.problem = TerminalText.escaped(String(describing: error))
            }
            jobs.append(job)
        }
        self.jobs = jobs
    }

    /// The fields of a line: runs of characters between spaces or tabs, or double-quoted.
    static func fields(of line: String) throws -> [String] {
        var fields: [String] = []
        var current = ""
        var inField = false, quoted = false, escaping = false
        for c in line {
            if quoted {
                if escaping { current.append(c); escaping = false }
                else if c == "\\" { escaping = true }
                else if c == "\"" { quoted = false }
                else { current.append(c) }
            } else if c == " " || c == "\t" {
                if inField { fields.append(current); current = ""; inField = false }
            } else if c == "\"" {
                quoted = true; inField = true
            } else {
                current.append(c); inField = true
            }
        }
        guard !quoted else { throw BatchLineError("a double quote is not closed") }
        if inField { fields.append(current) }
        return fields
    }

    /// The `lamina` command line that runs `job` (render for an image, record otherwise).
    static func arguments(for job: Job) throws -> [String] {
        let o = job.options
        let ext = URL(fileURLWithPath: job.output).pathExtension.lowercased()
        for key in ["at", "duration", "fps"] {
            if let v = o[key] { guard let d = Double(v), d.isFinite, d >= 0 else { throw BatchLineError("\(key)=\(TerminalText.escaped(v)) is not a number of \(key == "fps" ? "frames per second" : "seconds")") } }
        }
        if OutputFormat.imageExtensions.contains(ext) {
            for key in ["duration", "fps", "frames"] where o[key] != nil { throw BatchLineError("\(key)= is for a video or a folder of frames; \(TerminalText.escaped(job.output)) is one image (give at=T)") }
            var args = ["render", job.input, "-o", job.output]
            if let at = o["at"] { args += ["--at", at] }
            if let size = o["size"] { args += ["--size", size] }
            return args
        }
        guard ext.isEmpty || FFmpegPipe.videoExtensions.contains(ext) else {
            throw BatchLineError("\(TerminalText.escaped(job.output)): an output is an image (.png, .jpg), a video (\(OutputFormat.videoList)) or a folder for PNG frames")
        }
        if o["at"] != nil { throw BatchLineError("at= is for one image; a recording starts at 0 (give duration=D, or frames=A..B)") }
        var args = ["record", job.input, "-o", job.output]
        if let d = o["duration"] { args += ["--duration", d] }
        if let f = o["fps"] { args += ["--fps", f] }
        if let size = o["size"] { args += ["--size", size] }
        if let frames = o["frames"] { args += ["--frames", frames] }
        return args
    }
}

/// Why a manifest line cannot be a job.
struct BatchLineError: Error {
    /// What is wrong with the line.
    let message: String
    init(_ message: String) { self.message = message }
}
