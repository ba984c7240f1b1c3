import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Text layers (`ty` 5): glyph text drawn from the file's `chars` (a 50 × 50 square glyph "A",
/// advance 60, at size 100: at size 20 a 10 × 10 square advancing 12, so every edge falls on a
/// pixel boundary and the pixels are worked out by hand), font text drawn with the bundled fonts,
/// justification, line breaks, box wrapping, tracking, baseline shift, strokes, and the document
/// switching at a hold keyframe.
final class TextLayerTests: LottieTestCase {
    /// An animation (200 × 100) with one glyph text layer at `position` showing `doc` (keys
    /// over the "AA", size 20, left-aligned, red document), and whatever else `extra` adds to `t`.
    func glyphText(_ doc: [String: Any], position: [Double] = [100, 40], extra: [String: Any] = [:]) throws -> LottieAnimation {
        let base = try JSONSerialization.jsonObject(with: Data(contentsOf: fixtureURL("text_glyphs.json"))) as! [String: Any]
        var d: [String: Any] = ["t": "AA", "f": "Box-Regular", "s": 20, "j": 0, "tr": 0, "lh": 30, "ls": 0, "fc": [1, 0, 0]]
        d.merge(doc) { $1 }
        var t: [String: Any] = ["d": ["k": [["s": d, "t": 0]]], "p": [String: Any](), "m": ["g": 1], "a": [Any]()]
        t.merge(extra) { $1 }
        let layer: [String: Any] = ["ty": 5, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": ["p": ["a": 0, "k": position]], "t": t]
        var a = base
        a["layers"] = [layer]
        return try LottieAnimation.from(data: JSONSerialization.data(withJSONObject: a))
    }

    func extent(_ a: LottieAnimation, _ f: Double = 0) -> [Int] {
        guard let e = frame(a, f).opaqueExtent() else { return [] }
        return [e.minX, e.minY, e.maxX, e.maxY]
    }

    /// "AA" at (100, 40): squares x 100–110 and 112–122, y 30–40 (baseline at the layer's origin).
    func testGlyphTextSitsOnTheBaselineAtTheLayerOrigin() throws {
        let a = try load("text_glyphs.json")
        XCTAssertEqual(a.diagnostics, [])
        let img = frame(a, 0)
        XCTAssertEqual(img.opaqueExtent().map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }, [100, 30, 121, 39])
        XCTAssertClose(img.coverage(), 200, 0.5, "two 10 × 10 squares")
        XCTAssertEqual(img.alpha(110, 35), 0, "the gap between the glyphs (advance 12, width 10)")
        XCTAssertEqual(img.alpha(111, 35), 0)
        XCTAssertEqual(img.red(105, 35), 255)
        XCTAssertEqual(img.blue(105, 35), 0)
    }

