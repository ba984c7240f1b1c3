import XCTest
@testable import QuartzCore

/// Completion blocks replaced, cleared and nested. Apple (CATransaction.setCompletionBlock): the
/// block "is guaranteed to be called ... as soon as all animations subsequently added by this
/// transaction group have completed (or have been removed). If no animations are added before the
/// current transaction group is committed (or the completion block is set to a different value,)
/// the block will be invoked immediately." So each block waits for the animations added between
/// its own setting and the next setting (or the commit); a replaced block still runs.
final class CompletionBlockReplacementTests: LaminaTestCase {
    /// A linear animation of position.x lasting `d` seconds.
    func move(_ d: Double) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0.0; a.toValue = 10.0; a.duration = d
        return a
    }

    func testReplacedBlockWaitsForItsOwnAnimationsAndTheNewOneForLaterOnes() {
        let l = makeLayer()
        var ran: [String: Double] = [:]
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran["first"] = CACurrentMediaTime() - self.t0 }
        l.add(move(2), forKey: "long")
        CATransaction.setCompletionBlock { ran["second"] = CACurrentMediaTime() - self.t0 }
        l.add(move(1), forKey: "short")
        CATransaction.commit()
        at(0.5)
        XCTAssertEqual(ran, [:])
        at(1)
        XCTAssertEqual(ran, ["second": 1], "the new block waits only for the 1 s animation added after it")
        at(2)
        XCTAssertEqual(ran, ["second": 1, "first": 2], "the replaced block still runs, when the 2 s animation ends")
        at(3)
        XCTAssertEqual(ran.count, 2, "each runs once")
    }

    func testBlockReplacedBeforeAnyAnimationRunsRightAfterTheCommit() {
        let l = makeLayer()
        var order: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { order.append("first") }
        CATransaction.setCompletionBlock { order.append("second") }
        l.add(move(1), forKey: "m")
        CATransaction.commit()
        CATransaction.flush()
        XCTAssertEqual(order, ["first"], "no animation was added while it was set: it runs at once")
        at(0.9)
        XCTAssertEqual(order, ["first"])
        at(1)
        XCTAssertEqual(order, ["first", "second"])
    }

    func testClearingTheBlockLeavesTheEarlierOneWaitingForItsAnimations() {
        let l = makeLayer()
        var ran: Double?
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = CACurrentMediaTime() - self.t0 }
        l.add(move(1), forKey: "a")
        CATransaction.setCompletionBlock(nil)
        XCTAssertNil(CATransaction.completionBlock())
        l.add(move(3), forKey: "b")
        CATransaction.commit()
        at(0.5); XCTAssertNil(ran)
        at(1); XCTAssertEqual(ran, 1, "waits for the animation added while it was set, not for the later one")
    }

    func testCompletionBlockReadsBackTheCurrentBlock() {
        var ran = ""
        CATransaction.begin()
        XCTAssertNil(CATransaction.completionBlock())
        CATransaction.setCompletionBlock { ran += "a" }
        CATransaction.completionBlock()?()
        XCTAssertEqual(ran, "a")
        CATransaction.setValue({ ran += "b" } as () -> Void, forKey: kCATransactionCompletionBlock)
        (CATransaction.value(forKey: kCATransactionCompletionBlock) as? () -> Void)?()
        XCTAssertEqual(ran, "ab")
        CATransaction.commit()
        ran = ""
        CATransaction.flush()
        XCTAssertEqual(ran, "ab", "both blocks run (no animations): the replaced one too")
    }

    func testBlocksRunOnlyAfterTheOutermostCommit() {
        var ran = 0
        CATransaction.begin()
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran += 1 }
        CATransaction.commit()
        at(1)
        XCTAssertEqual(ran, 0, "the inner transaction's changes have not been committed yet")
        CATransaction.commit()
        CATransaction.flush()
        XCTAssertEqual(ran, 1)
    }

    func testInnerBlockDoesNotWaitForTheOuterTransactionsAnimations() {
        let l = makeLayer()
        var order: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { order.append("outer") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { order.append("inner") }
        l.add(move(0.5), forKey: "a")
        CATransaction.commit()
        l.add(move(2), forKey: "b")
        CATransaction.commit()
        at(0.5)
        XCTAssertEqual(order, ["inner"], "the inner block waits only for the inner animation")
        at(2)
        XCTAssertEqual(order, ["inner", "outer"], "the outer block waits for both")
    }

    func testReplacingTheInnerBlockKeepsTheOuterWaiting() {
        let l = makeLayer()
        var ran: [String: Double] = [:]
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran["outer"] = CACurrentMediaTime() - self.t0 }
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran["inner 1"] = CACurrentMediaTime() - self.t0 }
        l.add(move(3), forKey: "a")
        CATransaction.setCompletionBlock { ran["inner 2"] = CACurrentMediaTime() - self.t0 }
        l.add(move(1), forKey: "b")
        CATransaction.commit()
        CATransaction.commit()
        at(1); XCTAssertEqual(ran, ["inner 2": 1])
        at(3); XCTAssertEqual(ran, ["inner 2": 1, "inner 1": 3, "outer": 3])
    }
}
