import ArgumentParser
import Foundation
import CoreGraphics

/// `lamina scenes`: the bundled scenes, one a line with what each shows.
struct ScenesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scenes", abstract: "List the scenes that come with Lamina (lamina run NAME opens one).")
    @Flag(help: "Print the files' paths instead of names.") var paths = false

    func run() throws {
        guard let folder = BundledScenes.folder else {
            throw ValidationError("no scenes folder found: run from the repository's root or set LAMINA_SCENES")
        }
        let scenes = BundledScenes.all
        if paths { for s in scenes { print(s.url.path) }; return }
        let width = scenes.map(\.name.count).max() ?? 0
        for s in scenes {
            print(s.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + BundledScenes.summary(of: s.url))
        }
        print(TerminalText.escaped("(\(scenes.count) scenes in \(folder.path))"))
    }
}
