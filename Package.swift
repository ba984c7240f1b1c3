// swift-tools-version:6.0
import PackageDescription
import Foundation

let v6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// Lamina: Apple's Core Animation API (QuartzCore + CoreGraphics) for Linux.
///
/// Library products: `QuartzCore` (CoreGraphics and QuartzCore, with glyphs through FreeType,
/// PNG/JPEG/GIF decoding through libpng, libjpeg-turbo and giflib, and the default fonts),
/// `LaminaWindow` (a window for your own layer tree), `LaminaRecording` (video through ffmpeg),
/// `Scenes` (scene files from code), `ImageIO` (Apple's CGImageSource and CGImageDestination),
/// `LaminaViews` and `Lottie`; the `lamina` command. The targets behind them:
/// Sources/QuartzCore/QuartzCore.docc/Architecture.md.
let package = Package(
    name: "Lamina",
    products: [
        .library(name: "QuartzCore", targets: ["QuartzCore", "CoreGraphics"]),
        .library(name: "LaminaWindow", targets: ["LaminaWindow"]),
        .library(name: "LaminaRecording", targets: ["LaminaRecording"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "LaminaViews", targets: ["LaminaViews"]),
        .library(name: "Lottie", targets: ["Lottie"]),
        .executable(name: "lamina", targets: ["lamina"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // dotLottie (.lottie) files are zip archives.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .target(name: "CoreGraphics", dependencies: ["CMediaCodecs"], swiftSettings: v6),
        .target(name: "CPixelKernels"),
        .target(name: "Compositor", dependencies: ["CoreGraphics", "CPixelKernels"], swiftSettings: v6),
        // SDL2 from the system include folder (no pkg-config: see shim.h); only SDLHost imports it.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // The default fonts, shipped as resources (and the demos' images, left out of the bundle).
        .target(
            name: "LaminaAssets", path: "Assets",
            exclude: ["README.md", "Sequence"], sources: ["LaminaAssets.swift"], resources: [.copy("Fonts")],
            swiftSettings: v6
        ),
        // FreeType for glyphs (its include folder through pkg-config: -I flags only).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // PNG and JPEG files: C wrappers over libpng (and zlib, for large PNG frames) and libjpeg-turbo.
        .target(name: "CMediaCodecs", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("jpeg"), .linkedLibrary("gif"), .linkedLibrary("webp")]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "Compositor", "LaminaAssets", "CFreeType", "CMediaCodecs"], swiftSettings: v6),
        // Apple's ImageIO: CGImageSource (PNG, JPEG, GIF frames) and CGImageDestination (PNG).
        .target(name: "ImageIO", dependencies: ["CoreGraphics"], swiftSettings: v6),
        .target(name: "LaminaViews", dependencies: ["QuartzCore"], swiftSettings: v6),
        // Lottie (Bodymovin JSON) animations played through Core Animation layers, with lottie-ios's names.
        .target(name: "Lottie", dependencies: ["QuartzCore", "CoreGraphics", .product(name: "ZIPFoundation", package: "ZIPFoundation")], swiftSettings: v6),
        // The one seeded generator (SplitMix64) of the fuzzer, the demos, the benchmarks and the tests.
        .target(name: "LaminaRandom", swiftSettings: v6),
        .target(name: "Demos", dependencies: ["QuartzCore", "LaminaViews", "LaminaRandom"], swiftSettings: v6),
        .target(name: "Scenes", dependencies: ["QuartzCore", "LaminaAssets", "Lottie", .product(name: "Yams", package: "Yams")], swiftSettings: v6),
        .target(name: "SceneFuzz", dependencies: ["Scenes", "QuartzCore", "LaminaRandom", .product(name: "Yams", package: "Yams")], swiftSettings: v6),
        .target(name: "SDLHost", dependencies: ["QuartzCore", "Compositor", "CSDL2"], swiftSettings: v6),
        // Video through ffmpeg: the `LaminaRecording` product (VideoWriter), and what the window's
        // F5 and `lamina record` use through `package` access.
        .target(name: "LaminaRecording", dependencies: ["QuartzCore", "Compositor", "SDLHost"], swiftSettings: v6),
        .target(name: "LaminaWindow", dependencies: ["QuartzCore", "SDLHost", "LaminaRecording"], swiftSettings: v6),
        .executableTarget(
            name: "lamina",
            dependencies: ["QuartzCore", "Compositor", "LaminaAssets", "SDLHost", "LaminaRecording", "Demos", "Scenes", "SceneFuzz", "Lottie", "LaminaRandom", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: v6
        ),
        // What several test targets share: the hang watchdogs (one a test, started at load), the
        // seeded generator's test values, re-running a test in a fresh process, the `lamina` binary
        // run as a user would (LaminaCommand, RecordingHarness). Not a product.
        .target(name: "LaminaTestSupport", dependencies: ["LaminaTestHooks", "LaminaRandom"], path: "Tests/Support", swiftSettings: v6),
        // Starts the hang watch (LaminaTestSupport's TestHangWatch) when the test binary loads.
        .target(name: "LaminaTestHooks", path: "Tests/SupportHooks"),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "ImageIO", "LaminaRandom", "LaminaTestSupport"], exclude: ["Fixtures"], swiftSettings: v6),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "LaminaViews", "LaminaRandom", "LaminaTestSupport"], exclude: ["Timing/reference", "Media/Fixtures"], swiftSettings: v6),
        .testTarget(name: "LottieTests", dependencies: ["Lottie", "QuartzCore", "LaminaTestSupport"], exclude: ["Fixtures", "PublicCorpus"], swiftSettings: v6),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor", "LaminaRandom", "LaminaTestSupport"], exclude: ["Support/blend_reference.py"], swiftSettings: v6),
        .testTarget(name: "SDLHostTests", dependencies: ["SDLHost", "LaminaWindow", "LaminaTestSupport"], swiftSettings: v6),
        // One test target per library module, each depending on what it tests. The `lamina` binary
        // is run as a user would (LaminaCommand) from any of them; only CommandLineTests compiles
        // against the command's code.
        .testTarget(name: "LaminaRandomTests", dependencies: ["LaminaRandom"], swiftSettings: v6),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "QuartzCore", "SDLHost", "LaminaRandom", "LaminaTestSupport"], swiftSettings: v6),
        .testTarget(name: "SceneFuzzTests", dependencies: ["SceneFuzz", "Scenes", "QuartzCore", "LaminaRandom", "LaminaTestSupport"], swiftSettings: v6),
        .testTarget(name: "DemosTests", dependencies: ["Demos", "Scenes", "QuartzCore", "SDLHost", "LaminaTestSupport"], swiftSettings: v6),
        .testTarget(name: "RecordingTests", dependencies: ["LaminaRecording", "SDLHost", "QuartzCore", "LaminaTestSupport"], swiftSettings: v6),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["lamina", "QuartzCore", "SDLHost", "LaminaRecording", "Demos", "Scenes", "Lottie", "LaminaTestSupport"],
            swiftSettings: v6
        ),
        // Rendering: the golden pictures (Goldens/, beside the cases) and the renderer's equivalences.
        .testTarget(
            name: "RenderTests",
            dependencies: ["QuartzCore", "SDLHost", "Demos", "Scenes", "LaminaRandom", "LaminaTestSupport"],
            exclude: ["Goldens"],
            swiftSettings: v6
        ),
    ]
)

// The API documentation (scripts/build-docs.sh) needs the DocC plugin; it is added only when asked
// for, so that everyday builds, and packages depending on Lamina, never resolve it.
if ProcessInfo.processInfo.environment["LAMINA_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
