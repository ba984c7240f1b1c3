import ArgumentParser
import Foundation

/// `lamina bench ...`: benchmarks (figures, never pass/fail).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run a benchmark and print its figures with the machine they ran on.",
        subcommands: [BenchEval.self, BenchCompositor.self, BenchWindow.self]
    )
}
