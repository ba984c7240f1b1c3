import XCTest
import LaminaRandom
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
@_spi(LaminaInternal) import Scenes
@_spi(LaminaInternal) import SceneFuzz

/// The scene fuzzer: its inputs are reproducible, the corpus in Tests/Fuzz/corpus parses, every
/// regression input runs (the guards refuse some, the others render), the document guard refuses
/// alias bombs and deep nesting, and a run counts its inputs and the command's exit status says
/// whether an input was slow. Nothing here depends on the machine's speed: the fuzz runs
/// themselves (the full one, and the short one for CI) are `lamina fuzz-scenes`, see
/// Tests/Fuzz/README.md; an input that never ends is caught by a watchdog (`hangSeconds`) that
/// reports the hang and ends the test process.
final class SceneFuzzTests: XCTestCase {
    /// Real seconds after which one input (or one group of guard checks) counts as a hang: far above
    /// the slowest input in a debug build on a loaded machine (about 4 s).
    static let hangSeconds = 120.0

    /// A watchdog for `what`: when it is not finished within `hangSeconds`, it names the hang on
    /// standard error and ends the test process (the computation cannot be interrupted).
    static func watchdog(_ what: String) -> HangWatchdog {
        HangWatchdog(seconds: hangSeconds) {
            FileHandle.standardError.write(Data("SceneFuzzTests: \(what) ran for more than \(Int(hangSeconds)) s: a hang\n".utf8))
            exit(3)
        }
    }

    static let corpusFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")
    var savedLoader: (@Sendable (URL) -> CGImage?)?
    var savedAssets: URL?

