import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import Scenes
import Lottie

/// `lamina render`, `eval` and `bench lottie`, and the scene reader, given dotLottie (`.lottie`)
/// files: the fixtures of LottieTests (Tests/LottieTests/Fixtures/dotlottie). v1.lottie's
/// animation is 60 × 80 with frames 0...20: a 20 × 20 green square centred on (30, 20) and the
/// 2 × 1 red/blue PNG of its archive drawn at 40 × 20 from (10, 50).
final class DotLottieCommandTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LottieTests/Fixtures/dotlottie")
    var dir: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "the lamina binary is not built")
        dir = try RecordingHarness.folder("dotlottie-command-\(abs(name.hashValue))")
    }

    override func tearDown() {
        if let dir { try? FileManager.default.removeItem(at: dir) }
    }

    func testRenderDrawsTheFirstAnimationWithItsImage() throws {
        let out = dir.appendingPathComponent("v1.png").path
        let r = try LaminaCommand.run(["render", Self.fixtures.appendingPathComponent("v1.lottie").path, "--frame", "0", "-o", out])
        XCTAssertEqual(r.status, 0, r.err)
        let image = try PNGCodec.read(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual([image.width, image.height], [60, 80])
        let px = image.premultipliedARGB
        XCTAssertEqual(px[20 * 60 + 30], 0xFF00_FF00, "the green square")
        XCTAssertEqual(px[60 * 60 + 14], 0xFFFF_0000, "the image from images/img_0.png")
        XCTAssertEqual(px[60 * 60 + 46], 0xFF00_00FF)
    }

    func testEvalAndBenchTakeADotLottieFile() throws {
        let v2 = Self.fixtures.appendingPathComponent("v2.lottie").path
        let e = try LaminaCommand.run(["eval", v2, "--frame", "10"])
        XCTAssertEqual(e.status, 0, e.err)
        let object = try JSONSerialization.jsonObject(with: Data(e.out.utf8)) as? [String: Any]
        let layers = try XCTUnwrap(object?["layers"] as? [[String: Any]])
        let lottie = try XCTUnwrap(layers.first?["lottie"] as? [String: Any])
        XCTAssertEqual((lottie["frame"] as? NSNumber)?.doubleValue, 10)
        XCTAssertEqual((lottie["endFrame"] as? NSNumber)?.doubleValue, 20)
        let b = try LaminaCommand.run(["bench", "lottie", v2, "--side", "64", "--rounds", "1"])
        XCTAssertEqual(b.status, 0, b.err)
        XCTAssertTrue(b.out.contains("v2.lottie"), b.out)
    }

    /// A broken archive is one located line (the file, "(archive)" or the entry, what was expected)
    /// and status 65, never a crash.
    func testBrokenArchivesAreOneLocatedLine() throws {
        for (name, place) in [("truncated.lottie", "(archive)"), ("no_manifest.lottie", "(archive)"), ("bomb.lottie", "manifest.json"),
                              ("missing_animation.lottie", "animations[0].id")] {
            let path = Self.fixtures.appendingPathComponent(name).path
            let r = try LaminaCommand.run(["render", path, "-o", dir.appendingPathComponent("x.png").path])
            XCTAssertEqual(r.status, 65, "\(name): \(r.err)")
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.hasPrefix(path), r.err)
            XCTAssertTrue(r.err.contains(": " + place + ": "), r.err)
        }
    }

    /// A scene layer plays a dotLottie file with `lottie:`, as it plays a JSON one.
    func testASceneLayerPlaysADotLottieFile() throws {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("v1.lottie"), to: dir.appendingPathComponent("v1.lottie"))
        let scene = dir.appendingPathComponent("s.yaml")
        try "window: {size: [60, 80]}\nlayers:\n  - {name: a, lottie: v1.lottie, frame: [0, 0, 60, 80]}\n".write(to: scene, atomically: true, encoding: .utf8)
        let s = try Scene.load(contentsOf: scene)
        XCTAssertEqual(s.lottieLayers.count, 1)
        XCTAssertEqual(s.lottieLayers.first?.animation?.endFrame, 20)
        XCTAssertTrue(Scene.isLottieFile(dir.appendingPathComponent("v1.lottie")))
    }
}
