import XCTest
@testable import QuartzCore

final class ThreadingTests: LaminaTestCase {
    /// Two threads change and read the same layers while the main thread commits and snapshots.
    func testConcurrentChangesReadsAndCommits() {
        let root = makeLayer()
        // Shared with the other threads on purpose: layers' model values are guarded by the model lock.
        nonisolated(unsafe) let layers = (0..<20).map { _ in CALayer() }
        for l in layers { root.addSublayer(l) }
        CATransaction.flush()
        let group = DispatchGroup()
        for w in 0..<2 {
            group.enter()
            Thread {
                for i in 0..<500 {
                    let l = layers[(i + w) % layers.count]
                    CATransaction.begin()
                    CATransaction.setDisableActions(i % 2 == 0)
                    l.position = CGPoint(x: Double(i), y: Double(w))
                    l.opacity = Float(i % 10) / 10
                    _ = l.bounds
                    _ = l.presentation()?.position
                    CATransaction.commit()
                }
                group.leave()
            }.start()
        }
        for _ in 0..<200 { CATransaction.flush(); _ = root.presentation()?.sublayers?.count }
        group.wait()
        CATransaction.flush()
        XCTAssertEqual(root.sublayers?.count, 20)
        for l in layers { XCTAssert(l.opacity >= 0 && l.opacity <= 1) }
    }
}
