import ArgumentParser
import Foundation
import Scenes

/// `lamina format SCENE`: the scene printed back in canonical form.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "format", abstract: "Print a scene file in canonical form (keys in a fixed order).")
    @Argument(help: "The scene file.") var scene: String

    func run() throws {
        guard let data = FileManager.default.contents(atPath: scene), let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("cannot read \(scene)")
        }
        do { print(try SceneFormatter.format(text, file: scene), terminator: "") } catch let e as SceneError {
            FileHandle.standardError.write(Data("\(e)\n".utf8))
            throw ExitCode(65)
        }
    }
}
