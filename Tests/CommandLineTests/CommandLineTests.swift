import XCTest
import LaminaTestSupport

/// The `lamina` command run as a user would (the binary built beside the tests).
final class CommandLineTests: XCTestCase {
    var binary: URL { LaminaCommand.binary }
    var scenes: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenes") }

    func run(_ args: [String], path: String? = nil, extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        try LaminaCommand.run(args, path: path, extra: extra)
    }

    func testEvalPrintsThePresentationAsJSON() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path), "lamina is not built beside the tests")
        let r = try run(["eval", scenes.appendingPathComponent("bounce.yaml").path, "--at", "2.5"])
        XCTAssertEqual(r.status, 0, r.err)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let layers = json?["layers"] as? [[String: Any]]
        let ball = layers?.first { $0["name"] as? String == "ball" }
        XCTAssertEqual((ball?["position"] as? [Double])?.map { $0.rounded() }, [320, 74])
        XCTAssertEqual((ball?["transform"] as? [Double])?.count, 16)
        let keys = ["name", "class", "position", "bounds", "anchorPoint", "zPosition", "opacity", "isHidden", "transform",
                    "backgroundColor", "cornerRadius", "borderWidth", "borderColor"]
        XCTAssertEqual(ball.map { Array($0.keys) }.map { Set($0).isSuperset(of: keys) }, true, "the issue's keys")
        let track = layers?.first { $0["name"] as? String == "track" }
        XCTAssertEqual(track?["strokeEnd"] as? Double, 1, "a shape layer's own key paths too")
        XCTAssertEqual((track?["strokeColor"] as? [Double])?.count, 4)
    }

    /// Times that are not times are refused, naming the option; a time far out is answered by a
    /// jump (the same values as a repeating animation's phase there).
    func testTimesThatAreNotTimesAreRefusedAndFarTimesAreAnswered() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path), "lamina is not built beside the tests")
        let bounce = scenes.appendingPathComponent("bounce.yaml").path
        for (args, expected) in [(["eval", bounce, "--at", "nan"], "--at nan is not a time"),
                                 (["eval", bounce, "--at", "inf"], "--at inf is not a time"),
                                 (["eval", bounce, "--at=-1"], "--at -1.0 is before the scene starts"),
                                 (["render", bounce, "--at=-inf", "-o", "/tmp/x.png"], "--at -inf is not a time"),
                                 (["record", bounce, "--duration", "nan", "-o", "/tmp/x-frames"], "--duration nan is not a time")] {
            let r = try run(args)
            XCTAssertNotEqual(r.status, 0, args.joined(separator: " "))
            XCTAssertTrue(r.err.contains(expected), "\(args): \(r.err)")
        }
        let far = try run(["eval", scenes.appendingPathComponent("interactions.yaml").path, "--at", "1e9"])
        XCTAssertEqual(far.status, 0, far.err)
        let json = try JSONSerialization.jsonObject(with: Data(far.out.utf8)) as? [String: Any]
        XCTAssertEqual(json?["time"] as? Double, 1e9)
    }

    func testRecordWritesEveryFrameAndNamesMissingFFmpeg() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path), "lamina is not built beside the tests")
        let dir = NSTemporaryDirectory() + "lamina-record-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try run(["record", scenes.appendingPathComponent("bounce.yaml").path, "-o", dir, "--duration", "0.3", "--fps", "10"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.count, 3)
        let noFFmpeg = try run(["record", scenes.appendingPathComponent("bounce.yaml").path, "-o", dir + "/x.mp4", "--duration", "0.2"], path: "/nonexistent")
        XCTAssertNotEqual(noFFmpeg.status, 0)
        XCTAssertTrue(noFFmpeg.err.contains("needs ffmpeg"), noFFmpeg.err)
        let badScene = try run(["eval", "/nonexistent/scene.yaml"])
        XCTAssertNotEqual(badScene.status, 0)
    }

    /// `lamina run SCENE --record`: the window's own frames (SDL's offscreen driver here) recorded
    /// with their true timestamps; without ffmpeg, a clear error before the window opens.
    /// `--fast` hands ffmpeg the encoder's fastest preset (seen through a stand-in ffmpeg on PATH
    /// that writes down its arguments and fails); without it the default preset stays.
    func testRecordFastChoosesTheFastestPreset() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path), "lamina is not built beside the tests")
        let dir = NSTemporaryDirectory() + "lamina-fake-ffmpeg-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fake = dir + "/ffmpeg", log = dir + "/args"
        try "#!/bin/sh\necho \"$@\" >> \(log)\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let scene = scenes.appendingPathComponent("bounce.yaml").path
        for fast in [true, false] {
            try? FileManager.default.removeItem(atPath: log)
            let r = try run(["record", scene, "-o", dir + "/x.mp4", "--duration", "0.2"] + (fast ? ["--fast"] : []), path: dir + ":/usr/bin:/bin")
            XCTAssertNotEqual(r.status, 0, "the stand-in ffmpeg fails")
            let args = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            XCTAssertTrue(args.contains("libx264"), args)
            XCTAssertEqual(args.contains("-preset ultrafast"), fast, args)
        }
    }

    func testRunRecordsTheWindowOrNamesMissingFFmpeg() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path), "lamina is not built beside the tests")
        let scene = scenes.appendingPathComponent("interactions.yaml").path
        let out = NSTemporaryDirectory() + "lamina-run-\(getpid()).mp4"
        try? FileManager.default.removeItem(atPath: out)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let offscreen = ["SDL_VIDEODRIVER": "offscreen"]
        let missing = try run(["run", scene, "--frames", "5", "--record", out], path: "/nonexistent", extra: offscreen)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue((missing.err + missing.out).contains("ffmpeg"), missing.err)
        let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try XCTSkipIf(ffmpeg == nil, "ffmpeg is not installed (optional: scripts/setup.sh names it)")
        let r = try run(["run", scene, "--frames", "40", "--record", out], extra: offscreen)
        XCTAssertEqual(r.status, 0, r.err)
        // --frames counts display refreshes: presented frames, and refreshes missed or slept through.
        let presented = r.out.split(separator: " ").firstIndex(of: "presented").flatMap { i in Int(r.out.split(separator: " ")[i - 1]) }
        XCTAssertNotNil(presented, r.out)
        XCTAssertTrue((1...40).contains(presented ?? 0), r.out)
        let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 1000)
    }
}
