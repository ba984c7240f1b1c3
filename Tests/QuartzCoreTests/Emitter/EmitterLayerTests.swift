import XCTest
@testable @_spi(LaminaInternal) import QuartzCore
import Compositor

/// CAEmitterLayer through the layer: key paths, animation and the render tree.
final class EmitterLayerTests: LaminaTestCase {
    static let dot = CGImage(width: 2, height: 2, premultipliedARGB: [UInt32](repeating: 0xFFFF_FFFF, count: 4))

    func makeEmitter() -> CAEmitterLayer {
        let l = CAEmitterLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        l.position = CGPoint(x: 50, y: 40)
        l.emitterPosition = CGPoint(x: 10, y: 20)
        let c = CAEmitterCell()
        c.name = "spark"
        c.birthRate = 2; c.lifetime = 10; c.velocity = 10
        c.contents = EmitterLayerTests.dot
        c.color = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        l.emitterCells = [c]
        return l
    }

    /// A KVC number as a Double (Lamina returns CGFloat for dotted key paths, Apple an NSNumber).
    func number(_ v: Any?) -> Double? { (v as? CGFloat).map(Double.init) ?? (v as? NSNumber)?.doubleValue }

    func testKeyPathsReadAndWriteNamedCells() {
        let l = makeEmitter()
        XCTAssertEqual(number(l.value(forKeyPath: "emitterCells.spark.birthRate")), 2)
        l.setValue(5, forKeyPath: "emitterCells.spark.birthRate")
        XCTAssertEqual(number(l.value(forKeyPath: "emitterCells.spark.birthRate")), 5)
        XCTAssertEqual(l.readState { $0.subclass.emitter.cells.values[0].birthRate }, 5)
        let sub = CAEmitterCell(); sub.name = "ember"; sub.velocity = 3
        let outer = CAEmitterCell(); outer.name = "rocket"; outer.emitterCells = [sub]
        l.emitterCells = [outer]
        l.setValue(8, forKeyPath: "emitterCells.rocket.emitterCells.ember.velocity")
        XCTAssertEqual(l.readState { $0.subclass.emitter.cells.values[0].cells[0].velocity }, 8)
        XCTAssertTrue(l.emitterCells?.first === outer)
    }

    func testKeyValueCodingOfTheLayersOwnKeys() {
        let l = makeEmitter()
        l.setValue("circle", forKey: "emitterShape")
        l.setValue(CAEmitterLayerEmitterMode.outline, forKey: "emitterMode")
        l.setValue("additive", forKey: "renderMode")
        l.setValue(true, forKey: "preservesDepth")
        XCTAssertEqual(l.emitterShape, .circle); XCTAssertEqual(l.emitterMode, .outline)
        XCTAssertEqual(l.renderMode, .additive); XCTAssertTrue(l.preservesDepth)
        XCTAssertEqual(l.value(forKey: "renderMode") as? String, "additive")
        XCTAssertEqual((l.value(forKey: "emitterCells") as? [CAEmitterCell])?.first?.name, "spark")
        l.setValue(3, forKey: "velocity")
        XCTAssertEqual(l.velocity, 3)
        l.setValue(CGPoint(x: 4, y: 5), forKey: "emitterPosition")
        XCTAssertEqual(l.emitterPosition, CGPoint(x: 4, y: 5))
    }

    /// A linear animation of emitterCells.spark.birthRate from 0 to 10 over 2 s reads 5 half-way.
    func testBirthRateKeyPathAnimates() {
        let l = makeEmitter()
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
        a.fromValue = 0; a.toValue = 10; a.duration = 2
        l.add(a, forKey: "rate")
        CATransaction.flush()
        at(1)
        XCTAssertEqual(number(l.presentation()?.value(forKeyPath: "emitterCells.spark.birthRate")) ?? -1, 5, accuracy: 1e-6)
    }

