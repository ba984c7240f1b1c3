import ArgumentParser
import Foundation
import QuartzCore

/// The `lamina` command: runs Lamina's demos and benchmarks.
@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Lamina: Apple's Core Animation for Linux.",
        version: VersionReport.text,
        subcommands: [GalleryCommand.self, DemoCommand.self, NewCommand.self, RunCommand.self, RenderCommand.self, EvalCommand.self, RecordCommand.self, FormatCommand.self, ScenesCommand.self, FuzzScenesCommand.self, Tour.self, Bench.self],
        defaultSubcommand: GalleryCommand.self
    )

    /// Parses and runs the command line: an unknown command or a repeated option is refused first
    /// (`CommandLineCheck`), and an error found while a subcommand runs is printed with that
    /// subcommand's own usage.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = CommandLineCheck.problem(in: arguments, of: self) {
            FileHandle.standardError.write(Data("Error: \(problem)\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        var command: ParsableCommand
        do { command = try parseAsRoot(arguments) } catch { exit(withError: error) }
        do { try command.run() } catch let e as ValidationError {
            let name = CommandLineCheck.path(of: type(of: command), in: self)
            FileHandle.standardError.write(Data("""
            Error: \(e.message)
            Usage: \(usageString(for: type(of: command)))
              See '\(name) --help' for more information.

            """.utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch {
            exit(withError: error)
        }
        exit()
    }
}
