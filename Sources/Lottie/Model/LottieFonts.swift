import Foundation
import Synchronization
@_spi(LaminaInternal) import QuartzCore

/// Font files that draw Lottie font text (text layers whose font `fonts.list` names but the file
/// does not carry as glyphs), as lottie-ios draws such text in the fonts the app registers (Lamina).
///
/// A document's font is found by the PostScript name its `fonts.list` entry gives (`fName`), else by
/// family and style (`fFamily`, `fStyle`), else by a family of that name with a single face; text
/// whose font is not registered is drawn in the closest bundled DejaVu face, as the diagnostics say.
/// Register fonts before loading the animations that use them. The folders and files listed in the
/// environment variable `LAMINA_FONTS` (separated by `:`) are registered on the first look-up, so
/// `LAMINA_FONTS=~/fonts lamina run anim.json` draws an animation's own fonts.
///
/// Thread safety: the registry is behind a `Mutex`; register and look up from any thread.
public enum LottieFonts {
    /// One face of a registered file.
    struct Face: Sendable {
        var family: String, style: String, postScript: String
        var file: String, index: Int
        /// How diagnostics name it.
        var label: String { postScript.isEmpty ? "\(family) \(style)" : postScript }
    }

    private struct State {
        var faces: [Face] = []
        var readEnvironment = false
    }

    private static let state = Mutex(State())

    /// The font file extensions a folder is searched for.
    static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// Registers the faces of the font file at `url` (TrueType or OpenType, collections too) and
    /// returns their PostScript names (or family and style, for a face without one). Throws a
    /// `LottieLoadError` naming the file when FreeType cannot read it.
    @discardableResult
    public static func register(fileAt url: URL) throws -> [String] {
        let found = GlyphOutlineFace.faceNames(file: url.path)
        guard !found.isEmpty else {
            throw LottieLoadError(file: url.path, path: "(font)", message: "expected a TrueType or OpenType font file that FreeType reads")
        }
        let faces = found.map { Face(family: $0.family, style: $0.style, postScript: $0.postScript, file: url.path, index: $0.index) }
        state.withLock { $0.faces.append(contentsOf: faces) }
        return faces.map(\.label)
    }

    /// Registers every font file (`.ttf`, `.otf`, `.ttc`, `.otc`) directly inside the folder at `url`
    /// and returns how many faces were registered; files FreeType cannot read are skipped. Throws a
    /// `LottieLoadError` when the folder cannot be listed.
    @discardableResult
    public static func register(folderAt url: URL) throws -> Int {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: url.path) } catch {
            throw LottieLoadError(file: url.path, path: "(folder)", message: "cannot list the font folder: \(error.localizedDescription)")
        }
        var count = 0
        for name in names.sorted() where extensions.contains((name as NSString).pathExtension.lowercased()) {
            count += (try? register(fileAt: url.appendingPathComponent(name)).count) ?? 0
        }
        return count
    }

    /// Forgets every registered font (the environment's are read again on the next look-up).
    public static func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The registered face that draws a font named `name` of `family` and `style` (see the type's
    /// comment for the order), nil when none does.
    static func face(family: String, style: String, name: String) -> Face? {
        readEnvironmentOnce()
        return state.withLock { s -> Face? in
            func same(_ a: String, _ b: String) -> Bool { !a.isEmpty && a.caseInsensitiveCompare(b) == .orderedSame }
            if let f = s.faces.first(where: { same(name, $0.postScript) }) { return f }
            if let f = s.faces.first(where: { same(family, $0.family) && same(style, $0.style) }) { return f }
            for wanted in [family, name] where !wanted.isEmpty {
                let faces = s.faces.filter { same(wanted, $0.family) }
                if faces.count == 1 { return faces[0] }
            }
            return nil
        }
    }

    /// Registers what `LAMINA_FONTS` lists, once (until `removeAll`).
    private static func readEnvironmentOnce() {
        let first = state.withLock { s -> Bool in
            defer { s.readEnvironment = true }
            return !s.readEnvironment
        }
        guard first, let list = ProcessInfo.processInfo.environment["LAMINA_FONTS"] else { return }
        for item in list.split(separator: ":") where !item.isEmpty {
            let path = (String(item) as NSString).expandingTildeInPath
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                LaminaDiagnostics.report("Lottie: LAMINA_FONTS: no file or folder \(TerminalText.escaped(path))")
                continue
            }
            do {
                if isFolder.boolValue { try register(folderAt: URL(fileURLWithPath: path)) } else { try register(fileAt: URL(fileURLWithPath: path)) }
            } catch {
                LaminaDiagnostics.report("Lottie: LAMINA_FONTS: \(error)")
            }
        }
    }
}
