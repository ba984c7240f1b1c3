import XCTest
@testable import QuartzCore

/// The particle field as a closed-form function of time and seed. Expected values are worked by
/// hand from the documented model: particle k of a cell is born at k / (birthRate · layer
/// birthRate), lives lifetime · layer lifetime, and sits at p0 + v·age + a·age²/2.
final class ParticleFieldTests: LaminaTestCase {
    /// A layer value with one cell emitting along +x from (50, 40).
    func emitter(_ configure: (CAEmitterCell) -> Void = { _ in }) -> (CAEmitterLayer, CAEmitterCell) {
        let l = CAEmitterLayer()
        l.emitterPosition = CGPoint(x: 50, y: 40)
        let c = CAEmitterCell()
        c.name = "spark"
        c.birthRate = 2
        c.lifetime = 10
        c.velocity = 10
        configure(c)
        l.emitterCells = [c]
        return (l, c)
    }

    func field(_ l: CAEmitterLayer, _ t: Double) -> ParticleField {
        ParticleField(l.readState { $0.subclass.emitter }, time: t)
    }

    func testAppleDefaults() {
        let l = CAEmitterLayer(), c = CAEmitterCell()
        XCTAssertEqual(l.birthRate, 1); XCTAssertEqual(l.lifetime, 1); XCTAssertEqual(l.velocity, 1)
        XCTAssertEqual(l.scale, 1); XCTAssertEqual(l.spin, 1); XCTAssertEqual(l.seed, 0)
        XCTAssertEqual(l.emitterShape, .point); XCTAssertEqual(l.emitterMode, .volume); XCTAssertEqual(l.renderMode, .unordered)
        XCTAssertEqual(l.emitterShape.rawValue, "point"); XCTAssertEqual(l.renderMode.rawValue, "unordered")
        XCTAssertEqual(l.emitterPosition, .zero); XCTAssertEqual(l.emitterSize, .zero); XCTAssertFalse(l.preservesDepth)
        XCTAssertNil(l.emitterCells)
        XCTAssertTrue(c.isEnabled); XCTAssertEqual(c.birthRate, 0); XCTAssertEqual(c.lifetime, 0)
        XCTAssertEqual(c.scale, 1); XCTAssertEqual(c.emissionRange, 0); XCTAssertEqual(c.velocityRange, 0)
        XCTAssertEqual(c.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1)); XCTAssertEqual(c.contentsScale, 1)
        XCTAssertEqual(c.minificationFilter, "linear"); XCTAssertEqual(c.speed, 1)
        XCTAssertEqual(c.color?.components ?? [], [1, 1])
    }

    /// Rate 2/s along +x at 10 pt/s: at t = 1.25 particles 0, 1, 2 (born 0, 0.5, 1) have ages
    /// 1.25, 0.75, 0.25, so x = 62.5, 57.5, 52.5 and y = 40.
    func testPositionsAlongAnAxis() {
        let (l, _) = emitter()
        let f = field(l, 1.25)
        XCTAssertEqual(f.particles.map(\.x), [62.5, 57.5, 52.5])
        XCTAssertEqual(f.particles.map(\.y), [40, 40, 40])
    }

    /// emissionLongitude π/2 turns the motion to +y; yAcceleration 20 adds 10·age²:
    /// age 1.25 → y = 40 + 12.5 + 15.625.
    func testLongitudeAndAcceleration() {
        let (l, _) = emitter { $0.emissionLongitude = .pi / 2; $0.yAcceleration = 20; $0.birthRate = 1 }
        let f = field(l, 1.25)
        XCTAssertEqual(f.particles.count, 2)      // born at 0 and 1
        XCTAssertEqual(f.particles[0].x, 50, accuracy: 1e-9)
        XCTAssertEqual(f.particles[0].y, 68.125, accuracy: 1e-9)
        XCTAssertEqual(f.particles[1].y, 40 + 2.5 + 0.625, accuracy: 1e-9)
    }

    /// The layer's multipliers: birthRate 2 (4/s: born 0, .25, .5), velocity 3 (30 pt/s),
    /// lifetime 0.1 (1 s: those born before t - 1 are gone), scale 2 and spin 2.
    func testLayerMultipliers() {
        let (l, _) = emitter { $0.spin = 1; $0.scale = 0.5 }
        l.birthRate = 2; l.velocity = 3; l.lifetime = 0.1; l.scale = 2; l.spin = 2
        let f = field(l, 1.6)
        // Born 0.75, 1.0, 1.25, 1.5 (0.5 is 1.1 s old: dead); ages 0.85, 0.6, 0.35, 0.1.
        let ages = [0.85, 0.6, 0.35, 0.1]
        XCTAssertEqual(f.particles.count, 4)
        for (p, a) in zip(f.particles, ages) {
            XCTAssertEqual(p.x, 50 + 30 * a, accuracy: 1e-9)
            XCTAssertEqual(p.scale, 1, accuracy: 1e-12)
            XCTAssertEqual(p.angle, 2 * a, accuracy: 1e-9)
        }
    }

    /// alphaSpeed −0.5 fades alpha by half a unit a second; scaleSpeed 1 grows the scale.
    func testColourAndScaleSpeeds() {
        let (l, c) = emitter { $0.birthRate = 1; $0.alphaSpeed = -0.5; $0.scaleSpeed = 1 }
        _ = c
        let f = field(l, 1.5)  // ages 1.5 and 0.5
        XCTAssertEqual(f.particles.map(\.color.w), [0.25, 0.75])
        XCTAssertEqual(f.particles.map(\.scale), [2.5, 1.5])
    }

    func testSameSeedSameFrameOtherSeedOtherFrame() {
        let (l, _) = emitter { $0.velocityRange = 5; $0.emissionRange = .pi; $0.scaleRange = 0.3 }
        l.emitterShape = .rectangle; l.emitterSize = CGSize(width: 40, height: 20)
        let a = field(l, 3.3).particles.map { [$0.x, $0.y, $0.scale] }
        let b = field(l, 3.3).particles.map { [$0.x, $0.y, $0.scale] }
        XCTAssertEqual(a, b)
        l.seed = 7
        let c = field(l, 3.3).particles.map { [$0.x, $0.y, $0.scale] }
        XCTAssertEqual(a.count, c.count)
        XCTAssertNotEqual(a, c)
    }

    /// Rate 8/s, lifetime 2.5 s: 20 particles and at most 21 candidates looked at, whether t is
    /// 3 s or an hour.
    func testCostDoesNotGrowWithElapsedTime() {
        let (l, _) = emitter { $0.birthRate = 8; $0.lifetime = 2.5 }
        let early = field(l, 3.01), late = field(l, 3600.01)
        XCTAssertEqual(early.particles.count, 20)
        XCTAssertEqual(late.particles.count, 20)
        XCTAssertLessThanOrEqual(early.evaluations, 21)
        XCTAssertEqual(late.evaluations, early.evaluations)
    }

    /// A rate between powers of two thins the slots of the power above (8/s for 6/s): about 6 a
    /// second, and a lower rate only removes particles (those left are unchanged). The rates are
    /// presentation values (as an animation gives), written into the field's input directly: a
    /// model change through the layer would keep the particles born before it.
    func testRateChangesKeepParticles() {
        let (l, _) = emitter { $0.birthRate = 8; $0.lifetime = 100; $0.velocityRange = 4 }
        func at(_ rate: Double) -> [Particle] {
            var v = l.readState { $0.subclass.emitter }
            v.cells.values[0].birthRate = rate
            return ParticleField(v, time: 50).particles
        }
        let all = at(8)
        XCTAssertEqual(all.count, 401)                       // slots 0...400
        let six = at(6)
        XCTAssertEqual(Double(six.count), 300, accuracy: 45)   // 401 · 6/8 ≈ 301, binomial sd ≈ 8.7
        let positions = Set(all.map { [$0.x, $0.y] })
        XCTAssertTrue(six.allSatisfy { positions.contains([$0.x, $0.y]) })
        let five = at(5)
        XCTAssertTrue(five.count < six.count)
        XCTAssertTrue(five.allSatisfy { p in six.contains { $0.id == p.id && $0.x == p.x } })
        // Across a power of two: at 4/s exactly the slots k / 4 (every even slot of the 8/s grid,
        // born 0, 0.25, …, 50: 201), each with the looks it had at 8/s; 3/s keeps some of them.
        let four = at(4)
        XCTAssertEqual(four.count, 201)
        XCTAssertTrue(four.allSatisfy { positions.contains([$0.x, $0.y]) })
        XCTAssertTrue(five.count > four.count && four.allSatisfy { p in five.contains { $0.id == p.id } })
        let three = at(3)
        XCTAssertEqual(Double(three.count), 150, accuracy: 30)
        XCTAssertTrue(three.allSatisfy { p in four.contains { $0.id == p.id && $0.x == p.x } })
    }

    /// Rectangle volume: every birth point inside the rectangle about emitterPosition; circle
    /// outline: every birth point at the radius.
    func testShapes() {
        let (l, _) = emitter { $0.velocity = 0; $0.birthRate = 64; $0.lifetime = 1 }
        l.emitterShape = .rectangle; l.emitterSize = CGSize(width: 40, height: 20)
        let r = field(l, 0.99).particles
        XCTAssertEqual(r.count, 64)
        XCTAssertTrue(r.allSatisfy { abs($0.x - 50) <= 20 && abs($0.y - 40) <= 10 })
        XCTAssertTrue(r.contains { abs($0.x - 50) > 10 })      // spread, not all at the centre
        l.emitterShape = .circle; l.emitterMode = .outline
        let c = field(l, 0.99).particles
        XCTAssertTrue(c.allSatisfy { abs(hypot($0.x - 50, $0.y - 40) - 20) < 1e-9 })
        l.emitterShape = .line; l.emitterMode = .points
        XCTAssertTrue(field(l, 0.99).particles.allSatisfy { abs(abs($0.x - 50) - 20) < 1e-9 && $0.y == 40 })
    }

    /// A parent (1/s, lifetime 2, 10 pt/s along x) with a sub-cell (2/s, lifetime 0.6, still).
    /// At t = 1.25: parents at 62.5 and 52.5; sub-particles born at 1.0 of each parent (parent 0
    /// then at 60, parent 1 at 50; age 0.25); the older ones (ages 0.75, 1.25) are dead.
    func testNestedCells() {
        let sub = CAEmitterCell()
        sub.birthRate = 2; sub.lifetime = 0.6
        let (l, _) = emitter { $0.birthRate = 1; $0.lifetime = 2; $0.emitterCells = [sub] }
        let f = field(l, 1.25)
        XCTAssertEqual(f.particles.map(\.x).sorted(), [50, 52.5, 60, 62.5])
    }

    /// Sub-particles outlive their parent. Parents: 1/s, lifetime 0.5, still at (50, 40); each
    /// emits one sub-particle at its birth (2/s while alive 0.5 s: only j = 0), which lives 3 s at
    /// 10 pt/s along x. At t = 2.6 every parent is dead; the sub-particles of the parents born at
    /// 0, 1 and 2 have ages 2.6, 1.6, 0.6: x = 76, 66, 56.
    func testSubParticlesOutliveTheirParent() {
        let sub = CAEmitterCell()
        sub.birthRate = 2; sub.lifetime = 3; sub.velocity = 10
        let (l, _) = emitter { $0.birthRate = 1; $0.lifetime = 0.5; $0.velocity = 0; $0.emitterCells = [sub] }
        let f = field(l, 2.6)
        XCTAssertEqual(f.particles.map(\.x).sorted(), [56, 66, 76])
    }

    /// Two cells alike but for their colour draw their own numbers: with velocityRange 5 and a
    /// cone of π, no particle of one sits where a particle of the other does.
    func testCellsDrawTheirOwnNumbers() {
        let l = CAEmitterLayer()
        l.emitterPosition = CGPoint(x: 50, y: 40)
        func cell(_ name: String) -> CAEmitterCell {
            let c = CAEmitterCell()
            c.name = name; c.birthRate = 8; c.lifetime = 10; c.velocity = 10; c.velocityRange = 5; c.emissionRange = .pi
            return c
        }
        let red = cell("red"), blue = cell("blue")
        blue.color = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        l.emitterCells = [red, blue]
        let f = field(l, 2.05)
        let a = Set(f.particles.filter { $0.cell == 0 }.map { [$0.x, $0.y] }), b = Set(f.particles.filter { $0.cell == 1 }.map { [$0.x, $0.y] })
        XCTAssertEqual(a.count, 17); XCTAssertEqual(b.count, 17)     // born 0, 0.125, …, 2 each
        XCTAssertTrue(a.isDisjoint(with: b))
    }

    func testLiveParticleLimit() {
        let (l, _) = emitter { $0.birthRate = 1_048_576; $0.lifetime = 1 }
        let f = ParticleField(l.readState { $0.subclass.emitter }, time: 5, limit: 300)
        XCTAssertTrue(f.truncated)
        XCTAssertEqual(f.particles.count, 300)
        XCTAssertEqual(f.evaluations, 300)
        // The newest are kept: the last born at 5 · 2^20 / 2^20 = 5.
        XCTAssertEqual(f.particles.last?.x ?? 0, 50, accuracy: 1e-9)
    }

    func testRenderModesOrder() {
        let (l, _) = emitter()
        l.renderMode = .oldestLast
        XCTAssertEqual(field(l, 1.25).particles.map(\.x), [52.5, 57.5, 62.5])
        l.renderMode = .oldestFirst
        XCTAssertEqual(field(l, 1.25).particles.map(\.x), [62.5, 57.5, 52.5])
    }

    /// backToFront sorts by z, farthest (smallest z) first: emitted along z (emissionLatitude π/2)
    /// at 10 pt/s, the particles born at 0, 0.5, 1 have z = 12.5, 7.5, 2.5 at t = 1.25.
    func testBackToFrontSortsByDepth() {
        let (l, _) = emitter { $0.emissionLatitude = .pi / 2 }
        l.renderMode = .backToFront
        let z = field(l, 1.25).particles.map(\.z)
        XCTAssertEqual(z.count, 3)
        for (a, b) in zip(z, [2.5, 7.5, 12.5]) { XCTAssertEqual(a, b, accuracy: 1e-9) }
    }

    /// A cell's media timing: beginTime 1 starts its births at layer time 1 (at 1.25: one particle
    /// 0.25 s old, x = 52.5); duration 0.6 emits at cell times 0 and 0.5 only (at 3: x = 80, 75);
    /// speed 2 runs its time twice as fast (at 1: births at cell times 0 … 2, ages 2, 1.5, 1, 0.5, 0).
    func testCellMediaTiming() {
        let (l, _) = emitter { $0.beginTime = 1 }
        XCTAssertEqual(field(l, 1.25).particles.map(\.x), [52.5])
        let (d, _) = emitter { $0.duration = 0.6 }
        XCTAssertEqual(field(d, 3).particles.map(\.x), [80, 75])
        let (s, _) = emitter { $0.speed = 2 }
        XCTAssertEqual(field(s, 1).particles.map(\.x), [70, 65, 60, 55, 50])
    }
}