    override func setUp() {
        savedLoader = Scene.imageLoader
        savedAssets = Scene.assetsDirectory
        DefaultFontProvider.installAsDefault()
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
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

    func testEveryRegressionInputRunsToItsEnd() throws {
        let folder = Self.corpusFolder.deletingLastPathComponent().appendingPathComponent("regressions")
        let inputs = try corpus(folder)
        XCTAssertGreaterThanOrEqual(inputs.count, 15)
        var parsed: [String] = []
        for (name, text) in inputs {
            let watchdog = Self.watchdog("the regression input \(name)")
            if SceneFuzzHarness.exercise(text, directory: Self.corpusFolder) { parsed.append(name) }
            watchdog.finish()
        }
        // The guards refuse these; the others now render (they crashed or hung before their fixes).
        for refused in ["regress-billion-laughs.yaml", "regress-deep-flow.yaml", "regress-deep-block.yaml", "regress-long-text.yaml",
                        "regress-gradient-stops.yaml", "regress-image-path-is-a-folder.yaml", "regress-keyframe-values.yaml",
                        "regress-group-alias-bomb.yaml", "regress-long-unknown-keypath.yaml",
                        // Refused when it loads now: it expands to 10^8 layers.
                        "regress-nested-replicators.yaml",
                        // Broken dotLottie archives: cut short, a 4 GiB entry, an entry inflating past its size.
                        "regress-dotlottie-truncated.yaml", "regress-dotlottie-bomb.yaml", "regress-dotlottie-liar.yaml"] {
            XCTAssertFalse(parsed.contains(refused), refused)
        }
        for rendered in ["regress-timing-overflow.yaml", "regress-shadow-radius-1e300.yaml",
                         "regress-path-many-segments.yaml", "regress-contents-rect-huge.yaml", "regress-shadow-offset-3e38.yaml",
                         // A rounded corner scaled past Int.max pixels in the occluder walk (found with Lottie inputs added).
                         "regress-occluder-corner-overflow.yaml"] {
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
        for cls in ["CAShapeLayer", "CATextLayer", "CAGradientLayer", "CAReplicatorLayer", "CATransformLayer", "CAEmitterLayer"] {
            XCTAssertTrue(all.contains(cls), cls)
        }
        for type in ["basic", "keyframe", "spring", "group", "transition"] { XCTAssertTrue(all.contains("type: \(type)"), type) }
        XCTAssertTrue(files.contains { $0.name.hasSuffix(".json") })
        for (name, text) in files {
            XCTAssertNoThrow(try Scene.parse(text, file: name, directory: Self.corpusFolder), name)
        }
    }

    func testAliasBombsAndDeepNestingAreRefusedWithALocatedMessage() throws {
        var bomb = "layers:\n  - name: l\nanimations:\n  - {layer: l, keyPath: position, values: [&a0 [1, 2]"
        for l in 1...9 { bomb += ", &a\(l) [" + Array(repeating: "*a\(l - 1)", count: 9).joined(separator: ", ") + "]" }
        bomb += ", *a9]}\n"
        let watchdog = Self.watchdog("refusing alias bombs and deep nesting")
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
        watchdog.finish()
        // Ordinary anchors and nesting within the limit still parse.
        let fine = "layers:\n  - &t {name: a, frame: [0, 0, 10, 10], backgroundColor: &c \"#ff0000\"}\n  - {name: b, backgroundColor: *c}\n"
        XCTAssertEqual(try Scene.parse(fine).layers["b"]?.backgroundColor?.srgbComponents.red, 1)
        var nested = "layers:\n"
        for d in 0..<100 { nested += String(repeating: " ", count: d * 2) + "- frame: [0, 0, 5, 5]\n" + String(repeating: " ", count: d * 2 + 2) + "sublayers:\n" }
        nested += String(repeating: " ", count: 200) + "- {name: deepest}\n"
        XCTAssertNotNil(try Scene.parse(nested).layers["deepest"])
    }

    /// A run's bookkeeping on a few inputs: the corpus files first (they all parse), then mutations
    /// (deterministic for the seed), every input counted once as parsed or refused.
    func testAFuzzRunCountsEveryInputAsParsedOrRefused() throws {
        let texts = try corpus().map(\.text)
        let fuzzer = SceneFuzzer(corpus: texts, seed: 20_261_123, attackRate: 0)
        let run = SceneFuzzRun(fuzzer: fuzzer, directory: Self.corpusFolder, slowLimit: Self.hangSeconds, hangLimit: Self.hangSeconds)
        let count = texts.count + 30
        var progress: [Int] = []
        let report = run.run(count: count, every: 10) { progress.append($0.count) }
        // Which inputs parse, asked of the parser directly (not of the run's bookkeeping).
        let parses = (0..<count).map { (try? Scene.parse(fuzzer.input($0), file: "fuzz.yaml", directory: Self.corpusFolder)) != nil }
        XCTAssertEqual(parses.prefix(texts.count).filter { $0 }.count, texts.count, "the corpus files come first and parse")
        XCTAssertGreaterThan(parses.filter { !$0 }.count, 0, "some mutations are refused")
        XCTAssertEqual(report.count, count)
        XCTAssertEqual(report.parsed, parses.filter { $0 }.count)
        XCTAssertEqual(report.threw, parses.filter { !$0 }.count)
        XCTAssertEqual(progress, Array(stride(from: 10, through: count, by: 10)))
        XCTAssertTrue(report.slow.isEmpty, "no input ran for \(Self.hangSeconds) s: \(report.slow)")
        XCTAssertGreaterThan(report.rssStart, 0); XCTAssertGreaterThan(report.rssMiddle, 0); XCTAssertGreaterThan(report.rssEnd, 0)
    }

    /// `lamina fuzz-scenes` exits 0 when no input was slow and 1 when one was (a slow limit of 0
    /// makes every input slow), and 1 when resident memory grew past --max-growth (a negative
    /// limit makes any run fail it).
    func testTheCommandsExitStatusSaysWhetherAnInputWasSlowOrMemoryGrew() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        let corpus = Self.corpusFolder.path, none = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-no-regressions-\(getpid())").path
        let ok = try LaminaCommand.run(["fuzz-scenes", "--count", "3", "--corpus", corpus, "--regressions", none, "--slow-limit", "120", "--max-growth", "1024"])
        XCTAssertEqual(ok.status, 0, ok.out + ok.err)
        XCTAssertTrue(ok.out.contains("fuzz-scenes: 3 inputs"), ok.out)
        XCTAssertTrue(ok.out.contains("inputs slower than 120.0 s: none"), ok.out)
        let slow = try LaminaCommand.run(["fuzz-scenes", "--count", "2", "--corpus", corpus, "--regressions", none, "--slow-limit", "0"])
        XCTAssertEqual(slow.status, 1, slow.out + slow.err)
        XCTAssertTrue(slow.out.contains("inputs slower than 0.0 s: #0"), slow.out)
        let grew = try LaminaCommand.run(["fuzz-scenes", "--count", "2", "--corpus", corpus, "--regressions", none, "--slow-limit", "120", "--max-growth=-1"])
        XCTAssertEqual(grew.status, 1, grew.out + grew.err)
        XCTAssertTrue(grew.out.contains("MEMORY GREW"), grew.out)
    }
}
