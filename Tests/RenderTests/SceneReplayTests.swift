import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes
@testable import lamina

/// Replayed interactions on virtual time, as `lamina eval`, `render` and `record` drive a scene.
final class SceneReplayTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil }

    func testThenStepsStartOnTheFrameAfterTheirTransactionEnds() throws {
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
        var replay = try SceneReplay(scene: s, events: "key@0.2:Space")
        replay.advance(to: 1.25)
        let o = Double(s.layers["a"]!.presentation()!.opacity)
        // The fade began on the first frame at or after 1.2 s (the transaction ends at 0.2 + 1).
        XCTAssertEqual(o, 1 - (1.25 - 1.2) / 0.5, accuracy: 1.0 / 60 / 0.5 + 1e-6, "fading since the transaction ended")
        XCTAssertLessThan(o, 1)
        XCTAssertEqual(s.layers["a"]!.cornerRadius, 4, "the timer fired on the way")
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
