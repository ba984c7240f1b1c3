import ArgumentParser
import Foundation
import CoreGraphics

/// `lamina bench suite`: every scene of scenes/bench/ through the same window loop as
/// `lamina bench SCENE`, then a table written as bench-results.md and bench-results.json with the
/// machine's description, the date and the display (figures, never pass/fail).
struct BenchSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suite",
        abstract: "Run every scene in scenes/bench/ in the window; write bench-results.md and bench-results.json."
    )
    @Option(help: "Frames to measure per scene.") var frames = 300
    @Option(help: "Frames to run first in each scene, not measured.") var warmup = 30
    @Option(help: "The folder of scenes (every .yaml in it, by name).") var scenes = "scenes/bench"
    @Option(name: .shortAndLong, help: "The folder to write bench-results.md and bench-results.json into.") var output = "."
    @Option(help: "Display units per point, as `lamina bench SCENE --scale`: 3 draws 960x640-point scenes at 2880x1920 pixels.") var scale: Double = 1
    @OptionGroup var images: ImageBudgetOption

    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10") }
        guard warmup >= 0 else { throw ValidationError("--warmup must not be negative") }
        guard scale >= 0.25 && scale <= 8 else { throw ValidationError("--scale must be between 0.25 and 8") }
    }

    /// The scene files of `folder`, sorted by name; a clear error when there are none.
    static func sceneFiles(in folder: String) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw ValidationError("no folder \(folder) (run from the repository's root, or give --scenes DIR)")
        }
        let files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { "\(folder)/\($0)" }
        guard !files.isEmpty else { throw ValidationError("\(folder) holds no .yaml scenes") }
        return files
    }

    func run() throws {
        try images.apply()
        let files = try BenchSuite.sceneFiles(in: scenes)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("-o \(output): no such folder")
        }
        let machine = MachineDescription.current()
        print(machine)
        let loadBefore = MachineLoad.line()
        print("# " + loadBefore)
        var results: [BenchResult] = []
        for (k, file) in files.enumerated() {
            StandardError.print("lamina: [\(k + 1)/\(files.count)] \(file)")
            let result = try BenchLoop.run(try BenchSource.open(file), frames: frames, warmup: warmup, scale: scale)
            print(result.text(display: BenchLoop.display))
            results.append(result)
        }
        let formatter = ISO8601DateFormatter()
        let report = BenchReport(machine: BenchResult.unlabelled(machine), date: formatter.string(from: Date()), display: BenchLoop.display,
                                 refreshHz: results.first?.refreshHz ?? 60, frames: frames, results: results, scale: scale == 1 ? nil : scale,
                                 loadBefore: loadBefore, loadAfter: MachineLoad.line())
        let md = URL(fileURLWithPath: output).appendingPathComponent("bench-results.md")
        let js = URL(fileURLWithPath: output).appendingPathComponent("bench-results.json")
        try SafeFile.write(report.markdown(), to: md.path)
        try SafeFile.write(report.json(), to: js.path)
        print("")
        print(report.markdown())
        print(TerminalText.escaped("lamina: wrote \(md.path) and \(js.path)"))
    }
}
