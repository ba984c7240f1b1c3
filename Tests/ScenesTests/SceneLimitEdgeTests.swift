import XCTest
@_spi(LaminaInternal) import QuartzCore
@_spi(LaminaInternal) import Scenes

/// Every documented scene limit at its edge: the largest value allowed loads, one more is refused
/// with a message that names the limit. The numbers are scenes/README.md's ("4 MiB a file, 20,000
/// layers, 20,000 animations, nesting 256 deep, 4,000,000 values once aliases are expanded, 10,000
/// items in a list of values, 64 KiB of text in a text layer"), written out here, never read from
/// `Scene.Limits`.
final class SceneLimitEdgeTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    func error(_ yaml: String) -> SceneError? {
        do { _ = try Scene.parse(yaml, file: "l.yaml"); return nil } catch let e as SceneError { return e } catch { return nil }
    }

    /// 4 MiB = 4,194,304 bytes: a file of exactly that many parses, one byte more is refused before
    /// it is read as YAML (line 0, column 0: the whole file). A YAML comment pads the text.
    func testAFileOfFourMebibytesLoadsAndOneByteMoreIsRefused() throws {
        let head = "layers: [{name: a}]\n#"
        let exact = head + String(repeating: "x", count: 4_194_304 - head.utf8.count)
        XCTAssertEqual(exact.utf8.count, 4_194_304)
        XCTAssertNotNil(try Scene.parse(exact, file: "big.yaml").layers["a"])
        let over = try XCTUnwrap(error(exact + "x"))
        XCTAssertEqual(over, SceneError(file: "l.yaml", line: 0, column: 0, message: "the scene is larger than 4194304 bytes"))

        // From a file, the size on disk is checked first (before the text is read).
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-mutlimits-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("big.yaml")
        try exact.write(to: file, atomically: false, encoding: .utf8)
        XCTAssertNotNil(try Scene.load(contentsOf: file).layers["a"])
        try (exact + "x").write(to: file, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try Scene.load(contentsOf: file)) { e in
            XCTAssertEqual(e as? SceneError, SceneError(file: file.path, line: 0, column: 0, message: "the file is 4194305 bytes; scenes are limited to 4194304"))
        }
        // A file that is not UTF-8 text: located at the first bad byte ("l: " is three bytes, so
        // 0xFF is byte 4, line 1 column 4).
        try Data([0x6C, 0x3A, 0x20, 0xFF, 0xFE, 0x0A]).write(to: file)
        XCTAssertThrowsError(try Scene.load(contentsOf: file)) { e in
            XCTAssertEqual(e as? SceneError, SceneError(file: file.path, line: 1, column: 4, message: "is not UTF-8 text at byte 4"))
        }
    }

    /// Empty documents: "the scene is empty" at 1:1.
    func testAnEmptySceneIsRefusedAtItsStart() {
        XCTAssertEqual(error(""), SceneError(file: "l.yaml", line: 1, column: 1, message: "the scene is empty"))
        XCTAssertEqual(error("# only a comment\n"), SceneError(file: "l.yaml", line: 1, column: 1, message: "the scene is empty"))
    }

    /// The alias-expanded size is counted as: every scalar, list and mapping once, an alias as the
    /// whole node it names. Built from nested lists of ten: b0 = [0 × 10] is 11 values, b1 = [b0 and
    /// nine aliases of it] 1 + 10·11 = 111, …, b5 = 1,111,111. The document [b5, *b5, *b5, *b4 × 6]
    /// is 1 + 3·1,111,111 + 6·111,111 = 4,000,000 values: the limit itself. One scalar more is over.
    func testFourMillionExpandedValuesPassAndOneMoreIsRefused() throws {
        var def = "&b0 [" + Array(repeating: "0", count: 10).joined(separator: ", ") + "]"
        for k in 1...5 { def = "&b\(k) [" + ([def] + Array(repeating: "*b\(k - 1)", count: 9)).joined(separator: ", ") + "]" }
        let atLimit = "[" + ([def, "*b5", "*b5"] + Array(repeating: "*b4", count: 6)).joined(separator: ", ") + "]"
        XCTAssertNoThrow(try SceneVocabulary.checkDocument(atLimit, file: "a.yaml"))
        let over = String(atLimit.dropLast()) + ", 0]"
        XCTAssertThrowsError(try SceneVocabulary.checkDocument(over, file: "a.yaml")) { e in
            let err = e as? SceneError
            XCTAssertEqual(err?.message, "the scene expands to more than 4000000 values once its aliases are followed")
            // Located at the scalar that went over: line 1, the column of the last "0".
            XCTAssertEqual(err?.line, 1)
            XCTAssertEqual(err?.column, over.count - 1)
        }
    }

    /// Nesting: 256 levels (lists inside lists) pass, 257 are refused, counted at the opening of the
    /// 257th; through aliases the depth of the aliased node counts where the alias stands.
    func testNestingTwoHundredFiftySixDeepPassesAndOneMoreIsRefused() throws {
        let deep256 = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        XCTAssertNoThrow(try SceneVocabulary.checkDocument(deep256, file: "d.yaml"))
        let deep257 = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        XCTAssertThrowsError(try SceneVocabulary.checkDocument(deep257, file: "d.yaml")) { e in
            XCTAssertEqual(e as? SceneError, SceneError(file: "d.yaml", line: 1, column: 257, message: "the scene nests deeper than 256 levels"))
        }
        // A scalar inside 256 lists is level 257.
        XCTAssertThrowsError(try SceneVocabulary.checkDocument(String(repeating: "[", count: 256) + "1" + String(repeating: "]", count: 256), file: "d.yaml")) { e in
            XCTAssertEqual((e as? SceneError)?.message, "the scene nests deeper than 256 levels (counting aliases)")
        }
        XCTAssertNoThrow(try SceneVocabulary.checkDocument(String(repeating: "[", count: 255) + "1" + String(repeating: "]", count: 255), file: "d.yaml"))
        // &a is 200 nested lists: 200 levels. An alias of it inside 56 lists reaches 256: fine;
        // inside 57: 257, refused at the alias.
        let a = "&a " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        func doc(_ around: Int) -> String {
            "[" + a + ", " + String(repeating: "[", count: around - 1) + "*a" + String(repeating: "]", count: around - 1) + "]"
        }
        XCTAssertNoThrow(try SceneVocabulary.checkDocument(doc(56), file: "d.yaml"))
        XCTAssertThrowsError(try SceneVocabulary.checkDocument(doc(57), file: "d.yaml")) { e in
            XCTAssertEqual((e as? SceneError)?.message, "the scene nests deeper than 256 levels (counting aliases)")
        }
        // The depth an alias brings is the depth of its node, also when that node's deepest part is
        // not its first child: &m is [ [ ], [[[…]]] ] with the deep list second.
        let m = "&m [[], " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "]"
        func doc2(_ around: Int) -> String {
            "[" + m + ", " + String(repeating: "[", count: around - 1) + "*m" + String(repeating: "]", count: around - 1) + "]"
        }
        // &m is 151 levels: inside 105 lists 256, inside 106 lists 257.
        XCTAssertNoThrow(try SceneVocabulary.checkDocument(doc2(105), file: "d.yaml"))
        XCTAssertThrowsError(try SceneVocabulary.checkDocument(doc2(106), file: "d.yaml"))
        // A second document starts its anchors afresh: an alias of the first document's anchor is the
        // composer's error (undefined there), not counted here, however deep it stands.
        let second = String(repeating: "[", count: 57) + "*a" + String(repeating: "]", count: 57)
        XCTAssertNoThrow(try SceneVocabulary.checkDocument("--- " + a + "\n--- " + second + "\n", file: "d.yaml"))
    }

    /// 20,000 layers: the 20,000th layer is built, the 20,001st refused. The last item of each list
    /// is not a mapping: when the count passes, that is the error reported instead.
    func testTwentyThousandLayersAndNotOneMore() throws {
        func doc(_ layers: Int) -> String { "layers: [" + Array(repeating: "{}", count: layers - 1).joined(separator: ", ") + ", 5]\n" }
        XCTAssertEqual(error(doc(20_000))?.message, "expected a layer (a mapping of keys to values)")
        XCTAssertEqual(error(doc(20_001))?.message, "more than 20000 layers")
        // Sublayers and masks count as layers too: 3 at the top, each with a sublayer and a mask.
        let small = "layers:\n" + String(repeating: "  - {sublayers: [{}], mask: {}}\n", count: 3)
        XCTAssertEqual(try Scene.parse(small).root.sublayers?.count, 3)
    }

    /// 20,000 animations, counted before any is built (groups and interactions' animations
    /// included); at the limit the count passes and building the first finds its real error.
    func testTwentyThousandAnimationsCountingGroupsAndInteractions() throws {
        let head = "layers: [{name: a}]\n"
        func top(_ n: Int) -> String {
            head + "animations: [&x {layer: nope, keyPath: opacity}" + String(repeating: ", *x", count: n - 1) + "]\n"
        }
        XCTAssertEqual(error(top(20_000))?.message, "no layer named \"nope\"")
        XCTAssertEqual(error(top(20_001))?.message, "more than 20000 animations")
        // In a group: the group and its 19,999 members are 20,000; one member more is over.
        func grouped(_ members: Int) -> String {
            head + "animations:\n  - {layer: nope, animations: [&y {keyPath: opacity}" + String(repeating: ", *y", count: members - 1) + "]}\n"
        }
        XCTAssertEqual(error(grouped(19_999))?.message, "no layer named \"nope\"")
        let overGroup = try XCTUnwrap(error(grouped(20_000)))
        XCTAssertEqual(overGroup.message, "more than 20000 animations (counting those in groups and interactions)")
        // An interaction's animations add to the scene's (in its "then" too): 1 at load and 19,999
        // added pass, 1 and 20,000 do not. The interaction is built after the count: its first
        // animation's missing layer is the error when the count passes.
        func withInteraction(_ adds: Int, inThen: Bool) -> String {
            let list = "[&x {layer: nope, keyPath: opacity}" + String(repeating: ", *x", count: adds - 1) + "]"
            return head + "animations: [{layer: a, keyPath: opacity, to: 0}]\n"
                + "interactions:\n  - on: {key: A}\n" + (inThen ? "    then: {add: \(list)}\n" : "    add: \(list)\n")
        }
        for inThen in [false, true] {
            XCTAssertEqual(error(withInteraction(19_999, inThen: inThen))?.message, "no layer named \"nope\"", "then: \(inThen)")
            XCTAssertEqual(error(withInteraction(20_000, inThen: inThen))?.message, "more than 20000 animations (counting those in groups and interactions)", "then: \(inThen)")
        }
    }

    /// 10,000 items in a list of values (numbers, colours, keyframe values): 10,000 load, 10,001 do not.
    func testTenThousandItemsInAListOfValues() throws {
        func numbers(_ n: Int) -> String { "[" + Array(repeating: "1", count: n).joined(separator: ", ") + "]" }
        let dashes = try Scene.parse("layers: [{name: s, class: CAShapeLayer, lineDashPattern: \(numbers(10_000))}]")
        XCTAssertEqual((dashes.layers["s"] as? CAShapeLayer)?.lineDashPattern?.count, 10_000)
        XCTAssertEqual(error("layers: [{name: s, class: CAShapeLayer, lineDashPattern: \(numbers(10_001))}]")?.message,
                       "the list has 10001 items; lists of values are limited to 10000")
        let colours = "[" + Array(repeating: "\"#ff0000\"", count: 10_000).joined(separator: ", ")
        let g = try Scene.parse("layers: [{name: g, class: CAGradientLayer, colors: \(colours)]}]")
        XCTAssertEqual((g.layers["g"] as? CAGradientLayer)?.colors?.count, 10_000)
        XCTAssertEqual(error("layers: [{name: g, class: CAGradientLayer, colors: \(colours), \"#00ff00\"]}]")?.message,
                       "the list has 10001 items; lists of values are limited to 10000")
        // Keyframe values are counted before the animation is built (a missing layer is found later).
        XCTAssertEqual(error("animations: [{layer: nope, keyPath: opacity, values: \(numbers(10_000))}]")?.message, "no layer named \"nope\"")
        XCTAssertEqual(error("animations: [{layer: nope, keyPath: opacity, values: \(numbers(10_001))}]")?.message,
                       "the list has 10001 items; lists of values are limited to 10000")
    }

    /// 64 KiB = 65,536 bytes of UTF-8 in a text layer's string.
    func testSixtyFourKibibytesOfText() throws {
        let s = try Scene.parse("layers: [{name: t, class: CATextLayer, string: \"\(String(repeating: "é", count: 32_768))\"}]")
        XCTAssertEqual(((s.layers["t"] as? CATextLayer)?.string as? String)?.utf8.count, 65_536)
        XCTAssertEqual(error("layers: [{name: t, class: CATextLayer, string: \"\(String(repeating: "é", count: 32_768))a\"}]")?.message,
                       "the text is 65537 bytes; a text layer's string is limited to 65536")
    }

    /// instanceCount is 0...10000 (whole numbers are taken as written, fractions truncated).
    func testInstanceCountRange() throws {
        func count(_ v: String) throws -> Int? {
            try (Scene.parse("layers: [{name: r, class: CAReplicatorLayer, instanceCount: \(v)}]").layers["r"] as? CAReplicatorLayer)?.instanceCount
        }
        XCTAssertEqual(try count("0"), 0)
        XCTAssertEqual(try count("10000"), 10_000)
        XCTAssertEqual(try count("2.7"), 2)
        for bad in ["-1", "10001", "10000.5", "-0.5"] {
            XCTAssertEqual(error("layers: [{name: r, class: CAReplicatorLayer, instanceCount: \(bad)}]")?.message, "instanceCount is 0...10000", bad)
        }
    }

    /// Window sizes are 16...8192 points on each side; the default window is 640 x 480 with a
    /// background of 10% grey.
    func testWindowSizesAndTheDefaultWindow() throws {
        XCTAssertEqual(try Scene.parse("window: {size: [16, 8192]}").size, CGSize(width: 16, height: 8192))
        XCTAssertEqual(try Scene.parse("window: {size: [8192, 16]}").size, CGSize(width: 8192, height: 16))
        XCTAssertEqual(try Scene.parse("window: {size: [300, 200]}").root.bounds, CGRect(x: 0, y: 0, width: 300, height: 200))
        for bad in ["[15.9, 100]", "[100, 15.9]", "[8192.5, 100]", "[100, 8193]"] {
            let e = error("window: {size: \(bad)}")
            XCTAssertEqual(e?.message, "window sizes are 16...8192 points", bad)
            XCTAssertEqual(e?.line, 1); XCTAssertEqual(e?.column, 16, bad)
        }
        XCTAssertEqual(error("window: {size: [100]}")?.message, "expected a window size [width, height], got 1 numbers")
        let plain = try Scene.parse("layers: []")
        XCTAssertEqual(plain.size, CGSize(width: 640, height: 480))
        XCTAssertEqual(plain.root.bounds, CGRect(x: 0, y: 0, width: 640, height: 480))
        XCTAssertEqual(plain.root.anchorPoint, .zero)
        XCTAssertEqual(plain.root.position, .zero)
        let bg = try XCTUnwrap(plain.root.backgroundColor?.srgbComponents)
        XCTAssertEqual(bg.red, 0.1, accuracy: 1e-9); XCTAssertEqual(bg.green, 0.1, accuracy: 1e-9)
        XCTAssertEqual(bg.blue, 0.1, accuracy: 1e-9); XCTAssertEqual(bg.alpha, 1)
        let set = try XCTUnwrap(try Scene.parse("window: {background: \"#336699\"}").root.backgroundColor?.srgbComponents)
        XCTAssertEqual([set.red, set.green, set.blue, set.alpha], [0x33 / 255.0, 0x66 / 255.0, 0x99 / 255.0, 1])
        XCTAssertEqual(error("window: {sise: [10, 10]}")?.message, "unknown key \"sise\" in window; did you mean \"size\"?")
        XCTAssertEqual(error("wndow: {}")?.message, "unknown key \"wndow\" in the scene; did you mean \"window\"?")
        XCTAssertEqual(error("layers: {}")?.message, "expected a list of layers")
        XCTAssertEqual(error("animations: {}")?.message, "expected a list of animations")
        XCTAssertEqual(error("interactions: 3")?.message, "expected a list of interactions")
        XCTAssertEqual(error("[1, 2]")?.message, "expected a scene (a mapping of keys to values)")
    }
}
