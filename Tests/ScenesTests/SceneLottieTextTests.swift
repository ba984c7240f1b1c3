import XCTest
@_spi(LaminaInternal) import QuartzCore
@_spi(LaminaInternal) import Scenes
import LaminaTestSupport

/// `Scene.parse` given a Lottie file's text reads it as `load(contentsOf:)` reads the file: a scene
/// of the composition's size playing it in a layer named `animation` (so the fuzzer, which works on
/// texts, reaches the Lottie reader); a broken one throws the Lottie reader's located error naming
/// the text's file; a scene in JSON stays a scene.
final class SceneLottieTextTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    func testLottieTextIsReadAsTheAnimationsScene() throws {
        let url = RepositoryFolders.scenes.appendingPathComponent("lottie/pulse.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(Scene.isLottieText(text))
        let fromText = try Scene.parse(text, file: "pulse.json")
        let fromFile = try Scene.load(contentsOf: url)
        XCTAssertEqual(fromText.size, fromFile.size)
        XCTAssertNotNil(fromText.layers["animation"], "one layer playing it")
        XCTAssertEqual(fromText.lottieLayers.count, 1)
        // Broken Lottie: the Lottie reader's error, naming the file and the JSON path.
        let broken = text.replacingOccurrences(of: "\"layers\"", with: "\"layers\": 5, \"x\"")
        XCTAssertThrowsError(try Scene.parse(broken, file: "broken.json")) { e in
            XCTAssertTrue("\(e)".hasPrefix("broken.json"), "\(e)")
            XCTAssertTrue("\(e)".contains("layers"), "\(e)")
        }
    }

    func testAJSONSceneIsStillAScene() throws {
        let scene = "{\"window\": {\"size\": [40, 30]}, \"layers\": [{\"name\": \"box\", \"frame\": [0, 0, 10, 10]}]}"
        XCTAssertFalse(Scene.isLottieText(scene))
        XCTAssertNotNil(try Scene.parse(scene).layers["box"])
        XCTAssertFalse(Scene.isLottieText("fr: 30\nip: 0\n"), "YAML with Lottie's words is not Lottie JSON")
    }
}
