import XCTest
import Synchronization
import LaminaViews
@testable import QuartzCore

/// View animation blocks are per thread, as Apple's UIView blocks and `CATransaction` are: a block
/// running on one thread does not change how another thread's view changes animate. Two threads
/// run interleaved blocks in a fixed order (semaphores hand the turn over, no sleeps) and each
/// reads back the animation its own change made.
final class ViewAnimationPerThreadTests: LaminaTestCase {
    /// What each thread saw (Sendable values only cross back to the test).
    struct Seen: Sendable {
        /// Thread A, inside its 2 s block while B is inside its 0.5 s one: its opacity animation's duration.
        var aInsideBlock: Double?
        /// Thread B, outside any block of its own while A is inside one: its opacity change's animation keys.
        var bOutsideBlock: [String]?
        /// Thread B, inside its 0.5 s block while A is inside its 2 s one: its position animation's duration.
        var bInsideBlock: Double?
    }

    private static func view() -> LaminaView {
        let v = LaminaView()
        v.layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        CATransaction.flush()
        return v
    }

    private static func duration(_ layer: CALayer, _ key: String) -> Double? {
        (layer.animation(forKey: key) as? CABasicAnimation).map { Double($0.duration) }
    }

    func testBlocksOnTwoThreadsDoNotSeeEachOther() {
        let seen = Mutex(Seen())
        let aInside = DispatchSemaphore(value: 0), bInside = DispatchSemaphore(value: 0), aChanged = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        // A: enters a 2 s block, lets B run, changes its view while B is inside B's own block.
        Thread {
            let v = Self.view()
            LaminaView.animate(withDuration: 2, animations: {
                aInside.signal()
                bInside.wait()
                v.layer.opacity = 0.5
                let d = Self.duration(v.layer, "opacity")
                seen.withLock { $0.aInsideBlock = d }
                aChanged.signal()
            })
            CATransaction.flush()
            finished.signal()
        }.start()
        // B: while A is inside its block, changes its view outside any block (it must snap), then
        // enters a 0.5 s block of its own and changes its view there once A has made its change.
        Thread {
            let v = Self.view()
            aInside.wait()
            v.layer.opacity = 0.25
            let keys = v.layer.animationKeys()
            seen.withLock { $0.bOutsideBlock = keys }
            LaminaView.animate(withDuration: 0.5, animations: {
                bInside.signal()
                aChanged.wait()
                v.layer.position = CGPoint(x: 40, y: 40)
                let d = Self.duration(v.layer, "position")
                seen.withLock { $0.bInsideBlock = d }
            })
            CATransaction.flush()
            finished.signal()
        }.start()
        XCTAssertEqual(finished.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(finished.wait(timeout: .now() + 60), .success)
        let s = seen.withLock { $0 }
        XCTAssertEqual(s.aInsideBlock, 2, "A's change takes A's block's duration, not B's")
        XCTAssertNil(s.bOutsideBlock, "B's change outside any block of B's snaps, though A is inside a block")
        XCTAssertEqual(s.bInsideBlock, 0.5, "B's change takes B's block's duration")
    }

    func testNestedBlocksOnOneThreadStillNest() {
        let v = Self.view()
        var inner: Double?, outer: Double?
        LaminaView.animate(withDuration: 3, animations: {
            LaminaView.animate(withDuration: 1, animations: {
                v.layer.opacity = 0.5
                inner = Self.duration(v.layer, "opacity")
            })
            v.layer.position = CGPoint(x: 30, y: 30)
            outer = Self.duration(v.layer, "position")
        })
        v.layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        XCTAssertEqual(inner, 1)
        XCTAssertEqual(outer, 3, "the outer block is current again after the inner one ends")
        XCTAssertNil(v.layer.animation(forKey: "bounds"), "after both blocks, changes snap")
    }
}
