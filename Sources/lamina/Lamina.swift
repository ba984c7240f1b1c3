import ArgumentParser
import Foundation
import QuartzCore

/// The `lamina` command: runs Lamina's demos and benchmarks.
@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Lamina: Apple's Core Animation for Linux.",
        version: LaminaVersion.string,
        subcommands: [GalleryCommand.self, DemoCommand.self, NewCommand.self, RunCommand.self, RenderCommand.self, EvalCommand.self, RecordCommand.self, FormatCommand.self, FuzzScenesCommand.self, Tour.self, Bench.self],
        defaultSubcommand: GalleryCommand.self
    )
}
