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
}
