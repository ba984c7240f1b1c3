import XCTest
import Synchronization
@_spi(LaminaInternal) import QuartzCore
import SDLHost
@testable import lamina

/// `lamina bench --frames N` measures N presented frames (issue 27: `bench stress --frames 900`
/// reported 711, the window's refresh count having reached 930 with 189 refreshes missed).
final class BenchFrameCountTests: XCTestCase {
    /// A model of `WindowHost.run(frames:)`'s counting: each turn of its loop checks the refresh
    /// count against the limit, then either sleeps through `idle` refreshes (while `idleAfter`
    /// frames have been presented this run) or presents a frame, `missEvery`-th ones after a
    /// missed refresh. Every run presents its first frame.
    final class ModelWindow: RefreshCountingWindow {
        var refreshes = 0, frameCount = 0, missed = 0, idle = 0, runs = 0
        let missEvery: Int, idleAfter: Int?
        init(missEvery: Int, idleAfter: Int? = nil) { self.missEvery = missEvery; self.idleAfter = idleAfter }
        var times: WindowHost.FrameTimes {
            var t = WindowHost.FrameTimes()
            t.missed = missed; t.idleRefreshes = idle
            return t
        }
        func run(frames: Int?, seconds: Double?) {
            runs += 1
            var presentedThisRun = 0
            while refreshes < frames! {
                if let n = idleAfter, presentedThisRun >= n {
                    let whole = frames! - refreshes
                    refreshes += whole; idle += whole
                    continue
                }
                if (frameCount + 1) % missEvery == 0 { refreshes += 1; missed += 1 }
                refreshes += 1; frameCount += 1; presentedThisRun += 1
            }
        }
    }

    /// Every 4th frame after a missed refresh: one run of 100 refreshes presents 80 frames (4 in
    /// each 5 refreshes); the bench runs on until 100 are presented, and never more.
    func testMissedRefreshesDoNotCountAsMeasuredFrames() {
        let once = ModelWindow(missEvery: 4)
        once.run(frames: 100, seconds: nil)
        XCTAssertEqual(once.frameCount, 80, "the model: what a single run presents")
        let w = ModelWindow(missEvery: 4)
        FramePresentingRun.run(w, frames: 100, stopped: { false })
        XCTAssertEqual(w.frameCount, 100)
        XCTAssertEqual(w.missed, 25, "a missed refresh before frames 4, 8, ... 100")
    }

    /// A scene that goes idle after 5 frames: its idle refreshes count, and the run ends.
    func testAnIdleSceneEnds() {
        let w = ModelWindow(missEvery: 1_000, idleAfter: 5)
        FramePresentingRun.run(w, frames: 100, stopped: { false })
        XCTAssertEqual(w.frameCount, 5)
        XCTAssertEqual(w.frameCount + w.idle, 100)
        XCTAssertEqual(w.runs, 1)
    }

    /// A closed window is not opened again.
    func testAClosedWindowEndsTheRun() {
        let w = ModelWindow(missEvery: 2)
        FramePresentingRun.run(w, frames: 100, stopped: { true })
        XCTAssertEqual(w.runs, 1)
    }

    /// A real window (SDL's offscreen driver, real time) whose every present takes 40 ms, over two
    /// 60 Hz refreshes: it misses refreshes on any machine, yet 20 frames are presented, not fewer.
    func testARealWindowThatMissesRefreshesPresentsTheFramesAskedFor() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        AppRunner.installResources()
        let host: WindowHost
        do { host = try WindowHost(title: "test", size: CGSize(width: 64, height: 48)) } catch { throw XCTSkip("no SDL video: \(error)") }
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let spin = CABasicAnimation(keyPath: "position.x")
        spin.fromValue = 5; spin.toValue = 59; spin.duration = 1; spin.repeatCount = .infinity
        square.add(spin, forKey: "move")
        host.layer = square
        host.onPresent = { _, _ in usleep(40_000) }
        FramePresentingRun.run(host, frames: 20, stopped: { false })
        XCTAssertGreaterThan(host.times.missed, 0, "40 ms presents miss 60 Hz refreshes")
        XCTAssertEqual(host.frameCount, 20)
    }
}
