import Foundation
import XCTest

/// What the recording tests share: the `lamina` binary run with a hang detector, fake `ffmpeg`
/// programs (tiny shell scripts put first in PATH), a small tmpfs to fill, and process checks.
public enum RecordingHarness {
    /// The repository's scenes folder.
    public static var scenes: URL { RepositoryFolders.scenes }

    /// A fresh temporary folder for one test.
    public static func folder(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A folder holding an executable `ffmpeg` with `script` as its body (after `#!/bin/sh`).
    public static func fakeFFmpeg(_ script: String, in parent: URL, name: String) throws -> URL {
        let dir = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("ffmpeg")
        try ("#!/bin/sh\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o755)
        return dir
    }

    /// A running `lamina`.
    public final class Run: @unchecked Sendable {  // outData/errData: written once by their reader threads, read only after group.wait()
        /// The process (running once `init` returns).
        public let process = Process()
        private let out = Pipe(), err = Pipe()
        private var outData = Data(), errData = Data()
        private let group = DispatchGroup()

        /// Starts `lamina` with `args` (`path` replacing PATH, `extra` added to the environment, in
        /// `directory` when given), reading both outputs as it runs.
        public init(_ args: [String], path: String? = nil, extra: [String: String] = [:], directory: URL? = nil) throws {
            process.executableURL = LaminaCommand.binary
            process.arguments = args
            process.environment = LaminaCommand.environment(path: path, extra: extra)
            if let directory { process.currentDirectoryURL = directory }
            process.standardOutput = out
            process.standardError = err
            try process.run()
            for (pipe, isOut) in [(out, true), (err, false)] {
                group.enter()
                Thread.detachNewThread { [self] in
                    let d = pipe.fileHandleForReading.readDataToEndOfFile()
                    if isOut { outData = d } else { errData = d }
                    group.leave()
                }
            }
        }

        /// Waits for it to exit; a hang (far beyond any machine's speed) kills it and fails the test.
        public func finish(hangAfter seconds: Double = 120, file: StaticString = #filePath, line: UInt = #line) -> (status: Int32, reason: Process.TerminationReason, out: String, err: String) {
            let p = process
            let watchdog = HangWatchdog(seconds: seconds) { p.terminate(); kill(p.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            group.wait()
            if watchdog.finish() { XCTFail("lamina hung (killed after \(seconds) s)", file: file, line: line) }
            return (process.terminationStatus, process.terminationReason, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
        }
    }

    /// Runs `lamina` to its end (see `Run`).
    public static func lamina(_ args: [String], path: String? = nil, extra: [String: String] = [:], directory: URL? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, out: String, err: String) {
        let r = try Run(args, path: path, extra: extra, directory: directory).finish(file: file, line: line)
        return (r.status, r.out, r.err)
    }

    /// Whether process `pid` is gone (no such process, or a zombie nobody has reaped yet).
    public static func isGone(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // "pid (comm) S ...": the state follows the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state == "Z" || state == "X"
    }

    /// Polls `condition` every 20 ms for at most `seconds` (a hang detector, not a speed limit).
    public static func eventually(within seconds: Double = 60, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// A tmpfs of `kilobytes` KiB mounted on a new folder (nil, with the reason, where mounting is
    /// not allowed: not root, or no CAP_SYS_ADMIN in a container). Unmount it with `unmount`.
    public static func mountTmpfs(kilobytes: Int, name: String) throws -> (URL?, String) {
        let dir = try folder(name)
        let r = try tool("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", dir.path])
        guard r.status == 0 else { try? FileManager.default.removeItem(at: dir); return (nil, r.err) }
        return (dir, "")
    }

    /// Unmounts a tmpfs from `mountTmpfs` and removes its folder.
    public static func unmount(_ dir: URL) {
        _ = try? tool("/bin/umount", [dir.path])
        try? FileManager.default.removeItem(at: dir)
    }

    /// Fills the file system at `dir` until `leave` bytes are free (tmpfs counts whole pages).
    public static func fill(_ dir: URL, leaving leave: Int) throws {
        var st = statvfs()
        guard statvfs(dir.path, &st) == 0 else { throw XCTSkip("statvfs failed") }
        let free = Int(st.f_bavail) * Int(st.f_frsize)
        try Data(count: max(0, free - leave)).write(to: dir.appendingPathComponent("filler"))
    }

    static func tool(_ path: String, _ args: [String]) throws -> (status: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    /// The names in `dir` (empty when it does not exist).
    public static func names(_ dir: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }
}
