import Foundation
import Synchronization
import XCTest
@testable import QuartzCore

/// The animation registries are reached only through `ModelLocked`: each access holds `ModelLock`,
/// code under it may call back into the same registry, and a delivery's delegate calls run with
/// the lock released (so a delegate may wait for another thread that commits).
final class ModelLockedTests: LaminaTestCase {
    /// Whether another thread can take `ModelLock` right now.
    private func lockIsFreeForAnotherThread() -> Bool {
        let free = Atomic(false)
        let done = DispatchSemaphore(value: 0)
        Thread {
            if ModelLock.shared.try() { free.store(true, ordering: .releasing); ModelLock.shared.unlock() }
            done.signal()
        }.start()
        done.wait()
        return free.load(ordering: .acquiring)
    }

    func testWithLockHoldsTheModelLockAndAllowsNestedAccess() {
        XCTAssertTrue(lockIsFreeForAnotherThread())
        let count = AnimationRuntime.shared.withLock { _ in
            XCTAssertFalse(lockIsFreeForAnotherThread(), "withLock holds ModelLock")
            // Nested: the registry's own members take the lock again on this thread.
            return AnimationRuntime.shared.registeredCount
        }
        XCTAssertEqual(count, 0)
        XCTAssertTrue(lockIsFreeForAnotherThread())
    }

    func testDelegateCallsOfADeliveryRunWithTheLockReleased() {
        final class LockProbe: NSObject, CAAnimationDelegate {
            var freeAtStart: Bool?, freeAtStop: Bool?
            let probe: () -> Bool
            init(_ probe: @escaping () -> Bool) { self.probe = probe }
            func animationDidStart(_ anim: CAAnimation) { freeAtStart = probe() }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { freeAtStop = probe() }
        }
        let layer = makeLayer()
        let probe = LockProbe { [unowned self] in self.lockIsFreeForAnotherThread() }
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        a.delegate = probe
        layer.add(a, forKey: "fade")
        CATransaction.flush()
        at(0.5)
        at(1.5)
        XCTAssertEqual(probe.freeAtStart, true, "animationDidStart runs outside ModelLock")
        XCTAssertEqual(probe.freeAtStop, true, "animationDidStop runs outside ModelLock")
    }
}
