import XCTest
import Synchronization
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
@testable import SDLHost

/// The window's overlays (statistics and help, the banner, toasts) are drawn over the scene's frame
/// on the screen only: what recordings (`onPresent`), `lastFrame` and the screenshot key get is the
/// scene alone, while the overlays are on. The scene is one opaque blue layer filling the window,
/// so every pixel of a clean frame is 0xFF0000FF.
final class CleanFramesTests: XCTestCase {
    func testRecordingsAndScreenshotsHaveNoOverlayPixelsWhileTheOverlaysAreOn() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }
        CAMediaClock.manualTime = 50
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A screenshot already there: the next number is taken.
        try Data("keep".utf8).write(to: folder.appendingPathComponent("lamina-screenshot-1.png"))

        let host = try WindowHost(title: "clean", size: CGSize(width: 480, height: 200))
        host.virtualTime = true
        host.keepsLastFrame = true
        host.screenshotFolder = folder
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 480, height: 200)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        host.layer = root
        host.showBanner("Recording to somewhere.mp4 (F5 stops)")
        let frames = RecordedFrames()
        host.onPresent = { image, _ in frames.images.withLock { $0.append(image) } }
        host.simulate(.key(WindowHost.Keys.overlay))
        host.simulate(.key(WindowHost.Keys.screenshot))
        host.run(frames: 6)
        host.waitForScreenshots()

        let blue: UInt32 = 0xFF00_00FF
        let recorded = frames.images.withLock { $0 }
        XCTAssertEqual(recorded.count, 6)
        for (i, image) in recorded.enumerated() {
            XCTAssertTrue(image.premultipliedARGB.allSatisfy { $0 == blue }, "recorded frame \(i) is the scene only")
        }
        let last = try XCTUnwrap(host.lastFrame)
        XCTAssertTrue(last.premultipliedARGB.allSatisfy { $0 == blue }, "lastFrame is the scene only")
        let shot = try PNGCodec.read(contentsOf: folder.appendingPathComponent("lamina-screenshot-2.png"))
        XCTAssertEqual(shot.width, last.width)
        XCTAssertEqual(shot.height, last.height)
        XCTAssertTrue(shot.premultipliedARGB.allSatisfy { $0 == blue }, "the screenshot is the scene only")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("lamina-screenshot-1.png")), Data("keep".utf8))

        // Meanwhile the window did show them: the banner (alpha 0.92 → 235) at the top, the
        // statistics overlay (alpha 0.88 → 224.4) below it at the left. Text (when a font is
        // installed) only adds to a background: the least alpha over a region is the background's.
        XCTAssertTrue(host.showsOverlay)
        let overlays = try XCTUnwrap(host.lastOverlayFrame)
        func alpha(_ x: Int, _ y: Int) -> Int { Int(overlays.premultipliedARGB[y * overlays.width + x] >> 24) }
        func least(_ xs: Range<Int>, _ ys: Range<Int>) -> Int { ys.flatMap { y in xs.map { x in alpha(x, y) } }.min() ?? -1 }
        XCTAssertEqual(least(400..<478, 2..<38), 235, accuracy: 1, "the banner")
        XCTAssertEqual(least(10..<300, 45..<80), 224, accuracy: 1, "the statistics overlay")
        XCTAssertEqual(alpha(470, 120), 0, "nothing over the rest of the scene")
    }
}

/// The frames `onPresent` handed on (render thread appends, the test reads after `run()`).
private final class RecordedFrames: Sendable {
    let images = Mutex<[CGImage]>([])
}
