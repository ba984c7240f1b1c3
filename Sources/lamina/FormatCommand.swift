import ArgumentParser
import Foundation
import CoreGraphics
import Scenes

/// `lamina format SCENE`: the scene printed back in canonical form (YAML stays YAML with its
/// comments, JSON stays JSON); `--in-place` writes it back to the file instead.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "format", abstract: "Print a scene file in canonical form (keys in a fixed order, comments kept), or rewrite it with --in-place.")
    @Argument(help: "The scene file, or a bundled scene's name (lamina scenes).") var scene: String
    @Flag(help: "Write the canonical form back to the file (only when it differs) instead of printing it.") var inPlace = false
    @Option(help: "Write it as yaml or json (default: as the file is written).") var to: String?

    func validate() throws {
        if let to { guard SceneFormatter.Syntax(rawValue: to) != nil else { throw ValidationError("--to \(to): give yaml or json") } }
        if to != nil && inPlace { throw ValidationError("--to changes the syntax: print it to a new file instead of --in-place") }
    }

    func run() throws {
        let path = BundledScenes.resolve(scene)
        if Scene.isLottieFile(URL(fileURLWithPath: path)) {
            StandardError.print(TerminalText.escaped("\(path): is a Lottie file; lamina format formats scene files"))
            throw ExitCode(65)
        }
        let text: String
        do {
            // The scene reader names what is wrong with a file that is not a scene's text.
            _ = try Scene.load(contentsOf: URL(fileURLWithPath: path))
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch let e as SceneError {
            // A file that reads but does not parse is reported by the formatter below, located.
            guard let t = try? String(contentsOfFile: path, encoding: .utf8), e.line > 0 else {
                StandardError.print("\(e)")
                throw ExitCode(65)
            }
            text = t
        }
        let out: String
        do {
            out = try SceneFormatter.format(text, file: path, as: to.flatMap(SceneFormatter.Syntax.init(rawValue:)),
                                            directory: URL(fileURLWithPath: path).deletingLastPathComponent())
        } catch let e as SceneError {
            StandardError.print("\(e)")
            throw ExitCode(65)
        }
        guard inPlace else { print(out, terminator: ""); return }
        if out == text { StandardError.print("lamina: \(path) is already in canonical form"); return }
        try SafeFile.write(out, to: path)
        StandardError.print("lamina: formatted \(path)")
    }
}
