import XCTest
@testable import QuartzCore

/// A particle keeps the cell values of its birth: a model change made through the layer's key
/// paths reaches only the particles born after it (Apple's behaviour). Expected values by hand:
/// the cell emits 2/s from (10, 20) along +x (lifetime 10, 10 pt/s), so the particle born at b is
/// at x = 10 + v·(t − b) with the velocity v of its birth.
final class EmitterBirthValuesTests: LaminaTestCase {
    func makeEmitter() -> CAEmitterLayer {
        let l = CAEmitterLayer()
        l.emitterPosition = CGPoint(x: 10, y: 20)
        let c = CAEmitterCell()
        c.name = "spark"
        c.birthRate = 2; c.lifetime = 10; c.velocity = 10
        l.emitterCells = [c]
        l.beginTime = CACurrentMediaTime()       // local time = seconds since t0
        CATransaction.setDisableActions(true)
        CATransaction.flush()
        return l
    }

    /// Sets a cell key at local time `dt` of a committed layer, actions off.
    func set(_ l: CAEmitterLayer, _ value: Any, _ keyPath: String, at dt: Double) {
        at(dt)
        CATransaction.setDisableActions(true)
        l.setValue(value, forKeyPath: keyPath)
        CATransaction.flush()
    }

    func particles(_ l: CAEmitterLayer, _ t: Double) -> [Particle] {
        ParticleField(l.readState { $0.subclass.emitter }, time: t).particles
    }

    /// Velocity 10 → 20 at local time 3: at 4 the particles born 0, 0.5, …, 3 (the one born at the
    /// change's instant included) still fly at 10 (x = 50, 45, …, 20); those born 3.5 and 4 fly at
    /// 20 (x = 10 + 20·0.5 = 20, and 10).
    func testVelocityChangeReachesLaterBirthsOnly() {
        let l = makeEmitter()
        set(l, 20, "emitterCells.spark.velocity", at: 3)
        XCTAssertEqual(particles(l, 4).map(\.x), [50, 45, 40, 35, 30, 25, 20, 20, 10])
    }

    /// Lifetime 10 → 1 at 3: at 5.2 the seven born by 3 live on (ages 5.2 … 2.2 < 10); of those born
    /// after, 3.5 and 4 (ages 1.7, 1.2) are dead, 4.5 and 5 (0.7, 0.2) alive: nine in all.
    func testShorterLifetimeDoesNotKillParticlesInFlight() {
        let l = makeEmitter()
        set(l, 1, "emitterCells.spark.lifetime", at: 3)
        let b = particles(l, 5.2).map(\.birth)
        XCTAssertEqual(b.count, 9)
        for (got, want) in zip(b, [0, 0.5, 1, 1.5, 2, 2.5, 3, 4.5, 5]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
    }

    /// Colour white → (0.2, 0.4, 0.6, 1) and yAcceleration 0 → 8 at 3: at 3.5 the particle born at 3
    /// is white at y = 20, the one born at 3.5 has the new colour (its age 0: y = 20 too); at 4 the
    /// one born at 3.5 has fallen 4·0.5² = 1 while the one born at 3 has not.
    func testColourAndAccelerationAreBirthValues() {
        let l = makeEmitter()
        at(3)
        CATransaction.setDisableActions(true)
        l.setValue(CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1), forKeyPath: "emitterCells.spark.color")
        l.setValue(8, forKeyPath: "emitterCells.spark.yAcceleration")
        CATransaction.flush()
        let p = particles(l, 3.5)
        XCTAssertEqual(p.count, 8)
        XCTAssertEqual(p[6].color, SIMD4(1, 1, 1, 1))
        XCTAssertEqual(p[7].color.x, 0.2, accuracy: 1e-6); XCTAssertEqual(p[7].color.z, 0.6, accuracy: 1e-6)
        let q = particles(l, 4)
        XCTAssertEqual(q[6].y, 20, accuracy: 1e-9)
        XCTAssertEqual(q[7].y, 21, accuracy: 1e-9)
        XCTAssertEqual(l.readState { $0.subclass.emitter.cells.values[0].epochs.count }, 1, "two keys set at one instant: one epoch")
    }