    /// birthRate 0 stops births; the particles in flight live on. Rate 2/s, lifetime 10, stopped
    /// at local time 3 (births at 0, 0.5, …, 3: seven). At 5 those seven remain (x = 10 + 10·age:
    /// 60 … 30); at 12.75 only the one born at 3 is younger than 10 s (x = 107.5); a positive rate
    /// emits again from the whole timeline.
    func testStoppingLetsParticlesLiveOut() {
        let l = makeEmitter()
        let start = CACurrentMediaTime()
        l.beginTime = start
        CATransaction.flush()
        at(3)
        CATransaction.setDisableActions(true)
        l.birthRate = 0
        CATransaction.flush()
        func xs(_ t: Double) -> [Double] {
            ParticleField(l.readState { $0.subclass.emitter }, time: t).particles.map(\.x)
        }
        XCTAssertEqual(xs(5), [60, 55, 50, 45, 40, 35, 30])
        XCTAssertEqual(xs(12.75), [107.5])
        l.birthRate = 1
        XCTAssertEqual(xs(5).count, 11)     // born 0 … 5
    }

    /// Lowering a cell's birthRate through its key path keeps the particles already born: rate
    /// 2/s (lifetime 10) set to 1/s at local time 3, then to 0 at 5 (actions off). At 6 the
    /// particles are those born at 0, 0.5, …, 3 (seven) and at 4 and 5 (the 1/s grid: 4, 5):
    /// nine, x = 10 + 10·(6 − birth).
    func testLoweringACellRateKeepsParticlesInFlight() {
        let l = makeEmitter()
        l.beginTime = CACurrentMediaTime()
        CATransaction.setDisableActions(true)
        CATransaction.flush()
        at(3)
        CATransaction.setDisableActions(true)
        l.setValue(1, forKeyPath: "emitterCells.spark.birthRate")
        CATransaction.flush()
        at(5)
        CATransaction.setDisableActions(true)
        l.setValue(0, forKeyPath: "emitterCells.spark.birthRate")
        CATransaction.flush()
        let xs = ParticleField(l.readState { $0.subclass.emitter }, time: 6).particles.map(\.x)
        let births: [Double] = [0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5]
        XCTAssertEqual(xs, births.map { 10 + 10 * (6 - $0) })
    }

    /// Stopped with the implicit animation (birthRate eases from 1 to 0 over 0.25 s): while it
    /// runs, the presentation shows exactly the seven particles born by the stop, as after it.
    func testStoppingWithTheImplicitAnimationKeepsTheParticles() {
        let l = makeEmitter()
        let r = CARenderer(size: CGSize(width: 100, height: 80), scale: 1)
        r.layer = l                // committed: changes run actions
        l.beginTime = CACurrentMediaTime()
        CATransaction.flush()
        at(3)
        l.birthRate = 0
        CATransaction.flush()
        for dt in [3.05, 3.2, 3.5] {
            at(dt)
            let p = l.presentation()!
            XCTAssertEqual(p.readState { $0.subclass.emitter.birthRate } > 0, dt < 3.25, "animating at \(dt)")
            let xs = ParticleField(p.readState { $0.subclass.emitter }, time: dt).particles.map(\.x)
            XCTAssertEqual(xs.count, 7, "at \(dt)")
            XCTAssertEqual(xs.first ?? 0, 10 + 10 * dt, accuracy: 1e-9)
        }
    }

