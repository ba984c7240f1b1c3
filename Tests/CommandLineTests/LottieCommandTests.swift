import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import Scenes
import Lottie

/// `lamina render`, `eval` and the scene reader on Lottie JSON files: `--at` is seconds from the
/// first frame, `--frame N` holds frame N, `--size` is a box the composition is fitted in, eval's
/// JSON gives the frame and each named Lottie layer's matrix and opacity, load errors are one
/// located line, and scenes place animations with `lottie:`.
///
/// The expected values come from scenes/lottie/pulse.json as written (30 fps, frames 0...60):
/// "dot" moves from x 40 (frame 0) to 160 (frame 30) and back with a symmetric ease, so it is at
/// x 100 at frames 15 and 45; "bar" turns 0° → 180° linearly over 60 frames (45° at 15, 135° at
/// 45) and its opacity goes 30 → 100 → 30 % (65 % at 15 and at 45).
final class LottieCommandTests: XCTestCase {
    static let pulse = RecordingHarness.scenes.appendingPathComponent("lottie/pulse.json")
    static let mix = RecordingHarness.scenes.appendingPathComponent("lottie-mix.yaml")
    var dir: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "the lamina binary is not built")
        dir = try RecordingHarness.folder("lottie-command-\(abs(name.hashValue))")
        CAMediaClock.manualTime = 0
    }

    override func tearDown() {
        CAMediaClock.manualTime = nil
        if let dir { try? FileManager.default.removeItem(at: dir) }
    }

    /// The pixels of a PNG written by the command, with its size.
    func pixels(_ path: String) throws -> (px: [UInt32], width: Int, height: Int) {
        let image = try PNGCodec.read(contentsOf: URL(fileURLWithPath: path))
        return (image.premultipliedARGB, image.width, image.height)
    }

    /// Whether the pixel at (x, y) is the dot's orange (0.95, 0.45, 0.1), within 3 levels.
    func isOrange(_ p: (px: [UInt32], width: Int, height: Int), _ x: Int, _ y: Int) -> Bool {
        let v = p.px[y * p.width + x]
        let r = Int((v >> 16) & 0xFF), g = Int((v >> 8) & 0xFF), b = Int(v & 0xFF)
        return abs(r - 242) <= 3 && abs(g - 115) <= 3 && abs(b - 26) <= 3
    }

    func render(_ args: [String], to name: String) throws -> String {
        let out = dir.appendingPathComponent(name).path
        let r = try LaminaCommand.run(["render", Self.pulse.path, "-o", out] + args)
        XCTAssertEqual(r.status, 0, r.err)
        return out
    }

    func testAtIsSecondsFromTheFirstFrameAndFrameHoldsThatFrame() throws {
        let at1 = try pixels(try render(["--at", "1"], to: "at1.png"))
        let frame30 = try pixels(try render(["--frame", "30"], to: "f30.png"))
        let frame0 = try pixels(try render(["--frame", "0"], to: "f0.png"))
        XCTAssertEqual(at1.width, 200); XCTAssertEqual(at1.height, 120)
        // Frame 30 = 0 + 1 s × 30 fps: the dot at x 160, not at 40.
        XCTAssertTrue(isOrange(at1, 160, 60)); XCTAssertFalse(isOrange(at1, 40, 60))
        XCTAssertTrue(isOrange(frame0, 40, 60)); XCTAssertFalse(isOrange(frame0, 160, 60))
        XCTAssertEqual(at1.px, frame30.px, "--at 1 and --frame 30 draw the same frame")
        XCTAssertNotEqual(frame0.px, frame30.px)
    }

    func testSizeIsABoxTheCompositionIsFittedIn() throws {
        let out = dir.appendingPathComponent("big.png").path
        let r = try LaminaCommand.run(["render", Self.pulse.path, "--frame", "30", "--size", "400x400", "-o", out])
        XCTAssertEqual(r.status, 0, r.err)
        let p = try pixels(out)
        XCTAssertEqual([p.width, p.height], [400, 240], "200x120 fitted in 400x400")
        XCTAssertTrue(isOrange(p, 320, 120), "the dot's centre (160, 60) at twice the scale")
    }

    /// The "lottie" object of the first layer of `lamina eval`'s JSON.
    func evalLottie(_ args: [String]) throws -> [String: Any] {
        let r = try LaminaCommand.run(["eval", Self.pulse.path] + args)
        XCTAssertEqual(r.status, 0, r.err)
        let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let layers = try XCTUnwrap(object?["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.first?["class"] as? String, "LottieAnimationLayer")
        return try XCTUnwrap(layers.first?["lottie"] as? [String: Any])
    }

    func named(_ lottie: [String: Any], _ name: String) throws -> [String: Any] {
        let layers = try XCTUnwrap(lottie["layers"] as? [[String: Any]])
        return try XCTUnwrap(layers.first { $0["name"] as? String == name }, "no layer \(name)")
    }

    func num(_ any: Any?) -> Double { (any as? NSNumber)?.doubleValue ?? .nan }

    func testEvalPrintsTheFrameAndTheNamedLayersPresentation() throws {
        for (args, frame, degrees) in [(["--at", "0.5"], 15.0, 45.0), (["--frame", "45"], 45.0, 135.0)] {
            let lottie = try evalLottie(args)
            XCTAssertEqual(num(lottie["frame"]), frame, accuracy: 1e-9, "\(args)")
            XCTAssertEqual(num(lottie["progress"]), frame / 60, accuracy: 1e-9)
            XCTAssertEqual(num(lottie["seconds"]), frame / 30, accuracy: 1e-9)
            XCTAssertEqual(lottie["playing"] as? Bool, args[0] == "--at")
            let bar = try named(lottie, "bar"), dot = try named(lottie, "dot")
            XCTAssertEqual(num(bar["opacity"]), 0.65, accuracy: 1e-6, "\(args)")
            let m = (bar["matrix"] as? [Any] ?? []).map(num)
            let rad = degrees * .pi / 180
            XCTAssertEqual(m.count, 6)
            for (got, want) in zip(m, [cos(rad), sin(rad), -sin(rad), cos(rad), 100, 60]) { XCTAssertEqual(got, want, accuracy: 1e-6, "\(args) bar") }
            let d = (dot["matrix"] as? [Any] ?? []).map(num)
            for (got, want) in zip(d, [1.0, 0, 0, 1, 100, 60]) { XCTAssertEqual(got, want, accuracy: 1e-6, "\(args) dot") }
        }
    }

    func testLoadErrorsAreOneLocatedLine() throws {
        let bad = dir.appendingPathComponent("bad.json")
        try #"{"v":"5.7","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":60,"ks":{"p":{"a":0,"k":"up"}},"shapes":[]}]}"#
            .write(to: bad, atomically: true, encoding: .utf8)
        for command in ["render", "eval"] {
            let r = try LaminaCommand.run([command, bad.path] + (command == "render" ? ["-o", dir.appendingPathComponent("x.png").path] : []))
            XCTAssertEqual(r.status, 65, r.err)
            let lines = r.err.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, r.err)
            XCTAssertTrue(r.err.hasPrefix(bad.path + ": layers[0].ks.p"), r.err)
        }
        let outside = try LaminaCommand.run(["render", Self.pulse.path, "--frame", "61", "-o", dir.appendingPathComponent("y.png").path])
        XCTAssertNotEqual(outside.status, 0)
        XCTAssertTrue(outside.err.contains("--frame 61 is outside the animation's frames 0...60"), outside.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("y.png").path))
    }

    /// Hostile Lottie files through the command: nesting 200,000 deep, a 10^9-point composition,
    /// 10^300 frames, groups 5,000 deep. Each is one located line and status 65, within the
    /// hang watchdog's time, never a crash.
    func testHostileFilesGiveOneLocatedLineAndNoCrash() throws {
        let files: [(String, String, String)] = [
            ("deep.json", #"{"fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":"# + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "}", "(top level): expected JSON"),
            ("huge.json", #"{"fr":30,"ip":0,"op":60,"w":1e9,"h":1e9,"layers":[]}"#, "w: expected a width above 0 and at most 32768"),
            ("frames.json", #"{"fr":1e-9,"ip":0,"op":1e300,"w":10,"h":10,"layers":[]}"#, "op: expected at most 10000000 frames"),
            ("groups.json", #"{"fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[{"ty":4,"ks":{},"shapes":["# + String(repeating: #"{"ty":"gr","it":["#, count: 5000)
                + String(repeating: "]}", count: 5000) + "]}]}", "(top level): expected JSON"),
        ]
        for (name, text, message) in files {
            let url = dir.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            let r = try LaminaCommand.run(["render", url.path, "-o", dir.appendingPathComponent("x.png").path])
            XCTAssertEqual(r.status, 65, "\(name): \(r.err)")
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.hasPrefix(url.path + ": " + message), "\(name): \(r.err)")
        }
    }

    func testAJSONSceneIsStillAScene() throws {
        XCTAssertFalse(Scene.isLottieFile(RecordingHarness.scenes.appendingPathComponent("pop.json")))
        XCTAssertTrue(Scene.isLottieFile(Self.pulse))
        XCTAssertNil(try Scene.load(contentsOf: RecordingHarness.scenes.appendingPathComponent("pop.json")).lottieFile)
        let s = try Scene.load(contentsOf: Self.pulse)
        XCTAssertEqual(s.size, CGSize(width: 200, height: 120))
        XCTAssertEqual(s.lottieLayers.count, 1)
        XCTAssertEqual(s.lottieLayers.first?.loopMode, .loop)
    }

    func testASceneLayerPlaysALottieFile() throws {
        let s = try Scene.load(contentsOf: Self.mix)
        CATransaction.flush()
        let pulse = try XCTUnwrap(s.layers["pulse"] as? LottieAnimationLayer)
        let slow = try XCTUnwrap(s.layers["slow"] as? LottieAnimationLayer)
        XCTAssertEqual(s.classes["slow"], "LottieAnimationLayer")
        XCTAssertEqual(pulse.bounds.size, CGSize(width: 200, height: 120), "sized to the composition")
        XCTAssertEqual(slow.frame, CGRect(x: 250, y: 200, width: 200, height: 100))
        XCTAssertEqual(slow.loopMode, .autoReverse)
        XCTAssertEqual(slow.animationSpeed, 0.5)
        XCTAssertEqual(slow.contentMode, .scaleAspectFit)
        XCTAssertTrue(pulse.isAnimationPlaying && slow.isAnimationPlaying)
        CAMediaClock.manualTime = 0.5
        XCTAssertEqual(Double(pulse.currentFrame), 15, accuracy: 1e-6)
        XCTAssertEqual(Double(slow.currentFrame), 7.5, accuracy: 1e-6, "half speed")
        // Auto-reverse at half speed: 4 s forwards, then back; at 5 s it is 1 s (15 frames) back from 60.
        CAMediaClock.manualTime = 5
        XCTAssertEqual(Double(slow.currentFrame), 45, accuracy: 1e-6)
        XCTAssertTrue(s.assets.contains { $0.lastPathComponent == "pulse.json" }, "watched for live reload")
    }

    /// The located error of a scene with one layer whose keys are `keys` (a Lottie file beside it).
    func sceneError(_ keys: String, lottie: String? = nil) throws -> String {
        try (lottie ?? String(contentsOf: Self.pulse, encoding: .utf8)).write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("s.yaml")
        try "window: {size: [300, 200]}\nlayers:\n  - name: anim\n\(keys)\n".write(to: file, atomically: true, encoding: .utf8)
        do { _ = try Scene.load(contentsOf: file); XCTFail("loaded: \(keys)"); return "" } catch { return "\(error)" }
    }

    func testLottieLayerErrorsAreLocated() throws {
        XCTAssertTrue(try sceneError("    lottie: a.json\n    loopMod: loop").hasSuffix("s.yaml:5:5: unknown key \"loopMod\" in a LottieAnimationLayer; did you mean \"loopMode\"?"))
        XCTAssertTrue(try sceneError("    lottie: a.json\n    loopMode: sometimes").contains("s.yaml:5:15: expected a loop mode"))
        XCTAssertTrue(try sceneError("    lottie: a.json\n    loopMode: repeat(-1)").contains("s.yaml:5:15: expected a loop mode"))
        XCTAssertTrue(try sceneError("    lottie: missing.json").contains("s.yaml:4:13: cannot find the Lottie file \"missing.json\""))
        XCTAssertTrue(try sceneError("    lottie: ../a.json").contains("leaves the scene's folder"))
        XCTAssertTrue(try sceneError("    class: CAShapeLayer\n    lottie: a.json").contains("s.yaml:4:12: a layer with lottie: is a LottieAnimationLayer"))
        let broken = try sceneError("    lottie: a.json", lottie: #"{"fr":30,"ip":0,"op":"end","w":10,"h":10,"layers":[]}"#)
        XCTAssertTrue(broken.contains("s.yaml:4:13: the Lottie file \"a.json\" cannot be read: ") && broken.contains("a.json: op: expected a number"), broken)
    }

    func testLoopModeSpellings() throws {
        for (text, mode) in [("repeat(3)", LottieLoopMode.repeat(3)), ("repeatBackwards(2.5)", .repeatBackwards(2.5)), ("playOnce", .playOnce),
                             ("autoReverse", .autoReverse), ("loop", .loop)] {
            try String(contentsOf: Self.pulse, encoding: .utf8).write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
            let file = dir.appendingPathComponent("m.yaml")
            try "layers:\n  - {name: anim, lottie: a.json, loopMode: \"\(text)\"}\n".write(to: file, atomically: true, encoding: .utf8)
            XCTAssertEqual((try Scene.load(contentsOf: file).layers["anim"] as? LottieAnimationLayer)?.loopMode, mode, text)
        }
        for text in ["repeat(inf)", "repeat3", "Loop"] {
            XCTAssertTrue(try sceneError("    lottie: a.json\n    loopMode: \"\(text)\"").contains("expected a loop mode"), text)
        }
    }

    func testLiveReloadOfALottieFileKeepsTheLastGoodOneAndNamesTheError() throws {
        let file = dir.appendingPathComponent("live.json")
        let good = try String(contentsOf: Self.pulse, encoding: .utf8)
        try good.write(to: file, atomically: false, encoding: .utf8)
        let session = try SceneSession(url: file)
        session.settle = 0.05
        let first = session.scene.root
        var t = 0.0
        func settle() -> SceneSession.Outcome {
            for _ in 0..<120 {
                t += 1.0 / 60
                CAMediaClock.manualTime = t
                let o = session.poll(now: t)
                if o != .unchanged { return o }
            }
            return .unchanged
        }
        _ = settle()
        try good.replacingOccurrences(of: "\"w\":200", with: "\"w\":\"wide\"").write(to: file, atomically: false, encoding: .utf8)
        guard case .failed(let message) = settle() else { return XCTFail("a broken save is reported") }
        XCTAssertEqual(message, file.path + ": w: expected a number")
        XCTAssertTrue(session.scene.root === first, "the last good animation plays on")
        try good.replacingOccurrences(of: "\"w\":200", with: "\"w\":300").write(to: file, atomically: false, encoding: .utf8)
        XCTAssertEqual(settle(), .reloaded)
        XCTAssertNil(session.error)
        XCTAssertEqual(session.scene.size, CGSize(width: 300, height: 120))
    }
}

/// `lamina bench lottie`: the machine and load lines, one row per file with its pixel size and
/// frame count (worked out from the file: 200x120 at 64 px on the longer side is 64x38; frames 0..<60),
/// and the geometric means. Figures, not pass/fail: only their presence and form are checked.
final class LottieBenchCommandTests: XCTestCase {
    func testBenchLottiePrintsARowPerFileWithTheMachineAndLoad() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "the lamina binary is not built")
        let r = try LaminaCommand.run(["bench", "lottie", LottieCommandTests.pulse.path, "--side", "64", "--rounds", "1"])
        XCTAssertEqual(r.status, 0, r.err)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("machine: ") == true, r.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("cpu features: ") && $0.contains("load average") }, r.out)
        let row = try XCTUnwrap(lines.first { $0.hasPrefix("pulse.json") }, r.out).split(separator: " ").map(String.init)
        XCTAssertEqual(Array(row.prefix(3)), ["pulse.json", "64x38", "60"])
        XCTAssertEqual(row.count, 9)
        XCTAssertTrue((0...100).contains(Double(row[8]) ?? -1), "redrawn is a share of the frame: \(row)")
        XCTAssertTrue(row.dropFirst(3).allSatisfy { (Double($0) ?? -1) >= 0 }, "\(row)")
        XCTAssertTrue(lines.last?.hasPrefix("geomean over 1 files: changed ") == true, r.out)
        let bad = try LaminaCommand.run(["bench", "lottie", "/nonexistent/x.json"])
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(bad.err.hasPrefix("/nonexistent/x.json: (top level): cannot read the file"), bad.err)
    }
}