    /// The hold keyframe at frame 5 switches to "A\rAA" in blue: the second line's baseline is
    /// lh (30) lower, at y 70 (as ThorVG and lottie-ios space lines).
    func testDocumentSwitchesAtTheHoldKeyframeAndBreaksLines() throws {
        let a = try load("text_glyphs.json")
        let before = frame(a, 4.9)
        XCTAssertClose(before.coverage(), 200, 0.5)
        XCTAssertEqual(before.red(105, 35), 255)
        let after = frame(a, 5)
        XCTAssertClose(after.coverage(), 300, 0.5)
        XCTAssertEqual(after.blue(105, 35), 255)
        XCTAssertEqual(after.opaqueExtent().map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }, [100, 30, 121, 69])
        XCTAssertEqual(after.alpha(115, 35), 0, "line one holds one A")
        XCTAssertEqual(after.alpha(115, 66), 255, "line two's second A")
        XCTAssertEqual(after.alpha(105, 59), 0, "line two starts at y 60")
        XCTAssertEqual(after.alpha(105, 60), 255)
        XCTAssertEqual(after.alpha(105, 70), 0, "and ends at its baseline, y 70")
    }

    /// Point text: right-aligned lines end at x = 0 of the layer, centred ones are centred on it;
    /// each line of several is aligned by its own width.
    func testJustification() throws {
        XCTAssertEqual(extent(try glyphText(["j": 1])), [76, 30, 97, 39])
        XCTAssertEqual(extent(try glyphText(["j": 2])), [88, 30, 109, 39])
        let right = frame(try glyphText(["j": 1, "t": "A\rAA"]), 0)
        XCTAssertEqual(right.alpha(87, 35), 0, "line one (width 12) ends at x 100")
        XCTAssertEqual(right.alpha(88, 35), 255)
        XCTAssertEqual(right.alpha(76, 66), 255, "line two (width 24) starts at x 76")
        // Justified with the last line right-aligned (4): drawn right-aligned, said once.
        let last = try glyphText(["j": 4])
        XCTAssertEqual(extent(last), [76, 30, 97, 39])
        XCTAssertEqual(last.diagnostics.map(\.path), ["layers[0].t.d.k[0].s.j"])
    }

    /// Tracking (100/1000 em = 2 points after each character) and baseline shift (up by `ls`).
    func testTrackingAndBaselineShift() throws {
        XCTAssertEqual(extent(try glyphText(["tr": 100])), [100, 30, 123, 39])
        XCTAssertEqual(extent(try glyphText(["tr": 100, "j": 1])), [72, 30, 95, 39], "the line is 28 wide: the tracking after the last character counts")
        XCTAssertEqual(extent(try glyphText(["ls": 5])), [100, 25, 121, 34])
    }

    /// Box text wraps at the last space that fits ("AA AA" in a 30-wide box: two lines of "AA"),
    /// its first baseline `ascent` (75% of 20) below the box's top, and aligns within the box.
    func testBoxTextWrapsAndAligns() throws {
        let box: [String: Any] = ["t": "AA AA", "sz": [30, 100], "ps": [0, 0], "lh": 24]
        let left = frame(try glyphText(box, position: [10, 10]), 0)
        XCTAssertEqual(left.opaqueExtent().map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }, [10, 15, 31, 48])
        XCTAssertClose(left.coverage(), 400, 0.5)
        XCTAssertEqual(left.alpha(15, 38), 0, "line two's baseline is 24 below line one's (25)")
        XCTAssertEqual(left.alpha(15, 39), 255)
        var centred = box
        centred["j"] = 2
        XCTAssertEqual(extent(try glyphText(centred, position: [10, 10])), [13, 15, 34, 48], "(30 − 24) / 2 in")
        // A word wider than the box breaks before the character that does not fit.
        var long = box
        long["t"] = "AAAA"
        XCTAssertEqual(extent(try glyphText(long, position: [10, 10])), [10, 15, 31, 48])
    }

    /// A stroke (`sc`, `sw`) without a fill: a 2-wide ring around each square.
    func testStrokedText() throws {
        let img = frame(try glyphText(["fc": NSNull(), "sc": [0, 1, 0], "sw": 2, "of": true]), 0)
        XCTAssertClose(img.coverage(), 2 * (12 * 12 - 8 * 8), 4)
        XCTAssertEqual(img.alpha(105, 35), 0, "not filled")
        XCTAssertEqual(img.green(100, 35), 255)
    }

    /// Characters without glyphs, animators and text on a path are each named once with their
    /// JSON path; the static text is still drawn.
    func testUnsupportedPartsAreNamed() throws {
        let partial: [String: Any] = ["s": ["s": ["a": 0, "k": 50]], "a": ["fc": ["a": 0, "k": [0, 0, 1, 1]]]]
        let a = try glyphText(["t": "AB"], extra: ["a": [partial], "p": ["m": 0]])
        let paths = Set(a.diagnostics.map(\.path))
        XCTAssertEqual(paths, ["layers[0].t.d.k[0].s.t", "layers[0].t.a[0]", "layers[0].t.p"])
        XCTAssertEqual(frame(a, 0).red(105, 35), 255, "the partial animator's blue is not applied")
        XCTAssertTrue(a.diagnostics.first { $0.path.hasSuffix(".s.t") }?.message.contains("\"B\"") ?? false)
        XCTAssertClose(frame(a, 0).coverage(), 100, 0.5, "the A is drawn")
    }

    /// Font text: "HI" in Arial Bold, which the file does not carry as glyphs, is drawn in DejaVu
    /// Sans Bold (said once, at the font's entry). Its ink is where the font's own metrics put it,
    /// read with fontTools (not through Lamina): 2048 units per em; H advance 1714, x 188–1526,
    /// y 0–1493; I x 188–573. At size 40.96 (0.02 per unit) from (10, 50): H x 13.76–40.52,
    /// y 20.14–50; I x 48.04–55.74.
    func testFontTextUsesTheClosestBundledFontAtItsMetrics() throws {
        let a = try load("text_font.json")
        XCTAssertEqual(a.diagnostics.map(\.path), ["fonts.list[0]"])
        XCTAssertTrue(a.diagnostics[0].message.contains("DejaVu Sans Bold"), a.diagnostics[0].message)
        let img = frame(a, 0)
        guard let e = img.opaqueExtent() else { return XCTFail("nothing drawn") }
        XCTAssertClose(Double(e.minX), 14, 1)
        XCTAssertClose(Double(e.maxX), 55, 1)
        XCTAssertClose(Double(e.minY), 20, 1)
        XCTAssertClose(Double(e.maxY), 49, 1)
        XCTAssertEqual((15..<50).map { img.alpha(44, $0) }.max(), 0, "the gap between H (to 40.52) and I (from 48.04)")
        XCTAssertEqual(img.alpha(20, 35), 255, "H's left stem")
        // The crossbar of H between the stems: ink in the middle column at mid-height.
        XCTAssertEqual(img.alpha(27, 36), 255)
    }

    /// Text that would draw more than `maximumTextPoints` glyph points (three documents of 20,000
    /// characters in a bundled font, 100 points each) is a located error, not a hang.
    func testHugeTextIsALocatedError() throws {
        let doc = "{\"t\":\"" + String(repeating: "W", count: 20_000) + "\",\"f\":\"Arial\",\"s\":10,\"fc\":[0,0,0]}"
        let keys = (0..<3).map { "{\"t\":\($0),\"s\":" + doc + "}" }.joined(separator: ",")
        let json = "{\"fr\":10,\"ip\":0,\"op\":10,\"w\":10,\"h\":10,\"fonts\":{\"list\":[{\"fName\":\"Arial\",\"fFamily\":\"Arial\",\"fStyle\":\"Regular\"}]},"
            + "\"layers\":[{\"ty\":5,\"ip\":0,\"op\":10,\"st\":0,\"ks\":{},\"t\":{\"d\":{\"k\":[" + keys + "]}}}]}"
        XCTAssertThrowsError(try LottieAnimation.from(data: Data(json.utf8))) { e in
            XCTAssertEqual((e as? LottieLoadError)?.path, "layers[0].t.d.k[2].s.t", "\(e)")
        }
    }

    /// An animator whose range selector covers every character (the defaults: start 0, end 100 %)
    /// replaces the fill colour, as lottie-web applies it: here animated from green (frame 0) to
    /// blue (frame 10), linearly, so (0, 0.5, 0.5) at frame 5; an opacity animator of 50 % halves
    /// the text's alpha; a stroke-width animator adds to the document's width.
    func testFullRangeAnimatorsAreApplied() throws {
        let fc: [String: Any] = ["a": 1, "k": [["t": 0, "s": [0, 1, 0, 1], "i": ["x": [1], "y": [1]], "o": ["x": [0], "y": [0]]], ["t": 10, "s": [0, 0, 1, 1]]]]
        let a = try glyphText([:], extra: ["a": [["s": ["t": 0, "b": 1, "rn": 0, "sh": 1, "r": 1, "a": ["a": 0, "k": 100]], "a": ["fc": fc]]]])
        XCTAssertEqual(a.diagnostics, [])
        XCTAssertEqual(frame(a, 0).pixel(x: 105, y: 35), 0xFF00_FF00)
        XCTAssertEqual(frame(a, 10).pixel(x: 105, y: 35), 0xFF00_00FF)
        let mid = frame(a, 5)
        XCTAssertClose(Double(mid.green(105, 35)), 127.5, 1.5)
        XCTAssertClose(Double(mid.blue(105, 35)), 127.5, 1.5)
        XCTAssertEqual(mid.red(105, 35), 0)
        let half = try glyphText([:], extra: ["a": [["s": [String: Any](), "a": ["o": ["a": 0, "k": 50]]]]])
        XCTAssertClose(Double(frame(half, 0).alpha(105, 35)), 127.5, 1.5)
        XCTAssertClose(frame(half, 0).coverage(), 100, 1, "200 pixels at half alpha")
        let wider = try glyphText(["fc": NSNull(), "sc": [0, 1, 0], "sw": 1], extra: ["a": [["s": [String: Any](), "a": ["sw": ["a": 0, "k": 1]]]]])
        XCTAssertClose(frame(wider, 0).coverage(), 2 * (12 * 12 - 8 * 8), 4, "1 + 1 = 2 wide, as testStrokedText's")
    }
}
