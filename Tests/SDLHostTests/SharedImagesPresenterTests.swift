import XCTest
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
import Compositor
import CSDL2
@testable import SDLHost

/// The shared-images presenter on a real X server (skipped without `DISPLAY`): frames drawn
/// straight into its two images, pipelined or not, show on the window byte for byte as the frames
/// a renderer draws into its own pixels (the window-surface presenter's, kept), the renderer's own
/// pixels are never drawn meanwhile, and only what changed is sent; a window that goes back to the
/// renderer's own pixels (frames kept) shows the same frames, with the window's own layers over them.
final class SharedImagesPresenterTests: XCTestCase {
    override func setUp() {
        super.setUp()
        CAMediaClock.manualTime = 50
        CAMediaClock.timeBase = MediaTimeBase()
    }

    override func tearDown() {
        unsetenv("SDL_VIDEODRIVER")
        unsetenv("LAMINA_PRESENT")
        unsetenv("LAMINA_PIPELINE")
        CAMediaClock.manualTime = nil
        CAMediaClock.timeBase = MediaTimeBase()
        super.tearDown()
    }

    func testFramesDrawnInPlaceShowAsTheRenderersOwn() throws {
        for pipelined in [true, false] {
            let reference = try frames(presenter: "surface", pipelined: pipelined, keep: { _ in true })
            let drawn = try frames(presenter: "images", pipelined: pipelined, keep: { _ in false })
            XCTAssertEqual(drawn.name, "x11 shared images")
            XCTAssertEqual(drawn.shown.count, reference.kept.count)
            for (i, shown) in drawn.shown.enumerated() {
                XCTAssertTrue(shown == reference.kept[i].map { $0 & 0xFF_FFFF }, "pipelined \(pipelined), step \(i): the window shows the frame")
            }
            XCTAssertTrue(drawn.ownPixelsUntouched, "frames were drawn in place, not into the renderer's pixels")
            XCTAssertEqual(drawn.sent.first, 240 * 120, "the first frame is sent whole")
            XCTAssertLessThan(drawn.sent.last ?? .max, 240 * 120 * 2 / 3, "later frames send what changed")
        }
    }

    func testGoingBackToTheRenderersPixelsShowsTheSameFramesWithTheOverlays() throws {
        // In place for three steps, then frames kept (the renderer's own pixels again), with a banner from then.
        let reference = try frames(presenter: "surface", pipelined: true, keep: { _ in true })
        let drawn = try frames(presenter: "images", pipelined: true, keep: { $0 >= 3 }, banner: true)
        for (i, shown) in drawn.shown.enumerated() where i < 3 {
            XCTAssertTrue(shown == reference.kept[i].map { $0 & 0xFF_FFFF }, "step \(i)")
        }
        for i in 3..<drawn.shown.count {
            let scene = drawn.kept[i], overlay = drawn.overlay[i]
            XCTAssertTrue(scene == reference.kept[i], "step \(i): the renderer's pixels, redrawn whole, are the frame")
            let expected = zip(scene, overlay).map { Premultiplied.over($0, $1) & 0xFF_FFFF }
            XCTAssertTrue(drawn.shown[i] == expected, "step \(i): the window shows the frame with the banner over it")
            XCTAssertTrue(overlay.contains { $0 != 0 }, "step \(i): the banner is shown")
        }
    }

    private struct Frames {
        var name = ""
        /// The window's pixels (colour channels) after each step, the frames kept and the overlays.
        var shown: [[UInt32]] = []
        var kept: [[UInt32]] = []
        var overlay: [[UInt32]] = []
        var sent: [Int] = []
        var ownPixelsUntouched = true
    }

    /// Six steps of two frames each of a 240 x 120 window of moving rounded, shadowed cards;
    /// `keep(step)`: frames are kept (`keepsLastFrame`) in that step.
    private func frames(presenter: String, pipelined: Bool, keep: (Int) -> Bool, banner: Bool = false) throws -> Frames {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("no X display") }
        setenv("SDL_VIDEODRIVER", "x11", 1)
        setenv("LAMINA_PRESENT", presenter, 1)
        if pipelined { unsetenv("LAMINA_PIPELINE") } else { setenv("LAMINA_PIPELINE", "0", 1) }
        CAMediaClock.manualTime = 50
        CAMediaClock.timeBase = MediaTimeBase()
        let host = try WindowHost(title: "images", size: CGSize(width: 240, height: 120))
        host.virtualTime = true
        host.virtualFramePeriod = 1.0 / 60
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 120)
        root.backgroundColor = CGColor(srgbRed: 0.9, green: 0.88, blue: 0.85, alpha: 1)
        for k in 0..<4 {
            let card = CALayer()
            card.frame = CGRect(x: 10 + 55 * CGFloat(k), y: 20, width: 40, height: 30)
            card.backgroundColor = CGColor(srgbRed: 0.8, green: 0.3 + 0.1 * CGFloat(k), blue: 0.3, alpha: 1)
            card.cornerRadius = 8
            card.borderWidth = 2
            card.borderColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.8)
            card.shadowOpacity = 0.6
            card.shadowRadius = 4
            card.shadowOffset = CGSize(width: 0, height: 3)
            // Fast (12 points a frame): what a frame two back drew lies outside the damage.
            let bob = CABasicAnimation(keyPath: "position.x")
            bob.fromValue = 30
            bob.toValue = 210
            bob.duration = 0.25
            bob.autoreverses = true
            bob.repeatCount = .infinity
            // Only the first card moves: the others are sent once.
            if k == 0 { card.add(bob, forKey: "bob") }
            root.addSublayer(card)
        }
        host.layer = root
        var out = Frames()
        for step in 0..<6 {
            // The window's own layers from the fourth step.
            if banner && step == 3 { host.showBanner("A banner over the scene") }
            host.keepsLastFrame = keep(step)
            // (A run goes on counting the refreshes of the runs before.)
            host.run(frames: 2 * (step + 1))
            out.name = host.presentation
            out.shown.append(try windowPixels(host.window, width: 240, height: 120))
            out.kept.append(host.keepsLastFrame ? try XCTUnwrap(host.lastFrame, "step \(step): \(host.times.uploadedPixels)").premultipliedARGB : [])
            out.overlay.append(host.lastOverlayFrame?.premultipliedARGB ?? [UInt32](repeating: 0, count: 240 * 120))
            out.sent += host.times.uploadedPixels
            if !host.keepsLastFrame, let r = host.scheduler.renderer, r.pixelBuffer.pixels.contains(where: { $0 != 0 }) { out.ownPixelsUntouched = false }
        }
        return out
    }

    /// What the X server shows in `window` (its colour channels), read back with XGetImage.
    private func windowPixels(_ window: OpaquePointer, width: Int, height: Int) throws -> [UInt32] {
        var info = SDL_SysWMinfo()
        info.version.major = UInt8(SDL_MAJOR_VERSION)
        info.version.minor = UInt8(SDL_MINOR_VERSION)
        info.version.patch = UInt8(SDL_PATCHLEVEL)
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11, let display = info.info.x11.display else {
            throw XCTSkip("not an X11 window")
        }
        XSync(display, 0)
        let image = try XCTUnwrap(XGetImage(display, info.info.x11.window, 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap))
        defer { _ = image.pointee.f.destroy_image(image) }
        let pitch = Int(image.pointee.bytes_per_line) / 4
        let px = UnsafeRawPointer(image.pointee.data!).assumingMemoryBound(to: UInt32.self)
        var out: [UInt32] = []
        out.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { out.append(px[y * pitch + x] & 0xFF_FFFF) } }
        return out
    }
}
