import XCTest
import LaminaTestSupport
import Scenes

/// Key names in `on: {key: NAME}` and in `--after key@T:NAME` are the window's key names: a
/// misspelt one is a located error with the nearest name (issue 12).
final class SceneKeyNameTests: XCTestCase {
    let head = "window: {size: [200, 100]}\nlayers:\n  - {name: a, frame: [0, 0, 10, 10]}\ninteractions:\n"

    func testAMisspeltKeyNameIsRefusedWhereItIs() throws {
        // Line 5, column 15: the value after "  - on: {key: " (14 characters).
        XCTAssertThrowsError(try Scene.parse(head + "  - on: {key: Spaec}\n    pause: a\n", file: "k.yaml")) { e in
            let error = e as? SceneError
            XCTAssertEqual(error?.line, 5)
            XCTAssertEqual(error?.column, 15)
            XCTAssertEqual(error?.message, "unknown key name \"Spaec\"; did you mean \"Space\"?")
        }
        XCTAssertThrowsError(try Scene.parse(head + "  - on: {key: Retrun}\n    pause: a\n")) { e in
            XCTAssertEqual((e as? SceneError)?.message, "unknown key name \"Retrun\"; did you mean \"Return\"?")
        }
    }

    func testKnownKeyNamesInAnyCaseAreTaken() throws {
        for name in ["Space", "space", "R", "r", "Left", "F5", "7", "Keypad 1"] {
            XCTAssertNoThrow(try Scene.parse(head + "  - on: {key: \"\(name)\"}\n    pause: a\n"), name)
        }
    }

    func testAfterRefusesAMisspeltKeyName() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        let bounce = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/bounce.yaml").path
        let r = try LaminaCommand.run(["eval", bounce, "--at", "2", "--after", "key@1:Spaec"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.err.contains("unknown key name \"Spaec\"; did you mean \"Space\"? in \"key@1:Spaec\""), r.err)
        XCTAssertEqual(try LaminaCommand.run(["eval", bounce, "--at", "2", "--after", "key@1:Space"]).status, 0)
    }
}
