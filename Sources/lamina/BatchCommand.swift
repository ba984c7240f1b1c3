import ArgumentParser
import Foundation
import QuartzCore
import LaminaRecording
#if canImport(Glibc)
import Glibc
#endif

/// `lamina batch MANIFEST`: many scenes or animation files rendered to images, GIFs or videos, one
/// job a line (`BatchManifest`). Each job runs as a `lamina render` or `lamina record` of its own
/// (a child process: a job that fails, or even crashes, takes no other job with it, and the
/// output is written as those commands write it, a temporary then a rename), one after another.
/// A job whose output already exists is skipped (outputs only ever appear complete), so a batch
/// that was stopped is simply run again. The run prints one line a job and a summary, and writes a
/// JSON report (`BatchReport`); it exits non-zero when a job failed.
///
/// `--shard K/N` (or `--shards N --index-from-env VAR|auto`) runs only the jobs whose number
/// (0-based, in the manifest's order) is K−1 modulo N: N processes on N machines share a manifest.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "batch", abstract: "Render many scenes or Lottie files to images, GIFs or videos from a manifest, one job a line.")
    @Argument(help: "The manifest: one job a line, INPUT OUTPUT [at=T] [duration=D] [fps=F] [frames=A..B] [size=WxH]; # starts a comment.") var manifest: String
    @Option(help: "Where to write the JSON report (default: MANIFEST.report.json, or MANIFEST.report-K-of-N.json for a shard).") var report: String?
    @Option(help: "Run only shard K of N (1-based): the jobs numbered K-1, K-1+N, … (0-based, in the manifest's order).") var shard: String?
    @Option(help: "With --index-from-env: how many shards the manifest is split in.") var shards: Int?
    @Option(help: "Take the shard's number from the environment: auto (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or PARALLEL_SEQ) or a variable's name. Needs --shards N.") var indexFromEnv: String?
    @Option(help: "The value of --index-from-env's variable that means shard 1 (defaults as lamina record's).") var indexBase: Int?
    @Flag(help: "Render every job, even when its output exists.") var force = false
    @Option(parsing: .unconditional, help: "Seconds a job may run before it is stopped and failed.") var jobTimeout = 3600.0

    func validate() throws {
        if shard != nil, indexFromEnv != nil { throw ValidationError("give --shard K/N or --shards N --index-from-env VAR, not both") }
        if indexFromEnv != nil, shards == nil { throw ValidationError("--index-from-env needs --shards N, the number of shards") }
        if shards != nil, indexFromEnv == nil { throw ValidationError("--shards N goes with --index-from-env (or give --shard K/N)") }
        guard jobTimeout.isFinite, jobTimeout > 0 else { throw ValidationError("--job-timeout \(jobTimeout) is not a positive, finite number of seconds") }
    }

    /// This run's shard (K, N), 1-based; (1, 1) without sharding.
    func whichShard() throws -> (Int, Int) {
        var k = 1, n = 1
        if let shard {
            let items = shard.split(separator: "/", omittingEmptySubsequences: false)
            guard items.count == 2, let a = Int(items[0]), let b = Int(items[1]) else {
                throw ValidationError("--shard \"\(TerminalText.escaped(shard))\": expected K/N, shard K (1-based) of N, as in 2/4")
            }
            (k, n) = (a, b)
        } else if let variable = indexFromEnv, let shards {
            (k, n) = (try SchedulerIndex.index(variable: variable, base: indexBase), shards)
        }
        guard n >= 1, k >= 1, k <= n else { throw ValidationError("shard \(k) of \(n) does not exist: shards are numbered 1...N") }
        return (k, n)
    }

    func run() throws {
        let (k, n) = try whichShard()
        guard let data = FileManager.default.contents(atPath: manifest) else {
            throw ValidationError("cannot read the manifest \(manifest)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ValidationError("the manifest \(manifest) is not UTF-8 text") }
        let jobs = BatchManifest(text: text).jobs.filter { $0.ordinal % n == k - 1 }
        let runner = BatchJobRunner(executable: BatchJobRunner.selfExecutable(), timeout: jobTimeout)
        var results: [BatchReport.Result] = []
        let where0 = TerminalText.escaped(manifest)
        for job in jobs {
            let result = runner.run(job, force: force)
            let place = "\(where0):\(job.line)"
            switch result.status {
            case .done: print("\(place): done \(TerminalText.escaped(job.output)) (\(String(format: "%.2f", result.seconds ?? 0)) s)")
            case .skipped: print("\(place): skipped \(TerminalText.escaped(job.output)) (already there)")
            case .failed: StandardError.print("\(place): failed \(TerminalText.escaped(job.input)) -> \(TerminalText.escaped(job.output)): \(result.error ?? "")")
            }
            results.append(result)
        }
        let report = BatchReport(manifest: manifest, shard: k, shards: n, results: results)
        let path = self.report ?? (n == 1 ? manifest + ".report.json" : manifest + ".report-\(k)-of-\(n).json")
        try SafeFile.write(try report.json(), to: path)
        let c = report.counts
        let failedLines = results.filter { $0.status == .failed }.map { String($0.line) }
        print("lamina batch: \(results.count) job\(results.count == 1 ? "" : "s")\(n > 1 ? " (shard \(k)/\(n))" : ""): \(c.done) done, \(c.skipped) skipped, \(c.failed) failed"
              + (failedLines.isEmpty ? "" : " (line\(failedLines.count == 1 ? "" : "s") \(failedLines.joined(separator: ", ")))") + "; report \(TerminalText.escaped(path))")
        if c.failed > 0 { throw ExitCode.failure }
    }
}