    /// Before the layer's first commit nothing has been born: a change then starts no epoch.
    func testChangesBeforeTheFirstCommitKeepNoHistory() {
        let l = CAEmitterLayer()
        let c = CAEmitterCell(); c.name = "spark"; c.birthRate = 2; c.lifetime = 10
        l.emitterCells = [c]
        l.setValue(30, forKeyPath: "emitterCells.spark.velocity")
        XCTAssertTrue(l.readState { $0.subclass.emitter.cells.values[0].epochs.isEmpty })
    }

    /// The history is bounded: an epoch whose particles are all dead is dropped at the next change,
    /// and the births it held give no particle even under a longer lifetime. Lifetime 10 until 0.01,
    /// 1 until 3, then 100; a change at 50 drops both earlier epochs (dead since 10.01 and 4): the
    /// particles are those born after 3 (3.5 … 50: 94), not also the seven born by 3 under 100.
    func testDeadEpochsAreDroppedWithoutBringingParticlesBack() {
        let l = makeEmitter()
        set(l, 1, "emitterCells.spark.lifetime", at: 0.01)
        set(l, 100, "emitterCells.spark.lifetime", at: 3)
        set(l, 11, "emitterCells.spark.velocity", at: 50)
        let cell = l.readState { $0.subclass.emitter.cells.values[0] }
        XCTAssertEqual(cell.epochs.map(\.time), [50])
        XCTAssertEqual(cell.bornAfter, 3, accuracy: 1e-9)
        XCTAssertEqual(particles(l, 50).count, 94)
    }

    /// The history does not make a frame cost more later on: with an epoch at 3, the field at 20
    /// and at 3600 looks at the same number of candidates, at most lifetime × rate + 1 = 21.
    func testCostWithEpochsDoesNotGrowWithElapsedTime() {
        let l = makeEmitter()
        set(l, 20, "emitterCells.spark.velocity", at: 3)
        let v = l.readState { $0.subclass.emitter }
        let early = ParticleField(v, time: 20), late = ParticleField(v, time: 3600)
        XCTAssertEqual(early.particles.count, 20)
        XCTAssertLessThanOrEqual(early.evaluations, 21)
        XCTAssertEqual(late.evaluations, early.evaluations)
    }

    /// More changes within one lifetime than the cap keep the newest 32 epochs.
    func testEpochCountIsCapped() {
        let l = makeEmitter()
        for i in 1...40 { set(l, Double(10 + i), "emitterCells.spark.velocity", at: Double(i) * 0.1) }
        XCTAssertEqual(l.readState { $0.subclass.emitter.cells.values[0].epochs.count }, 32)
    }

    /// A sub-cell's change reaches the sub-particles born after it: parents 1/s (lifetime 100, still
    /// at (10, 20)) each emit 1/s sub-particles (lifetime 100) at 10 pt/s along +x, changed to 30 at
    /// local time 2.5. At 3.5 the parent born at p has sub-particles born p, p + 1, … ≤ 3.5; one born
    /// at b is at x = 10 + v·(3.5 − b), v = 10 for b ≤ 2.5, else 30: 45, 35, 25 (three) and 25 (four).
    func testSubCellChangeReachesLaterBirthsOnly() {
        let l = CAEmitterLayer()
        l.emitterPosition = CGPoint(x: 10, y: 20)
        let sub = CAEmitterCell(); sub.name = "ember"; sub.birthRate = 1; sub.lifetime = 100; sub.velocity = 10
        let c = CAEmitterCell(); c.name = "rocket"; c.birthRate = 1; c.lifetime = 100; c.emitterCells = [sub]
        l.emitterCells = [c]
        l.beginTime = CACurrentMediaTime()
        CATransaction.flush()
        set(l, 30, "emitterCells.rocket.emitterCells.ember.velocity", at: 2.5)
        let subs = ParticleField(l.readState { $0.subclass.emitter }, time: 3.5)
        // At 3.5, by parent born p: subs born p, p+1, … ≤ 3.5. Born ≤ 2.5 fly at 10, born 3 at 30.
        var want: [Double] = []
        for p in [0.0, 1, 2, 3] { for b in stride(from: p, through: 3.5, by: 1) { want.append(10 + (b <= 2.5 ? 10 : 30) * (3.5 - b)) } }
        let got = subs.particles.filter { subs.cells[$0.cell].name == "ember" }.map(\.x).sorted()
        XCTAssertEqual(got.count, want.count)
        for (g, w) in zip(got, want.sorted()) { XCTAssertEqual(g, w, accuracy: 1e-9) }
    }
}
