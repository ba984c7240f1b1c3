import XCTest
@_spi(LaminaInternal) import QuartzCore
import SDLHost
@_spi(LaminaInternal) import Scenes

/// The scene fuzzer: its inputs are reproducible, the corpus in Tests/Fuzz/corpus parses, the
/// document guard refuses alias bombs and deep nesting, and a shortened run (the full one is
/// `lamina fuzz-scenes --count 100000`, see Tests/Fuzz/README.md) finds no crash, no slow input and
/// no memory growth.
final class SceneFuzzTests: XCTestCase {
    static let corpusFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")
    var savedLoader: ((URL) -> CGImage?)?
    var savedAssets: URL?

    override func setUp() {
        savedLoader = Scene.imageLoader
        savedAssets = Scene.assetsDirectory
        SDLFontProvider.installAsDefault()
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        Scene.assetsDirectory = SDLFontProvider.assetsDirectory
        CAMediaClock.manualTime = 0
    }

    override func tearDown() {
        Scene.imageLoader = savedLoader
        Scene.assetsDirectory = savedAssets
        CAMediaClock.manualTime = nil
    }

    func corpus(_ folder: URL = SceneFuzzTests.corpusFolder) throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
        return try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    func testEveryRegressionInputRunsAndEndsInTime() throws {
        let folder = Self.corpusFolder.deletingLastPathComponent().appendingPathComponent("regressions")
        let inputs = try corpus(folder)
        XCTAssertGreaterThanOrEqual(inputs.count, 15)
        var parsed: [String] = []
        for (name, text) in inputs {
            let started = DispatchTime.now().uptimeNanoseconds
            if SceneFuzzHarness.exercise(text, directory: Self.corpusFolder) { parsed.append(name) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            XCTAssertLessThan(seconds, 20, "\(name) took \(seconds) s")
        }
        // The guards refuse these; the others now render (they crashed or hung before their fixes).
        for refused in ["regress-billion-laughs.yaml", "regress-deep-flow.yaml", "regress-deep-block.yaml", "regress-long-text.yaml",
                        "regress-gradient-stops.yaml", "regress-image-path-is-a-folder.yaml", "regress-keyframe-values.yaml",
                        "regress-group-alias-bomb.yaml", "regress-long-unknown-keypath.yaml"] {
            XCTAssertFalse(parsed.contains(refused), refused)
        }
        for rendered in ["regress-timing-overflow.yaml", "regress-nested-replicators.yaml", "regress-shadow-radius-1e300.yaml",
                         "regress-path-many-segments.yaml", "regress-contents-rect-huge.yaml", "regress-shadow-offset-3e38.yaml"] {
            XCTAssertTrue(parsed.contains(rendered), rendered)
        }
    }

    func testTheInputsAreAFunctionOfSeedAndIndex() throws {
        let texts = try corpus().map(\.text)
        let a = SceneFuzzer(corpus: texts, seed: 7), b = SceneFuzzer(corpus: texts, seed: 7), c = SceneFuzzer(corpus: texts, seed: 8)
        XCTAssertEqual(a.input(0), texts[0], "the corpus comes first, unchanged")
        let indices = [texts.count, texts.count + 1, 500, 12_345, 99_999]
        for i in indices { XCTAssertEqual(a.input(i), b.input(i), "input \(i)") }
        // Out of order too: input i does not depend on the inputs before it.
        XCTAssertEqual(SceneFuzzer(corpus: texts, seed: 7).input(12_345), a.input(12_345))
        let differing = indices.filter { a.input($0) != c.input($0) }
        XCTAssertGreaterThanOrEqual(differing.count, 4, "another seed gives other inputs")
        XCTAssertGreaterThan(Set((texts.count..<texts.count + 200).map { a.input($0) }).count, 150, "the inputs vary")
        var r1 = SplitMix64(seed: 0), r2 = SplitMix64(seed: 0)
        XCTAssertEqual(r1.next(), 0xE220_A839_7B1D_CDAF, "SplitMix64's reference first output for seed 0")
        _ = r2.next()
        XCTAssertEqual(r1.next(), r2.next())
    }

    func testTheCorpusCoversEveryLayerClassAndAnimationTypeAndParses() throws {
        let files = try corpus()
        XCTAssertGreaterThanOrEqual(files.count, 15)
        let all = files.map(\.text).joined(separator: "\n")
        for cls in ["CAShapeLayer", "CATextLayer", "CAGradientLayer", "CAReplicatorLayer", "CATransformLayer"] {
            XCTAssertTrue(all.contains(cls), cls)
        }
        for type in ["basic", "keyframe", "spring", "group", "transition"] { XCTAssertTrue(all.contains("type: \(type)"), type) }
        XCTAssertTrue(files.contains { $0.name.hasSuffix(".json") })
        for (name, text) in files {
            XCTAssertNoThrow(try Scene.parse(text, file: name, directory: Self.corpusFolder), name)
        }
    }

    func testAliasBombsAndDeepNestingAreRefusedQuicklyWithALocatedMessage() throws {
        var bomb = "layers:\n  - name: l\nanimations:\n  - {layer: l, keyPath: position, values: [&a0 [1, 2]"
        for l in 1...9 { bomb += ", &a\(l) [" + Array(repeating: "*a\(l - 1)", count: 9).joined(separator: ", ") + "]" }
        bomb += ", *a9]}\n"
        let started = DispatchTime.now().uptimeNanoseconds
        XCTAssertThrowsError(try Scene.parse(bomb, file: "bomb.yaml")) { e in
            XCTAssertTrue("\(e)".contains("more than \(Scene.Limits.expandedNodes) values once its aliases are followed"), "\(e)")
            XCTAssertTrue("\(e)".hasPrefix("bomb.yaml:4:"), "\(e)")
        }
        XCTAssertThrowsError(try SceneFormatter.format(bomb))
        for deep in [String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
                     "layers:\n" + String(repeating: "- ", count: 1_000_000) + "x\n",
                     String(repeating: "{a: ", count: 300) + "1" + String(repeating: "}", count: 300)] {
            XCTAssertThrowsError(try Scene.parse(deep)) { e in XCTAssertTrue("\(e)".contains("nests deeper than \(Scene.Limits.depth) levels"), "\(e)") }
        }
        // Depth reached through aliases counts as well.
        var chain = "layers: [&d0 [1]"
        for l in 1...300 { chain += ", &d\(l) [*d\(l - 1)]" }
        XCTAssertThrowsError(try Scene.parse(chain + "]\n")) { e in XCTAssertTrue("\(e)".contains("counting aliases"), "\(e)") }
        XCTAssertLessThan(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, 10)
        // Ordinary anchors and nesting within the limit still parse.
        let fine = "layers:\n  - &t {name: a, frame: [0, 0, 10, 10], backgroundColor: &c \"#ff0000\"}\n  - {name: b, backgroundColor: *c}\n"
        XCTAssertEqual(try Scene.parse(fine).layers["b"]?.backgroundColor?.srgbComponents.red, 1)
        var nested = "layers:\n"
        for d in 0..<100 { nested += String(repeating: " ", count: d * 2) + "- frame: [0, 0, 5, 5]\n" + String(repeating: " ", count: d * 2 + 2) + "sublayers:\n" }
        nested += String(repeating: " ", count: 200) + "- {name: deepest}\n"
        XCTAssertNotNil(try Scene.parse(nested).layers["deepest"])
    }

    func testAShortenedFuzzRunFindsNoCrashHangOrMemoryGrowth() throws {
        let texts = try corpus().map(\.text)
        // No pathological documents here (some take seconds each in a debug build): the full run has
        // 4%, and the regression inputs and the guards' tests above cover what they found.
        let fuzzer = SceneFuzzer(corpus: texts, seed: 20_261_123, attackRate: 0)
        // 15 s in a debug build (on a loaded machine) is far above the 2 s release limit.
        let run = SceneFuzzRun(fuzzer: fuzzer, directory: Self.corpusFolder, slowLimit: 15, hangLimit: 60)
        let report = run.run(count: 1500)
        XCTAssertEqual(report.count, 1500)
        XCTAssertEqual(report.parsed + report.threw, 1500)
        XCTAssertGreaterThan(report.parsed, 300, "enough inputs get past the parser to be rendered and clicked")
        XCTAssertGreaterThan(report.threw, 300, "enough inputs are bad to exercise the errors")
        XCTAssertTrue(report.slow.isEmpty, "inputs slower than 15 s: \(report.slow)")
        XCTAssertLessThan(report.rssEnd - report.rssMiddle, 64 << 10, "memory grew from \(report.rssMiddle) KiB to \(report.rssEnd) KiB in the second half")
        print("fuzz: \(report.count) inputs, \(report.parsed) parsed, \(Int(report.rate))/s, RSS \(report.rssStart / 1024)/\(report.rssMiddle / 1024)/\(report.rssEnd / 1024) MiB, slowest #\(report.slowest.index) \(report.slowest.seconds) s")
    }
}
