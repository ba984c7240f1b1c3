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
