import XCTest
import LaminaTestSupport
import QuartzCore
@testable import SDLHost

/// A commit runs app code (layout, `draw(in:)`); the render side reads only published trees, so a
/// slow `draw(in:)` delays its own change and nothing else: the animations already committed keep
/// their frames. Counted in frames presented while the drawing waits, not in time.
final class SlowCommitTests: XCTestCase {
    /// A layer whose drawing waits until `wait` returns (on the app thread, inside a commit).
    final class SlowLayer: CALayer {
        var wait: () -> Void = {}
        override func draw(in ctx: CGContext) {
            wait()
            ctx.setFillColor(CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1))
            ctx.fill(bounds)
        }
    }

    func testASlowDrawDuringACommitDoesNotStopTheFramesOfRunningAnimations() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let host = try WindowHost(title: "slow draw", size: CGSize(width: 160, height: 100))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 100)
        let spinner = CALayer()
        spinner.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        spinner.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0; spin.toValue = 2 * Double.pi; spin.duration = 1; spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        let slow = SlowLayer()
        slow.frame = CGRect(x: 80, y: 10, width: 40, height: 40)
        root.addSublayer(spinner)
        root.addSublayer(slow)
        host.layer = root
        // The spinner runs before the slow commit: committed here, so the render side has an
        // animation to draw (an idle window would rightly present nothing while it waits).
        CATransaction.flush()
        let presented = NSCondition()
        host.onPresent = { _, _ in presented.lock(); presented.broadcast(); presented.unlock() }
        let framesDuringDraw = 20
        var drawStarted = -1, drawEnded = -1, waitHung = false
        slow.wait = {
            // Inside the commit, on the app thread: wait for frames the render thread presents.
            drawStarted = host.frameCount
            let deadline = Date(timeIntervalSinceNow: 30)
            presented.lock()
            while host.frameCount < drawStarted + framesDuringDraw {
                if !presented.wait(until: deadline) { waitHung = true; break }
            }
            presented.unlock()
            drawEnded = host.frameCount
        }
        var asked = false
        host.onTick = { _ in
            if !asked { asked = true; slow.setNeedsDisplay() }      // drawn by this turn's commit
            else if drawEnded >= 0 { host.stop() }
        }
        let handle = host.handle
        let watchdog = HangWatchdog(seconds: HangWatchdog.windowRunSeconds) { handle.stop() }
        host.run()
        XCTAssertFalse(watchdog.finish(), "the window did not finish in \(HangWatchdog.windowRunSeconds) s (a hang)")
        XCTAssertFalse(waitHung, "no frame was presented while draw(in:) ran inside the commit: the render side waited for the app")
        XCTAssertGreaterThanOrEqual(drawStarted, 0, "draw(in:) ran")
        XCTAssertGreaterThanOrEqual(drawEnded - drawStarted, framesDuringDraw)
    }
}
