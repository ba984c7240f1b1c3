import XCTest
@testable import QuartzCore

final class TransactionTests: LaminaTestCase {
    func testPresentationIsNilBeforeFirstCommit() {
        let l = CALayer()
        XCTAssertNil(l.presentation())
        CATransaction.flush()
        XCTAssertNotNil(l.presentation())
    }

    func testChangesReachPresentationOnlyAtCommit() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.position = CGPoint(x: 10, y: 20)
        XCTAssertEqual(l.position, CGPoint(x: 10, y: 20), "the model changes at once")
        XCTAssertEqual(l.presentation()?.position, CGPoint(x: 50, y: 50), "the presentation waits for the commit")
        CATransaction.commit()
        XCTAssertEqual(l.presentation()?.position, CGPoint(x: 10, y: 20))
    }

    func testNestedTransactionsApplyAtOutermostCommit() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.begin()
        l.opacity = 0.5
        CATransaction.commit()
        XCTAssertEqual(l.presentation()?.opacity, 1, "inner commit does not apply")
        CATransaction.commit()
        XCTAssertEqual(l.presentation()?.opacity, 0.5)
    }

    func testDefaultsAndInheritanceOfTransactionValues() {
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(CATransaction.animationTimingFunction())
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 2, "nested transactions inherit")
        CATransaction.setAnimationDuration(3)
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 2, "inner value popped")
        XCTAssertEqual(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double, 2)
        CATransaction.setValue("x", forKey: "custom")
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "x")
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
    }

    func testAnimationsOfOneTransactionStartTogetherAtCommit() {
        let a = makeLayer(), b = makeLayer()
        CATransaction.begin()
        a.opacity = 0
        CAMediaClock.manualTime = t0 + 5   // time passes before the commit
        b.opacity = 0
        CATransaction.commit()
        let ka = a.animationKeys()?.first, kb = b.animationKeys()?.first
        XCTAssertEqual(ka, "opacity"); XCTAssertEqual(kb, "opacity")
        XCTAssertEqual(a.animationEntries.first?.beginTime, t0 + 5)
        XCTAssertEqual(b.animationEntries.first?.beginTime, t0 + 5)
        XCTAssertEqual(a.animation(forKey: "opacity")?.beginTime, t0 + 5, "the stored copy reports when it began")
    }

    func testCompletionBlockRunsAfterAnimationsFinish() {
        let l = makeLayer()
        var ran: [Double] = []
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { ran.append(CACurrentMediaTime()) }
        l.opacity = 0
        CATransaction.commit()
        at(0.5)
        XCTAssertEqual(ran, [])
        at(1.0)
        XCTAssertEqual(ran, [t0 + 1])
        at(2)
        XCTAssertEqual(ran.count, 1, "runs once")
    }

    func testCompletionBlockWaitsOnlyForAnimationsAddedAfterIt() {
        // Apple: "called as soon as all animations subsequently added by this transaction group have completed".
        let l = makeLayer()
        var ranAt: Double?
        CATransaction.begin()
        let long = CABasicAnimation(keyPath: "opacity"); long.toValue = 0; long.duration = 2
        l.add(long, forKey: "long")
        CATransaction.setCompletionBlock { ranAt = CACurrentMediaTime() - self.t0 }
        let short = CABasicAnimation(keyPath: "position.x"); short.toValue = 10; short.duration = 1
        l.add(short, forKey: "short")
        CATransaction.commit()
        at(0.5); XCTAssertNil(ranAt)
        at(1); XCTAssertEqual(ranAt, 1)
    }

    func testNestedTransactionCompletionBlocks() {
        let l = makeLayer()
        var order: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { order.append("outer") }
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { order.append("inner") }
        l.opacity = 0
        CATransaction.commit()
        CATransaction.setAnimationDuration(2)
        l.position = CGPoint(x: 0, y: 0)
        CATransaction.commit()
        at(1); XCTAssertEqual(order, ["inner"])
        at(2); XCTAssertEqual(order, ["inner", "outer"], "the outer block waits for the nested transaction's animations too")
    }

    func testCompletionBlockRunsWhenThereWereNoAnimations() {
        var ran = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran += 1 }
        CATransaction.commit()
        CATransaction.flush()
        XCTAssertEqual(ran, 1)
    }

    func testCompletionBlockSeesRemovalAsFinishing() {
        let l = makeLayer()
        var ran = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran += 1 }
        let a = CABasicAnimation(keyPath: "opacity"); a.toValue = 0; a.duration = 10
        l.add(a, forKey: "fade")
        CATransaction.commit()
        at(1)
        XCTAssertEqual(ran, 0)
        l.removeAnimation(forKey: "fade")
        at(1.1)
        XCTAssertEqual(ran, 1)
    }

    func testCompletionBlockThenRotatesAtDefaultDuration() {
        // Article 000 section 2.3: the rotation in the completion block uses the default 0.25 s.
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock {
            l.setAffineTransform(l.affineTransform().rotated(by: .pi / 2))
        }
        l.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
        at(1)
        CATransaction.flush()
        XCTAssertEqual(l.animation(forKey: "transform")?.duration, 0.25)
        at(1.25)
        XCTAssertClose((l.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat).map(Double.init), Double.pi / 2, 1e-9)
    }

    func testDisableActionsStopsImplicitAnimation() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.opacity = 0.3
        CATransaction.commit()
        XCTAssertNil(l.animationKeys())
        XCTAssertEqual(l.presentation()?.opacity, 0.3)
    }

    func testFlushDoesNotCommitAnOpenExplicitTransaction() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.opacity = 0.3
        CATransaction.flush()
        XCTAssertEqual(l.presentation()?.opacity, 1)
        CATransaction.commit()
        XCTAssertEqual(l.presentation()?.opacity, 0.3)
    }

    func testTransactionsArePerThread() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(5)
        final class Box: @unchecked Sendable { var value = 0.0 }
        let other = Box()
        let done = DispatchSemaphore(value: 0)
        let t = Thread { other.value = CATransaction.animationDuration(); done.signal() }
        t.start()
        done.wait()
        XCTAssertEqual(other.value, 0.25, "another thread does not see this thread's transaction")
        CATransaction.commit()
        _ = l
    }
}

