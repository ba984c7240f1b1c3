import Foundation
import LaminaAssets
import LaminaRecording
import QuartzCore

/// What `lamina --version` prints: the version on the first line, then where the command's files
/// were found (the resource folder and its fonts, with the rule that found them, and the bundled
/// scenes), or that none was found. Paths are shown with their control characters escaped.
enum VersionReport {
    /// The whole text, one line per item.
    static var text: String {
        var lines = [LaminaVersion.string]
        if let assets = LaminaAssets.found {
            lines.append("resources: \(shown(assets.url)) (\(assets.origin.summary))")
        } else {
            lines.append("resources: none found (install with scripts/install.sh, or set LAMINA_ASSETS to a folder holding Fonts/DejaVuSans.ttf)")
        }
        if let fonts = LaminaAssets.foundFonts {
            lines.append("fonts: \(shown(fonts.url)) (\(fonts.origin.summary))")
        } else {
            lines.append("fonts: none found: text is not drawn")
        }
        if LaminaAssets.environmentFolderIsIgnored, let env = ProcessInfo.processInfo.environment["LAMINA_ASSETS"] {
            lines.append("note: LAMINA_ASSETS=\(TerminalText.escaped(Substring(env))) holds no Fonts/DejaVuSans.ttf and is passed over")
        }
        lines.append("scenes: " + (BundledScenes.folder.map(shown) ?? "none found (set LAMINA_SCENES)"))
        return lines.joined(separator: "\n")
    }

    private static func shown(_ url: URL) -> String { TerminalText.escaped(Substring(url.standardizedFileURL.path)) }
}
