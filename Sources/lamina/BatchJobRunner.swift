import Foundation
import QuartzCore
import LaminaRecording
#if canImport(Glibc)
import Glibc
#endif

/// Runs one `lamina batch` job as a child `lamina render` or `lamina record` (`ChildProcess`: it
/// cannot outlive the batch), its standard output discarded and its error output kept (the end of
/// it) for the report. A job still running after `timeout` seconds is killed and failed.
struct BatchJobRunner {
    /// The lamina executable to run jobs with.
    let executable: String
    /// Seconds a job may take.
    let timeout: Double

    /// This program's own executable (/proc/self/exe, resolved).
    static func selfExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Whether `output` is already there, complete: a file, or a folder that is not empty (render
    /// and record only ever put complete outputs under their names).
    static func isComplete(_ output: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) else { return false }
        guard isDirectory.boolValue else { return true }
        return !((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).isEmpty
    }

    /// Runs `job` (or skips it when its output is complete and `force` is false).
    func run(_ job: BatchManifest.Job, force: Bool) -> BatchReport.Result {
        var result = BatchReport.Result(line: job.line, input: job.input, output: job.output, status: .failed, seconds: nil, error: nil)
        if let problem = job.problem { result.error = problem; return result }
        if !force, BatchJobRunner.isComplete(job.output) { result.status = .skipped; return result }
        let args: [String]
        do { args = try BatchManifest.arguments(for: job) } catch let e as BatchLineError { result.error = e.message; return result } catch {
            result.error = TerminalText.escaped(String(describing: error)); return result
        }
        let started = ChildProcess.now()
        do {
            let (ending, errors) = try runChild(args)
            result.seconds = ChildProcess.now() - started
            guard let ending else { result.error = "stopped after \(FFmpegPipe.seconds(timeout)) (--job-timeout)"; return result }
            guard ending == .exited(0) else {
                // The command's own words, without the usage lines that follow a usage error.
                let lines = String(decoding: errors, as: UTF8.self).split(separator: "\n")
                    .filter { !$0.hasPrefix("Usage:") && !$0.contains("for more information.") }
                let said = TerminalText.summary(Data(lines.joined(separator: "\n").utf8), empty: "it said nothing")
                result.error = "lamina \(args[0]) failed (\(ending)): \(said)"
                return result
            }
            result.status = .done
        } catch {
            result.error = TerminalText.escaped(String(describing: error))
        }
        return result
    }

    /// Runs lamina with `args`; its ending (nil when it timed out and was killed) and error output.
    private func runChild(_ args: [String]) throws -> (ChildProcess.Ending?, Data) {
        let stderr = try ChildProcess.pipe()
        let null = FFmpegPipe.openNull()
        let child: ChildProcess
        do {
            child = try ChildProcess.start(executable, arguments: args, descriptors: [0: null, 1: null, 2: stderr.write])
        } catch {
            close(stderr.read); close(stderr.write); if null >= 0 { close(null) }
            throw error
        }
        close(stderr.write); if null >= 0 { close(null) }
        defer { close(stderr.read) }
        var errors = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ChildProcess.now() + timeout
        var open = true
        while open {
            let left = deadline - ChildProcess.now()
            if left <= 0 { child.kill(); return (nil, errors) }
            var p = pollfd(fd: stderr.read, events: Int16(POLLIN), revents: 0)
            let ready = Glibc.poll(&p, 1, Int32(min(left * 1000, 1000)))
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(stderr.read, $0.baseAddress!, $0.count) }
            if n > 0 {
                errors.append(contentsOf: buffer[0..<n])
                if errors.count > 16 << 10 { errors.removeFirst(errors.count - (16 << 10)) }
            } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                open = false
            }
        }
        // Its error output has closed: it is ending (a child of its own could still hold it).
        let closedAt = ChildProcess.now()
        let ending = child.wait(timeout: max(1, deadline - closedAt), lastActivity: { closedAt })
        if ending == nil { child.kill() }
        return (ending, errors)
    }
}
