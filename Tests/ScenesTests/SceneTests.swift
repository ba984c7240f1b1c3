import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Scene files: layers and animations built from YAML, located errors, and the files in scenes/.
final class SceneTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    func parseError(_ yaml: String) -> SceneError? {
        do { _ = try Scene.parse(yaml, file: "t.yaml"); return nil } catch let e as SceneError { return e } catch { return nil }
    }

    func testLayersPropertiesAndAnimationsAreBuilt() throws {
        let s = try Scene.parse("""
        window: {size: [200, 100], background: "#102030"}
        layers:
          - name: a
            frame: [10, 20, 30, 40]
            backgroundColor: [1, 0, 0, 0.5]
            cornerRadius: 4
            transform: {rotate: 90}
            sublayers:
              - name: b
                class: CAShapeLayer
                path: {ellipse: [0, 0, 10, 10]}
                fillColor: "#00ff00"
        animations:
          - {layer: a, keyPath: opacity, from: 1, to: 0, duration: 2}
        """, file: "t.yaml")
        CATransaction.flush()
        XCTAssertEqual(s.size, CGSize(width: 200, height: 100))
        let a = try XCTUnwrap(s.layers["a"])
        XCTAssertEqual(a.bounds.size, CGSize(width: 30, height: 40))
        XCTAssertEqual(a.cornerRadius, 4)
        XCTAssertEqual(a.backgroundColor?.srgbComponents.alpha, 0.5)
        XCTAssertEqual(a.transform.m12, 1, accuracy: 1e-9)
        XCTAssertTrue(s.layers["b"] is CAShapeLayer)
        XCTAssertTrue(s.layers["b"]?.superlayer === a)
        CAMediaClock.manualTime = 1
        XCTAssertEqual(a.presentation()!.opacity, 0.5, accuracy: 1e-6)
    }

    func testErrorsNameLineAndColumnAndSuggest() {
        let unknown = parseError("layers:\n  - name: a\n    bakgroundColor: \"#ff0000\"\n")
        XCTAssertEqual(unknown?.line, 3); XCTAssertEqual(unknown?.column, 5)
        XCTAssertTrue(unknown?.message.contains("did you mean \"backgroundColor\"") ?? false, unknown?.message ?? "")
        let wrongType = parseError("layers:\n  - name: a\n    cornerRadius: round\n")
        XCTAssertEqual(wrongType?.line, 3)
        XCTAssertTrue(wrongType?.message.contains("expected a number") ?? false)
        let badColour = parseError("layers:\n  - backgroundColor: \"#12\"\n")
        XCTAssertTrue(badColour?.message.contains("#rrggbb") ?? false)
        let badYAML = parseError("layers: [\n")
        XCTAssertTrue(badYAML?.message.hasPrefix("not valid YAML") ?? false)
        let noLayer = parseError("layers:\n  - name: ball\nanimations:\n  - {layer: bal, keyPath: opacity, to: 0}\n")
        XCTAssertTrue(noLayer?.message.contains("did you mean \"ball\"") ?? false, noLayer?.message ?? "")
        XCTAssertEqual(noLayer?.line, 4)
        let badKey = parseError("layers:\n  - name: a\nanimations:\n  - {layer: a, keyPath: opacty, to: 0}\n")
        XCTAssertTrue(badKey?.message.contains("did you mean \"opacity\"") ?? false, badKey?.message ?? "")
        XCTAssertEqual(parseError("layers:\n  - {name: a}\n  - {name: a}\n")?.message, "a layer named \"a\" already exists")
        XCTAssertEqual(unknown?.description.hasPrefix("t.yaml:3:5: "), true)
    }

    func testImagePathsMayNotLeaveTheScenesFolder() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-scene-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.yaml")
        try "layers:\n  - contents: ../../etc/passwd\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Scene.load(contentsOf: file)) { e in
            XCTAssertTrue("\(e)".contains("leaves the scene's folder"), "\(e)")
        }
    }

    func testTheSceneFilesInTheRepositoryLoadAndTheBounceIsWhereItShouldBe() throws {
        let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: scenes.path).filter { $0.hasSuffix(".yaml") }
        XCTAssertGreaterThanOrEqual(files.count, 2)
        for f in files { XCTAssertNoThrow(try Scene.load(contentsOf: scenes.appendingPathComponent(f)), f) }
        let bounce = try Scene.load(contentsOf: scenes.appendingPathComponent("bounce.yaml"))
        CATransaction.flush()
        CAMediaClock.manualTime = 2.5
        let p = try XCTUnwrap(bounce.layers["ball"]?.presentation()).position
        XCTAssertEqual(p.x, 320, accuracy: 0.5); XCTAssertEqual(p.y, 74, accuracy: 0.5)
    }
}

