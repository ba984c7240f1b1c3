import XCTest
import LaminaTestSupport
import QuartzCore
@testable import SDLHost

/// The real host on SDL's offscreen video driver (no display needed): it opens, renders frames from
/// its loop, delivers events to the app thread and stops.
final class WindowHostTests: XCTestCase {
    /// On real time: the app thread stops the window once it has received the key and the swipe
    /// and at least 12 display refreshes passed (frames presented, or slept through while idle) (events counted, not a fixed number of frames that a
    /// loaded machine might present before the app thread ever runs); a watchdog (45 s) fails the
    /// test instead of hanging.
    func testHostRendersFramesAndDeliversEventsOnTheAppThread() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "test", size: CGSize(width: 200, height: 120))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0.5, blue: 1, alpha: 1)
        host.layer = root
        let mainThread = Thread.current
        var ticks = 0, tickedOnMain = false
        var keys: [String] = []
        var swipes: [HostEvent.Swipe] = []
        host.onTick = { _ in
            ticks += 1
            if Thread.current == mainThread { tickedOnMain = true }
            let t = host.times
            if !keys.isEmpty && !swipes.isEmpty && t.evaluate.count + t.idleRefreshes + t.missed >= 12 { host.stop() }
        }
        host.onEvent = { e in
            if case .key(let k) = e { keys.append(k) }
            if case .swipe(let s) = e { swipes.append(s) }
        }
        host.simulate(.key("Space"))
        host.simulate(.mouseDown(CGPoint(x: 150, y: 60), button: 1))
        host.simulate(.mouseUp(CGPoint(x: 40, y: 62), button: 1))
        let handle = host.handle
        let watchdog = HangWatchdog(seconds: HangWatchdog.windowRunSeconds) { handle.stop() }
        host.run()
        XCTAssertFalse(watchdog.finish(), "no key, swipe or 12 refreshes in \(HangWatchdog.windowRunSeconds) s (a hang)")
        XCTAssertEqual(keys, ["Space"], "a key travels SDL → host → app thread")
        XCTAssertEqual(swipes, [.left], "a left drag is a swipe")
        XCTAssertGreaterThanOrEqual(host.frameCount, 1)
        XCTAssertGreaterThanOrEqual(host.frameCount + host.times.idleRefreshes + host.times.missed, 12, "presented, missed or slept through")
        XCTAssertGreaterThan(ticks, 0)
        XCTAssertFalse(tickedOnMain, "app code runs on the app thread, not the SDL thread")
        XCTAssertEqual(host.times.evaluate.count, host.frameCount)
        XCTAssertEqual(host.times.uploadedPixels.first, 200 * 120, "the first frame uploads the whole window to the texture")
    }

    /// What the renderer draws reaches the window's texture: a moving layer's frames upload the
    /// region that changed, a frame without change uploads nothing.
    func testEachFrameUploadsWhatChanged() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }
        CAMediaClock.manualTime = 10
        let host = try WindowHost(title: "upload", size: CGSize(width: 100, height: 80))
        host.virtualTime = true
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        box.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5; move.toValue = 95; move.duration = 0.25
        box.add(move, forKey: "move")
        root.addSublayer(box)
        host.layer = root
        host.run(frames: 30)
        let up = host.times.uploadedPixels
        XCTAssertEqual(up.first, 100 * 80, "the first frame: the whole window")
        XCTAssertTrue(up.dropFirst().prefix(10).allSatisfy { $0 > 0 && $0 < 100 * 80 }, "moving: part of the window each frame (\(up.prefix(12)))")
        XCTAssertEqual(up.last, 0, "at rest: nothing to upload")
    }
}

/// An idle window costs nothing: it draws and presents nothing while nothing changes, an animation
/// wakes it, and it goes back to sleep once the animation has ended. Counts of frames, not speed:
/// a slower machine draws fewer frames while the animation runs, but never any while idle.
final class IdleWindowTests: XCTestCase {
    func testAnIdleWindowDrawsNothingUntilAnAnimationRunsAndStopsAfterItEnds() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "idle", size: CGSize(width: 160, height: 100))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 100)
        let box = CALayer()
        box.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        box.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(box)
        host.layer = root
        var ticks = 0
        host.onTick = { _ in ticks += 1 }
        host.run(seconds: 0.6)
        let first = host.frameCount
        XCTAssertLessThanOrEqual(first, 2, "the first frame, then nothing: \(first) frames in 0.6 s of an unchanging window")
        XCTAssertGreaterThan(host.times.idleRefreshes, 0)
        XCTAssertLessThan(ticks, 25, "the app thread polls at most every 0.1 s while idle (\(ticks) turns)")
        // An animation added by the app wakes the window.
        var added = false
        host.onTick = { _ in
            guard !added else { return }
            added = true
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1; fade.toValue = 0.2; fade.duration = 0.3
            box.add(fade, forKey: "fade")
        }
        host.run(seconds: 1)
        let during = host.frameCount - first
        XCTAssertGreaterThan(during, 1, "frames resumed while the animation ran")
        // Ended: asleep again.
        let ended = host.frameCount
        host.run(seconds: 0.6)
        XCTAssertLessThanOrEqual(host.frameCount - ended, 1, "no frames after the animation ended")
    }
}

final class DisplayLinkAndOverlayTests: XCTestCase {
    func testDisplayLinkFiresPerFrameOnVirtualTimeAndStopsWhenInvalidated() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }
        CAMediaClock.manualTime = 100
        let host = try WindowHost(title: "test", size: CGSize(width: 160, height: 100))
        host.virtualTime = true
        var stamps: [CFTimeInterval] = []
        let link = CADisplayLink { l in
            stamps.append(l.targetTimestamp)
            if stamps.count == 5 { l.invalidate() }
        }
        host.add(link)
        host.simulate(.key(WindowHost.overlayKey))
        host.run(frames: 30)
        XCTAssertEqual(stamps.count, 5, "invalidate stops the link")
        XCTAssertTrue(zip(stamps, stamps.dropFirst()).allSatisfy { $1 > $0 }, "timestamps move forward")
        XCTAssertTrue(host.showsOverlay, "the overlay key toggles the overlay")
        let t = CACurrentMediaTime()
        XCTAssertEqual(t, 100 + 30 / host.refreshRate, accuracy: 2 / host.refreshRate, "virtual time advanced one period a frame")
    }
}

/// Frame timings are bounded however long a window stays open.
final class FrameTimesBoundTests: XCTestCase {
    func testOldFramesAreDroppedPastTheLimit() {
        var t = WindowHost.FrameTimes()
        let n = WindowHost.FrameTimes.kept + WindowHost.FrameTimes.kept / 8 + 1
        for i in 0..<n {
            t.intervals.append(Double(i)); t.commit.append(0); t.evaluate.append(0); t.rasterise.append(0); t.present.append(Double(i))
            t.trim()
        }
        XCTAssertEqual(t.intervals.count, WindowHost.FrameTimes.kept)
        XCTAssertEqual(t.present.count, WindowHost.FrameTimes.kept)
        XCTAssertEqual(t.intervals.last, Double(n - 1), "the newest frames are kept")
        XCTAssertEqual(t.intervals.first, Double(n - WindowHost.FrameTimes.kept))
    }
}
