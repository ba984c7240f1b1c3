import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Emitter layers in scene files: CAEmitterLayer's keys, its cells (nested too) with their
/// properties, animations of `emitterCells.NAME.key`, located errors, the particle limit, and the
/// confetti example in scenes/.
final class SceneEmitterTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil }

    func err(_ yaml: String) -> String {
        do { _ = try Scene.parse(yaml, file: "e.yaml"); return "" } catch { return "\(error)" }
    }

    func testLayerAndCellPropertiesAsWritten() throws {
        CAMediaClock.manualTime = 0
        let s = try Scene.parse("""
        layers:
          - name: e
            class: CAEmitterLayer
            frame: [0, 0, 200, 100]
            emitterPosition: [100, 10]
            emitterSize: [200, 0]
            emitterZPosition: 4
            emitterDepth: 6
            emitterShape: line
            emitterMode: outline
            renderMode: additive
            preservesDepth: true
            birthRate: 2
            lifetime: 0.5
            velocity: 3
            scale: 1.5
            spin: 0.25
            seed: 42
            emitterCells:
              - name: a
                birthRate: 10
                lifetime: 2
                lifetimeRange: 0.5
                color: "#ff8000"
                emissionLongitude: 1.5
                emissionRange: 0.25
                velocity: 20
                xAcceleration: 1
                alphaSpeed: -0.5
                beginTime: 0.5
                duration: 3
                repeatCount: 2
                autoreverses: true
                fillMode: both
                minificationFilter: nearest
                contentsRect: [0, 0, 0.5, 1]
                isEnabled: false
                emitterCells:
                  - name: b
                    birthRate: 4
                    emitterCells:
                      - {name: c, velocity: 7}
        """, file: "p.yaml")
        let e = try XCTUnwrap(s.layers["e"] as? CAEmitterLayer)
        XCTAssertEqual(e.emitterPosition, CGPoint(x: 100, y: 10)); XCTAssertEqual(e.emitterSize, CGSize(width: 200, height: 0))
        XCTAssertEqual(e.emitterZPosition, 4); XCTAssertEqual(e.emitterDepth, 6)
        XCTAssertEqual(e.emitterShape, .line); XCTAssertEqual(e.emitterMode, .outline); XCTAssertEqual(e.renderMode, .additive)
        XCTAssertTrue(e.preservesDepth)
        XCTAssertEqual(e.birthRate, 2); XCTAssertEqual(e.lifetime, 0.5); XCTAssertEqual(e.velocity, 3)
        XCTAssertEqual(e.scale, 1.5); XCTAssertEqual(e.spin, 0.25); XCTAssertEqual(e.seed, 42)
        let a = try XCTUnwrap(e.emitterCells?.first)
        XCTAssertEqual(e.emitterCells?.count, 1)
        XCTAssertEqual(a.name, "a"); XCTAssertEqual(a.birthRate, 10); XCTAssertEqual(a.lifetime, 2); XCTAssertEqual(a.lifetimeRange, 0.5)
        XCTAssertEqual(a.color?.components ?? [], [1, 128.0 / 255, 0, 1])
        XCTAssertEqual(a.emissionLongitude, 1.5); XCTAssertEqual(a.emissionRange, 0.25); XCTAssertEqual(a.velocity, 20)
        XCTAssertEqual(a.xAcceleration, 1); XCTAssertEqual(a.alphaSpeed, -0.5)
        XCTAssertEqual(a.beginTime, 0.5); XCTAssertEqual(a.duration, 3); XCTAssertEqual(a.repeatCount, 2)
        XCTAssertTrue(a.autoreverses); XCTAssertEqual(a.fillMode, .both); XCTAssertEqual(a.minificationFilter, "nearest")
        XCTAssertEqual(a.contentsRect, CGRect(x: 0, y: 0, width: 0.5, height: 1)); XCTAssertFalse(a.isEnabled)
        let b = try XCTUnwrap(a.emitterCells?.first)
        XCTAssertEqual(b.name, "b"); XCTAssertEqual(b.birthRate, 4)
        XCTAssertEqual(b.emitterCells?.first?.name, "c"); XCTAssertEqual(b.emitterCells?.first?.velocity, 7)
        // The nested cells reach the layer: readable through their key path.
        XCTAssertEqual((e.value(forKeyPath: "emitterCells.a.emitterCells.b.emitterCells.c.velocity") as? CGFloat), 7)
    }

    /// Errors are located at the value at fault (file:line:column, columns counted by hand) and
    /// suggest the nearest name.
    func testErrorsNameFileLineAndColumn() {
        // `layers: [{name: e, class: CAEmitterLayer, ` is 42 characters: the key at 43, its value at 57.
        XCTAssertEqual(err("layers: [{name: e, class: CAEmitterLayer, emitterShape: lines}]"),
                       "e.yaml:1:57: unknown value \"lines\"; did you mean \"line\"?; expected one of point, line, rectangle, cuboid, circle, sphere")
        XCTAssertTrue(err("layers: [{name: e, class: CAEmitterLayer, seed: 2.5}]").hasPrefix("e.yaml:1:49: seed is a whole number"))
        XCTAssertTrue(err("layers: [{name: e, class: CAEmitterLayer, emiterCells: []}]")
            .hasPrefix("e.yaml:1:43: unknown key \"emiterCells\" in a CAEmitterLayer; did you mean \"emitterCells\"?"))
        XCTAssertTrue(err("layers: [{name: e, emitterCells: []}]").contains("e.yaml:1:20: unknown key \"emitterCells\" in a CALayer"))
        let cells = """
        layers:
          - name: e
            class: CAEmitterLayer
            emitterCells:
              - name: a
                birthrate: 3
        """
        XCTAssertTrue(err(cells).hasPrefix("e.yaml:6:9: unknown key \"birthrate\" in an emitter cell; did you mean \"birthRate\"?"), err(cells))
        XCTAssertTrue(err(cells.replacingOccurrences(of: "birthrate: 3", with: "lifetime: -1")).hasPrefix("e.yaml:6:19: lifetime is 0 or more"))
        XCTAssertTrue(err(cells.replacingOccurrences(of: "birthrate: 3", with: "fillMode: forward"))
            .hasPrefix("e.yaml:6:19: unknown value \"forward\"; did you mean \"forwards\"?"))
        XCTAssertTrue(err(cells.replacingOccurrences(of: "birthrate: 3", with: "color: red")).hasPrefix("e.yaml:6:16: expected a colour"))
        let twins = cells.replacingOccurrences(of: "        birthrate: 3", with: "      - name: a")
        XCTAssertTrue(err(twins).hasPrefix("e.yaml:6:9: two cells here are named \"a\""), err(twins))
        // Five levels of cells: the fifth list is refused where it starts (each level's
        // `{emitterCells: ` is 15 characters: lists open at 57, 73, 89, 105 and 121).
        let deep = "layers: [{name: e, class: CAEmitterLayer, emitterCells: [{emitterCells: [{emitterCells: [{emitterCells: [{emitterCells: [{}]}]}]}]}]}]"
        XCTAssertTrue(err(deep).hasPrefix("e.yaml:1:121: emitter cells nest at most 4 deep"), err(deep))
        XCTAssertTrue(err(deep.replacingOccurrences(of: "{emitterCells: [{}]}", with: "{}")).isEmpty, "four levels are fine")
    }

    /// A cell key path animates like any property: velocity 0 → 10 over 2 s, linear, reads 5 at 1 s.
    func testCellKeyPathAnimations() throws {
        CAMediaClock.manualTime = 0
        let text = """
        layers:
          - {name: e, class: CAEmitterLayer, emitterCells: [{name: spark, birthRate: 1, emitterCells: [{name: tail}]}]}
        animations:
          - {layer: e, keyPath: emitterCells.spark.velocity, from: 0, to: 10, duration: 2, timingFunction: linear}
          - {layer: e, keyPath: emitterCells.spark.emitterCells.tail.color, from: "#000000", to: "#ffffff", duration: 2}
          - {layer: e, keyPath: emitterPosition, from: [0, 0], to: [10, 20], duration: 2}
        """
        let s = try Scene.parse(text, file: "a.yaml")
        CATransaction.flush()
        CAMediaClock.manualTime = 1
        let p = try XCTUnwrap(s.layers["e"]?.presentation())
        XCTAssertEqual(Double(p.value(forKeyPath: "emitterCells.spark.velocity") as? CGFloat ?? -1), 5, accuracy: 1e-6)
        let bad = text.replacingOccurrences(of: "emitterCells.spark.velocity", with: "emitterCells.spark.velocty")
        XCTAssertTrue(err(bad).hasPrefix("e.yaml:4:25: \"emitterCells.spark.velocty\" cannot be animated on a CAEmitterLayer"), err(bad))
        let plain = err(text.replacingOccurrences(of: "name: e, class: CAEmitterLayer, emitterCells: [{name: spark, birthRate: 1, emitterCells: [{name: tail}]}]", with: "name: e"))
        XCTAssertTrue(plain.contains("\"emitterCells.spark.velocity\" cannot be animated on a CALayer"), plain)
    }

    /// A live reload keeps an emitter's running state where its declaration is unchanged (the
    /// birthRate an interaction set to 0, the shape) and takes what the file changed (the
    /// emitter's position).
    func testReloadCarriesTheEmitterState() throws {
        CAMediaClock.manualTime = 0
        let text = """
        layers:
          - {name: e, class: CAEmitterLayer, emitterShape: circle, emitterPosition: [10, 10], emitterCells: [{name: a, birthRate: 5}]}
        interactions:
          - {on: {key: Space}, set: [{layer: e, birthRate: 0}]}
        """
        let old = try Scene.parse(text, file: "r.yaml")
        CATransaction.flush()
        XCTAssertEqual(old.handle(.key("Space")), 1)
        CATransaction.flush()
        let new = try Scene.parse(text.replacingOccurrences(of: "[10, 10]", with: "[30, 40]"), file: "r.yaml")
        new.adoptState(from: old)
        let e = try XCTUnwrap(new.layers["e"] as? CAEmitterLayer)
        XCTAssertEqual(e.birthRate, 0)
        XCTAssertEqual(e.emitterShape, .circle)
        XCTAssertEqual(e.emitterPosition, CGPoint(x: 30, y: 40))
        XCTAssertEqual(e.emitterCells?.first?.birthRate, 5)
    }

    /// The canonical form puts a cell's name first and its own cells last, the rest alphabetical.
    func testFormatOrdersCellKeys() throws {
        let text = "layers: [{name: e, class: CAEmitterLayer, emitterCells: [{velocity: 2, emitterCells: [{scale: 1, birthRate: 3, name: b}], name: a, birthRate: 1}]}]\n"
        XCTAssertEqual(try SceneFormatter.format(text, file: "f.yaml"), """
        layers:
        - name: e
          class: CAEmitterLayer
          emitterCells:
          - name: a
            birthRate: 1
            velocity: 2
            emitterCells:
            - name: b
              birthRate: 3
              scale: 1

        """)
    }

    /// Emitters count towards a frame's particle limit (100,000), replicated ones each time: an
    /// emitter of 1,000/s living 5 s draws 5,000 at once; 20 replicas are 100,000 (allowed), 21
    /// are past it, located at the replicator's instanceCount (line 3, column 20).
    func testParticleLimitCountsReplicatedEmitters() {
        func scene(_ n: Int) -> String {
            """
            layers:
              - name: r
                class: CAReplicatorLayer
                instanceCount: \(n)
                sublayers:
                  - {name: e, class: CAEmitterLayer, emitterCells: [{birthRate: 1000, lifetime: 5}]}
            """
        }
        XCTAssertEqual(err(scene(20)), "")
        XCTAssertTrue(err(scene(21)).hasPrefix("e.yaml:4:20: r: this scene's emitters draw more than 100000 particles a frame"), err(scene(21)))
    }

    /// scenes/confetti.yaml loads (four paper cells written once and merged, a fountain whose sparks
    /// have a nested trail cell) and renders: at 3 s each paper colour is on screen; Space stops the
    /// confetti at 3, so at 11 (lifetime 7 after the stop, with 1 s to spare) none is left while the
    /// fountain still sparks.
    func testConfettiSceneLoadsAndRenders() throws {
        CAMediaClock.manualTime = 0
        let s = try Scene.load(contentsOf: RepositoryFolders.scenes.appendingPathComponent("confetti.yaml"))
        let confetti = try XCTUnwrap(s.layers["confetti"] as? CAEmitterLayer)
        XCTAssertEqual(confetti.emitterCells?.map { $0.name ?? "" }, ["red", "yellow", "blue", "green"])
        XCTAssertEqual(confetti.emitterCells?.map(\.birthRate), [6, 6, 6, 6], "merged from the red cell")
        XCTAssertEqual(confetti.emitterCells?.map(\.spin), [2, 2, -2, 2])
        XCTAssertNotNil(confetti.emitterCells?.first?.contents as? CGImage)
        let fountain = try XCTUnwrap(s.layers["fountain"] as? CAEmitterLayer)
        XCTAssertEqual(fountain.emitterCells?.first?.emitterCells?.first?.name, "trail")
        let r = CARenderer(size: s.size, scale: 0.5)
        r.layer = s.root
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: r)
        CATransaction.flush()
        // Premultiplied ARGB of the four paper colours (opaque; alphaSpeed −0.05 leaves them at
        // least 0.65 opaque within 7 s, so look for the hue: the largest channel and the order).
        func count(_ px: [UInt32], _ test: (Int, Int, Int) -> Bool) -> Int {
            px.filter { p in test(Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)) }.count
        }
        let red = { (r: Int, g: Int, b: Int) in r > 100 && g < r / 2 && b < r / 2 }
        let yellow = { (r: Int, g: Int, b: Int) in r > 100 && g > r * 2 / 3 && b < r / 4 }
        let blue = { (r: Int, g: Int, b: Int) in b > 100 && r < b / 2 && g < b * 2 / 3 && g > b / 3 }
        let green = { (r: Int, g: Int, b: Int) in g > 100 && r < g / 3 && b < g * 2 / 3 }
        try scheduler.frame(at: 3)
        let at3 = r.makeImage().premultipliedARGB
        for (name, test) in [("red", red), ("yellow", yellow), ("blue", blue), ("green", green)] {
            XCTAssertGreaterThan(count(at3, test), 10, "\(name) paper on screen at 3 s")
        }
        XCTAssertEqual(s.handle(.key("Space")), 1)
        CATransaction.flush()
        XCTAssertEqual(confetti.birthRate, 0)
        try scheduler.frame(at: 11)
        let at11 = r.makeImage().premultipliedARGB
        for (name, test) in [("red", red), ("yellow", yellow), ("blue", blue), ("green", green)] {
            XCTAssertEqual(count(at11, test), 0, "no \(name) paper left at 11 s")
        }
        XCTAssertGreaterThan(count(at11, { r, g, b in r > 150 && g > 80 && b < g }), 0, "the fountain sparks on")
    }
}
