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
