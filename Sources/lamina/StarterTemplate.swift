// The starter package that `lamina new` writes. `sceneSource` is Sources/lamina/StarterScene.swift
// word for word (a test checks it), so the golden `lamina new` renders with its compiled copy is the
// frame the starter's own code draws.

/// The files of the starter package; `NAME` stands for the package's name.
enum StarterTemplate {
    /// The layer tree (`AppScene`), the `<NAME>Core` library.
    static let sceneSource = #"""
import QuartzCore

/// The app's layer tree: a card that turns once every four seconds, and changes colour (an
/// implicit animation) and pops (an explicit one) when it is clicked.
public final class AppScene {
    /// The window's size in points.
    public static let size = CGSize(width: 480, height: 320)
    /// The root layer: give it to the window, or to a CARenderer.
    public let root = CALayer()
    /// The card.
    public let card = CALayer()
    /// The caption under the card.
    public let caption = CATextLayer()
    /// The colours a click steps through.
    public static let colors = [
        CGColor(srgbRed: 0.95, green: 0.55, blue: 0.2, alpha: 1),
        CGColor(srgbRed: 0.3, green: 0.6, blue: 0.95, alpha: 1),
        CGColor(srgbRed: 0.4, green: 0.8, blue: 0.45, alpha: 1),
    ]
    /// Clicks on the card so far.
    public private(set) var clicks = 0

    /// The tree, with the card turning from media time `start`.
    public init(start: CFTimeInterval = CACurrentMediaTime()) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: AppScene.size)
        root.backgroundColor = CGColor(srgbRed: 0.11, green: 0.12, blue: 0.14, alpha: 1)
        card.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        card.position = CGPoint(x: 240, y: 140)
        card.cornerRadius = 18
        card.backgroundColor = AppScene.colors[0]
        root.addSublayer(card)
        caption.frame = CGRect(x: 0, y: 250, width: 480, height: 30)
        caption.string = "Click the card"
        caption.fontSize = 18
        caption.alignmentMode = .center
        caption.foregroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(caption)
        CATransaction.commit()
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = 4
        turn.repeatCount = .infinity
        turn.beginTime = start
        card.add(turn, forKey: "turn")
    }

    /// The layer shown at `point` (root coordinates), hit-tested where the layers are on screen.
    public func layer(at point: CGPoint) -> CALayer? {
        root.presentation()?.hitTest(point)?.model()
    }

    /// A click at `point`: on the card, it takes the next colour (animated by its implicit action)
    /// and pops. Returns whether the card was hit.
    @discardableResult
    public func click(at point: CGPoint) -> Bool {
        guard layer(at: point) === card else { return false }
        clicks += 1
        card.backgroundColor = AppScene.colors[clicks % AppScene.colors.count]
        let pop = CAKeyframeAnimation(keyPath: "transform.scale")
        pop.values = [1, 1.2, 1]
        pop.duration = 0.3
        card.add(pop, forKey: "pop")
        return true
    }

    /// The frame at media time `t` drawn headless at `scale`: a new scene on virtual time, clicked
    /// at `clicks` (media time, point) on the way.
    public static func render(at t: CFTimeInterval, scale: CGFloat = 1, clicks: [(CFTimeInterval, CGPoint)] = []) throws -> CGImage {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let scene = AppScene(start: 0)
        let renderer = CARenderer(size: AppScene.size, scale: scale)
        renderer.layer = scene.root
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: renderer)
        for (time, point) in clicks {
            try scheduler.frame(at: time)
            scene.click(at: point)
            CATransaction.flush()   // the click's changes commit at its time, as a window's app turn does
        }
        try scheduler.frame(at: t)
        return renderer.makeImage()
    }
}
"""#

    /// Package.swift; `DEPENDENCY` is the `.package(...)` line, `PACKAGE` Lamina's package identity.
    static let manifest = #"""
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "NAME",
    dependencies: [
        DEPENDENCY,
    ],
    targets: [
        // The app's layers, with the QuartzCore product alone (testable headless).
        .target(name: "NAMECore", dependencies: [.product(name: "QuartzCore", package: "PACKAGE")]),
        // The app: a window on the layers.
        .executableTarget(name: "NAME", dependencies: ["NAMECore", .product(name: "LaminaWindow", package: "PACKAGE")]),
        // A frame rendered headless, compared with its golden.
        .testTarget(name: "NAMETests", dependencies: ["NAMECore"], exclude: ["Goldens"]),
    ]
)

