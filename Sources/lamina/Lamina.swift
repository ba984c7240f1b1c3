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
        subcommands: [GalleryCommand.self, DemoCommand.self, NewCommand.self, RunCommand.self, RenderCommand.self, EvalCommand.self, RecordCommand.self, JoinCommand.self, BatchCommand.self, FormatCommand.self, ScenesCommand.self, FuzzScenesCommand.self, Tour.self, Bench.self],
        defaultSubcommand: GalleryCommand.self
    )

    /// Parses and runs the command line: an unknown command or a repeated option is refused first
    /// (`CommandLineCheck`), and an error found while a subcommand runs is printed with that
    /// subcommand's own usage. Every error message is printed with its control characters escaped
    /// (`StandardError`); a file that cannot be written is one line, "lamina: cannot write PATH:
    /// CAUSE".
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = CommandLineCheck.problem(in: arguments, of: self) {
            // A known command's usage follows (an unknown one's message lists the commands).
            if let c = CommandLineCheck.command(for: arguments, in: self) {
                printUsageError(problem, for: c)
            } else {
                StandardError.print("Error: \(problem)")
            }
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        var command: ParsableCommand
        do { command = try parseAsRoot(arguments) } catch { fail(error) }
        do { try command.run() } catch let e as ValidationError {
            printUsageError(e.message, for: type(of: command))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch let e as FileWriteError {
            StandardError.print("lamina: \(e)")
            Foundation.exit(EXIT_FAILURE)
        } catch {
            fail(error)
        }
        exit()
    }

    /// Prints `message` as an error, then `command`'s usage and where its help is.
    static func printUsageError(_ message: String, for command: ParsableCommand.Type) {
        let name = CommandLineCheck.path(of: command, in: self)
        StandardError.print("""
        Error: \(message)
        Usage: \(usageString(for: command))
          See '\(name) --help' for more information.

        """)
    }

    /// Ends the process for `error` as ArgumentParser would (its message and exit code; help and
    /// version to standard output), the message escaped.
    static func fail(_ error: Error) -> Never {
        let code = exitCode(for: error)
        if error is CleanExit || code == .success { exit(withError: error) }
        let message = fullMessage(for: error)
        if !message.isEmpty { StandardError.print(message) }
        Foundation.exit(code.rawValue)
    }
}
