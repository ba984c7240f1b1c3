import ArgumentParser
import Foundation
import Demos

/// Parses "WxH".
func parseSize(_ s: String) throws -> CGSize {
    let parts = s.lowercased().split(separator: "x").compactMap { Double($0) }
    guard parts.count == 2, parts[0] >= 100, parts[1] >= 100, parts[0] <= 8192, parts[1] <= 8192 else {
        throw ValidationError("--size wants WIDTHxHEIGHT in points, 100...8192 each (got \"\(s)\")")
    }
    return CGSize(width: parts[0], height: parts[1])
}

/// `lamina gallery` (and `lamina` with no arguments): the demo gallery in a window.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Open the demo gallery (headless without a display: renders the demo tour to PNG files)."
    )
    @Option(help: "Window size in points, WIDTHxHEIGHT.") var size = "960x640"
    @Option(help: "Quit after this many frames (for scripts and screenshots).") var frames: Int?

    func run() throws { try AppRunner.run(demo: nil, frames: frames, size: try parseSize(size)) }
}

/// `lamina demo NAME` and `lamina demo --list`.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open one demo by name, or list the names."
    )
    @Flag(help: "Print the demo names, one a line.") var list = false
    @Argument(help: "The demo's name (see --list).") var name: String?
    @Option(help: "Window size in points, WIDTHxHEIGHT.") var size = "960x640"
    @Option(help: "Quit after this many frames (for scripts and screenshots).") var frames: Int?

    func validate() throws {
        if !list {
            guard let n = name else { throw ValidationError("name a demo, or use --list") }
            guard DemoCatalog.named(n) != nil else {
                throw ValidationError("no demo named \"\(n)\"; the demos are: " + DemoCatalog.all.map { $0.name }.joined(separator: ", "))
            }
        }
    }

    func run() throws {
        if list { for d in DemoCatalog.all { print(d.name) }; return }
        try AppRunner.run(demo: name, frames: frames, size: try parseSize(size))
    }
}
