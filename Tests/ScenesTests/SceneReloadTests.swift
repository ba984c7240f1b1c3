import XCTest
import LaminaRandom
@_spi(LaminaInternal) import QuartzCore
@_spi(LaminaInternal) import Scenes
import SDLHost

/// Live reload: state kept across saves by layer name, animations restarted only when their
/// definitions change, and a long run of random saves (broken and good) on a virtual clock.
final class SceneReloadTests: XCTestCase {
    var dir: URL!
    var file: URL { dir.appendingPathComponent("live.yaml") }

    override func setUpWithError() throws {
        CAMediaClock.manualTime = 0
        dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-reload-\(getpid())-\(name.hashValue)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        CAMediaClock.manualTime = nil
        try? FileManager.default.removeItem(at: dir)
    }

    func save(_ text: String) throws { try text.write(to: file, atomically: false, encoding: .utf8) }

    /// Steps virtual time a frame at a time until the session reports something (or 1 s passes).
    func settle(_ s: SceneSession, from t: inout Double) -> SceneSession.Outcome {
        for _ in 0..<60 {
            t += 1.0 / 60
            CAMediaClock.manualTime = t
            let o = s.poll(now: t)
            CATransaction.flush()
            if o != .unchanged { return o }
        }
        return .unchanged
    }

    func scene(spinColor: String, spinDuration: Double, extra: String = "") -> String {
        """
        window: {size: [300, 200]}
        layers:
          - name: card
            frame: [10, 10, 60, 60]
            backgroundColor: "#3b82f6"
          - name: spinner
            frame: [200, 50, 50, 50]
            backgroundColor: "\(spinColor)"
        \(extra)
        animations:
          - {layer: spinner, keyPath: transform.rotation.z, from: 0, to: 6.283185, duration: \(spinDuration), repeatCount: infinity}
        interactions:
          - on: {click: card}
            transaction: {duration: 1}
            set:
              - {layer: card, position: [150, 150]}
        """
    }

    func rotation(_ l: CALayer?) -> Double {
        guard let t = l?.presentation()?.transform else { return .nan }
        let a = atan2(Double(t.m12), Double(t.m11))
        return a < 0 ? a + 2 * .pi : a
    }

    func testMatchingLayersKeepTheirStateAndUnchangedAnimationsRunOn() throws {
        try save(scene(spinColor: "#f59e0b", spinDuration: 4))
        let s = try SceneSession(url: file)
        var t = 0.0
        CATransaction.flush()
        XCTAssertEqual(s.scene.handle(.click(CGPoint(x: 40, y: 40))), 1)
        CATransaction.flush()
        t = 1.5; CAMediaClock.manualTime = t
        XCTAssertEqual(s.scene.layers["card"]!.presentation()!.position.x, 150, accuracy: 0.01)
        let before = rotation(s.scene.layers["spinner"])
        XCTAssertEqual(before, 1.5 / 4 * 2 * .pi, accuracy: 1e-3)

        // The file changes the spinner's colour and adds a layer: the card stays where the click
        // moved it and the spinner's unchanged animation runs on from where it was.
        let oldSpinner = s.scene.layers["spinner"]
        try save(scene(spinColor: "#22c55e", spinDuration: 4, extra: "  - {name: badge, frame: [0, 0, 10, 10]}"))
        XCTAssertEqual(settle(s, from: &t), .reloaded)
        XCTAssertFalse(s.scene.layers["spinner"] === oldSpinner, "a new tree")
        XCTAssertEqual(s.scene.layers["card"]!.position, CGPoint(x: 150, y: 150), "interaction state kept")
        XCTAssertEqual(s.scene.layers["spinner"]!.backgroundColor, CGColor(srgbRed: 0x22 / 255.0, green: 0xc5 / 255.0, blue: 0x5e / 255.0, alpha: 1),
                       "a changed declaration takes the file's value")
        XCTAssertNotNil(s.scene.layers["badge"])
        XCTAssertEqual(rotation(s.scene.layers["spinner"]), t / 4 * 2 * .pi, accuracy: 1e-3, "not restarted")

        // Changing the animation's definition restarts it at the reload.
        try save(scene(spinColor: "#22c55e", spinDuration: 2, extra: "  - {name: badge, frame: [0, 0, 10, 10]}"))
        XCTAssertEqual(settle(s, from: &t), .reloaded)
        let restartedAt = t
        t += 0.5; CAMediaClock.manualTime = t
        XCTAssertEqual(rotation(s.scene.layers["spinner"]), (t - restartedAt) / 2 * 2 * .pi, accuracy: 1e-3, "restarted with the new duration")
        XCTAssertEqual(s.reloads, 2)
    }

