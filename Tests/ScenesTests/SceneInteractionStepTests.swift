import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Interactions (scenes/README.md): which events run which interactions, what each step does to
/// the layers (with Apple's pause/resume recipe worked through on virtual time), timers, and the
/// errors of every part.
final class SceneInteractionStepTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }
    func at(_ t: CFTimeInterval) { CAMediaClock.manualTime = t; CATransaction.flush() }

    func error(_ yaml: String) -> SceneError? {
        do { _ = try Scene.parse(yaml, file: "i.yaml"); return nil } catch let e as SceneError { return e } catch { return nil }
    }

    let layers = """
    window: {size: [200, 200]}
    layers:
      - name: outer
        frame: [0, 0, 100, 100]
        backgroundColor: "#ff0000"
        sublayers:
          - {name: inner, frame: [10, 10, 20, 20], backgroundColor: "#00ff00"}
      - {name: other, frame: [150, 150, 20, 20], backgroundColor: "#0000ff"}

    """

    /// Each interaction sets a different property of `other`, so which ran can be read off it.
    func testEventsRunTheInteractionsTheyTrigger() throws {
        let s = try Scene.parse(layers + """
        interactions:
          - on: {click: outer}
            set: [{layer: other, cornerRadius: 1}]
          - on: {click: inner}
            set: [{layer: other, borderWidth: 2}]
          - on: {key: Space}
            set: [{layer: other, zPosition: 3}]
          - on: {key: "a"}
            set: [{layer: other, anchorPointZ: 4}]
          - on: {swipe: left}
            set: [{layer: other, shadowRadius: 5}]
          - on: {swipe: right}
            set: [{layer: other, shadowOpacity: 0.5}]
        """)
        CATransaction.flush()
        let o = s.layers["other"]!
        XCTAssertEqual(s.interactions.map(\.trigger), [.click("outer"), .click("inner"), .key("Space"), .key("a"), .swipe("left"), .swipe("right")])
        XCTAssertEqual(s.handle(.click(CGPoint(x: 190, y: 10))), 0, "the root has no name and no interaction")
        XCTAssertEqual(o.cornerRadius, 0)
        XCTAssertEqual(s.handle(.click(CGPoint(x: 50, y: 50))), 1, "outer only")
        XCTAssertEqual(o.cornerRadius, 1); XCTAssertEqual(o.borderWidth, 0)
        XCTAssertEqual(s.handle(.click(CGPoint(x: 15, y: 25))), 2, "inner and its named ancestor outer")
        XCTAssertEqual(o.borderWidth, 2)
        XCTAssertEqual(s.handle(.click(CGPoint(x: 160, y: 160))), 0, "a named layer with no interaction")
        XCTAssertEqual(s.handle(.key("space")), 1, "key names ignore case")
        XCTAssertEqual(o.zPosition, 3)
        XCTAssertEqual(s.handle(.key("A")), 1)
        XCTAssertEqual(o.anchorPointZ, 4)
        XCTAssertEqual(s.handle(.key("b")), 0)
        XCTAssertEqual(s.handle(.swipe("left")), 1)
        XCTAssertEqual(o.shadowRadius, 5); XCTAssertEqual(o.shadowOpacity, 0)
        XCTAssertEqual(s.handle(.swipe("right")), 1)
        XCTAssertEqual(o.shadowOpacity, 0.5)
        XCTAssertEqual(s.handle(.swipe("up")), 0)
        XCTAssertEqual(s.handle(.swipe("Left")), 0, "swipe directions are exact")
    }

    /// Apple's pause/resume recipe on a 10 s fade of `other` (1 → 0, started at 0): paused at 2 s
    /// it holds 0.8 (timeOffset 2, speed 0); resumed at 5 s (beginTime 5 − 2 = 3) it is at 0.7 at
    /// 6 s. Toggle does the one or the other; pausing a paused layer or resuming a running one
    /// changes nothing.
    func testPauseResumeAndToggleFollowApplesRecipe() throws {
        let s = try Scene.parse(layers + """
        animations:
          - {layer: other, keyPath: opacity, from: 1, to: 0, duration: 10, timingFunction: linear}
        interactions:
          - {on: {key: p}, pause: other}
          - {on: {key: r}, resume: other}
          - {on: {key: t}, toggle: other}
        """)
        let o = s.layers["other"]!
        func opacity() -> Double { Double(o.presentation()!.opacity) }
        at(0)
        at(2)
        XCTAssertEqual(s.handle(.key("p")), 1)
        XCTAssertEqual(o.speed, 0); XCTAssertEqual(o.timeOffset, 2, accuracy: 1e-12)
        at(3)
        XCTAssertEqual(opacity(), 0.8, accuracy: 1e-6)
        s.handle(.key("p"))
        XCTAssertEqual(o.timeOffset, 2, accuracy: 1e-12, "pausing again keeps the first pause")
        at(5)
        XCTAssertEqual(s.handle(.key("r")), 1)
        XCTAssertEqual(o.speed, 1); XCTAssertEqual(o.timeOffset, 0); XCTAssertEqual(o.beginTime, 3, accuracy: 1e-12)
        at(6)
        XCTAssertEqual(opacity(), 0.7, accuracy: 1e-6)
        s.handle(.key("r"))
        XCTAssertEqual(o.beginTime, 3, accuracy: 1e-12, "resuming a running layer changes nothing")
        // Toggle: paused at 7 (local time 4), resumed at 9 (beginTime 9 − 4 = 5).
        at(7)
        s.handle(.key("t"))
        XCTAssertEqual(o.speed, 0); XCTAssertEqual(o.timeOffset, 4, accuracy: 1e-12)
        at(9)
        XCTAssertEqual(opacity(), 0.6, accuracy: 1e-6)
        s.handle(.key("t"))
        XCTAssertEqual(o.speed, 1); XCTAssertEqual(o.beginTime, 5, accuracy: 1e-12)
        at(10)
        XCTAssertEqual(opacity(), 0.5, accuracy: 1e-6)
    }

    func testAddRemoveAndTransactionSettings() throws {
        let s = try Scene.parse(layers + """
        animations:
          - {layer: other, keyPath: opacity, from: 1, to: 0, duration: 10}
          - {layer: other, keyPath: cornerRadius, from: 0, to: 10, duration: 10}
        interactions:
          - on: {key: x}
            remove: [{layer: other, key: opacity}, {layer: outer, key: nothing}]
          - on: {key: y}
            add: [{layer: inner, keyPath: position.x, from: 0, to: 100, duration: 4, timingFunction: linear, beginTime: 1}]
          - on: {key: "1"}
            transaction: {duration: 2, timingFunction: linear}
            set: [{layer: outer, position: [150, 50]}]
          - on: {key: "2"}
            transaction: {disableActions: true}
            set: [{layer: outer, position: [50, 150]}]
          - on: {key: "3"}
            transaction: {duration: 3, disableActions: false}
            set: [{layer: inner, opacity: 0.5}]
        """)
        let o = s.layers["other"]!, outer = s.layers["outer"]!, inner = s.layers["inner"]!
        at(0)
        XCTAssertEqual(Set(o.animationKeys() ?? []), ["opacity", "cornerRadius"])
        XCTAssertEqual(s.handle(.key("x")), 1)
        XCTAssertEqual(o.animationKeys(), ["cornerRadius"], "the named one removed, the other kept")
        at(1)
        XCTAssertEqual(s.handle(.key("y")), 1)
        // Added at 1 with a delay of 1: from 0 at 2 to 100 at 6.
        XCTAssertEqual(inner.animation(forKey: "position.x")?.beginTime, 2)
        at(4)
        XCTAssertEqual(inner.presentation()!.position.x, 50, accuracy: 1e-6)
        // A 2 s linear transaction: the implicit move is half-way after 1 s.
        XCTAssertEqual(s.handle(.key("1")), 1)
        XCTAssertEqual(outer.position, CGPoint(x: 150, y: 50), "the model changes at once")
        at(4)
        at(5)
        XCTAssertEqual(outer.presentation()!.position.x, 100, accuracy: 1e-6)
        at(7)
        // Actions disabled: no animation, the presentation jumps.
        XCTAssertEqual(s.handle(.key("2")), 1)
        at(7)
        XCTAssertEqual(outer.presentation()!.position, CGPoint(x: 50, y: 150))
        XCTAssertEqual(s.handle(.key("3")), 1)
        XCTAssertEqual(inner.opacity, 0.5)
        let quick = try XCTUnwrap(inner.animation(forKey: "opacity"), "actions left enabled: an implicit animation")
        XCTAssertEqual(quick.duration, 3, "of the transaction's duration")
    }

    /// "then" runs when the interaction's transaction completes: a 1 s transaction started at 0
    /// runs its then-steps on the first frame after 1 s, at the default 0.25 s.
    func testThenRunsWhenTheTransactionCompletes() throws {
        let s = try Scene.parse(layers + """
        interactions:
          - on: {click: outer}
            transaction: {duration: 1}
            set: [{layer: outer, cornerRadius: 10}]
            then:
              set: [{layer: other, opacity: 0.5}]
              then: {transaction: {disableActions: true}, set: [{layer: inner, opacity: 0.25}]}
        """)
        at(0)
        XCTAssertEqual(s.handle(.click(CGPoint(x: 50, y: 90))), 1)
        at(0)
        at(0.5)
        XCTAssertEqual(s.layers["other"]!.opacity, 1, "not yet")
        at(1.01)
        XCTAssertEqual(s.layers["other"]!.opacity, 0.5)
        at(1.01 + 0.125)
        let o = Double(s.layers["other"]!.presentation()!.opacity)
        XCTAssertTrue(o > 0.5 && o < 1, "fading over the default 0.25 s: \(o)")
        at(1.5)
        at(1.6)
        XCTAssertEqual(s.layers["inner"]!.opacity, 0.25, "the nested then ran after the first then's transaction")
    }

    func testTimersFireOnceAtTheirTimesAfterLoad() throws {
        CAMediaClock.manualTime = 10
        let s = try Scene.parse(layers + """
        interactions:
          - on: {timer: 1}
            set: [{layer: other, cornerRadius: 1}]
          - on: {timer: 0.5}
            set: [{layer: other, borderWidth: 1}]
          - on: {timer: 0}
            set: [{layer: other, zPosition: 1}]
        """)
        XCTAssertEqual(s.loadTime, 10)
        XCTAssertEqual(s.nextTimerTime(), 10)
        let o = s.layers["other"]!
        s.tick(10)
        XCTAssertEqual(o.zPosition, 1); XCTAssertEqual(o.borderWidth, 0)
        XCTAssertEqual(s.nextTimerTime(), 10.5)
        s.tick(10.49)
        XCTAssertEqual(o.borderWidth, 0)
        s.tick(10.5)
        XCTAssertEqual(o.borderWidth, 1); XCTAssertEqual(o.cornerRadius, 0)
        XCTAssertEqual(s.nextTimerTime(), 11)
        o.borderWidth = 0
        s.tick(20)
        XCTAssertEqual(o.cornerRadius, 1)
        XCTAssertEqual(o.borderWidth, 0, "each timer fires once")
        XCTAssertEqual(s.nextTimerTime(), .infinity)
        XCTAssertEqual(try Scene.parse("layers: []").nextTimerTime(), .infinity, "no timers")
        // Timers do not answer events.
        XCTAssertEqual(s.handle(.key("1")), 0)
    }

    func testInteractionErrors() {
        let head = "layers: [{name: a}, {name: t, class: CATextLayer}]\ninteractions:\n  - "
        let cases: [(String, String)] = [
            ("{set: []}", "an interaction needs \"on\": {click: layer}, {key: name}, {swipe: left|right} or {timer: seconds}"),
            ("{on: click}", "expected a trigger (a mapping of keys to values)"),
            ("{on: {click: a, key: A}}", "a trigger has exactly one of click, key, swipe, timer"),
            ("{on: {}}", "a trigger has exactly one of click, key, swipe, timer"),
            ("{on: {click: b}}", "no layer named \"b\"; did you mean \"a\"?"),
            ("{on: {click: [a]}}", "no layer named \"?\""),
            ("{on: {key: [A]}}", "expected a key name"),
            ("{on: {swipe: up}}", "expected left or right"),
            ("{on: {timer: -0.5}}", "a timer fires at a time after load, not before"),
            ("{on: {timer: soon}}", "expected a number, got \"soon\""),
            ("{on: {tap: a}}", "unknown key \"tap\" in a trigger"),
            ("{on: {key: A}, sett: []}", "unknown key \"sett\" in an interaction; did you mean \"set\"?"),
            ("{on: {key: A}, transaction: {duration: -1}}", "a duration must not be negative"),
            ("{on: {key: A}, transaction: {duration: x}}", "expected a number, got \"x\""),
            ("{on: {key: A}, transaction: {disableActions: 3}}", "expected true or false"),
            ("{on: {key: A}, transaction: {timingFunction: fast}}", "expected linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y]"),
            ("{on: {key: A}, transaction: {durtion: 1}}", "unknown key \"durtion\" in transaction settings; did you mean \"duration\"?"),
            ("{on: {key: A}, set: {layer: a}}", "expected a list of {layer: name, property: value}"),
            ("{on: {key: A}, set: [{opacity: 1}]}", "a change needs \"layer\": a layer's name"),
            ("{on: {key: A}, set: [{layer: z, opacity: 1}]}", "a change needs \"layer\": a layer's name"),
            ("{on: {key: A}, set: [{layer: a, opacty: 1}]}", "unknown key \"opacty\" in a CALayer; did you mean \"opacity\"?"),
            ("{on: {key: A}, set: [{layer: a, string: b}]}", "unknown key \"string\" in a CALayer"),
            ("{on: {key: A}, set: [{layer: t, alignmentMode: middle}]}", "expected natural, left, right, center or justified"),
            ("{on: {key: A}, add: {layer: a}}", "expected a list of animations"),
            ("{on: {key: A}, add: [{layer: z, keyPath: opacity}]}", "no layer named \"z\"; did you mean \"a\"?"),
            ("{on: {key: A}, remove: {layer: a}}", "expected a list of {layer, key}"),
            ("{on: {key: A}, remove: [{layer: a}]}", "a removal needs \"layer\" and \"key\""),
            ("{on: {key: A}, remove: [{key: opacity}]}", "a removal needs \"layer\" and \"key\""),
            ("{on: {key: A}, remove: [{layer: z, key: opacity}]}", "a removal needs \"layer\" and \"key\""),
            ("{on: {key: A}, remove: [3]}", "expected a removal (a mapping of keys to values)"),
            ("{on: {key: A}, pause: z}", "no layer named \"z\"; did you mean \"a\"?"),
            ("{on: {key: A}, pause: nobody}", "no layer named \"nobody\""),
            ("{on: {key: A}, resume: [a]}", "no layer named \"?\""),
            ("{on: {key: A}, toggle: aa}", "no layer named \"aa\"; did you mean \"a\"?"),
            ("{on: {key: A}, then: 3}", "expected steps to run when the transaction completes (a mapping of keys to values)"),
            ("{on: {key: A}, then: {on: {key: B}}}", "unknown key \"on\" in \"then\" steps"),
            ("3", "expected an interaction (a mapping of keys to values)"),
        ]
        for (spec, message) in cases { XCTAssertEqual(error(head + spec + "\n")?.message, message, spec) }
        // Located at the part in question (line 3).
        XCTAssertEqual(error(head + "{on: {timer: -0.5}}\n")?.column, 18)
        XCTAssertEqual(error(head + "{on: {key: A}, set: [{layer: a, opacty: 1}]}\n")?.column, 37)
        XCTAssertEqual(error(head + "{on: {key: A}, set: [{layer: a, opacty: 1}]}\n")?.line, 3)
        // "then" nests 32 deep at most.
        func nested(_ n: Int) -> String { head + "{on: {key: A}" + String(repeating: ", then: {pause: a", count: n) + String(repeating: "}", count: n) + "}\n" }
        XCTAssertNil(error(nested(32)))
        XCTAssertEqual(error(nested(33))?.message, "\"then\" is nested more than 32 deep")
        // A quoted "on" (JSON) works as well as a plain one.
        XCTAssertNil(error(head + "{\"on\": {\"key\": \"A\"}, \"pause\": \"a\"}\n"))
    }
}
