import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// `lamina format`'s canonical order (the formatter's documentation: window, layers, animations
/// first; in a layer name and class first, sublayers last, the rest alphabetical; in an animation
/// layer and keyPath first, then type, the rest alphabetical), lists of plain values on one line,
/// and no line ever folded however long.
final class SceneFormatOrderTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    /// Asserts that each of `parts` occurs in `text`, in this order.
    func assertInOrder(_ text: String, _ parts: [String], file: StaticString = #filePath, line: UInt = #line) {
        var from = text.startIndex
        for p in parts {
            guard let r = text.range(of: p, range: from..<text.endIndex) else {
                XCTFail("\"\(p)\" missing or out of order in:\n\(text)", file: file, line: line)
                return
            }
            from = r.upperBound
        }
    }

    func testKeysComeInTheCanonicalOrder() throws {
        let text = """
        interactions:
          - {pause: b, on: {key: A}}
        animations:
          - {type: basic, duration: 1, to: 0, keyPath: opacity, layer: b}
        layers:
          - sublayers:
              - {zPosition: 1, name: c, anchorPoint: [0, 0]}
            cornerRadius: 2
            class: CALayer
            backgroundColor: [1, 0, 0]
            name: b
            frame: [0, 0, 10, 10]
            actions: {opacity: null}
        window: {size: [100, 100], background: [0, 0, 0]}
        """
        let out = try SceneFormatter.format(text, file: "f.yaml")
        assertInOrder(out, ["window:", "background:", "size:", "layers:", "animations:", "interactions:"])
        assertInOrder(out, ["name: b", "class: CALayer", "actions:", "backgroundColor:", "cornerRadius: 2", "frame:", "sublayers:", "name: c", "anchorPoint:", "zPosition: 1"])
        assertInOrder(out, ["layer: b", "keyPath: opacity", "type: basic", "duration: 1", "to: 0"])
        assertInOrder(out, ["on:", "pause: b"])
        // Lists of plain values stay on their key's line; lists of layers are block lists.
        XCTAssertTrue(out.contains("frame: [0, 0, 10, 10]\n"), out)
        XCTAssertTrue(out.contains("size: [100, 100]\n"), out)
        XCTAssertTrue(out.contains("\n- name: b\n") || out.contains("\n  - name: b\n"), out)
        XCTAssertFalse(out.contains("#"), "comments are dropped, and nothing here needs one")
        // The output is a scene, and formatting it again changes nothing.
        XCTAssertEqual(try SceneFormatter.format(out, file: "f.yaml"), out)
        XCTAssertEqual(try Scene.parse(out).order, ["b", "c"])
    }

    /// A list of lists (colours as [r, g, b]) is a block list of flow lists.
    func testAListOfListsIsABlockListOfLines() throws {
        let out = try SceneFormatter.format("layers: [{class: CAGradientLayer, colors: [[1, 0, 0], [0, 0, 1]], locations: [0, 1]}]\n")
        XCTAssertTrue(out.contains("- [1, 0, 0]\n"), out)
        XCTAssertTrue(out.contains("- [0, 0, 1]\n"), out)
        XCTAssertTrue(out.contains("locations: [0, 1]\n"), out)
    }

    /// Long text and long lists are never folded onto several lines: 300 characters of words and
    /// 100 numbers keep one line each.
    func testLongLinesAreNotFolded() throws {
        let words = Array(repeating: "word", count: 60).joined(separator: " ")
        let numbers = (1...100).map(String.init).joined(separator: ", ")
        let out = try SceneFormatter.format("layers:\n  - {class: CATextLayer, string: \"\(words)\"}\n  - {class: CAShapeLayer, lineDashPattern: [\(numbers)]}\n")
        let lines = out.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.contains("string:") && $0.contains(words) }, out)
        XCTAssertTrue(lines.contains { $0.contains("lineDashPattern: [\(numbers)]") }, out)
        XCTAssertEqual(lines.count, 5, out)
    }

    func testFormattingRefusesWhatDoesNotParse() {
        XCTAssertThrowsError(try SceneFormatter.format("layers: [{name: a}, {name: a}]\n", file: "dup.yaml")) { e in
            XCTAssertEqual(e as? SceneError, SceneError(file: "dup.yaml", line: 1, column: 28, message: "a layer named \"a\" already exists"))
        }
        XCTAssertThrowsError(try SceneFormatter.format("", file: "e.yaml")) { e in
            XCTAssertEqual(e as? SceneError, SceneError(file: "e.yaml", line: 1, column: 1, message: "the scene is empty"))
        }
    }
}
