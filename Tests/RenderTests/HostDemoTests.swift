import XCTest
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Demos

/// The demos in the real window host (SDL's offscreen driver), driven by synthetic input that goes
/// through SDL's event queue and the host's event path, on virtual time.
final class HostDemoTests: XCTestCase {
    func testGalleryClickOpensTheBounceDemoAndItRunsOnTheHostsFrames() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }
        CAMediaClock.manualTime = 0
        SDLFontProvider.installAsDefault()
        let size = CGSize(width: 960, height: 640)
        let host = try WindowHost(title: "test", size: size)
        host.virtualTime = true
        let shell = DemoShell(size: size)
        host.layer = shell.root
        host.onEvent = { e in
            if case .mouseDown(let p, _) = e { shell.handle(.mouseDown(p)) }
        }
        let tile = shell.tiles[DemoCatalog.all.firstIndex { $0 == BouncePathDemo.self }!]
        host.simulate(.mouseDown(CGPoint(x: tile.frame.midX, y: tile.frame.midY), button: 1))
        host.run(frames: 6)
        let demo = try XCTUnwrap(shell.current as? BouncePathDemo, "the click reached the gallery through SDL")
        host.simulate(.mouseDown(CGPoint(x: 400, y: 300), button: 1))
        host.run(frames: 3)
        let started = try XCTUnwrap(demo.ball.animation(forKey: "position"), "the click started the bounce")
        _ = started
        // Run to 2.5 s after the start on the host's own frames.
        let begin = CACurrentMediaTime()
        host.run(frames: host.frameCount + Int(2.5 * host.refreshRate))
        let elapsed = CACurrentMediaTime() - begin
        XCTAssertGreaterThan(elapsed, 2.4)
        XCTAssertGreaterThan(host.frameCount, 150)
        XCTAssertEqual(host.times.missed, 0, "virtual time never misses a frame")
    }
}

final class HostBlockingTests: XCTestCase {
    func testFramesKeepComingWhileTheAppThreadIsBlocked() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let size = CGSize(width: 480, height: 320)
        let host = try WindowHost(title: "test", size: size)
        let shell = DemoShell(size: size, open: BlockedAppDemo.name)
        host.layer = shell.root
        var blockedAt = -1, resumedAt = -1
        host.onEvent = { e in
            if case .mouseDown(let p, _) = e {
                blockedAt = host.frameCount
                shell.handle(.mouseDown(p))          // sleeps one second on the app thread
                resumedAt = host.frameCount
            }
        }
        let demo = try XCTUnwrap(shell.current as? BlockedAppDemo)
        let b = demo.button.convert(demo.button.bounds, to: shell.root)
        host.simulate(.mouseDown(CGPoint(x: b.midX, y: b.midY), button: 1))
        host.run(frames: 100)
        XCTAssertGreaterThanOrEqual(blockedAt, 0, "the click reached the button")
        XCTAssertGreaterThan(resumedAt - blockedAt, 20, "the SDL thread went on presenting while the app slept (\(resumedAt - blockedAt) frames)")
    }

    func testImageSequenceShowsTheFramesInTurn() throws {
        DemoResources.assetsDirectory = SDLFontProvider.assetsDirectory
        DemoResources.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let d = ImageSequenceDemo(size: CGSize(width: 600, height: 400))
        XCTAssertEqual(d.frames.count, 12)
        CATransaction.flush()
        CAMediaClock.manualTime = 0.5 + 1 / 48.0
        let shown = try XCTUnwrap(d.imageLayer.presentation()?.contents as? CGImage)
        XCTAssertTrue(shown === d.frames[6], "half a second into the 1 s cycle: frame 7")
    }
}
