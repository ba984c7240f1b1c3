import XCTest
@testable import QuartzCore

/// A cell's CAMediaTiming decides when it emits: from its beginTime, for its active duration
/// (duration × repeatCount, doubled by autoreverses, or repeatDuration), at its speed. Expected
/// values by hand: the cell emits 2/s from (50, 40) along +x at 10 pt/s (lifetime 10), so a
/// particle born at active time a is at x = 50 + 10·(cell time now − a).
final class EmitterCellTimingTests: LaminaTestCase {
    func xs(_ configure: (CAEmitterCell) -> Void, at t: Double) -> [Double] {
        let l = CAEmitterLayer()
        l.emitterPosition = CGPoint(x: 50, y: 40)
        let c = CAEmitterCell()
        c.birthRate = 2; c.lifetime = 10; c.velocity = 10
        configure(c)
        l.emitterCells = [c]
        return ParticleField(l.readState { $0.subclass.emitter }, time: t).particles.map(\.x)
    }

    /// beginTime 1, duration 2: births at layer times 1, 1.5, 2, 2.5 (emits from 1 to 3); none
    /// before 1; at 5 the four are 4, 3.5, 3 and 2.5 s old.
    func testBeginTimeAndDuration() {
        XCTAssertEqual(xs({ $0.beginTime = 1; $0.duration = 2 }, at: 0.9), [])
        XCTAssertEqual(xs({ $0.beginTime = 1; $0.duration = 2 }, at: 5), [90, 85, 80, 75])
    }

    /// duration 1 repeated twice, or autoreversed once, is active for 2 s: the same four births.
    func testRepeatCountAndAutoreversesLengthenTheActiveDuration() {
        XCTAssertEqual(xs({ $0.duration = 1; $0.repeatCount = 2 }, at: 4), [90, 85, 80, 75])
        XCTAssertEqual(xs({ $0.duration = 1; $0.autoreverses = true }, at: 4), [90, 85, 80, 75])
        // repeatCount 1.5: 1.5 s, births at 0, 0.5 and 1.
        XCTAssertEqual(xs({ $0.duration = 1; $0.repeatCount = 1.5 }, at: 4), [90, 85, 80])
        // An infinite repeatCount emits for ever: at 4, births 0 … 4.
        XCTAssertEqual(xs({ $0.duration = 1; $0.repeatCount = .infinity }, at: 4).count, 9)
    }

    /// repeatDuration overrides repeatCount: 1.5 s, births at 0, 0.5 and 1 — also without a duration.
    func testRepeatDuration() {
        XCTAssertEqual(xs({ $0.duration = 1; $0.repeatCount = 5; $0.repeatDuration = 1.5 }, at: 4), [90, 85, 80])
        XCTAssertEqual(xs({ $0.repeatDuration = 1.5 }, at: 4), [90, 85, 80])
    }

    /// speed 2, duration 2: the 2 s of the cell's time pass in 1 s of the layer's; births at cell
    /// times 0, 0.5, 1, 1.5 (layer times 0 … 0.75). At layer time 2 the cell's time is 4: ages 4 … 2.5.
    func testSpeedScalesTheActiveDuration() {
        XCTAssertEqual(xs({ $0.speed = 2; $0.duration = 2 }, at: 2), [90, 85, 80, 75])
    }

    /// timeOffset shifts the cell's iterations, not when it emits, and fillMode holds a still time
    /// in which nothing is born: with beginTime 1 and duration 2 both give the births of 1 … 2.5.
    func testTimeOffsetAndFillModeDoNotMoveEmission() {
        XCTAssertEqual(xs({ $0.beginTime = 1; $0.duration = 2; $0.timeOffset = 0.7 }, at: 5), [90, 85, 80, 75])
        XCTAssertEqual(xs({ $0.beginTime = 1; $0.duration = 2; $0.fillMode = .both }, at: 5), [90, 85, 80, 75])
    }

    /// A sub-cell's timing counts from its particle's birth: parents 1/s, still at (50, 40); the
    /// sub-cell (2/s, 10 pt/s along +x) begins 0.5 s into each parent's life and is active for
    /// duration 0.5 × repeatCount 2 = 1 s: births at parent ages 0.5 and 1. At 3 the parents born
    /// 0, 1, 2 have sub-particles born 0.5, 1 / 1.5, 2 / 2.5, 3 (x = 50 + 10·(3 − b)); the parent
    /// born at 3 none yet.
    func testSubCellTimingCountsFromItsParticle() {
        let l = CAEmitterLayer()
        l.emitterPosition = CGPoint(x: 50, y: 40)
        let sub = CAEmitterCell()
        sub.name = "sub"; sub.birthRate = 2; sub.lifetime = 10; sub.velocity = 10
        sub.beginTime = 0.5; sub.duration = 0.5; sub.repeatCount = 2
        let c = CAEmitterCell()
        c.birthRate = 1; c.lifetime = 10; c.emitterCells = [sub]
        l.emitterCells = [c]
        let f = ParticleField(l.readState { $0.subclass.emitter }, time: 3)
        let xs = f.particles.filter { f.cells[$0.cell].name == "sub" }.map(\.x).sorted()
        XCTAssertEqual(xs.count, 6)
        for (x, want) in zip(xs, [50.0, 55, 60, 65, 70, 75]) { XCTAssertEqual(x, want, accuracy: 1e-9) }
    }

    /// A host keeps drawing while a cell emits or its particles live: duration 2, lifetime 1 — busy
    /// at 2.5 (particles born by 2 live until 3), idle at 3.5. At speed 2 the same cell emits
    /// until layer time 1 and its particles live 0.5 s of the layer's: busy at 1.4, idle at 1.6.
    func testActivityEndsWhenTheLastParticleDies() {
        let l = CAEmitterLayer()
        let c = CAEmitterCell()
        c.birthRate = 2; c.lifetime = 1; c.duration = 2
        l.emitterCells = [c]
        let s = l.readState { $0 }
        XCTAssertTrue(EmitterActivity.isEmitting(s, localTime: 2.5))
        XCTAssertFalse(EmitterActivity.isEmitting(s, localTime: 3.5))
        c.speed = 2
        l.emitterCells = [c]
        let fast = l.readState { $0 }
        XCTAssertTrue(EmitterActivity.isEmitting(fast, localTime: 1.4))
        XCTAssertFalse(EmitterActivity.isEmitting(fast, localTime: 1.6))
    }
}
