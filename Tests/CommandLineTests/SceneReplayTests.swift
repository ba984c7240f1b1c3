import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes
@testable import lamina

/// Replayed interactions on virtual time, as `lamina eval`, `render` and `record` drive a scene.
final class SceneReplayTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil }

    func testThenStepsStartWhenTheirTransactionEnds() throws {
        CAMediaClock.manualTime = 0
        let s = try Scene.parse("""
        layers:
          - {name: a, frame: [0, 0, 10, 10]}
        interactions:
          - on: {key: Space}
            transaction: {duration: 1}
            set: [{layer: a, position: [100, 5]}]
            then:
              transaction: {duration: 0.5, timingFunction: linear}
              set: [{layer: a, opacity: 0}]
          - on: {timer: 0.3}
            set: [{layer: a, cornerRadius: 4}]
        """, file: "r.yaml")
        CATransaction.flush()
        let replay = try SceneReplay(scene: s, events: "key@0.2:Space")
        try replay.frame(at: 1.25)
        let o = Double(s.layers["a"]!.presentation()!.opacity)
        // The fade began when the transaction ended, at 0.2 + 1 = 1.2 s: 0.05 s into 0.5 s, linear.
        XCTAssertEqual(o, 0.9, accuracy: 1e-6, "fading since the transaction ended")
        XCTAssertEqual(s.layers["a"]!.cornerRadius, 4, "the timer fired on the way")
    }

    /// A scene with timers, a transaction with a `then` step, a repeating animation and replayed
    /// events: evaluated at 3 s by a jump and by a frame-by-frame replay (1/60 s stops) it gives the
    /// same values, and at 1e9 s the jump stops only at the events on the way.
    func testJumpingEqualsAFrameByFrameReplayAndCostsOnlyTheEvents() throws {
        let text = """
        layers:
          - {name: a, frame: [0, 0, 10, 10]}
          - {name: b, frame: [20, 0, 10, 10]}
        animations:
          - {layer: b, keyPath: position.x, from: 20, to: 80, duration: 0.7, repeatCount: infinity, autoreverses: true}
        interactions:
          - on: {key: Space}
            transaction: {duration: 0.45}
            set: [{layer: a, position: [100, 5]}]
            then:
              transaction: {duration: 0.5, timingFunction: linear}
              set: [{layer: a, opacity: 0.25}]
              then:
                set: [{layer: b, cornerRadius: 3}]
          - on: {timer: 0.37}
            set: [{layer: a, cornerRadius: 4}]
          - on: {timer: 1.91}
            transaction: {duration: 0.8}
            set: [{layer: a, bounds: [0, 0, 40, 20]}]
          - on: {click: b}
            set: [{layer: b, opacity: 0.5}]
        """
        func evaluate(step: CFTimeInterval?, at t: CFTimeInterval) throws -> (String, FrameScheduler) {
            CAMediaClock.manualTime = 0
            let s = try Scene.parse(text, file: "jump.yaml")
            CATransaction.flush()
            let replay = try SceneReplay(scene: s, events: "key@0.2:Space click@1.3:25,5 key@2.05:Space")
            try replay.frame(at: t, step: step)
            return (SceneJSON.presentation(of: s, at: t), replay.scheduler)
        }
        // Times inside each change: the first transaction, its then step, the click's fade, the
        // second timer's resize, the second key's transaction.
        for t in [0.3, 0.4, 0.9, 1.4, 2.2, 2.3, 3] {
            let (jumped, jumpScheduler) = try evaluate(step: nil, at: t)
            let (stepped, stepScheduler) = try evaluate(step: 1.0 / 60, at: t)
            XCTAssertEqual(jumped, stepped, "at \(t) s")
            XCTAssertGreaterThanOrEqual(stepScheduler.stops, Int(t * 60) - 1, "the replay stopped at every frame")
            XCTAssertLessThan(jumpScheduler.stops, 20, "the jump stopped only where something was due")
            if t == 3 { XCTAssertTrue(jumped.contains("\"cornerRadius\": 3"), "the nested then step ran: \(jumped)") }
        }
        let (far, farScheduler) = try evaluate(step: nil, at: 1e9)
        XCTAssertLessThan(farScheduler.stops, 20, "1e9 s costs the events, not 6e10 frames")
        XCTAssertTrue(far.contains("\"time\": 1000000000"))
    }

    func testEventsAreReadOrRefusedWithTheirText() throws {
        let e = try SceneReplay.parse("key@1:Space click@0.5:3,4 swipe@0.5:left")
        XCTAssertEqual(e.map(\.time), [0.5, 0.5, 1])
        XCTAssertEqual(e.map(\.event), [.click(CGPoint(x: 3, y: 4)), .swipe("left"), .key("Space")], "stable for equal times")
        for bad in ["click@x:1,2", "click@1:1", "tap@1:2", "swipe@1:up", "key@-1:A", "key@1"] {
            XCTAssertThrowsError(try SceneReplay.parse(bad), bad)
        }
    }
}

/// One key that pauses and resumes.
final class SceneToggleTests: XCTestCase {
    func testToggleStepPausesThenResumes() throws {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let s = try Scene.parse("""
        layers:
          - {name: a, frame: [0, 0, 10, 10]}
        animations:
          - {layer: a, keyPath: position.x, from: 0, to: 100, duration: 10, timingFunction: linear}
        interactions:
          - {on: {key: P}, toggle: a}
        """, file: "t.yaml")
        CATransaction.flush()
        CAMediaClock.manualTime = 2
        s.handle(.key("P")); CATransaction.flush()
        CAMediaClock.manualTime = 5
        XCTAssertEqual(s.layers["a"]!.presentation()!.position.x, 20, accuracy: 1e-6, "paused at 2 s")
        s.handle(.key("P")); CATransaction.flush()
        CAMediaClock.manualTime = 6
        XCTAssertEqual(s.layers["a"]!.presentation()!.position.x, 30, accuracy: 1e-6, "resumed where it paused")
    }
}