    func testABrokenSaveKeepsTheLastGoodSceneAndTheNextGoodSaveClearsTheError() throws {
        try save(scene(spinColor: "#f59e0b", spinDuration: 4))
        let s = try SceneSession(url: file)
        var t = 0.0
        let good = s.scene
        try save("layers:\n  - name: card\n    backgroundColour: red\n")
        guard case .failed(let message) = settle(s, from: &t) else { return XCTFail("expected a failure") }
        XCTAssertTrue(message.contains("live.yaml:3:5"), message)
        XCTAssertTrue(message.contains("did you mean \"backgroundColor\""), message)
        XCTAssertTrue(s.scene === good, "the last good scene runs on")
        XCTAssertNotNil(s.error)
        try save(scene(spinColor: "#000000", spinDuration: 4))
        XCTAssertEqual(settle(s, from: &t), .reloaded)
        XCTAssertNil(s.error)
    }

    func testThenStepsRunWhenTheTransactionCompletes() throws {
        let s = try Scene.parse("""
        layers:
          - {name: a, frame: [0, 0, 10, 10]}
        interactions:
          - on: {key: Space}
            transaction: {duration: 1, timingFunction: linear}
            set: [{layer: a, position: [100, 5]}]
            then:
              transaction: {duration: 0.5, timingFunction: [0.25, 0.1, 0.25, 1]}
              set: [{layer: a, opacity: 0.2}]
        """, file: "then.yaml")
        CATransaction.flush()
        s.handle(.key("space"))
        CATransaction.flush()
        CAMediaClock.manualTime = 0.9
        CATransaction.flush()
        XCTAssertEqual(s.layers["a"]!.opacity, 1, "not yet")
        CAMediaClock.manualTime = 1.0
        CATransaction.flush()
        CAMediaClock.manualTime = 1.01
        CATransaction.flush()
        XCTAssertEqual(s.layers["a"]!.opacity, 0.2, accuracy: 1e-6, "the completion ran the next steps")
        CAMediaClock.manualTime = 1.25
        let o = s.layers["a"]!.presentation()!.opacity
        XCTAssertTrue(o > 0.2 && o < 1, "fading in its own 0.5 s transaction: \(o)")
    }

    func testGroupsTransitionsDelaysAndEveryTimingProperty() throws {
        let s = try Scene.parse("""
        layers:
          - {name: a, frame: [0, 0, 10, 10], backgroundColor: "#ff0000"}
        animations:
          - layer: a
            type: group
            duration: 2
            beginTime: 1
            fillMode: backwards
            animations:
              - {keyPath: position.x, from: 0, to: 100, duration: 2, timingFunction: linear}
              - {keyPath: opacity, values: [1, 0.5, 1], keyTimes: [0, 0.5, 1], timingFunctions: [linear, [0.5, 0, 0.5, 1]]}
          - {layer: a, type: transition, transitionType: push, subtype: fromLeft, duration: 0.5}
          - {layer: a, keyPath: cornerRadius, from: 0, to: 10, duration: 1, speed: 2, timeOffset: 0.25, repeatDuration: 3, additive: true}
        """, file: "g.yaml")
        let a = s.layers["a"]!
        XCTAssertEqual(Set(a.animationKeys() ?? []), ["group", "transition", "cornerRadius"])
        let g = try XCTUnwrap(a.animation(forKey: "group") as? CAAnimationGroup)
        XCTAssertEqual(g.animations?.count, 2)
        XCTAssertEqual((a.animation(forKey: "transition") as? CATransition)?.type, .push)
        let c = try XCTUnwrap(a.animation(forKey: "cornerRadius") as? CABasicAnimation)
        XCTAssertEqual(c.speed, 2); XCTAssertEqual(c.timeOffset, 0.25); XCTAssertEqual(c.repeatDuration, 3); XCTAssertTrue(c.isAdditive)
        CATransaction.flush()
        CAMediaClock.manualTime = 0.5
        XCTAssertEqual(a.presentation()!.position.x, 0, accuracy: 1e-6, "backwards fill before the 1 s delay")
        CAMediaClock.manualTime = 2
        XCTAssertEqual(a.presentation()!.position.x, 50, accuracy: 1e-3, "half-way through the group")
        XCTAssertEqual(Double(a.presentation()!.opacity), 0.5, accuracy: 1e-3)

        // Type errors say what was wanted; keys of another kind are named as such.
        func err(_ y: String) -> String { do { _ = try Scene.parse(y, file: "e.yaml"); return "" } catch { return "\(error)" } }
        XCTAssertTrue(err("layers: [{name: a}]\nanimations: [{layer: a, type: grup}]").contains("did you mean \"group\""))
        XCTAssertTrue(err("layers: [{name: a}]\nanimations: [{layer: a, keyPath: opacity, values: [1, 0], damping: 3}]")
            .contains("\"damping\" does not belong in a keyframe animation"))
        XCTAssertTrue(err("layers: [{name: a}]\nanimations: [{layer: a, keyPath: opacity, to: 0, duration: -1}]").contains("e.yaml:2:"))
    }

