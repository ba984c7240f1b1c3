import XCTest
import LaminaTestSupport
import Scenes

/// `lamina format` keeps a YAML file's comments beside what they were written beside, keeps JSON
/// as JSON, and rewrites the file with `--in-place` (issue 12). The expected texts are written out
/// by hand: keys in the canonical order (name first in a layer, layer and keyPath first in an
/// animation, the rest alphabetical), each comment before or after the same key as in the input.
final class SceneFormatCommentsTests: XCTestCase {
    let input = """
    # Header line 1
    # Header line 2

    window:
      size: [300, 200]   # points
    layers:
      # The card comes first.
      - frame: [0, 0, 10, 10]
        name: "card #1"  # unique
        backgroundColor: "#ff0000"   # red, not "# a colour"
    animations:
      # spin it
      - {to: 0, layer: "card #1", keyPath: opacity, from: 1, duration: 1}

    """

    let expected = """
    # Header line 1
    # Header line 2
    window:
      size: [300, 200]  # points
    layers:
    # The card comes first.
    - name: "card #1"  # unique
      backgroundColor: "#ff0000"  # red, not "# a colour"
      frame: [0, 0, 10, 10]
    animations:
    # spin it
    - layer: "card #1"
      keyPath: opacity
      duration: 1
      from: 1
      to: 0

    """

    func testCommentsAreKeptBesideTheirKeys() throws {
        let out = try SceneFormatter.format(input, file: "c.yaml")
        XCTAssertEqual(out, expected)
        XCTAssertEqual(try SceneFormatter.format(out, file: "c.yaml"), out, "idempotent")
    }

    func testJSONStaysJSON() throws {
        let text = """
        {"layers": [{"frame": [0, 0, 10, 10], "name": "a", "string": "x: \\"y\\"", "class": "CATextLayer"}], "window": {"size": [300, 200]}}
        """
        let out = try SceneFormatter.format(text, file: "a.json")
        XCTAssertEqual(out, """
        {
          "window": {
            "size": [300, 200]
          },
          "layers": [
            {
              "name": "a",
              "class": "CATextLayer",
              "frame": [0, 0, 10, 10],
              "string": "x: \\"y\\""
            }
          ]
        }

        """)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(out.utf8)))
    }

    func testInPlaceRewritesTheFile() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        let file = NSTemporaryDirectory() + "lamina-format-\(getpid()).yaml"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try input.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try LaminaCommand.run(["format", file, "--in-place"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.out, "", "nothing printed")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), expected)
        let again = try LaminaCommand.run(["format", file, "--in-place"])
        XCTAssertTrue(again.err.contains("already in canonical form"), again.err)
    }
}
