import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// "Did you mean": an unknown key gets the known key nearest to it when that is a likely typo. The
/// rule: the optimal-string-alignment distance (insertions, deletions, substitutions and swaps of
/// two neighbouring letters each count one edit; letter case ignored), at most a third of the
/// typed word's length and at least 1; the nearest wins, the first in the list on a tie. The
/// distances in the tables below were counted by hand.
final class SceneSuggestionTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    /// The suggestion in the error for `yaml` (nil when the message suggests nothing).
    func suggestion(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try Scene.parse(yaml, file: "t.yaml")
            XCTFail("parsed", file: file, line: line)
            return nil
        } catch {
            let message = "\(error)"
            XCTAssertTrue(message.contains("unknown key"), message, file: file, line: line)
            guard let r = message.range(of: "did you mean \"") else { return nil }
            return String(message[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    func testTyposOfLayerKeys() {
        // (typed, expected, why): limit = max(1, length / 3).
        let table: [(String, String?, String)] = [
            ("opactiy", "opacity", "t and i swapped: 1 edit (plain edit distance counts 2); limit 2"),
            ("bonds", "bounds", "u left out: 1; limit 1"),
            ("zPostion", "zPosition", "i left out: 1; limit 2"),
            ("postion", "position", "1; limit 2"),
            ("frmae", "frame", "a and m swapped: 1; limit 1"),
            ("nmae", "name", "swap: 1; limit 1"),
            ("clas", "class", "1; limit 1"),
            ("sped", "speed", "1; limit 1"),
            ("masksToBound", "masksToBounds", "1; limit 4"),
            ("opacityy", "opacity", "1; limit 2"),
            ("ZPOSITION", "zPosition", "case is ignored: 0"),
            ("bakgroundColour", "backgroundColor", "c left out, u added: 2; limit 5"),
            ("xyz", nil, "every key is at least 4 edits away; limit 1"),
            ("wobble", nil, "the nearest, \"bounds\", is 5 edits away; limit 2"),
            ("colour", nil, "the nearest, \"class\", is 4 edits away; limit 2"),
        ]
        for (typed, expected, why) in table {
            XCTAssertEqual(suggestion("layers:\n  - name: a\n    \(typed): 1\n"), expected, "\(typed): \(why)")
        }
    }

    func testTyposOfShortAnimationKeys() {
        let table: [(String, String?, String)] = [
            ("kye", "key", "swap: 1 (plain edit distance: 2, the same as \"type\", listed first); limit 1"),
            ("ot", "to", "swap: 1; \"by\" is 2; limit 1"),
            ("yb", "by", "swap: 1; \"to\" is 2 (and was suggested, listed first); limit 1"),
            ("form", "from", "swap: 1; limit 1"),
            ("tpye", "type", "swap: 1; limit 1"),
            ("layre", "layer", "swap: 1; limit 1"),
            ("spede", "speed", "swap: 1; limit 1"),
            ("druation", "duration", "swap: 1; limit 2"),
            ("repeatcount", "repeatCount", "case: 0"),
            ("ky", "key", "1 from \"key\" (e left out) and from \"by\" (k for b): the first listed"),
            ("ab", nil, "\"by\" and \"to\" are 2 edits away, every two-letter word is: limit 1"),
            ("zz", nil, "2 from \"to\" and \"by\"; limit 1"),
            ("q", nil, "2 from \"to\" and \"by\"; limit 1"),
            ("banana", nil, "the nearest is 5 edits away; limit 2"),
        ]
        for (typed, expected, why) in table {
            XCTAssertEqual(suggestion("layers:\n  - name: a\nanimations:\n  - {layer: a, keyPath: opacity, \(typed): 1}\n"), expected, "\(typed): \(why)")
        }
    }

    func testTyposOfTriggersAndTransformParts() {
        XCTAssertEqual(suggestion("layers:\n  - name: a\ninteractions:\n  - on: {kye: Space}\n"), "key", "a trigger")
        XCTAssertEqual(suggestion("layers:\n  - name: a\ninteractions:\n  - on: {swpie: left}\n"), "swipe", "a trigger, swapped letters")
        XCTAssertEqual(suggestion("window: {szie: [100, 100]}\n"), "size", "the window")
    }
}