final class TransactionLockTests: LaminaTestCase {
    /// CATransaction.lock() keeps other threads from changing layers until unlock(). Ordered by
    /// semaphores, not by sleeping: the other thread first finds the lock taken (a non-blocking
    /// try, which cannot depend on timing), says it has arrived and then blocks in
    /// CATransaction.begin() until this thread unlocks; the log records the order.
    func testLockBlocksChangesFromOtherThreads() {
        // Shared with the other thread on purpose: CATransaction.lock() is what makes that safe.
        nonisolated(unsafe) let l = makeLayer()
        final class Log: @unchecked Sendable {
            private let lock = NSLock()
            private var list: [String] = []
            func add(_ e: String) { lock.lock(); list.append(e); lock.unlock() }
            var events: [String] { lock.lock(); defer { lock.unlock() }; return list }
        }
        let log = Log()
        let arrived = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        CATransaction.lock()
        Thread {
            let free = ModelLock.shared.try()
            if free { ModelLock.shared.unlock() }
            log.add(free ? "the lock was free" : "the lock was taken")
            arrived.signal()
            CATransaction.begin(); CATransaction.setDisableActions(true)
            l.opacity = 0.5
            CATransaction.commit()
            log.add("committed")
            finished.signal()
        }.start()
        arrived.wait()
        XCTAssertEqual(l.opacity, 1, "the other thread waits for the lock")
        log.add("unlocking")
        CATransaction.unlock()
        finished.wait()
        XCTAssertEqual(log.events, ["the lock was taken", "unlocking", "committed"])
        XCTAssertEqual(l.opacity, 0.5)
    }
}
