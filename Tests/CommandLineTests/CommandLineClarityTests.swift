import XCTest
import LaminaTestSupport
import QuartzCore

/// Issue 12's command line: unknown commands, usage, numbers, outputs by extension, repeated options,
/// sizes in pixels, demos and bundled scenes by name, file errors, time series and their plot.
/// Expected values come from the scene files (bounce.yaml's path starts at 74,74 and is at its
/// middle point 320,74 at 2.5 s of 5) and from the file formats' magic numbers.
final class CommandLineClarityTests: XCTestCase {
    var repo: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
    var bounce: String { repo.appendingPathComponent("scenes/bounce.yaml").path }
    var tmp: String { NSTemporaryDirectory() + "lamina-clarity-\(getpid())" }

    override func setUpWithError() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        try? FileManager.default.removeItem(atPath: tmp)
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: tmp) }

    func run(_ args: [String], extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        try LaminaCommand.run(args, extra: extra)
    }

    /// The first bytes of a file.
    func head(_ path: String, _ n: Int) -> [UInt8] { Array((FileManager.default.contents(atPath: path) ?? Data()).prefix(n)) }

    /// A PNG's width and height from its IHDR chunk (bytes 16...23, big-endian).
    func pngSize(_ path: String) -> (Int, Int)? {
        let b = head(path, 24)
        guard b.count == 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func be(_ i: Int) -> Int { b[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    func testAnUnknownCommandListsTheCommands() throws {
        let r = try run(["foo"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.err.contains("no command named \"foo\""), r.err)
        for name in ["render", "eval", "record", "scenes", "run", "format"] {
            XCTAssertTrue(r.err.contains("\n  \(name) "), "\(name) listed: \(r.err)")
        }
        XCTAssertFalse(r.err.contains("gallery [--size"), "not the gallery's usage: \(r.err)")
        XCTAssertTrue(try run(["rendr"]).err.contains("did you mean \"render\""))
    }

    /// A validation error names the option and prints the usage of the subcommand given.
    func testErrorsPrintTheSubcommandsOwnUsage() throws {
        let r = try run(["render", bounce, "--at", "nan", "-o", tmp + "/x.png"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.err.contains("--at nan is not a time"), r.err)
        XCTAssertTrue(r.err.contains("Usage: lamina render <scene>"), r.err)
        XCTAssertTrue(r.err.contains("See 'lamina render --help'"), r.err)
        // An error found while the command runs (the size is checked against the scene's shape).
        let size = try run(["render", bounce, "--size", "100x100", "-o", tmp + "/x.png"])
        XCTAssertEqual(size.status, 64)
        XCTAssertTrue(size.err.contains("--size 100x100 is not the shape"), size.err)
        XCTAssertTrue(size.err.contains("Usage: lamina render <scene>"), size.err)
        XCTAssertTrue(size.err.contains("See 'lamina render --help'"), size.err)
    }

    /// Negative numbers are values, with or without `=`; the range is said.
    func testNegativeNumbersAndRanges() throws {
        for (args, expected) in [(["eval", bounce, "--at", "-1"], "--at -1.0 is before the scene starts"),
                                 (["record", bounce, "--duration", "-1", "-o", tmp + "/f"], "--duration -1.0 is out of range: give more than 0 and at most 3600 seconds"),
                                 (["record", bounce, "--duration", "0", "-o", tmp + "/f"], "--duration 0.0 is out of range: give more than 0"),
                                 (["record", bounce, "--duration", "inf", "-o", tmp + "/f"], "--duration inf is not a time"),
                                 (["record", bounce, "--fps", "-inf", "-o", tmp + "/f"], "--fps -inf is not a rate")] {
            let r = try run(args)
            XCTAssertEqual(r.status, 64, args.joined(separator: " "))
            XCTAssertTrue(r.err.contains(expected), "\(args): \(r.err)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp + "/f"), "nothing recorded")
    }

    func testARepeatedOptionIsAnError() throws {
        let r = try run(["eval", bounce, "--at", "1", "--at=2"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.err.contains("--at is given twice"), r.err)
        XCTAssertTrue(r.err.contains("Usage: lamina eval <scene>") && r.err.contains("See 'lamina eval --help'"), "the command's usage: \(r.err)")
        let bench = try run(["bench", "stress", "--frames", "20", "--frames", "30"])
        XCTAssertEqual(bench.status, 64)
        XCTAssertTrue(bench.err.contains("--frames is given twice") && bench.err.contains("See 'lamina bench run --help'"), "the default subcommand's usage: \(bench.err)")
        let o = try run(["render", bounce, "-o", tmp + "/a.png", "--output", tmp + "/b.png"])
        XCTAssertTrue(o.err.contains("--output is given twice"), o.err)
        XCTAssertEqual(try run(["eval", bounce, "--at", "1", "--", "--at"]).status, 64, "after --, words are arguments (one too many here)")
    }

    /// The format follows the extension: JPEG bytes for .jpg, PNG for .png; others refused, nothing made.
    func testTheOutputFormatFollowsTheExtension() throws {
        let jpg = tmp + "/x.jpg", png = tmp + "/x.png"
        XCTAssertEqual(try run(["render", bounce, "--at", "1", "-o", jpg]).status, 0)
        XCTAssertEqual(head(jpg, 3), [0xFF, 0xD8, 0xFF], "a JPEG file")
        XCTAssertEqual(try run(["render", bounce, "--at", "1", "-o", png]).status, 0)
        XCTAssertEqual(head(png, 8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let avi = try run(["render", bounce, "-o", tmp + "/x.avi"])
        XCTAssertEqual(avi.status, 64)
        XCTAssertTrue(avi.err.contains("render writes one image, .png or .jpg"), avi.err)
        let rec = try run(["record", bounce, "--duration", "0.1", "-o", tmp + "/y.avi"])
        XCTAssertEqual(rec.status, 64)
        XCTAssertTrue(rec.err.contains("cannot record to .avi files"), rec.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp + "/y.avi"), "no folder named y.avi")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp + "/x.avi"))
        for (command, name) in [("render", "/missing/x.png"), ("record", "/missing/x.mp4")] {
            let r = try run([command, bounce, "--duration", "0.1", "-o", tmp + name].filter { command == "record" || ($0 != "--duration" && $0 != "0.1") })
            XCTAssertEqual(r.status, 64, command)
            XCTAssertTrue(r.err.contains("the folder \(tmp)/missing does not exist"), r.err)
        }
    }

    /// --size is in pixels (640x560 points at half size is 320x280); another shape is refused with
    /// the sizes that fit; a demo renders at the gallery's 960x640.
    func testRenderTakesPixelsDemosAndBundledScenes() throws {
        let out = tmp + "/half.png"
        let r = try run(["render", bounce, "--size", "320x280", "-o", out])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(pngSize(out).map { [$0.0, $0.1] }, [320, 280])
        let wrong = try run(["render", bounce, "--size", "320x300", "-o", out])
        XCTAssertEqual(wrong.status, 64)
        XCTAssertTrue(wrong.err.contains("give 320x280 or 343x300"), wrong.err)
        let demo = tmp + "/demo.png"
        let d = try run(["render", "explicit-fade", "-o", demo])
        XCTAssertEqual(d.status, 0, d.err)
        XCTAssertEqual(pngSize(demo).map { [$0.0, $0.1] }, [960, 640])
        let named = try run(["eval", "bounce", "--at", "2.5"])
        XCTAssertEqual(named.status, 0, named.err)
        XCTAssertTrue(named.out.contains("\"name\": \"ball\""), "the bundled scene by name")
    }

    /// `lamina scenes` lists every scene file in scenes/ (counted from the folder here).
    func testScenesListsTheBundledScenes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: repo.appendingPathComponent("scenes").path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
        let r = try run(["scenes"], extra: ["LAMINA_SCENES": repo.appendingPathComponent("scenes").path])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = r.out.split(separator: "\n").dropLast()
        XCTAssertEqual(lines.count, files.count, r.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("bounce ") && $0.contains("two-arc path") }, r.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("pop ") }, r.out)
    }

    /// Files that are not scene files are named for what they are.
    func testFileErrorsNameTheCause() throws {
        let png = repo.appendingPathComponent("Tests/RenderTests/Goldens").path
        let anyPNG = try FileManager.default.contentsOfDirectory(atPath: png).first { $0.hasSuffix(".png") }.map { png + "/" + $0 }
        var cases = [(tmp + "/missing.yaml", "no such file"), (tmp, "is a directory")]
        if let anyPNG { cases.append((anyPNG, "is a PNG image, not a scene file")) }
        for (path, expected) in cases {
            let r = try run(["eval", path])
            XCTAssertEqual(r.status, 65, path)
            XCTAssertTrue(r.err.contains(expected), "\(path): \(r.err)")
            XCTAssertFalse(r.err.contains("UTF-8"), r.err)
        }
    }

    /// A time series: the ball's position at 0, 1.25 and 2.5 s (74,74 at the start; 320,74 at the
    /// path's middle at 2.5 s of 5), as CSV and JSON; without --key only what changes.
    func testEvalPrintsATimeSeries() throws {
        let csv = try run(["eval", bounce, "--from", "0", "--to", "2.5", "--step", "1.25", "--layer", "ball", "--key", "position", "--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.err)
        let rows = csv.out.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows.first, ["time", "ball.position[0]", "ball.position[1]"])
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(rows.map { $0[0] }, ["time", "0", "1.25", "2.5"])
        XCTAssertEqual(rows[1].dropFirst().map { Double($0)!.rounded() }, [74, 74])
        XCTAssertEqual(rows[3].dropFirst().map { Double($0)!.rounded() }, [320, 74])
        let json = try run(["eval", bounce, "--from", "0", "--to", "1", "--step", "0.5"])
        XCTAssertEqual(json.status, 0, json.err)
        let doc = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        XCTAssertEqual(doc?["times"] as? [Double], [0, 0.5, 1])
        let series = doc?["series"] as? [[String: Any]]
        XCTAssertEqual(series?.map { "\($0["layer"]!).\($0["key"]!)" }, ["ball.position"], "only the ball's position moves in bounce.yaml")
        let bad = try run(["eval", bounce, "--from", "0", "--to", "1", "--step", "0.5", "--key", "positon"])
        XCTAssertTrue(bad.err.contains("did you mean \"position\""), bad.err)
        XCTAssertTrue(try run(["eval", bounce, "--from", "0", "--to", "1"]).err.contains("needs all of --from, --to and --step"))
    }

    /// The plot: one panel (800x170) for the ball's opacity, a constant 1 drawn in the first colour
    /// (0.16, 0.47, 0.96) halfway up its scale of 0...2: y = 134 - 106 / 2 = 81; white above.
    func testEvalPlotsTheSeries() throws {
        let plot = tmp + "/plot.png"
        let r = try run(["eval", bounce, "--from", "0", "--to", "1", "--step", "0.1", "--layer", "ball", "--key", "opacity", "--plot", plot])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(pngSize(plot).map { [$0.0, $0.1] }, [800, 170])
        let image = try XCTUnwrap(PNGPixels(path: plot))
        let curve = image.rgb(x: 400, y: 81)
        XCTAssertLessThan(curve.r, 100); XCTAssertGreaterThan(curve.b, 200, "the curve at \(curve)")
        let above = image.rgb(x: 400, y: 60)
        XCTAssertEqual([above.r, above.g, above.b], [255, 255, 255], "the panel's background")
    }

    /// `lamina run` on a file that does not load opens the window (SDL's offscreen driver) with the
    /// error and runs its frames; a missing file stops at once.
    func testRunOnABadFileOpensTheWindow() throws {
        let bad = tmp + "/bad.yaml"
        try "window: {size: [300, 200]}\nlayers:\n  - name: a\n    opacity: [1\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try run(["run", bad, "--frames", "3"], extra: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.err.contains("bad.yaml:"), "the located error: \(r.err)")
        XCTAssertTrue(r.err.contains("window on SDL's offscreen driver"), "the driver is named: \(r.err)")
        let named = try run(["run", "bounce", "--frames", "2"], extra: ["SDL_VIDEODRIVER": "offscreen", "LAMINA_SCENES": repo.appendingPathComponent("scenes").path])
        XCTAssertEqual(named.status, 0, "a bundled scene by name: \(named.err)")
        let missing = try run(["run", tmp + "/nope.yaml", "--frames", "3"], extra: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(missing.err.contains("no such file"), missing.err)
        let rec = try run(["run", bounce, "--frames", "3", "--record", tmp + "/nofolder/x.mp4"], extra: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertNotEqual(rec.status, 0)
        XCTAssertEqual(rec.err.components(separatedBy: "cannot record to").count, 2, "said once: \(rec.err)")
    }
}

/// A PNG's pixels through QuartzCore's decoder (RGB of opaque pixels).
struct PNGPixels {
    let width: Int, pixels: [UInt32]
    init?(path: String) {
        guard let image = try? PNGCodec.read(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        width = image.width; pixels = image.premultipliedARGB
    }
    func rgb(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let p = pixels[y * width + x]
        return (Int((p >> 16) & 255), Int((p >> 8) & 255), Int(p & 255))
    }
}
