import XCTest
import Synchronization
import QuartzCore
@testable import SDLHost

/// `WindowHandle` (the part of a window other threads may use) and what `run()` fixes before the
/// app thread starts.
final class WindowHandleTests: XCTestCase {
    /// A handle's `stop()` from another thread ends a run that would otherwise present 3000 frames:
    /// it stops within a few frames of being asked (the render loop looks at the shared state every
    /// frame).
    func testAHandleStopsTheRunFromAnotherThread() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "handle", size: CGSize(width: 80, height: 60))
        host.virtualTime = true
        let handle = host.handle
        let fifth = DispatchSemaphore(value: 0)
        let presented = Counter()
        host.onPresent = { _, _ in if presented.value.add(1, ordering: .relaxed).newValue == 5 { fifth.signal() } }
        Thread.detachNewThread {
            fifth.wait()
            handle.stop()
        }
        host.run(frames: 3000)
        XCTAssertGreaterThanOrEqual(host.frameCount, 5)
        XCTAssertLessThan(host.frameCount, 1000, "the run ended when the other thread stopped it, not at its frame limit")
        XCTAssertEqual(handle.frameCount, host.frameCount)
    }

    /// The app thread's first turn of each run already sees that run's frame period (the scheduler's
    /// settings are written before the app thread starts): 1/25 s, then 1/50 s in a second run.
    func testTheAppThreadSeesTheRunsFramePeriodFromItsFirstTurn() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        defer { CAMediaClock.manualTime = nil }
        let host = try WindowHost(title: "period", size: CGSize(width: 80, height: 60))
        host.virtualTime = true
        var firstSeen: [Double] = []
        var turnsThisRun = 0
        host.onTick = { _ in
            turnsThisRun += 1
            if turnsThisRun == 1 { firstSeen.append(host.scheduler.framePeriod) }
        }
        host.virtualFramePeriod = 1.0 / 25
        host.run(frames: 3)
        turnsThisRun = 0
        host.virtualFramePeriod = 1.0 / 50
        host.run(frames: 3)
        XCTAssertEqual(firstSeen, [0.04, 0.02])
    }
}

/// A count other threads add to.
private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}
