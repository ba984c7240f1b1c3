import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// `Scene.adoptState(from:)` rule by rule (its documentation): per layer of the same name and class,
/// unchanged declarations keep the running value, changed ones take the file's; frame-derived
/// bounds and position follow a changed frame; load-time animations run on when unchanged, restart
/// when changed, stop when removed; added ones run on; load time and fired timers carry over.
final class SceneAdoptStateTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }
    func at(_ t: CFTimeInterval) { CAMediaClock.manualTime = t; CATransaction.flush() }

    func testDeclaredPropertiesFollowTheFileUndeclaredOnesAndChangesAtRunTimeStay() throws {
        let before = """
        layers:
          - {name: a, frame: [10, 10, 20, 20], cornerRadius: 2, borderWidth: 1}
          - {name: b, frame: [50, 50, 10, 10], cornerRadius: 3}
          - {name: c, class: CAShapeLayer, cornerRadius: 4}
          - {name: gone, cornerRadius: 5}
        """
        at(0)
        let old = try Scene.parse(before)
        at(0)
        // Run-time changes: a's corner, border and opacity (opacity undeclared), b moved, c's corner.
        CATransaction.setDisableActions(true)
        old.layers["a"]!.cornerRadius = 7; old.layers["a"]!.opacity = 0.5; old.layers["a"]!.borderWidth = 9
        old.layers["b"]!.position = CGPoint(x: 100, y: 100)
        old.layers["c"]!.cornerRadius = 8
        at(1)
        let new = try Scene.parse("""
        layers:
          - {name: a, frame: [10, 10, 20, 20], cornerRadius: 2, borderWidth: 3}
          - {name: b, frame: [60, 60, 10, 10], cornerRadius: 3}
          - {name: c, cornerRadius: 4}
          - {name: d, cornerRadius: 6}
        """)
        new.adoptState(from: old)
        let a = new.layers["a"]!, b = new.layers["b"]!, c = new.layers["c"]!
        XCTAssertEqual(a.cornerRadius, 7, "declared the same: the running value stays")
        XCTAssertEqual(a.opacity, 0.5, "undeclared in both: the running value stays")
        XCTAssertEqual(a.borderWidth, 3, "declared differently: the file's new value")
        XCTAssertEqual(a.position, CGPoint(x: 20, y: 20), "the frame unchanged, position kept (it was not moved)")
        XCTAssertEqual(b.position, CGPoint(x: 65, y: 65), "a changed frame sets position anew")
        XCTAssertEqual(b.bounds, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(b.cornerRadius, 3)
        XCTAssertTrue(type(of: c) == CALayer.self, "c's class changed: a new plain layer")
        XCTAssertEqual(c.cornerRadius, 4, "nothing carried over")
        XCTAssertEqual(new.layers["d"]!.cornerRadius, 6, "a new layer is as the file says")
        XCTAssertNil(new.layers["gone"])
        // The moved layer keeps its place when its frame is unchanged.
        let moved = try Scene.parse("layers:\n  - {name: b, frame: [50, 50, 10, 10], cornerRadius: 3}\n")
        moved.adoptState(from: old)
        XCTAssertEqual(moved.layers["b"]!.position, CGPoint(x: 100, y: 100))
        XCTAssertEqual(moved.layers["b"]!.bounds.size, CGSize(width: 10, height: 10))
    }

    func testAnimationsRunOnRestartOrStopByTheirDefinitions() throws {
        func scene(_ spinDuration: Double, fade: Bool) -> String {
            """
            layers:
              - {name: a, frame: [0, 0, 10, 10]}
            animations:
              - {layer: a, keyPath: position.x, from: 0, to: 100, duration: \(spinDuration), timingFunction: linear}
            \(fade ? "  - {layer: a, keyPath: opacity, from: 1, to: 0, duration: 10, timingFunction: linear}" : "")
            interactions:
              - {on: {key: k}, add: [{layer: a, keyPath: cornerRadius, from: 0, to: 10, duration: 10, timingFunction: linear}]}
            """
        }
        at(0)
        let s0 = try Scene.parse(scene(10, fade: true))
        at(0)
        at(2)
        s0.handle(.key("k"))
        at(2)
        at(4)
        func x(_ s: Scene) -> CGFloat { s.layers["a"]!.presentation()!.position.x }
        XCTAssertEqual(x(s0), 40, accuracy: 1e-6)
        // Same definitions: the slide runs on from where it is; the added corner animation too.
        let s1 = try Scene.parse(scene(10, fade: true))
        s1.adoptState(from: s0)
        at(5)
        XCTAssertEqual(x(s1), 50, accuracy: 1e-6, "not restarted")
        XCTAssertEqual(Double(s1.layers["a"]!.presentation()!.opacity), 0.5, accuracy: 1e-6)
        XCTAssertEqual(s1.layers["a"]!.presentation()!.cornerRadius, 3, accuracy: 1e-6, "added at 2: 3 s into 10")
        // The slide's duration changed: it restarts (from 0 at 6); the fade is gone from the file: it stops.
        at(6)
        let s2 = try Scene.parse(scene(20, fade: false))
        s2.adoptState(from: s1)
        at(6)
        at(8)
        XCTAssertEqual(x(s2), 10, accuracy: 1e-6, "restarted at 6: 2 s into 20")
        XCTAssertNil(s2.layers["a"]!.animation(forKey: "opacity"))
        XCTAssertEqual(s2.layers["a"]!.presentation()!.opacity, 1)
        XCTAssertEqual(s2.layers["a"]!.presentation()!.cornerRadius, 6, accuracy: 1e-6, "the added one still runs")
    }

    /// A load-time animation that has ended stays ended when the file is saved unchanged (before,
    /// saving `bounce.yaml` 6 s after its 5 s animation ended put the ball back on its path).
    func testAnEndedAnimationStaysEndedAcrossAnUnchangedReload() throws {
        let text = "layers:\n  - {name: a, frame: [0, 0, 10, 10]}\nanimations:\n  - {layer: a, keyPath: position.x, from: 0, to: 100, duration: 5, timingFunction: linear}\n"
        at(0)
        let s0 = try Scene.parse(text)
        at(0)
        at(2)
        XCTAssertEqual(s0.layers["a"]!.presentation()!.position.x, 40, accuracy: 1e-6)
        at(6)
        XCTAssertNil(s0.layers["a"]!.animation(forKey: "position.x"), "ended and removed")
        let s1 = try Scene.parse(text)
        s1.adoptState(from: s0)
        at(6)
        at(7.5)
        XCTAssertNil(s1.layers["a"]!.animation(forKey: "position.x"), "not started again")
        XCTAssertEqual(s1.layers["a"]!.presentation()!.position.x, 5, accuracy: 1e-6, "at the model's place (the frame's centre)")
        // Changed, it starts again.
        let s2 = try Scene.parse(text.replacingOccurrences(of: "duration: 5", with: "duration: 4"))
        s2.adoptState(from: s1)
        at(7.5)
        at(8.5)
        XCTAssertEqual(s2.layers["a"]!.presentation()!.position.x, 25, accuracy: 1e-6, "restarted at 7.5: 1 s into 4")
    }

    /// An animation that began at media time 0 keeps its start (beginTime 0 would mean "now").
    func testAnAnimationThatBeganAtTimeZeroKeepsItsStart() throws {
        let text = "layers:\n  - {name: a}\nanimations:\n  - {layer: a, keyPath: position.x, from: 0, to: 100, duration: 10, timingFunction: linear}\n"
        at(0)
        let s0 = try Scene.parse(text)
        at(0)
        XCTAssertEqual(s0.layers["a"]!.animation(forKey: "position.x")?.beginTime, 0)
        at(3)
        let s1 = try Scene.parse(text)
        s1.adoptState(from: s0)
        at(3)
        XCTAssertEqual(s1.layers["a"]!.presentation()!.position.x, 30, accuracy: 1e-6)
    }

    func testLoadTimeAndFiredTimersCarryOver() throws {
        let text = """
        layers:
          - {name: a}
        interactions:
          - {on: {timer: 3}, set: [{layer: a, cornerRadius: 3}]}
          - {on: {timer: 1}, set: [{layer: a, borderWidth: 1}]}
        """
        CAMediaClock.manualTime = 10
        let s0 = try Scene.parse(text)
        s0.tick(11.5)
        XCTAssertEqual(s0.layers["a"]!.borderWidth, 1)
        CAMediaClock.manualTime = 12
        // The new file lists the timers the other way round: they are matched by time.
        let s1 = try Scene.parse("""
        layers:
          - {name: a}
        interactions:
          - {on: {timer: 1}, set: [{layer: a, borderWidth: 2}]}
          - {on: {timer: 3}, set: [{layer: a, cornerRadius: 3}]}
          - {on: {timer: 2}, set: [{layer: a, zPosition: 2}]}
        """)
        XCTAssertEqual(s1.loadTime, 12)
        s1.adoptState(from: s0)
        XCTAssertEqual(s1.loadTime, 10, "media time runs on from the first load")
        XCTAssertEqual(s1.nextTimerTime(), 12, "the 1 s timer fired already; the 2 s one is due at 12")
        s1.tick(12)
        XCTAssertEqual(s1.layers["a"]!.zPosition, 2)
        XCTAssertEqual(s1.layers["a"]!.borderWidth, 1, "not fired again (the running value 1 was kept)")
        XCTAssertEqual(s1.nextTimerTime(), 13)
        s1.tick(13)
        XCTAssertEqual(s1.layers["a"]!.cornerRadius, 3)
    }

    /// adoptState runs in a transaction of its own: the caller's transaction (here with a 2 s
    /// duration and actions enabled) goes on unchanged after it.
    func testAdoptingStateLeavesTheCallersTransactionAlone() throws {
        at(0)
        let old = try Scene.parse("layers:\n  - {name: a, cornerRadius: 1}\n")
        let new = try Scene.parse("layers:\n  - {name: a, cornerRadius: 1}\n")
        at(0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        new.adoptState(from: old)
        new.layers["a"]!.cornerRadius = 9
        CATransaction.commit()
        let implicit = try XCTUnwrap(new.layers["a"]!.animation(forKey: "cornerRadius"), "actions still enabled")
        XCTAssertEqual(implicit.duration, 2)
    }
}
