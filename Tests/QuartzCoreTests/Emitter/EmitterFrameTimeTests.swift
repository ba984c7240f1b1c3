import XCTest
@testable @_spi(LaminaInternal) import QuartzCore

/// A host keeps drawing frames while an emitter runs, and may sleep once it has stopped and its
/// last particles have died.
final class EmitterFrameTimeTests: LaminaTestCase {
    func testRunningEmitterAsksForFrames() {
        let l = CAEmitterLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        let c = CAEmitterCell()
        c.birthRate = 4; c.lifetime = 2
        l.emitterCells = [c]
        l.beginTime = CACurrentMediaTime()
        let r = CARenderer(size: CGSize(width: 40, height: 40), scale: 1)
        r.layer = l
        CATransaction.flush()
        func next(_ dt: Double) -> Double {
            r.beginFrame(atTime: t0 + dt); r.render(); r.endFrame()
            return r.nextFrameTime()
        }
        XCTAssertEqual(next(1), t0 + 1)
        // Stopped at local time 3: particles live until 3 + 2 = 5; after that nothing changes.
        at(3)
        CATransaction.setDisableActions(true)
        l.birthRate = 0
        CATransaction.flush()
        XCTAssertEqual(next(4.5), t0 + 4.5)
        XCTAssertEqual(next(5.5), .infinity)
        l.birthRate = 1
        CATransaction.flush()
        XCTAssertEqual(next(6), t0 + 6)
        l.speed = 0
        CATransaction.flush()
        XCTAssertEqual(next(7), .infinity, "paused")
    }

    /// A cell's rate set to 0 through its key path at local time 3 (lifetime 2): frames until 5.
    func testCellStoppedThroughItsKeyPathAsksForFramesWhileParticlesLive() {
        let l = CAEmitterLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        let c = CAEmitterCell()
        c.name = "dust"
        c.birthRate = 4; c.lifetime = 2
        l.emitterCells = [c]
        l.beginTime = CACurrentMediaTime()
        let r = CARenderer(size: CGSize(width: 40, height: 40), scale: 1)
        r.layer = l
        CATransaction.flush()
        at(3)
        CATransaction.setDisableActions(true)
        l.setValue(0, forKeyPath: "emitterCells.dust.birthRate")
        CATransaction.flush()
        func next(_ dt: Double) -> Double {
            r.beginFrame(atTime: t0 + dt); r.render(); r.endFrame()
            return r.nextFrameTime()
        }
        XCTAssertEqual(next(4.5), t0 + 4.5)
        XCTAssertEqual(next(5.5), .infinity)
    }
}
