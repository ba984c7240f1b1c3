import ArgumentParser
import Foundation
import QuartzCore
import LaminaAssets

/// `lamina new NAME`: writes a starter package that depends on Lamina (a window with an animated
/// layer that reacts to a click, and a test that renders a frame headless and compares it with a
/// golden, which this command renders with its own copy of the starter's layer code).
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a starter package that depends on Lamina (a window, an animated layer, a golden test)."
    )
    @Argument(help: "The package's name: a Swift identifier (letters, digits, _), starting with a letter.") var name: String
    @Option(name: .shortAndLong, help: "The folder to create (default: ./NAME). It must not exist or be empty.") var output: String?
    @Option(help: "Depend on the Lamina checkout at this path (default: the checkout this lamina was built from, when known).") var laminaPath: String?
    @Option(help: "Depend on Lamina by this git URL instead of a path (with --from).") var laminaURL: String?
    @Option(help: "With --lamina-url: the lowest version to accept.") var from: String = LaminaVersion.string

    func validate() throws {
        guard NewCommand.isValidName(name) else {
            throw ValidationError("\"\(name)\" is not a package name lamina can use: give a Swift identifier (letters, digits and _, starting with a letter), such as MyApp")
        }
        if laminaPath != nil && laminaURL != nil { throw ValidationError("give --lamina-path or --lamina-url, not both") }
    }

    /// Letters, digits and underscores, starting with an ASCII letter.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
    }

    /// The checkout this lamina was built from: the folder above Assets/ (found as the fonts are).
    static var builtFromCheckout: String? {
        guard let assets = LaminaAssets.directory else { return nil }
        let root = assets.deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root.path : nil
    }

    func run() throws {
        let folder = URL(fileURLWithPath: output ?? name).standardizedFileURL
        let fm = FileManager.default
        if fm.fileExists(atPath: folder.path), !((try? fm.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? false) {
            throw ValidationError("\(folder.path) exists and is not empty: choose another --output")
        }
        let dependency: String, identity: String
        if let url = laminaURL {
            dependency = ".package(url: \"\(url)\", from: \"\(from)\")"
            identity = NewCommand.identity(ofURL: url)
        } else {
            guard let path = laminaPath ?? NewCommand.builtFromCheckout else {
                throw ValidationError("cannot tell where Lamina's checkout is: give --lamina-path PATH or --lamina-url URL")
            }
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard fm.fileExists(atPath: absolute + "/Package.swift") else {
                throw ValidationError("\(absolute) holds no Package.swift: --lamina-path must be a Lamina checkout")
            }
            dependency = ".package(path: \"\(absolute)\")"
            identity = URL(fileURLWithPath: absolute).lastPathComponent.lowercased()
        }
        func fill(_ text: String) -> String {
            text.replacingOccurrences(of: "DEPENDENCY", with: dependency)
                .replacingOccurrences(of: "PACKAGE", with: identity)
                .replacingOccurrences(of: "NAME", with: name)
        }
        let files: [(String, String)] = [
            ("Package.swift", fill(StarterTemplate.manifest)),
            ("README.md", fill(StarterTemplate.readme)),
            (".gitignore", StarterTemplate.gitignore),
            ("Sources/\(name)Core/AppScene.swift", StarterTemplate.sceneSource),
            ("Sources/\(name)/main.swift", fill(StarterTemplate.main)),
            ("Sources/\(name)/App.swift", fill(StarterTemplate.app)),
            ("Tests/\(name)Tests/\(name)Tests.swift", fill(StarterTemplate.test)),
        ]
        // The package is built in a new private folder beside its name, then renamed to it
        // (`SafeFile.buildFolder`): nothing is written through a link, nothing is left half made.
        try SafeFile.buildFolder(at: folder.path) { building in
            let root = URL(fileURLWithPath: building)
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try SafeFile.write(text, to: url.path)
            }
            // The golden: the frame the starter's test renders, drawn by the same code compiled here.
            let golden = root.appendingPathComponent("Tests/\(name)Tests/Goldens/frame-1s.png")
            try fm.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGCodec.write(try AppScene.render(at: 1), to: golden)
        }
        print(TerminalText.escaped("created \(name) in \(folder.path) (depends on Lamina: \(dependency))"))
        print(TerminalText.escaped("next: cd \(folder.path) && swift run \(name)     # or: swift test"))
    }

    /// The package identity SwiftPM gives a git URL: its last path component without `.git`, lowercased.
    static func identity(ofURL url: String) -> String {
        var last = url.split(separator: "/").last.map(String.init) ?? url
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }
}