    /// 200 random saves, broken and good, written the ways editors write, to a scene running in the
    /// real window host (SDL's offscreen driver) on a virtual clock: the window never stops, every
    /// save is judged as it should be, and it ends on the last good scene.
    func testTwoHundredRandomSavesNeverStopTheWindowAndItEndsOnTheLastGoodOne() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        var rng = SplitMix64(seed: 0x5eed)
        func good(_ i: Int) -> String {
            let extra = (0..<Int(rng.next() % 4)).map { "  - {name: extra\($0), frame: [\(rng.next() % 200), \(rng.next() % 100), 20, 20], backgroundColor: \"#0000ff\"}" }
            return """
            window: {size: [160, 120]}
            layers:
              - name: marker
                frame: [\(i % 100), 10, 40, 40]
                backgroundColor: [1, 0, 0, 1]
            \(extra.joined(separator: "\n"))
            animations:
              - {layer: marker, keyPath: opacity, from: 1, to: 0.\(i % 9 + 1), duration: \(1 + i % 3), autoreverses: true, repeatCount: infinity}
            """
        }
        let broken = ["layers:\n  - name: marker\n    frame: [1, 2, 3\n", "layers:\n  - nmae: x\n", "window: {size: big}\n",
                      "layers: [{name: a}]\nanimations: [{layer: b, keyPath: opacity}]\n", "", "\u{0}\u{1}garbage: [",
                      "layers:\n  - name: a\n  - name: a\n", "layers: {}\n"]
        try save(good(0))
        let s = try SceneSession(url: file)
        let host = try WindowHost(title: "reload", size: s.scene.size)
        host.virtualTime = true
        host.virtualFramePeriod = 1.0 / 60
        host.layer = s.scene.root
        let framesPerSave = 14
        var ticks = 0, save = 0, lastGood = 0, isGood = true, text = "", method: UInt64 = 0, wrong: [String] = []
        host.onTick = { [self] now in
            switch s.poll(now: now) {
            case .reloaded: host.layer = s.scene.root
            default: break
            }
            let f = ticks % framesPerSave
            ticks += 1
            do {
                switch (f, method) {
                case (0, _):
                    if save > 0, (s.error == nil) != isGood { wrong.append("save \(save) (\(isGood ? "good" : "broken")): error \(s.error ?? "none")") }
                    guard save < 200 else { host.stop(); return }
                    save += 1
                    isGood = rng.next() % 3 != 0
                    text = isGood ? good(save) : broken[Int(rng.next() % UInt64(broken.count))]
                    if isGood { lastGood = save }
                    method = rng.next() % 4
                    switch method {
                    case 0: try self.save(text)                                            // in place
                    case 1:                                                                // by rename
                        let tmp = dir.appendingPathComponent(".live.yaml.tmp")
                        try text.write(to: tmp, atomically: false, encoding: .utf8)
                        _ = rename(tmp.path, file.path)
                    case 2:                                                                // truncate, then a first write...
                        let h = try FileHandle(forWritingTo: file)
                        h.truncateFile(atOffset: 0)
                        h.write(Data(Array(text.utf8).prefix(text.utf8.count / 2))); h.closeFile()
                    default: try FileManager.default.removeItem(at: file)                  // deleted...
                    }
                case (1, 2):                                                               // ...and the rest a frame later
                    let h = try FileHandle(forWritingTo: file)
                    h.seekToEndOfFile()
                    h.write(Data(Array(text.utf8).dropFirst(text.utf8.count / 2))); h.closeFile()
                case (4, 3): try self.save(text)                                           // ...and recreated
                default: break
                }
            } catch { wrong.append("save \(save): \(error)") }
        }
        host.keepsLastFrame = true
        host.run(frames: 400 * framesPerSave)
        XCTAssertEqual(wrong, [], "every save judged right")
        XCTAssertEqual(save, 200)
        XCTAssertGreaterThanOrEqual(ticks, 200 * framesPerSave, "the window never stopped")
        XCTAssertGreaterThanOrEqual(host.frameCount, 200 * framesPerSave)
        XCTAssertEqual(host.times.missed, 0)
        let marker = try XCTUnwrap(s.scene.layers["marker"])
        XCTAssertEqual(marker.frame.origin.x, CGFloat(lastGood % 100), "ends on the last good scene (save \(lastGood))")
        XCTAssertTrue(host.layer === s.scene.root, "the window shows it")
        XCTAssertGreaterThan(s.failures, 30)
        XCTAssertGreaterThan(s.reloads, 100)
        XCTAssertNotNil(host.lastFrame, "frames were drawn")
    }
}
