import Foundation
import XCTest
import LaminaTestSupport

/// What the tests of recordings split in parts (`lamina record --part`, `lamina join`, `lamina
/// batch`) share: a fresh folder, the scenes, the tools they run (ffmpeg, GNU parallel), and the
/// frames of a video as ffmpeg decodes them.
enum RecordingPartsHarness {
    /// The repository's scenes folder.
    static var scenes: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenes")
    }

    /// A fresh, empty folder for one test (removed by the caller's `defer`).
    static func folder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-parts-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The path of `tool` on PATH, or nil.
    static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Skips the test unless lamina is built and `tools` are installed.
    static func require(_ tools: [String]) throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        for t in tools { try XCTSkipIf(which(t) == nil, "\(t) is not installed (apt-get install \(t == "ffprobe" ? "ffmpeg" : t))") }
    }

    /// Runs `tool` with `args` in `folder`; status, standard output (bytes) and error output.
    @discardableResult
    static func run(_ tool: String, _ args: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> (status: Int32, out: Data, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: which(tool) ?? tool)
        p.arguments = args
        if let folder { p.currentDirectoryURL = folder }
        var env = ProcessInfo.processInfo.environment
        for k in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "PARALLEL_SEQ"] { env.removeValue(forKey: k) }
        env.merge(environment) { _, b in b }
        p.environment = env
        // Error output to a file, standard output read through a pipe: neither can fill and block.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-parts-err-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errFile.path, contents: nil) else { throw XCTSkip("cannot make \(errFile.path)") }
        defer { try? FileManager.default.removeItem(at: errFile) }
        let errHandle = try FileHandle(forWritingTo: errFile)
        let out = Pipe()
        p.standardOutput = out; p.standardError = errHandle
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try? errHandle.close()
        let errData = FileManager.default.contents(atPath: errFile.path) ?? Data()
        return (p.terminationStatus, o, String(decoding: errData, as: UTF8.self))
    }

    /// Runs lamina with `args` in `folder`.
    @discardableResult
    static func lamina(_ args: [String], in folder: URL, environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let r = try run(LaminaCommand.binary.path, args, in: folder, environment: environment)
        return (r.status, String(decoding: r.out, as: UTF8.self), r.err)
    }

    /// The MD5 of every decoded frame of `video` (ffmpeg's framemd5, as BGRA pixels), in order.
    static func frameHashes(_ video: URL) throws -> [String] {
        let r = try run("ffmpeg", ["-v", "error", "-i", video.path, "-map", "0:v:0", "-pix_fmt", "bgra", "-f", "framemd5", "-"])
        guard r.status == 0 else { throw XCTSkip("ffmpeg could not decode \(video.lastPathComponent): \(r.err)") }
        return String(decoding: r.out, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { String($0.split(separator: ",").last!.trimmingCharacters(in: .whitespaces)) }
    }

    /// The presentation times (in the stream's time base) of every decoded frame of `video`.
    static func frameTimes(_ video: URL) throws -> [Int] {
        let r = try run("ffmpeg", ["-v", "error", "-i", video.path, "-map", "0:v:0", "-f", "framemd5", "-"])
        return String(decoding: r.out, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { Int($0.split(separator: ",")[2].trimmingCharacters(in: .whitespaces)) }
    }

    /// Every frame of `video` as a small grey picture (`width` pixels wide, 8-bit), in order.
    static func thumbnails(_ video: URL, width: Int = 48, height: Int = 32) throws -> [[UInt8]] {
        let r = try run("ffmpeg", ["-v", "error", "-i", video.path, "-map", "0:v:0", "-vf", "scale=\(width):\(height),format=gray", "-f", "rawvideo", "-"])
        let n = width * height
        let bytes = [UInt8](r.out)
        return stride(from: 0, to: bytes.count - n + 1, by: n).map { Array(bytes[$0..<$0 + n]) }
    }

    /// The container's duration of `video` in seconds (ffprobe).
    static func duration(_ video: URL) throws -> Double? {
        let r = try run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", video.path])
        return Double(String(decoding: r.out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The names in `folder`, sorted.
    static func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
