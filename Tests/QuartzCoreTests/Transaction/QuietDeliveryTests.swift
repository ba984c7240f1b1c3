import XCTest
@testable import QuartzCore

/// Once every animation has started and none can end (repeatCount = .infinity), deliveries have
/// nothing to look at and return at once; anything that could make something due again (an added
/// animation, a removal, a completion block) must still be delivered at its time.
final class QuietDeliveryTests: LaminaTestCase {
    func testAQuietRegistryStillDeliversWhatIsAddedOrRemovedLater() {
        let layers = (0..<3).map { _ in makeLayer() }
        let forever = RecordingDelegate()
        for l in layers {
            let spin = CABasicAnimation(keyPath: "opacity")
            spin.fromValue = 0; spin.toValue = 1; spin.duration = 0.5; spin.repeatCount = .infinity
            spin.delegate = forever
            l.add(spin, forKey: "forever")
        }
        CATransaction.flush()
        at(0.1)
        XCTAssertEqual(forever.events, ["start", "start", "start"])
        at(0.2); at(5)   // quiet now: nothing can be due
        XCTAssertEqual(AnimationRuntime.shared.nextDeliveryTime(after: CACurrentMediaTime()), .infinity)
        XCTAssertEqual(forever.events.count, 3)

        // A finite animation added to a quiet registry starts and stops on time (1 s from t = 5).
        let once = RecordingDelegate()
        let fade = CABasicAnimation(keyPath: "position.x")
        fade.fromValue = 0; fade.toValue = 10; fade.duration = 1
        fade.delegate = once
        layers[1].add(fade, forKey: "once")
        CATransaction.flush()
        at(5.5)
        XCTAssertEqual(once.events, ["start"])
        XCTAssertClose(AnimationRuntime.shared.nextDeliveryTime(after: CACurrentMediaTime()), t0 + 6, 1e-9)
        at(6.01)
        XCTAssertEqual(once.events, ["start", "stop(true)"])

        // Removing a never-ending animation from a quiet registry is heard (finished = false), and a
        // completion block waiting for an animation runs when that one ends.
        at(7); at(8)
        var completed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed = true }
        let last = CABasicAnimation(keyPath: "position.y")
        last.fromValue = 0; last.toValue = 10; last.duration = 0.5
        layers[2].add(last, forKey: "last")
        CATransaction.commit()
        layers[0].removeAnimation(forKey: "forever")
        CATransaction.flush()
        at(8.1)
        XCTAssertEqual(forever.events.suffix(1), ["stop(false)"])
        XCTAssertFalse(completed)
        at(8.6)
        XCTAssertTrue(completed, "the block runs when the animation it waits for ends")
    }
}
