import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost
@_spi(LaminaInternal) import Scenes
@_spi(LaminaInternal) import SceneFuzz

/// `lamina fuzz-scenes [--count N] [--seed S] [--corpus DIR] [--save-failures DIR]`: a
/// deterministic fuzz run of the scene parser and what runs after it (render, clicks, keys, timers,
/// format) on inputs mutated from a seed corpus. Prints progress, inputs per second, the slowest
/// input and the resident memory at the start, the middle and the end. Exit status: 0 when every
/// input ran; 1 when an input was slower than `--slow-limit` or, with `--max-growth`, resident
/// memory grew by more than that many MiB over the second half of the run; 3 on a hang (an input
/// past `--hang-limit`, caught by a watchdog thread, the input saved); a crash ends the process by
/// its signal (the input saved by the crash recorder). CI runs a short debug-build run:
/// `swift run lamina fuzz-scenes --count 300 --seed 20261123 --slow-limit 30 --hang-limit 120 --max-growth 64`.
struct FuzzScenesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-scenes",
        abstract: "Fuzz the scene parser, renderer and interactions with inputs mutated from a corpus (deterministic per seed)."
    )
    @Option(help: "Inputs to run (the corpus files first, unchanged).") var count = 100_000
    @Option(help: "The seed the inputs derive from.") var seed: UInt64 = 1
    @Option(help: "First input index (to replay one input: --start I --count 1).") var start = 0
    @Option(help: "The seed corpus folder (default: Tests/Fuzz/corpus, looked for from the current folder up).") var corpus: String?
    @Option(help: "Inputs found failing once, run first and not mutated (default: the corpus folder's sibling regressions/, if any).") var regressions: String?
    @Option(name: .customLong("save-failures"), help: "Folder for crashing, hanging and slow inputs.") var saveFailures: String?
    @Option(help: "Seconds above which an input is a failure.") var slowLimit = 2.0
    @Option(help: "Seconds after which an input is a hang (the run stops).") var hangLimit = 30.0
    @Option(help: "MiB resident memory may grow from the middle of the run to its end before the run fails (default: not checked).") var maxGrowth: Double?
    @Option(help: "Share of pathological documents among the mutated inputs.") var attackRate = 0.04
    @Option(help: "Write input number I to stdout and stop (to look at it).") var print: Int?

    func validate() throws {
        guard count >= 1, start >= 0 else { throw ValidationError("--count must be at least 1 and --start at least 0") }
        guard slowLimit >= 0, hangLimit > 0, slowLimit.isFinite, hangLimit.isFinite else {
            throw ValidationError("--slow-limit must be at least 0 and --hang-limit more than 0 seconds")
        }
        if let g = maxGrowth, !g.isFinite { throw ValidationError("--max-growth must be a number of MiB") }
    }

    func run() throws {
        let folder = try corpusFolder()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
        let texts = files.compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        guard !texts.isEmpty else { throw ValidationError("no .yaml or .json seeds in \(folder.path)") }
        let regressionFolder = regressions.map { URL(fileURLWithPath: $0) } ?? folder.deletingLastPathComponent().appendingPathComponent("regressions")
        let regressionTexts = ((try? FileManager.default.contentsOfDirectory(atPath: regressionFolder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
            .compactMap { try? String(contentsOf: regressionFolder.appendingPathComponent($0), encoding: .utf8) }
        let fuzzer = SceneFuzzer(corpus: texts, regressions: regressionTexts, seed: seed, attackRate: attackRate)
        if let i = print { Swift.print(fuzzer.input(i)); return }
        AppRunner.installResources()
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
        let failures = saveFailures.map { URL(fileURLWithPath: $0) }
        if let f = failures { SceneFuzzCrashRecorder.install(directory: f) }
        Swift.print("fuzz-scenes: \(count) inputs: \(regressionTexts.count) regression inputs, then \(texts.count) seeds in \(folder.path) and their mutations; seed \(seed), start \(start)")
        let run = SceneFuzzRun(fuzzer: fuzzer, directory: folder, slowLimit: slowLimit, hangLimit: hangLimit, saveFailures: failures)
        let every = max(1, min(5000, count / 20))
        let report = run.run(count: count, start: start, every: every) { r in
            Swift.print("  \(r.count)/\(count): \(r.parsed) parsed, \(r.threw) threw, \(Int(r.rate)) inputs/s, RSS \(r.rssStart / 1024) → \(SceneFuzzHarness.residentKiB() / 1024) MiB, slowest #\(r.slowest.index) \(ms(r.slowest.seconds))")
            fflush(nil)
        }
        CAMediaClock.manualTime = nil
        Swift.print("""
        fuzz-scenes: \(report.count) inputs in \(String(format: "%.1f", report.seconds)) s (\(Int(report.rate)) inputs/s)
          parsed \(report.parsed), threw \(report.threw)
          RSS start \(report.rssStart / 1024) MiB, middle \(report.rssMiddle / 1024) MiB, end \(report.rssEnd / 1024) MiB
          slowest input #\(report.slowest.index): \(ms(report.slowest.seconds)) — \(report.slowest.preview)
          inputs slower than \(slowLimit) s: \(report.slow.isEmpty ? "none" : report.slow.map { "#\($0.index) (\(ms($0.seconds)))" }.joined(separator: ", "))
          inputs whose output held a raw control character: \(report.unsafe.isEmpty ? "none" : report.unsafe.prefix(5).map { "#\($0.index) (\($0.line.prefix(200)))" }.joined(separator: ", "))
          replay one: lamina fuzz-scenes --seed \(seed) --start INDEX --count 1 (or --print INDEX)
        """)
        var failed = !report.slow.isEmpty || !report.unsafe.isEmpty
        if let limit = maxGrowth {
            let grew = Double(report.rssEnd - report.rssMiddle) / 1024
            let over = grew > limit
            Swift.print(String(format: "  memory from the middle to the end: %+.1f MiB (limit %.1f MiB): %@", grew, limit, over ? "MEMORY GREW" : "did not grow past it"))
            failed = failed || over
        }
        if failed { throw ExitCode(1) }
    }

    func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }

    func corpusFolder() throws -> URL {
        if let corpus { return URL(fileURLWithPath: corpus) }
        var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<6 {
            let c = dir.appendingPathComponent("Tests/Fuzz/corpus")
            if FileManager.default.fileExists(atPath: c.path) { return c }
            dir.deleteLastPathComponent()
        }
        throw ValidationError("no Tests/Fuzz/corpus here or above; pass --corpus DIR")
    }
}
