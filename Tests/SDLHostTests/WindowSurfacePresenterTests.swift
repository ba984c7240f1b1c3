import XCTest
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2
@testable import SDLHost

/// The window-surface presenter: what the window's framebuffer holds after a run is the scene with
/// the window's own layers blended over it by source-over, and after the first frame only the
/// changed rectangle is sent.
final class WindowSurfacePresenterTests: OffscreenClockTestCase {
    override func setUp() { super.setUp(); setenv("LAMINA_PRESENT", "surface", 1) }
    override func tearDown() { unsetenv("LAMINA_PRESENT"); super.tearDown() }

    func testTheFramebufferHoldsTheSceneWithTheOverlaysBlendedOver() throws {
        let host = try WindowHost(title: "surface", size: CGSize(width: 320, height: 160))
        host.virtualTime = true
        host.keepsLastFrame = true
        // A small layer moving right: after the first frame, only where it was and is changes.
        host.layer = MovingDotScene.make()
        host.showBanner("A banner over the scene")
        host.run(frames: 5)
        XCTAssertEqual(host.presentation, "window surface")

        let surface = try XCTUnwrap(SDL_GetWindowSurface(host.window))
        let scene = try XCTUnwrap(host.lastFrame).premultipliedARGB
        let overlay = try XCTUnwrap(host.lastOverlayFrame).premultipliedARGB
        let pitch = Int(surface.pointee.pitch) / 4
        let shown = UnsafeBufferPointer(start: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: pitch * Int(surface.pointee.h))
        var banner = 0
        for y in 0..<160 {
            for x in 0..<320 {
                let expected = Premultiplied.over(scene[y * 320 + x], overlay[y * 320 + x])
                if overlay[y * 320 + x] != 0 { banner += 1 }
                guard shown[y * pitch + x] & 0xFF_FFFF == expected & 0xFF_FFFF else {
                    return XCTFail("pixel (\(x), \(y)) shows \(String(shown[y * pitch + x], radix: 16)), expected \(String(expected, radix: 16))")
                }
            }
        }
        XCTAssertGreaterThan(banner, 320 * 30, "the banner is drawn over the top of the window")
        XCTAssertEqual(scene[105 * 320 + 106] & 0xFF_FFFF, 0xFF_0000, "the dot is in the scene, under no overlay")

        // Frame 1 sends the whole window; later ones only the dot's old and new places (the dot
        // moves 10 points a second, a sixth of a point a frame: a rectangle of about 12 x 10).
        let sent = host.times.uploadedPixels
        XCTAssertEqual(sent.first, 320 * 160)
        for n in sent.dropFirst() { XCTAssertLessThanOrEqual(n, 14 * 12) }
    }
}

/// `FramePresenters.make`: LAMINA_PRESENT chooses the presenter; an unknown value still gives one.
final class FramePresenterChoiceTests: OffscreenClockTestCase {
    func testTheEnvironmentChooses() throws {
        for (value, expected) in [("texture", "texture"), ("surface", "window surface"), ("bogus", "")] {
            let host = try WindowHost(title: "choice", size: CGSize(width: 64, height: 48))
            let presenter = try XCTUnwrap(FramePresenters.make(for: host.window, environment: ["LAMINA_PRESENT": value]), value)
            XCTAssertTrue(presenter.name.hasPrefix(expected), "\(value): \(presenter.name)")
            let size = presenter.outputSize()
            XCTAssertEqual([size.width, size.height], [64, 48])
            XCTAssertTrue(presenter.prepare(width: 64, height: 48), "new buffers the first time")
            XCTAssertFalse(presenter.prepare(width: 64, height: 48), "the same ones after")
        }
    }
}