"""#

    /// The executable's main.swift.
    static let main = #"""
// Runs the app (see App.swift).
App.run()

"""#

    /// The executable's App.swift: a window, or a frame written headless when there is no display.
    static let app = #"""
import Foundation
import LaminaWindow
import NAMECore

/// Opens the window on `AppScene`'s layers and runs until it is closed. Clicks go to the scene
/// (on the window's app thread, where layer changes belong). F1 shows the frame overlay, F5
/// records the window. Without a display, writes the frame at t = 1 s to frame.png instead.
enum App {
    static func run() {
        let scene = AppScene()
        let window: LayerWindow
        do {
            window = try LayerWindow(title: "NAME", size: AppScene.size)
        } catch LayerWindow.Error.noDisplay(let reason) {
            print("No display (\(reason)): writing the frame at 1 s to frame.png instead.")
            do {
                try PNGCodec.write(try AppScene.render(at: 1), to: URL(fileURLWithPath: "frame.png"))
            } catch {
                print("Could not write frame.png: \(error)")
            }
            return
        } catch {
            print("\(error)")
            return
        }
        window.rootLayer = scene.root
        window.onEvent = { event in
            if case .mouseDown(let point, _) = event { scene.click(at: point) }
        }
        window.run()
    }
}

"""#

    /// The test.
    static let test = #"""
import XCTest
import QuartzCore
import NAMECore

/// The app's layers drawn headless on virtual time, compared with Goldens/frame-1s.png
/// (`LAMINA_RECORD_GOLDENS=1 swift test` writes it again after a deliberate change: look at it).
final class NAMETests: XCTestCase {
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    func testFrameAtOneSecondMatchesTheGolden() throws {
        let frame = try AppScene.render(at: 1)
        let golden = goldens.appendingPathComponent("frame-1s.png")
        if ProcessInfo.processInfo.environment["LAMINA_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            try PNGCodec.write(frame, to: golden)
            XCTFail("LAMINA_RECORD_GOLDENS=1: wrote \(golden.path); look at it, then run again without it")
            return
        }
        let expected = try XCTUnwrap(ImageDecoder.image(contentsOf: golden), "no golden at \(golden.path)")
        XCTAssertEqual([expected.width, expected.height], [frame.width, frame.height])
        // Each channel within 8 levels (anti-aliased edges and glyphs).
        var worst = 0
        for (a, b) in zip(expected.premultipliedARGB, frame.premultipliedARGB) {
            for shift: UInt32 in [0, 8, 16, 24] {
                worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 8, "the frame differs from \(golden.lastPathComponent) by \(worst) levels")
    }

    func testAClickOnTheCardChangesItsColour() throws {
        // The card's centre stays on the card however it has turned; 2 s after a click at 1 s the
        // colour animation (0.25 s) and the pop (0.3 s) are over: the centre shows the second colour.
        let frame = try AppScene.render(at: 3, clicks: [(1, CGPoint(x: 240, y: 140))])
        let centre = frame.premultipliedARGB[140 * frame.width + 240]
        let blue = AppScene.colors[1].components!.map { Int(($0 * 255).rounded()) }
        let got = [Int((centre >> 16) & 0xFF), Int((centre >> 8) & 0xFF), Int(centre & 0xFF)]
        for (g, e) in zip(got, blue.prefix(3)) { XCTAssertLessThanOrEqual(abs(g - e), 1, "centre \(got), expected \(blue)") }
    }
}

"""#

    /// The package's README.
    static let readme = #"""
# NAME

A Core Animation app on Lamina: `Sources/NAMECore/AppScene.swift` builds the layers (a card
that turns, and changes colour and pops when clicked), `Sources/NAME/App.swift` opens the window.

    swift run NAME            # the window (F1: frame overlay, F5: record to .mp4)
    swift test                # a frame rendered headless, compared with Tests/NAMETests/Goldens

Without a display, `swift run NAME` writes frame.png instead. After changing what the app
draws, run `LAMINA_RECORD_GOLDENS=1 swift test`, look at the new golden, and commit it.

"""#

    /// `.gitignore`.
    static let gitignore = ".build/\n.swiftpm/\nPackage.resolved\n*.out.png\n"
}
