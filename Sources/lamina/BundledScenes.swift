import Foundation
import LaminaAssets

/// The scene files that come with Lamina (the repository's `scenes` folder), found by name for
/// `lamina scenes`, `lamina run NAME` and the other scene commands.
///
/// The folder is `$LAMINA_SCENES` when set, else `scenes` in the current folder, else the
/// install's (`<folder of the executable>/../share/lamina/scenes`, what scripts/install.sh makes),
/// else the folder of the checkout the command was built from.
enum BundledScenes {
    /// The folder of bundled scenes, or nil when none is found.
    static var folder: URL? {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["LAMINA_SCENES"], !env.isEmpty { candidates.append(URL(fileURLWithPath: env)) }
        candidates.append(URL(fileURLWithPath: "scenes"))
        candidates.append(LaminaAssets.installDirectory.appendingPathComponent("scenes"))
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenes"))
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
                && !files(in: url).isEmpty
        }
    }

    /// The scene files (.yaml, .yml, .json) directly in `folder`, sorted by name.
    static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { ["yaml", "yml", "json"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .sorted().map { folder.appendingPathComponent($0) }
    }

    /// The bundled scenes: name (file name without extension) and file.
    static var all: [(name: String, url: URL)] {
        guard let folder else { return [] }
        return files(in: folder).map { ($0.deletingPathExtension().lastPathComponent, $0) }
    }

    /// The bundled scene named `name` ("bounce" or "bounce.yaml"), or nil.
    static func named(_ name: String) -> URL? {
        all.first { $0.name == name || $0.url.lastPathComponent == name }?.url
    }

    /// The first comment lines of a scene file, joined: what the scene shows (empty for JSON).
    static func summary(of url: URL) -> String {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return "" }
        let comment = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("#") }
            .map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        guard let end = comment.range(of: ". ")?.lowerBound ?? (comment.hasSuffix(".") ? comment.index(before: comment.endIndex) : nil) else { return comment }
        return String(comment[..<end]) + "."
    }

    /// The file a scene command reads for `argument`: the path when it exists, else the bundled
    /// scene of that name, else the path (so that the reader names what is wrong with it).
    static func resolve(_ argument: String) -> String {
        if FileManager.default.fileExists(atPath: argument) { return argument }
        return named(argument)?.path ?? argument
    }
}
