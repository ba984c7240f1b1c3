import XCTest
import LaminaTestSupport
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
        DefaultFontProvider.installAsDefault()
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
    /// The button blocks the app thread until the render (SDL) thread has presented 30 more
    /// frames: counted through `onPresent`, not timed, so a slow machine only makes it take longer.
    /// Watchdogs (30 s for the frames, 45 s for the whole run) fail the test instead of hanging.
    func testFramesKeepComingWhileTheAppThreadIsBlocked() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let size = CGSize(width: 480, height: 320)
        let host = try WindowHost(title: "test", size: size)
        let shell = DemoShell(size: size, open: BlockedAppDemo.name)
        host.layer = shell.root
        let demo = try XCTUnwrap(shell.current as? BlockedAppDemo)
        let framesWhileBlocked = 30
        let presented = NSCondition()
        host.onPresent = { _, _ in presented.lock(); presented.broadcast(); presented.unlock() }
        var waitHung = false
        demo.block = {
            // On the app thread: wait (without sleeping a fixed time) for the frames the render thread presents.
            let start = host.frameCount, deadline = Date(timeIntervalSinceNow: 30)
            presented.lock()
            while host.frameCount < start + framesWhileBlocked {
                if !presented.wait(until: deadline) { waitHung = true; break }
            }
            presented.unlock()
        }
        var blockedAt = -1, resumedAt = -1
        host.onEvent = { e in
            if case .mouseDown(let p, _) = e {
                blockedAt = host.frameCount
                shell.handle(.mouseDown(p))          // blocks the app thread until 30 more frames were presented
                resumedAt = host.frameCount
                host.stop()
            }
        }
        // A few frames first, so that the spinning animation is committed and on screen before the
        // click blocks the app thread: the first turn handles its input before its commit, and a
        // click queued before the window ran could block it with nothing yet animating (no frame
        // is due then, and none came: a hang seen once on CI).
        host.run(frames: 3)
        let b = demo.button.convert(demo.button.bounds, to: shell.root)
        host.simulate(.mouseDown(CGPoint(x: b.midX, y: b.midY), button: 1))
        let handle = host.handle
        let watchdog = HangWatchdog(seconds: HangWatchdog.windowRunSeconds) { handle.stop() }
        host.run()
        XCTAssertFalse(watchdog.finish(), "the window ran \(HangWatchdog.windowRunSeconds) s without the click being handled (a hang)")
        XCTAssertFalse(waitHung, "the render thread stopped presenting while the app thread was blocked")
        XCTAssertGreaterThanOrEqual(blockedAt, 0, "the click reached the button")
        XCTAssertGreaterThanOrEqual(resumedAt - blockedAt, framesWhileBlocked, "the SDL thread went on presenting while the app thread was blocked")
    }

    func testImageSequenceShowsTheFramesInTurn() throws {
        DemoResources.assetsDirectory = DefaultFontProvider.assetsDirectory
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

/// Every demo in the real host: opened, clicked or swiped through SDL's event queue, run on the
/// host's own virtual-time frames, and checked on its presentation tree and its rendered frames.
/// (Windows are small and virtual frames coarse: the tests run in debug builds.)
final class HostEveryDemoTests: XCTestCase {
    func host(for type: Demo.Type, size: CGSize, period: Double) throws -> (WindowHost, DemoShell) {
        DefaultFontProvider.installAsDefault()
        DemoResources.assetsDirectory = DefaultFontProvider.assetsDirectory
        DemoResources.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        let host = try WindowHost(title: type.name, size: size)
        host.virtualTime = true
        host.virtualFramePeriod = period
        host.keepsLastFrame = true
        let shell = DemoShell(size: size, open: type.name)
        host.layer = shell.root
        host.onEvent = { e in
            switch e {
            case .mouseDown(let p, _): shell.handle(.mouseDown(p))
            case .swipe(let s): shell.handle(.swipe(s == .left ? .left : .right))
            default: break
            }
        }
        return (host, shell)
    }

    override func setUp() { setenv("SDL_VIDEODRIVER", "offscreen", 1); CAMediaClock.manualTime = 0 }
    override func tearDown() { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }

    func testEveryDemoOpensAndDrawsInTheHost() throws {
        for type in DemoCatalog.all where type != BlockedAppDemo.self {
            let (host, _) = try host(for: type, size: CGSize(width: 320, height: 200), period: 0.1)
            host.simulate(.mouseDown(CGPoint(x: 160, y: 90), button: 1))
            host.run(frames: 3)
            let frame = try XCTUnwrap(host.lastFrame, type.name)
            XCTAssertGreaterThan(Set(frame.premultipliedARGB).count, 3, "\(type.name) draws something")
            XCTAssertEqual(host.times.missed, 0, type.name)
        }
    }

    func testBounceIsAtTheMiddleOfItsPathAtTwoAndAHalfSeconds() throws {
        let (host, shell) = try host(for: BouncePathDemo.self, size: CGSize(width: 640, height: 480), period: 0.1)
        host.simulate(.mouseDown(CGPoint(x: 320, y: 220), button: 1))
        host.run(frames: 3)
        let demo = try XCTUnwrap(shell.current as? BouncePathDemo)
        let begin = try XCTUnwrap(demo.ball.animation(forKey: "position"), "the click through SDL started it").beginTime
        host.run(frames: host.frameCount + Int(((begin + 2.5) - CACurrentMediaTime()) / 0.1 + 0.5))
        XCTAssertEqual(CACurrentMediaTime() - begin, 2.5, accuracy: 0.1 + 1e-9)
        CAMediaClock.manualTime = begin + 2.5
        let p = try XCTUnwrap(demo.ball.presentation()).position
        XCTAssertEqual(p.x, 320, accuracy: 0.5); XCTAssertEqual(p.y, 74, accuracy: 0.5)
    }

    func testFolderAfterASwipeShowsAPerspectiveQuad() throws {
        let (host, shell) = try host(for: FolderDemo.self, size: CGSize(width: 320, height: 240), period: 0.05)
        let a = CGPoint(x: 250, y: 100), b = CGPoint(x: 120, y: 105)
        host.simulate(.mouseDown(a, button: 1)); host.simulate(.mouseMoved(b, dragging: true)); host.simulate(.mouseUp(b, button: 1))
        host.run(frames: 3)
        let demo = try XCTUnwrap(shell.current as? FolderDemo)
        XCTAssertTrue(demo.folded, "the drag travelled SDL → host swipe recogniser → demo")
        let begin = try XCTUnwrap(demo.rotateLayer.animation(forKey: "fold")).beginTime
        // A little before the middle of the 1.2 s turn, the page is not yet edge-on.
        host.run(frames: host.frameCount + max(0, Int(((begin + 0.45) - CACurrentMediaTime()) / 0.05)))
        let frame = try XCTUnwrap(host.lastFrame)
        func blueRun(_ x: Int) -> Int {
            (0..<frame.height).filter { y in let p = frame.pixel(x: x, y: y); return (p & 255) > ((p >> 16) & 255) + 40 }.count
        }
        let page = demo.pageRect
        let hinge = blueRun(Int(page.midX) + 1)
        // A column a little inside the page's outer (near) edge as it appears now.
        let outerColumn = ((Int(page.midX) + 2)..<frame.width).last { blueRun($0) > 0 } ?? frame.width
        let outer = blueRun(outerColumn - 2)
        XCTAssertLessThan(outerColumn, Int(page.maxX) - 10, "the turning page is foreshortened")
        XCTAssertGreaterThan(outer, hinge, "near edge \(outer) px taller than the far (hinge) edge \(hinge) px")
    }
}
