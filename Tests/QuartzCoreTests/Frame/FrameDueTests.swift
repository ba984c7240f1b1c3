import XCTest
@_spi(LaminaInternal) @testable import QuartzCore

/// The scheduler's frame-due decision on virtual time (LaminaTestCase starts it at t0 = 100): when a
/// window's render thread must draw, wait for an animation's start, or sleep.
final class FrameDueTests: LaminaTestCase {
    /// A scheduler drawing `root` (100x100) on the virtual clock.
    func scheduler(_ root: CALayer) -> FrameScheduler {
        let r = CARenderer(size: CGSize(width: 100, height: 100))
        r.layer = root
        r.drawsAnimatedDisplay = false  // as in a window: the render side runs no app code
        return FrameScheduler(clock: .virtual, renderer: r)
    }

    func draw(_ s: FrameScheduler, at t: Double) {
        s.setVirtualTime(t)
        s.drawFrame(at: t)
    }

    func testAnIdleTreeNeedsOneFrameThenNone() {
        let root = makeLayer()
        let s = scheduler(root)
        XCTAssertEqual(s.nextFrameDue(after: t0), .now, "nothing drawn yet")
        draw(s, at: t0)
        XCTAssertEqual(s.nextFrameDue(after: t0), .idle)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 50), .idle, "time passing changes nothing")
        // A commit makes a frame due, whatever the time; drawing it makes the tree idle again.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        root.opacity = 0.5
        CATransaction.commit()
        XCTAssertEqual(s.nextFrameDue(after: t0 + 50), .now)
        draw(s, at: t0 + 50)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 50), .idle)
        // A frame asked for (a step of paused time, a screenshot).
        s.requestFrame()
        XCTAssertEqual(s.nextFrameDue(after: t0 + 51), .now)
        draw(s, at: t0 + 51)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 51), .idle)
    }

    func testOneAnimationIsDueEveryFrameFromItsStartToItsEnd() {
        let root = makeLayer()
        let s = scheduler(root)
        draw(s, at: t0)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0; move.toValue = 100; move.duration = 1
        move.beginTime = t0 + 2  // starts 2 s from now
        root.add(move, forKey: "move")
        CATransaction.flush()
        XCTAssertEqual(s.nextFrameDue(after: t0), .now, "committed")
        draw(s, at: t0)
        XCTAssertEqual(s.nextFrameDue(after: t0), .at(t0 + 2), "waiting: due when it starts")
        draw(s, at: t0 + 2.5)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 2.5), .at(t0 + 2.5), "running: due at once")
        XCTAssertEqual(s.nextFrameDue(after: t0 + 2.6), .at(t0 + 2.6), "never in the past")
        draw(s, at: t0 + 3.5)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 3.5), .idle, "ended")
    }

    func testADisplayLinkKeepsFramesDueUntilPausedOrInvalidated() {
        let root = makeLayer()
        let s = scheduler(root)
        draw(s, at: t0)
        XCTAssertEqual(s.nextFrameDue(after: t0), .idle)
        var fired = 0
        let link = CADisplayLink(handler: { _ in fired += 1 })
        s.add(link)
        XCTAssertEqual(s.nextFrameDue(after: t0), .now)
        draw(s, at: t0 + 1)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 1), .now, "still active after a frame")
        s.postFrame(at: t0 + 1, timestamp: t0 + 1)
        XCTAssertEqual(fired, 1)
        // Paused by the app in its turn: the render side hears it when the turn commits.
        s.onAppTurn = { _ in link.isPaused = true }
        s.appTurn(at: t0 + 1)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 1), .idle)
        s.onAppTurn = { _ in link.isPaused = false }
        s.appTurn(at: t0 + 1)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 1), .now)
        link.invalidate()
        XCTAssertEqual(s.nextFrameDue(after: t0 + 1), .idle)
    }

    func testABlockedAppThreadStopsNoFrameOfTheAnimationsAlreadyCommitted() {
        let root = makeLayer()
        let s = scheduler(root)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0; move.toValue = 100; move.duration = 1
        root.add(move, forKey: "move")
        CATransaction.flush()
        draw(s, at: t0)
        // The app thread's turn changes the model, then blocks before its commit.
        let changed = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let layer = root  // the app thread's until `done`
        s.onAppTurn = { _ in
            CATransaction.setDisableActions(true)
            layer.opacity = 0.25
            changed.signal()
            release.wait()
        }
        nonisolated(unsafe) let app = s  // its app side runs on the app thread until `done`
        let start = t0
        Thread { app.appTurn(at: start); done.signal() }.start()
        changed.wait()
        XCTAssertEqual(s.runningPhases, [.appTurn], "the app side is in its turn")
        XCTAssertEqual(s.nextFrameDue(after: t0 + 0.5), .at(t0 + 0.5), "the animation is due; the uncommitted change is not")
        draw(s, at: t0 + 0.5)
        XCTAssertEqual(s.renderer?.renderTree.nodes.first?.opacity, 1, "the model change waits for its commit")
        XCTAssertEqual(s.runningPhases, [.appTurn], "a frame drawn while the app is blocked")
        draw(s, at: t0 + 1.5)
        XCTAssertEqual(s.nextFrameDue(after: t0 + 1.5), .idle, "ended, though the app never took its turn")
        release.signal()
        done.wait()
        XCTAssertEqual(s.runningPhases, [])
        XCTAssertEqual(s.nextFrameDue(after: t0 + 1.5), .now, "the turn committed its change")
    }
}
