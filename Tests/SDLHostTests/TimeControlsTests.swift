import XCTest
import LaminaTestSupport
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
@testable import SDLHost

/// The window's time controls on SDL's offscreen driver, driven by synthetic key events, on a
/// virtual clock of 0.25 s a frame starting at 100 (exact in binary).
///
/// Lockstep under virtual time: frame k is at host time 100 + 0.25 k; the keys simulated before
/// `run` are pumped by frame 1 and handled in the app's turn on frame 1, which runs once the clock
/// is at frame 2's host time (100.5): that is where they act.
final class TimeControlsTests: OffscreenClockTestCase {
    override class var startTime: CFTimeInterval { 100 }

    private func makeHost(_ size: CGSize = CGSize(width: 64, height: 48)) throws -> WindowHost {
        let host = try WindowHost(title: "time", size: size)
        host.virtualTime = true
        host.virtualFramePeriod = 0.25
        return host
    }

    /// Pause at 100.5, two frames forward and one back: media time stands at 100.75 for every later
    /// frame; display links see it, and the frame drawn shows a linear 1 s fade that started at 100
    /// at 0.75 (red 0.75 × 255 = 191.25).
    func testPauseAndStepsFreezeMediaTimeForAnimationsDisplayLinksAndFrames() throws {
        let host = try makeHost()
        host.keepsLastFrame = true
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        root.add(fade, forKey: "fade")
        host.layer = root
        var stamps: [CFTimeInterval] = []
        host.add(CADisplayLink { stamps.append($0.timestamp) })
        for k in ["F6", "F8", "F8", "F7"] { host.simulate(.key(k)) }
        host.run(frames: 10)
        XCTAssertTrue(host.isPaused)
        XCTAssertEqual(CACurrentMediaTime(), 100.75, "paused at 100.5, +0.25 +0.25 −0.25")
        XCTAssertEqual(stamps, [100.25] + Array(repeating: 100.75, count: 9), "frame 1 ran before the pause; then frozen")
        let frame = try XCTUnwrap(host.lastFrame)
        let red = Int((frame.premultipliedARGB[frame.width * 24 + 32] >> 16) & 255)
        XCTAssertEqual(red, 191, accuracy: 1, "the fade drawn at media time 100.75")
    }

    /// The speed key: ×1 → ×2 at host 100.5; ten frames end at host 102.5, media 100.5 + 2 × 2.
    /// Pressed four times the speeds come back round to ×1 (×2, ×1/10, ×1/2, ×1).
    func testTheSpeedKeyScalesMediaTimeAndCycles() throws {
        let host = try makeHost()
        host.simulate(.key("F9"))
        host.run(frames: 10)
        XCTAssertEqual(host.speed, 2)
        XCTAssertEqual(CACurrentMediaTime(), 104.5)
        XCTAssertEqual(WindowHost.nextSpeed(after: 2), 0.1)
        XCTAssertEqual(WindowHost.nextSpeed(after: 0.1), 0.5)
        XCTAssertEqual(WindowHost.nextSpeed(after: 0.5), 1)
    }

    /// The restart key calls the restart hook once, on the app thread; pausing and resuming in one
    /// turn leaves media time running on as if nothing happened (frame 10: 102.5).
    func testTheRestartKeyCallsTheHookOnTheAppThread() throws {
        let host = try makeHost()
        let main = Thread.current
        var restarts = 0, onMain = false
        host.onRestart = { restarts += 1; if Thread.current == main { onMain = true } }
        for k in ["F10", "F6", "F6"] { host.simulate(.key(k)) }
        host.run(frames: 10)
        XCTAssertEqual(restarts, 1)
        XCTAssertFalse(onMain)
        XCTAssertFalse(host.isPaused)
        XCTAssertEqual(CACurrentMediaTime(), 102.5)
    }

    /// On the real clock: from the turn that handles the pause key on, every app turn sees the same
    /// media time (the ticks are compared with each other, no duration is assumed). A typed "?"
    /// shows the overlay.
    func testPauseOnTheRealClockFreezesMediaTimeAndQuestionMarkShowsTheOverlay() throws {
        CAMediaClock.manualTime = nil
        let host = try WindowHost(title: "real", size: CGSize(width: 64, height: 48))
        var paused = false
        var ticks: [CFTimeInterval] = []
        host.onEvent = { e in if e == .key(WindowHost.Keys.pause) { paused = true } }
        host.onTick = { t in
            guard paused else { return }
            ticks.append(t)
            if ticks.count >= 4 { host.stop() }
        }
        host.simulate(.key(WindowHost.Keys.pause))
        host.simulate(.key("?"))
        let handle = host.handle
        let watchdog = HangWatchdog(seconds: HangWatchdog.windowRunSeconds) { handle.stop() }
        host.run()
        XCTAssertFalse(watchdog.finish(), "four turns after the pause within \(HangWatchdog.windowRunSeconds) s")
        XCTAssertEqual(ticks.count, 4)
        XCTAssertEqual(Set(ticks).count, 1, "media time stands still: \(ticks)")
        XCTAssertEqual(CACurrentMediaTime(), ticks[0], "CACurrentMediaTime() too")
        XCTAssertTrue(host.showsOverlay, "? shows the overlay")
    }

    /// On the real clock a paused window sleeps although an animation is running and the badge and
    /// the timeline are shown: after the frames that show the pause, it draws nothing (frames
    /// counted, not timed; running, the animation would draw every refresh of the 0.8 s).
    func testAPausedWindowSleeps() throws {
        CAMediaClock.manualTime = nil
        let host = try WindowHost(title: "sleep", size: CGSize(width: 64, height: 48))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        box.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5; move.toValue = 60; move.duration = 100
        box.add(move, forKey: "move")
        root.addSublayer(box)
        host.layer = root
        host.simulate(.key(WindowHost.Keys.pause))
        host.simulate(.key(WindowHost.Keys.timeline))
        host.run(seconds: 0.3)
        let settled = host.frameCount
        host.run(seconds: 0.8)
        XCTAssertTrue(host.isPaused)
        XCTAssertLessThanOrEqual(host.frameCount - settled, 1, "paused: no frames while nothing changes")
        XCTAssertGreaterThan(host.times.idleRefreshes, 0)
    }
}
