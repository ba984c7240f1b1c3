import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// YAML merge keys (`<<: *base`) in layers, animations and interactions.
final class SceneMergeKeyTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil }

    func testMergeKeysAddWhatTheMappingDoesNotSet() throws {
        CAMediaClock.manualTime = 0
        let s = try Scene.parse("""
        layers:
          - &card {name: a, frame: [0, 0, 10, 10], backgroundColor: "#ff0000", cornerRadius: 3}
          - {<<: *card, name: b, cornerRadius: 5}
          - {<<: [{opacity: 0.5}, *card], name: c}
        animations:
          - &slide {layer: a, keyPath: position.x, from: 0, to: 100, duration: 2, timingFunction: linear}
          - {<<: *slide, layer: b, duration: 4}
        """, file: "m.yaml")
        CATransaction.flush()
        XCTAssertEqual(s.layers["b"]!.cornerRadius, 5, "the mapping's own key wins")
        XCTAssertEqual(s.layers["b"]!.backgroundColor, s.layers["a"]!.backgroundColor)
        XCTAssertEqual(s.layers["c"]!.opacity, 0.5)
        XCTAssertEqual(s.layers["c"]!.cornerRadius, 3)
        CAMediaClock.manualTime = 1
        XCTAssertEqual(s.layers["a"]!.presentation()!.position.x, 50, accuracy: 1e-6)
        XCTAssertEqual(s.layers["b"]!.presentation()!.position.x, 25, accuracy: 1e-6)
        XCTAssertThrowsError(try Scene.parse("layers:\n  - {<<: 3, name: a}\n", file: "m.yaml")) { e in
            XCTAssertTrue("\(e)".contains("m.yaml:2:") && "\(e)".contains("merge key"), "\(e)")
        }
    }

    /// A merged mapping may itself merge (its keys are resolved first), 32 levels at most; every
    /// item merged must be a mapping; the first of a list wins over later ones.
    func testNestedMergesAndTheirLimits() throws {
        let s = try Scene.parse("""
        layers:
          - &base {frame: [0, 0, 5, 5], cornerRadius: 3, borderWidth: 1}
          - &mid {<<: *base}
          - &top {<<: *mid, borderWidth: 2}
          - {<<: *top, name: x}
          - {<<: [{cornerRadius: 7}, {cornerRadius: 8, zPosition: 4}], name: y}
        """, file: "m.yaml")
        XCTAssertEqual(s.layers["x"]!.cornerRadius, 3, "through two merges")
        XCTAssertEqual(s.layers["x"]!.borderWidth, 2, "the nearer mapping's own key")
        XCTAssertEqual(s.layers["x"]!.bounds.size, CGSize(width: 5, height: 5))
        XCTAssertEqual(s.layers["y"]!.cornerRadius, 7, "the first of the list wins")
        XCTAssertEqual(s.layers["y"]!.zPosition, 4)
        func chain(_ n: Int) -> String {
            var text = "layers:\n  - &m0 {cornerRadius: 1}\n"
            for k in 1...n { text += "  - &m\(k) {<<: *m\(k - 1)}\n" }
            return text
        }
        XCTAssertEqual(try Scene.parse(chain(32)).root.sublayers?.last?.cornerRadius, 1)
        XCTAssertThrowsError(try Scene.parse(chain(33), file: "m.yaml")) { e in
            XCTAssertEqual((e as? SceneError)?.message, "merge keys (<<) nested more than 32 deep")
        }
        XCTAssertThrowsError(try Scene.parse("layers:\n  - {<<: [{cornerRadius: 1}, 3], name: a}\n", file: "m.yaml")) { e in
            XCTAssertEqual((e as? SceneError)?.message, "a merge key (<<) takes a mapping or a list of mappings, such as *base")
            XCTAssertEqual((e as? SceneError)?.column, 30)
        }
    }
}
