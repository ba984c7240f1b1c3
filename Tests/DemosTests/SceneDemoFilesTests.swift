import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes
import Demos

/// The demo scenes in scenes/ do what their Swift demos do (DemoBehaviourTests), driven by clicks and
/// keys on virtual time.
final class SceneDemoFilesTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }
    func at(_ t: CFTimeInterval) { CAMediaClock.manualTime = t; CATransaction.flush() }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenes")

    func load(_ name: String) throws -> Scene {
        CAMediaClock.manualTime = 0
        let s = try Scene.load(contentsOf: Self.folder.appendingPathComponent(name))
        CATransaction.flush()
        return s
    }

    func p(_ s: Scene, _ name: String) -> CALayer { s.layers[name]!.presentation()! }
    func red(_ c: CGColor?) -> CGFloat { c?.srgbComponents.red ?? -1 }
    func blue(_ c: CGColor?) -> CGFloat { c?.srgbComponents.blue ?? -1 }
    func angle(_ l: CALayer) -> CGFloat { let t = l.affineTransform(); return atan2(t.b, t.a) }
    func assertColor(_ c: CGColor?, _ hex: UInt32, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let s = c?.srgbComponents
        for (v, shift) in [(s?.red, 16), (s?.green, 8), (s?.blue, 0)] as [(CGFloat?, UInt32)] {
            XCTAssertEqual(Double(v ?? -1), Double((hex >> shift) & 0xFF) / 255, accuracy: 0.01, message, file: file, line: line)
        }
    }

    func testImplicitColourChangesByItselfOverTheDefaultQuarterSecond() throws {
        let s = try load("implicit-color.yaml")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 320, y: 150))), 0, "the colour layer itself is not a button")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 320, y: 270))), 1, "the button (its title is inside it)")
        assertColor(s.layers["colorLayer"]!.backgroundColor, 0xE4572E, "the model changes at once")
        at(0)
        at(0.125)
        let mid = red(p(s, "colorLayer").backgroundColor)
        XCTAssertTrue(mid > 0.25 && mid < 0.85, "half-way from blue to orange: \(mid)")
        at(0.3)
        assertColor(p(s, "colorLayer").backgroundColor, 0xE4572E, "done after 0.25 s")
        XCTAssertEqual(s.handle(.key("g")), 1)
        at(0.3)
        at(0.6)
        assertColor(p(s, "colorLayer").backgroundColor, 0x2FBF71, "G: green")
    }

    func testTransactionCompletionTurnsRightAfterTheOneSecondTransactionAtTheDefaultDuration() throws {
        let s = try load("transaction.yaml")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 410, y: 270))), 1, "\"… then rotate\"")
        at(0)
        at(0.5)
        let mid = blue(p(s, "colorLayer").backgroundColor)
        XCTAssertTrue(mid > 0.5 && mid < 0.85, "blue to green, under way at 0.5 s of the 1 s transaction: \(mid)")
        XCTAssertEqual(s.layers["colorLayer"]!.affineTransform(), .identity, "the turn waits for the transaction")
        at(1.01)
        at(1.01 + 0.125)
        let a = angle(p(s, "colorLayer"))
        XCTAssertTrue(a > 0.1 && a < .pi / 2 - 0.05, "half-way through a 0.25 s turn: \(a)")
        at(1.5)
        XCTAssertEqual(angle(p(s, "colorLayer")), .pi / 2, accuracy: 1e-6)
        // The other button: the same slow change and no turn; R puts everything back at once.
        XCTAssertEqual(s.handle(.key("R")), 1)
        at(1.5)
        XCTAssertEqual(angle(p(s, "colorLayer")), 0, accuracy: 1e-9)
        XCTAssertEqual(s.handle(.click(CGPoint(x: 230, y: 270))), 1, "\"1 s transaction\"")
        at(1.5)
        at(2.0)
        let slow = red(p(s, "colorLayer").backgroundColor)
        XCTAssertTrue(slow > 0.3 && slow < 0.85, "under way at 0.5 s of 1 s: \(slow)")
        at(2.6)
        at(3)
        XCTAssertEqual(angle(p(s, "colorLayer")), 0, accuracy: 1e-9, "no completion turn")
        assertColor(p(s, "colorLayer").backgroundColor, 0xE4572E, "orange")
    }

    func testCustomActionPushesTheNewColourInInsteadOfFadingIt() throws {
        let s = try load("custom-action.yaml")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 320, y: 270))), 1)
        let l = s.layers["colorLayer"]!
        let t = try XCTUnwrap(l.animation(forKey: "transition") as? CATransition)
        XCTAssertEqual(t.type, .push)
        XCTAssertEqual(t.subtype, .fromLeft)
        XCTAssertEqual(l.animationKeys(), ["transition"], "no implicit colour fade")
        assertColor(l.backgroundColor, 0xE4572E, "the new colour")
        XCTAssertEqual(s.handle(.key("G")), 1)
        XCTAssertEqual((l.animation(forKey: "transition") as? CATransition)?.subtype, .fromLeft)
        assertColor(l.backgroundColor, 0x2FBF71, "G: green")
    }

    func testBorderGroupIsHalfWayThroughItsPacedValuesAtTwoAndAHalfSeconds() throws {
        let s = try load("border-group.yaml")
        XCTAssertNotNil(s.layers["box"]!.animation(forKey: "BorderChanges") as? CAAnimationGroup)
        at(2.5)
        // Paced widths: 194 points of travel, half is 97: the 2 → 50 leg has just begun (3).
        XCTAssertEqual(p(s, "box").borderWidth, 3, accuracy: 0.05)
        assertColor(p(s, "box").borderColor, 0xFF0000, "paced colours: red half-way")
        at(5.5)
        XCTAssertEqual(p(s, "box").borderWidth, 2, "back to the model after 5 s")
        assertColor(p(s, "box").borderColor, 0x00CC00, "the model's green")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 320, y: 180))), 1, "a click runs it again")
        at(5.5)
        at(6.75)
        XCTAssertEqual(p(s, "box").borderWidth, 20.5, accuracy: 0.05, "a quarter of the way, 48.5 points of travel: on the 30 → 0.5 leg")
        at(8)
        XCTAssertEqual(p(s, "box").borderWidth, 3, accuracy: 0.05)
    }

    func testExplicitFadeWithAndWithoutTheModelUpdateEndsAtDifferentOpacities() throws {
        let s = try load("explicit-fade.yaml")
        at(0.5)
        XCTAssertEqual(p(s, "kept").opacity, 0.5, accuracy: 0.01)
        XCTAssertEqual(p(s, "snapped").opacity, 0.5, accuracy: 0.01)
        at(1.5)
        XCTAssertEqual(p(s, "kept").opacity, 0, "model updated: stays faded")
        XCTAssertEqual(p(s, "snapped").opacity, 1, "model untouched: snaps back")
        XCTAssertEqual(s.handle(.key("R")), 1)
        at(1.5)
        XCTAssertEqual(p(s, "kept").opacity, 1, "R: opaque again at once")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 170, y: 170))), 1)
        XCTAssertEqual(s.layers["kept"]!.opacity, 0, "the click updates the model")
        at(1.5)
        at(2)
        XCTAssertEqual(p(s, "kept").opacity, 0.5, accuracy: 0.01, "the explicit fade, not an implicit one")
        XCTAssertEqual(p(s, "snapped").opacity, 0.5, accuracy: 0.01)
        at(2.6)
        XCTAssertEqual(p(s, "kept").opacity, 0)
        XCTAssertEqual(p(s, "snapped").opacity, 1)
    }

    func testFillModesBeforeAndAfterTheDelayedStart() throws {
        let s = try load("fill-modes.yaml")
        let names = ["removed", "forwards", "backwards", "both"]
        func xs() -> [Double] { names.map { Double(p(s, $0).position.x) } }
        func check(_ expected: [Double], _ what: String, line: UInt = #line) {
            for (x, (e, n)) in zip(xs(), zip(expected, names)) { XCTAssertEqual(x, e, accuracy: 0.01, "\(n) \(what)", line: line) }
        }
        at(0.5)
        check([230, 230, 330, 330], "before the start: backwards and both at the start value already")
        at(2)
        check([480, 480, 480, 480], "half-way, all alike")
        at(4)
        check([230, 630, 230, 630], "after the end: forwards and both stay at the end value")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 500, y: 30))), 1, "a click adds them again")
        at(4)
        at(4.5)
        check([230, 230, 330, 330], "before the start again")
        at(5.5)
        check([405, 405, 405, 405], "0.5 s into the 2 s slide")
        at(8)
        check([230, 630, 230, 630], "after the end again")
    }

    func testNestedSpeedsPlayTheEightSecondSlideInTwo() throws {
        let s = try load("speed.yaml")
        at(1)
        XCTAssertEqual(p(s, "inner").position.x, 25 + 470 * 0.5, accuracy: 0.01, "speed 2 × 2: half of 8 s after 1 s")
        XCTAssertEqual(p(s, "single").position.x, 25 + 470 * 0.25, accuracy: 0.01, "speed 2: a quarter")
        XCTAssertEqual(p(s, "reference").position.x, 25 + 470 * 0.125, accuracy: 0.01, "speed 1: an eighth")
        XCTAssertEqual(p(s, "offset").position.x, 25 + 470 * 0.625, accuracy: 0.01, "timeOffset 4: starts half-way")
        at(1.9)
        XCTAssertEqual(p(s, "inner").position.x, 25 + 470 * 0.95, accuracy: 0.01, "nearly done at 1.9 s")
        at(2.5)
        XCTAssertEqual(p(s, "inner").position.x, 25 + 470 * 0.25, accuracy: 0.01, "done in 2 s, and repeating")
        XCTAssertEqual(p(s, "reference").position.x, 25 + 470 * 2.5 / 8, accuracy: 0.01)
    }

    func testPauseFreezesTheTreeAndResumeContinuesFromThere() throws {
        let s = try load("pause-resume.yaml")
        at(0.5)
        XCTAssertEqual(s.handle(.key("Space")), 1)
        at(0.5)
        let spin = angle(p(s, "spinner")), dot = p(s, "dot").transform, reference = angle(p(s, "referenceSpinner"))
        XCTAssertEqual(spin, 2 * .pi * 0.5 / 3, accuracy: 1e-6)
        at(1.5)
        XCTAssertEqual(angle(p(s, "spinner")), spin, accuracy: 1e-9, "paused: the spinner stands still")
        XCTAssertEqual(p(s, "dot").transform, dot, "and so does the rest of the tree")
        XCTAssertNotEqual(angle(p(s, "referenceSpinner")), reference, "the reference runs on")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 230, y: 330))), 1, "the Pause button while paused changes nothing")
        at(1.6)
        XCTAssertEqual(angle(p(s, "spinner")), spin, accuracy: 1e-9)
        XCTAssertEqual(s.handle(.click(CGPoint(x: 410, y: 330))), 1, "Resume")
        at(1.6)
        XCTAssertEqual(angle(p(s, "spinner")), spin, accuracy: 1e-6, "resumes where it paused")
        at(2.1)
        XCTAssertEqual(angle(p(s, "spinner")), 2 * .pi * 1.0 / 3, accuracy: 1e-6, "and runs on: 1 s of turning in all")
        XCTAssertEqual(s.handle(.key("R")), 1)
        at(2.2)
        XCTAssertEqual(angle(p(s, "spinner")), 2 * .pi * 1.1 / 3, accuracy: 1e-6, "resume while running changes nothing")
    }

    /// pop.json (JSON syntax) pops; the same scene formatted as YAML does the same.
    func testThePopSceneInJSONPopsAndItsYAMLTwinMatches() throws {
        let url = Self.folder.appendingPathComponent("pop.json")
        let json = try String(contentsOf: url, encoding: .utf8)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.utf8)), "strict JSON")
        let yaml = try SceneFormatter.format(json, file: "pop.json", as: .yaml)
        XCTAssertFalse(yaml.hasPrefix("{"), "the twin is block YAML")
        var values: [[CGFloat]] = []
        for (text, name) in [(json, "pop.json"), (yaml, "pop.yaml")] {
            CAMediaClock.manualTime = 0
            let s = try Scene.parse(text, file: name)
            CATransaction.flush()
            XCTAssertEqual(s.handle(.click(CGPoint(x: 400, y: 80))), 1, name)
            at(0)
            at(0.14)
            XCTAssertEqual(p(s, "position").position.y, 130, accuracy: 1e-6, "\(name): at the first keyframe, the new value")
            XCTAssertEqual(p(s, "size").bounds.width, 150, accuracy: 1e-6, name)
            assertColor(p(s, "colour").backgroundColor, 0xFFD933, name)
            XCTAssertEqual(angle(p(s, "rotation")), .pi / 2, accuracy: 1e-5, name)
            at(0.4)
            let back = [p(s, "position").position.y, p(s, "size").bounds.width, red(p(s, "colour").backgroundColor), angle(p(s, "rotation"))]
            XCTAssertTrue(back[0] > 130 && back[0] < 210, "\(name): on the way back \(back[0])")
            values.append(back)
            at(0.8)
            XCTAssertEqual(p(s, "position").position.y, 210, accuracy: 1e-6, "\(name): back")
            XCTAssertEqual(p(s, "size").bounds.width, 100, accuracy: 1e-6, name)
            XCTAssertEqual(angle(p(s, "rotation")), 0, accuracy: 1e-9, name)
        }
        XCTAssertEqual(values[0], values[1], "JSON and YAML agree")
    }

    /// SceneTests loads scenes/*.yaml; the JSON scenes load too, and format to YAML that loads.
    func testEveryJSONSceneLoadsAndFormats() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertFalse(files.isEmpty)
        for f in files {
            XCTAssertNoThrow(try load(f), f)
            let text = try String(contentsOf: Self.folder.appendingPathComponent(f), encoding: .utf8)
            XCTAssertNoThrow(try Scene.parse(try SceneFormatter.format(text, file: f), file: f), f)
        }
    }

    /// stress.yaml (written by stress-gen.swift) has the Swift stress demo's 400 layers, each animated.
    func testTheStressSceneIsTheStressDemo() throws {
        let s = try load("stress.yaml")
        let demo = StressDemo(size: s.size)
        let layers = demo.root.sublayers ?? []
        XCTAssertEqual(layers.count, 400)
        XCTAssertEqual(s.order.count, 400)
        for (i, d) in layers.enumerated() {
            let l = try XCTUnwrap(s.layers["l\(i)"])
            XCTAssertEqual(Set(l.animationKeys() ?? []), ["orbit", "turn", "pulse"], "l\(i)")
            XCTAssertEqual(l.bounds.width, d.bounds.width, accuracy: 0.001, "l\(i)")
            XCTAssertEqual(l.position.x, d.position.x, accuracy: 0.001, "l\(i)")
            XCTAssertEqual(l.position.y, d.position.y, accuracy: 0.001, "l\(i)")
            XCTAssertEqual(l.animation(forKey: "orbit")!.duration, d.animation(forKey: "orbit")!.duration, accuracy: 0.001, "l\(i)")
            XCTAssertEqual(l.animation(forKey: "pulse")!.duration, d.animation(forKey: "pulse")!.duration, accuracy: 0.001, "l\(i)")
            XCTAssertEqual(red(l.backgroundColor), red(d.backgroundColor), accuracy: 0.6 / 255, "l\(i)")
        }
        let start = s.layers["l0"]!.presentation()!.position
        at(0.5)
        XCTAssertNotEqual(p(s, "l0").position, start, "orbiting")
    }
}
