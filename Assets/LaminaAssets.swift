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
/// 3. an `Assets/Fonts` folder beside the executable or up to four folders above it;
/// 4. this source folder's `Fonts` (a build from a checkout: the repository itself, or the copy
///    SwiftPM keeps of a dependency).
///
/// The Assets folder (`directory`, where scenes also look for images) is found the same way, minus
/// the resource bundle, which holds only the fonts.
public enum LaminaAssets {
    /// The bundle SwiftPM builds from this target's resources, by name.
    static let bundleName = "Lamina_LaminaAssets.resources"

    /// The folder of the running executable (`/proc/self/exe` works however it was started).
    static var executableDirectory: URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? "."
        return URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    private static func holdsFonts(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("DejaVuSans.ttf").path)
    }

    /// The Assets folder ($LAMINA_ASSETS, an `Assets` folder beside the executable or up to four
    /// folders above it, or this source folder), nil when none holds the fonts.
    public static let directory: URL? = {
        if let env = ProcessInfo.processInfo.environment["LAMINA_ASSETS"], holdsFonts(URL(fileURLWithPath: env).appendingPathComponent("Fonts")) {
            return URL(fileURLWithPath: env)
        }
        var dir = executableDirectory
        for _ in 0...4 {
            let a = dir.appendingPathComponent("Assets")
            if holdsFonts(a.appendingPathComponent("Fonts")) { return a }
            dir = dir.deletingLastPathComponent()
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return holdsFonts(source.appendingPathComponent("Fonts")) ? source : nil
    }()

    /// The folder of the default fonts (see the type's notes for the order it is looked for in),
    /// nil when none is found (text then draws nothing and says why once).
    public static let fontsDirectory: URL? = {
        if let env = ProcessInfo.processInfo.environment["LAMINA_ASSETS"] {
            let f = URL(fileURLWithPath: env).appendingPathComponent("Fonts")
            if holdsFonts(f) { return f }
        }
        let bundled = executableDirectory.appendingPathComponent(bundleName).appendingPathComponent("Fonts")
        if holdsFonts(bundled) { return bundled }
        return directory?.appendingPathComponent("Fonts")
    }()
}