    /// At local time 1.25 the three particles become three render nodes under the emitter: 2x2
    /// images centred at x = 10 + 12.5, 7.5, 2.5, tinted orange; additive mode blends plus-lighter.
    func testParticlesInTheRenderTree() {
        let l = makeEmitter()
        let start = CACurrentMediaTime()
        l.beginTime = start     // emission starts at the layer's local time 0
        CATransaction.flush()
        let tree = RenderTreeBuilder().build(PresentationSnapshot(root: l, time: start + 1.25))
        guard tree.nodes.count == 4 else { return XCTFail("\(tree.nodes.count) nodes") }
        XCTAssertEqual(tree.nodes.count, 4)
        XCTAssertEqual(tree.nodes[0].subtreeEnd, 4)
        let xs = tree.nodes.dropFirst().map { $0.toParent.m[12] + 1 }   // centre = translation + half size
        XCTAssertEqual(xs, [22.5, 17.5, 12.5])
        guard case .image(let img) = tree.nodes[1].contents.first else { return XCTFail("no image") }
        XCTAssertEqual(img.tint, 0xFFFF_8000, "orange: 0.5·255 = 127.5 rounds to 0x80")
        XCTAssertEqual(tree.nodes[1].blendMode, .normal)
        l.renderMode = .additive
        CATransaction.flush()
        let add = RenderTreeBuilder().build(PresentationSnapshot(root: l, time: start + 1.25))
        XCTAssertEqual(add.nodes[1].blendMode, .plusLighter)
    }

    /// A runaway rate (2^20/s for 1 s) draws at most maximumLiveParticles (10,000) and says so once.
    func testLiveParticleLimitReportsOnce() {
        let l = makeEmitter()
        l.beginTime = CACurrentMediaTime()
        l.setValue(1_048_576, forKeyPath: "emitterCells.spark.birthRate")
        l.setValue(1, forKeyPath: "emitterCells.spark.lifetime")
        CATransaction.flush()
        let builder = RenderTreeBuilder()
        for dt in [5.0, 5.5] {
            let tree = builder.build(PresentationSnapshot(root: l, time: CACurrentMediaTime() + dt))
            XCTAssertEqual(tree.nodes.count, 1 + 10_000)
        }
        XCTAssertEqual(diagnostics.filter { $0.contains("live particles") }.count, 1, "\(diagnostics)")
    }

    /// With every particle at z = 0 and no perspective, preservesDepth draws the same picture as
    /// flattening (and draws the particles at all).
    func testPreservesDepthDrawsTheParticles() {
        func image(_ preserve: Bool) -> [UInt32] {
            let l = makeEmitter()
            l.beginTime = CACurrentMediaTime()
            l.preservesDepth = preserve
            let r = CARenderer(size: CGSize(width: 100, height: 80), scale: 1)
            r.layer = l
            CATransaction.flush()
            r.beginFrame(atTime: CACurrentMediaTime() + 1.25); r.render(); r.endFrame()
            return r.makeImage().premultipliedARGB
        }
        let flat = image(false), deep = image(true)
        XCTAssertGreaterThan(flat.filter { $0 != 0 }.count, 0)
        XCTAssertEqual(flat, deep)
    }

    /// preservesDepth: the particles sit in one 3D container (a transform-layer node spanning them),
    /// each at its own z (zAcceleration 8: z = 4·age², 6.25 for age 1.25).
    func testPreservesDepthKeepsParticlesInOne3DSpace() {
        let l = makeEmitter()
        let start = CACurrentMediaTime()
        l.beginTime = start
        l.preservesDepth = true
        l.setValue(8, forKeyPath: "emitterCells.spark.zAcceleration")
        CATransaction.flush()
        let tree = RenderTreeBuilder().build(PresentationSnapshot(root: l, time: start + 1.25))
        guard tree.nodes.count == 5 else { return XCTFail("\(tree.nodes.count) nodes") }
        XCTAssertTrue(tree.nodes[1].preserves3D)
        XCTAssertEqual(tree.nodes[1].subtreeEnd, 5)
        XCTAssertEqual(tree.nodes[2].toParent.m[14], 6.25, accuracy: 1e-9)
        XCTAssertEqual(tree.nodes[2].subtreeEnd, 3)
        l.preservesDepth = false
        CATransaction.flush()
        XCTAssertFalse(RenderTreeBuilder().build(PresentationSnapshot(root: l, time: start + 1.25)).nodes.contains { $0.preserves3D })
    }
}
