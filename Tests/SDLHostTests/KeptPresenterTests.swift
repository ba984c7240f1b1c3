import XCTest
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2
@testable import SDLHost

/// A window run again (as `lamina bench` runs it after a missed refresh) keeps its presenter: the
/// next run sends only what changed, not the whole window, and the window shows the last frame.
final class KeptPresenterTests: OffscreenClockTestCase {
    override func setUp() { super.setUp(); setenv("LAMINA_PRESENT", "surface", 1) }
    override func tearDown() { unsetenv("LAMINA_PRESENT"); super.tearDown() }

    func testASecondRunSendsOnlyWhatChanged() throws {
        let host = try WindowHost(title: "kept", size: CGSize(width: 320, height: 160))
        host.virtualTime = true
        host.keepsLastFrame = true
        // A small layer moving right: after the first frame, only where it was and is changes.
        host.layer = MovingDotScene.make()
        host.run(frames: 4)
        host.run(frames: 10)
        let sent = host.times.uploadedPixels
        XCTAssertEqual(sent.count, 10)
        XCTAssertEqual(sent.first, 320 * 160, "the first frame sends the whole window")
        for (i, n) in sent.enumerated().dropFirst() { XCTAssertLessThanOrEqual(n, 14 * 12, "frame \(i) (the second run from frame 4) sends only the dot") }
        let surface = try XCTUnwrap(SDL_GetWindowSurface(host.window))
        let scene = try XCTUnwrap(host.lastFrame).premultipliedARGB
        let pitch = Int(surface.pointee.pitch) / 4
        let shown = UnsafeBufferPointer(start: surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), count: pitch * Int(surface.pointee.h))
        for y in 0..<160 {
            for x in 0..<320 where shown[y * pitch + x] & 0xFF_FFFF != scene[y * 320 + x] & 0xFF_FFFF {
                return XCTFail("pixel (\(x), \(y)) shows \(String(shown[y * pitch + x], radix: 16)), the last frame \(String(scene[y * 320 + x], radix: 16))")
            }
        }
    }
}