/// The watcher sees every way editors save.
final class FileWatcherTests: XCTestCase {
    func testWritesRenamesAndRecreationAreSeenOnceSettled() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-watch-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.yaml")
        try "a: 1\n".write(to: file, atomically: false, encoding: .utf8)
        let w = FileWatcher(url: file)
        var now = 0.0
        func settled() -> Bool { now += 0.01; _ = w.poll(now: now); now += 0.2; return w.poll(now: now) }
        XCTAssertFalse(settled(), "nothing happened yet")
        try "a: 2\n".write(to: file, atomically: false, encoding: .utf8)          // in place
        XCTAssertTrue(settled())
        XCTAssertFalse(settled(), "reported once")
        let tmp = dir.appendingPathComponent(".s.yaml.swp")
        try "a: 3\n".write(to: tmp, atomically: false, encoding: .utf8)
        _ = rename(tmp.path, file.path)                                         // by rename
        XCTAssertTrue(settled())
        try FileManager.default.removeItem(at: file)                            // deleted...
        XCTAssertFalse(settled(), "a missing file is not a change to load")
        try "a: 4\n".write(to: file, atomically: false, encoding: .utf8)          // ...and recreated
        XCTAssertTrue(settled())
        // Several writes in a row settle into one change.
        let h = try FileHandle(forWritingTo: file)
        h.write(Data("b: ".utf8)); _ = w.poll(now: now + 0.01)
        h.write(Data("5\n".utf8)); h.closeFile()
        now += 0.02
        XCTAssertFalse(w.poll(now: now), "not settled yet")
        now += 0.2
        XCTAssertTrue(w.poll(now: now))
    }
}

/// `lamina format`: canonical, idempotent, and parsing its output gives the same scene.
final class SceneFormatTests: XCTestCase {
    func testFormatRoundTripsEverySceneFile() throws {
        let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes")
        for f in try FileManager.default.contentsOfDirectory(atPath: scenes.path) where f.hasSuffix(".yaml") {
            let text = try String(contentsOf: scenes.appendingPathComponent(f), encoding: .utf8)
            let once = try SceneFormatter.format(text, file: f, directory: scenes)
            XCTAssertEqual(try SceneFormatter.format(once, file: f, directory: scenes), once, "\(f): formatting is idempotent")
            CAMediaClock.manualTime = 0
            let a = try Scene.parse(text, file: f, directory: scenes), b = try Scene.parse(once, file: f, directory: scenes)
            CATransaction.flush()
            XCTAssertEqual(a.order, b.order, f)
            XCTAssertEqual(a.size, b.size, f)
            for t in [0.0, 0.7, 2.5] {
                CAMediaClock.manualTime = t
                for name in a.order {
                    let p = a.layers[name]!.presentation()!, q = b.layers[name]!.presentation()!
                    XCTAssertEqual(p.frame, q.frame, "\(f) \(name) at \(t)")
                    XCTAssertEqual(p.opacity, q.opacity, "\(f) \(name) at \(t)")
                    XCTAssertEqual(p.backgroundColor, q.backgroundColor, "\(f) \(name) at \(t)")
                    XCTAssertEqual(p.position, q.position, "\(f) \(name) at \(t)")
                }
            }
            CAMediaClock.manualTime = nil
        }
    }

    func testFormatReportsTheInputsOwnError() {
        XCTAssertThrowsError(try SceneFormatter.format("layers:\n  - nme: a\n", file: "x.yaml")) { e in
            XCTAssertEqual((e as? SceneError)?.line, 2)
        }
    }
}

/// Interactions: clicks hit-tested on the presentation tree, keys, timers, transactions, pause.
final class SceneInteractionTests: XCTestCase {
    func testClickKeyAndTimerInteractions() throws {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes")
        let s = try Scene.load(contentsOf: scenes.appendingPathComponent("interactions.yaml"))
        CATransaction.flush()
        XCTAssertEqual(s.handle(.click(CGPoint(x: 5, y: 5))), 0, "a click on nothing runs nothing")
        XCTAssertEqual(s.handle(.click(CGPoint(x: 100, y: 160))), 1)
        CATransaction.flush()
        CAMediaClock.manualTime = 0.5
        XCTAssertEqual(s.layers["card"]!.presentation()!.position.x, 175, accuracy: 0.5, "half-way through the 1 s transaction")
        CAMediaClock.manualTime = 1
        XCTAssertEqual(s.handle(.key("space")), 1)
        CATransaction.flush()
        let frozen = s.layers["spinner"]!.presentation()!.transform
        CAMediaClock.manualTime = 1.7
        XCTAssertEqual(s.layers["spinner"]!.presentation()!.transform, frozen, "paused")
        s.tick(1.7)
        XCTAssertEqual(s.layers["hint"]!.opacity, 1, "the timer waits for 2 s")
        CAMediaClock.manualTime = 2
        s.tick(2)
        CATransaction.flush()
        XCTAssertEqual(s.layers["hint"]!.opacity, 0)
        CAMediaClock.manualTime = 2.25
        let o = s.layers["hint"]!.presentation()!.opacity
        XCTAssertTrue(o > 0.05 && o < 0.95, "fading over 0.5 s (default timing): \(o)")
    }

    func testInteractionErrorsAreLocated() {
        func err(_ y: String) -> SceneError? { do { _ = try Scene.parse(y, file: "i.yaml"); return nil } catch { return error as? SceneError } }
        let e1 = err("layers:\n  - name: a\ninteractions:\n  - on: {click: b}\n")
        XCTAssertEqual(e1?.line, 4)
        let e2 = err("layers:\n  - name: a\ninteractions:\n  - on: {clik: a}\n")
        XCTAssertTrue(e2?.message.contains("did you mean \"click\"") ?? false, e2?.message ?? "")
        let e3 = err("layers:\n  - name: a\ninteractions:\n  - on: {click: a}\n    set:\n      - {layer: a, cornerRadius: big}\n")
        XCTAssertEqual(e3?.line, 6)
    }
}
