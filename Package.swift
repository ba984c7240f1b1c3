// swift-tools-version:6.0
import PackageDescription

/// Lamina: Apple's Core Animation API (QuartzCore + CoreGraphics) for Linux.
let package = Package(
    name: "Lamina",
    products: [
        .library(name: "QuartzCore", targets: ["QuartzCore", "CoreGraphics"]),
        .library(name: "LaminaViews", targets: ["LaminaViews"]),
        .executable(name: "lamina", targets: ["lamina"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        .target(name: "CoreGraphics", swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "CPixelKernels"),
        .target(name: "Compositor", dependencies: ["CoreGraphics", "CPixelKernels"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "Compositor"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
        ),
        .target(name: "LaminaViews", dependencies: ["QuartzCore"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "Demos", dependencies: ["QuartzCore", "LaminaViews"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "Scenes", dependencies: ["QuartzCore", .product(name: "Yams", package: "Yams")], swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "SceneFuzz", dependencies: ["Scenes", "QuartzCore", .product(name: "Yams", package: "Yams")], swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "SDLHost", dependencies: ["QuartzCore", "Compositor", "CSDL2"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "lamina",
            dependencies: ["QuartzCore", "Compositor", "SDLHost", "Demos", "Scenes", "SceneFuzz", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "LaminaViews"], exclude: ["Timing/reference"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "SDLHostTests", dependencies: ["SDLHost"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "RenderTests",
            dependencies: ["QuartzCore", "SDLHost", "Demos", "Scenes", "SceneFuzz", "lamina"],
            exclude: ["Goldens"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
