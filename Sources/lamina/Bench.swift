import ArgumentParser
import Foundation

/// `lamina bench ...`: benchmarks (figures, never pass/fail). With a scene file or demo name and no
/// subcommand it runs `bench run`: `lamina bench scenes/bench/layers-400.yaml --frames 300`.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run a benchmark and print its figures with the machine they ran on.",
        subcommands: [BenchRun.self, BenchSuite.self, BenchSoak.self, BenchEval.self, BenchCompositor.self, BenchScaling.self, BenchIdle.self, BenchLottie.self],
        defaultSubcommand: BenchRun.self
    )
}
