import ArgumentParser
import Foundation
import Demos

/// Parses "WxH" in points (window sizes), 100...8192 each.
func parseSize(_ s: String) throws -> CGSize {
    let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
    guard parts.count == 2, let w = parts[0], let h = parts[1], w >= 100, h >= 100, w <= 8192, h <= 8192 else {
        throw ValidationError("--size wants WIDTHxHEIGHT in points, 100...8192 each (got \"\(s)\")")
    }
    return CGSize(width: w, height: h)
}

/// Parses "WxH" in whole pixels (an output's size), 1...8192 each, for a source of `points`: the
/// output is the source scaled uniformly, so the shape must match (within a pixel); otherwise the
/// error names the sizes of that shape.
func parsePixelSize(_ s: String, for points: CGSize) throws -> CGSize {
    let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let w = parts[0], let h = parts[1], (1...8192).contains(w), (1...8192).contains(h) else {
        throw ValidationError("--size wants WIDTHxHEIGHT in whole pixels, 1...8192 each (got \"\(s)\")")
    }
    let scale = min(Double(w) / points.width, Double(h) / points.height)
    let fitW = Int((points.width * scale).rounded()), fitH = Int((points.height * scale).rounded())
    guard abs(fitW - w) <= 1, abs(fitH - h) <= 1 else {
        let byWidth = Int((Double(w) * points.height / points.width).rounded())
        let byHeight = Int((Double(h) * points.width / points.height).rounded())
        throw ValidationError("--size \(s) is not the shape of the source (\(Int(points.width))x\(Int(points.height)) points): give \(w)x\(byWidth) or \(byHeight)x\(h), for example")
    }
    return CGSize(width: w, height: h)
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
