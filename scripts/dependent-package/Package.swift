// swift-tools-version:6.0
// A package of a Lamina user's, made outside the repository by scripts/check-dependent.sh, which
// links the Lamina checkout at ../Lamina. Each target uses only the products it names.
import PackageDescription

let package = Package(
    name: "LaminaDependentCheck",
    dependencies: [.package(path: "../Lamina")],
    targets: [
        // The "Rendering without a window" article's example (QuartzCore.docc), copied in unchanged by the script.
        .executableTarget(name: "ArticleHeadless", dependencies: [.product(name: "QuartzCore", package: "Lamina")]),
        // The README's window example ("A window of your own"), copied in unchanged: built, not run.
        .executableTarget(name: "ReadmeWindow", dependencies: [
            .product(name: "QuartzCore", package: "Lamina"), .product(name: "LaminaWindow", package: "Lamina"),
        ]),
        // A frame with text and a PNG-backed layer, with the QuartzCore product alone.
        .target(name: "HeadlessFrame", dependencies: [.product(name: "QuartzCore", package: "Lamina")]),
        .testTarget(name: "HeadlessFrameTests", dependencies: ["HeadlessFrame"], exclude: ["badge.png", "frame.png"]),
        .testTarget(name: "WindowTests", dependencies: [.product(name: "LaminaWindow", package: "Lamina")]),
        .testTarget(name: "SceneTests", dependencies: [.product(name: "Scenes", package: "Lamina")]),
        .testTarget(name: "RecordingTests", dependencies: [
            .product(name: "QuartzCore", package: "Lamina"), .product(name: "LaminaRecording", package: "Lamina"),
        ]),
    ]
)
