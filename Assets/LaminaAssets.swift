import Foundation

/// Where Lamina's shipped files are: the default fonts (DejaVu Sans, Sans Bold, Sans Mono, with
/// their licence) and the demos' images. The fonts travel with the `QuartzCore` product as its
/// resources, so a program that links only that product draws text with no setup.
///
/// The fonts folder is the first of these that holds `DejaVuSans.ttf`:
/// 1. `$LAMINA_ASSETS/Fonts` (an Assets folder of your own: a deployed program, a CMake install);
/// 2. the product's resource bundle beside the running executable
///    (`Lamina_LaminaAssets.resources/Fonts`, which `swift build` puts there; copy it along with
///    the executable to deploy it);
/// 3. `<folder of the executable>/../share/lamina/Fonts`: what `scripts/install.sh PREFIX` makes
///    (`PREFIX/bin/lamina` beside `PREFIX/share/lamina`). The executable's folder is that of
///    `/proc/self/exe`, with symbolic links resolved, so a link to an installed program finds its
///    install too;
/// 4. an `Assets/Fonts` folder beside the executable or up to four folders above it;
/// 5. this source folder's `Fonts` (a build from a checkout: the repository itself, or the copy
///    SwiftPM keeps of a dependency).
///
/// The Assets folder (`directory`, where scenes also look for images) is found the same way, minus
/// the resource bundle, which holds only the fonts.
public enum LaminaAssets {
    /// The bundle SwiftPM builds from this target's resources, by name.
    static let bundleName = "Lamina_LaminaAssets.resources"

    /// Which rule of the lookup found a folder (see the type's notes for their order).
    public enum Origin: String, Sendable, CaseIterable {
        /// `$LAMINA_ASSETS`.
        case environment
        /// The resource bundle beside the executable.
        case bundle
        /// `../share/lamina` from the executable's folder (an install).
        case installed
        /// An `Assets` folder beside the executable or up to four folders above it.
        case besideExecutable
        /// The source folder this code was built from.
        case sourceFolder

        /// What the rule is, in words, for `lamina --version`.
        public var summary: String {
            switch self {
            case .environment: return "LAMINA_ASSETS"
            case .bundle: return "the resource bundle beside the executable"
            case .installed: return "the install beside the executable (../share/lamina)"
            case .besideExecutable: return "an Assets folder beside or above the executable"
            case .sourceFolder: return "the source checkout it was built from"
            }
        }
    }

    /// A folder the lookup found, and the rule that found it.
    public struct Found: Sendable, Equatable {
        /// The folder.
        public let url: URL
        /// The rule that found it.
        public let origin: Origin
    }

    /// The folder of the running executable (`/proc/self/exe` works however it was started, and
    /// names the file itself, not a link to it).
    static var executableDirectory: URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
        return URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Where an install beside the running executable keeps the shared files:
    /// `<folder of the executable>/../share/lamina`, whether or not it exists.
    public static var installDirectory: URL {
        executableDirectory.deletingLastPathComponent().appendingPathComponent("share").appendingPathComponent("lamina")
    }

    private static func holdsFonts(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("DejaVuSans.ttf").path)
    }

    /// `$LAMINA_ASSETS` when it is set and not empty.
    private static var environmentFolder: URL? {
        guard let env = ProcessInfo.processInfo.environment["LAMINA_ASSETS"], !env.isEmpty else { return nil }
        return URL(fileURLWithPath: env)
    }

    /// Whether `LAMINA_ASSETS` is set but holds no `Fonts/DejaVuSans.ttf` (and so is passed over).
    public static var environmentFolderIsIgnored: Bool {
        guard let env = environmentFolder else { return false }
        return !holdsFonts(env.appendingPathComponent("Fonts"))
    }

    /// The Assets folder and the rule that found it ($LAMINA_ASSETS, the install beside the
    /// executable, an `Assets` folder beside the executable or up to four folders above it, or this
    /// source folder), nil when none holds the fonts.
    public static let found: Found? = {
        if let env = environmentFolder, holdsFonts(env.appendingPathComponent("Fonts")) { return Found(url: env, origin: .environment) }
        let installed = installDirectory
        if holdsFonts(installed.appendingPathComponent("Fonts")) { return Found(url: installed, origin: .installed) }
        var dir = executableDirectory
        for _ in 0...4 {
            let a = dir.appendingPathComponent("Assets")
            if holdsFonts(a.appendingPathComponent("Fonts")) { return Found(url: a, origin: .besideExecutable) }
            dir = dir.deletingLastPathComponent()
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return holdsFonts(source.appendingPathComponent("Fonts")) ? Found(url: source, origin: .sourceFolder) : nil
    }()

    /// The folder of the default fonts and the rule that found it (see the type's notes for the
    /// order), nil when none is found.
    public static let foundFonts: Found? = {
        if let env = environmentFolder {
            let f = env.appendingPathComponent("Fonts")
            if holdsFonts(f) { return Found(url: f, origin: .environment) }
        }
        let bundled = executableDirectory.appendingPathComponent(bundleName).appendingPathComponent("Fonts")
        if holdsFonts(bundled) { return Found(url: bundled, origin: .bundle) }
        return found.map { Found(url: $0.url.appendingPathComponent("Fonts"), origin: $0.origin) }
    }()

    /// The Assets folder (`found`'s folder): the fonts and the demos' images; nil when none is found.
    public static var directory: URL? { found?.url }

    /// The folder of the default fonts (`foundFonts`' folder), nil when none is found (text then
    /// draws nothing and says why once).
    public static var fontsDirectory: URL? { foundFonts?.url }
}
