import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Font files named in scenes resolve like images: next to the scene, then in Assets/, never outside.
final class SceneFontTests: XCTestCase {
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets")

    func testFontFilesResolveNextToTheSceneThenInAssetsAndAreWatched() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-fonts-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir); Scene.assetsDirectory = nil }
        try FileManager.default.copyItem(at: assets.appendingPathComponent("Fonts/DejaVuSansMono.ttf"), to: dir.appendingPathComponent("Mine.ttf"))
        Scene.assetsDirectory = assets
        let file = dir.appendingPathComponent("s.yaml")
        try """
        layers:
          - {name: local, class: CATextLayer, string: a, font: Mine.ttf}
          - {name: shared, class: CATextLayer, string: b, font: Fonts/DejaVuSans-Bold.ttf}
          - {name: family, class: CATextLayer, string: c, font: Helvetica}
        """.write(to: file, atomically: true, encoding: .utf8)
        let s = try Scene.load(contentsOf: file)
        let local = try XCTUnwrap((s.layers["local"] as? CATextLayer)?.font as? String)
        XCTAssertTrue(local.hasSuffix("/Mine.ttf") && local.hasPrefix("/"), local)
        let shared = try XCTUnwrap((s.layers["shared"] as? CATextLayer)?.font as? String)
        XCTAssertTrue(shared.hasSuffix("Assets/Fonts/DejaVuSans-Bold.ttf"), shared)
        XCTAssertEqual((s.layers["family"] as? CATextLayer)?.font as? String, "Helvetica", "a family name stays a name")
        XCTAssertEqual(s.assets.map(\.lastPathComponent).sorted(), ["DejaVuSans-Bold.ttf", "Mine.ttf"], "watched for live reload")

        try "layers:\n  - {name: x, class: CATextLayer, font: ../../../etc/evil.ttf}\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Scene.load(contentsOf: file)) { e in
            let text = "\(e)"
            XCTAssertTrue(text.contains("s.yaml:2:41") && text.contains("leaves the scene's folder"), text)
        }
        try "layers:\n  - {name: x, class: CATextLayer, font: Nope.ttf}\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Scene.load(contentsOf: file)) { e in XCTAssertTrue("\(e)".contains("cannot find the font"), "\(e)") }
    }
}
