import Foundation
import XCTest
import LaminaTestSupport

/// `lamina batch MANIFEST`: every job runs to its own end: a broken input or a bad line fails its
/// job with a located message (manifest:line) and the others are written; the JSON report says
/// which; a second run skips what is complete; shards split the jobs between processes.
final class BatchManifestRunTests: XCTestCase {
    struct Report: Decodable {
        struct Result: Decodable { var line: Int; var output: String; var status: String; var error: String? }
        struct Counts: Decodable { var done: Int; var skipped: Int; var failed: Int }
        var results: [Result]
        var counts: Counts
        var shard: Int
        var shards: Int
    }

    func report(_ url: URL) throws -> Report { try JSONDecoder().decode(Report.self, from: Data(contentsOf: url)) }

    func testABatchWithOneBrokenInputFinishesTheOthersAndReportsIt() throws {
        try RecordingPartsHarness.require([])
        let dir = try RecordingPartsHarness.folder("batch")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenes = RecordingPartsHarness.scenes
        try Data("{ \"v\": \"5.7\", not json".utf8).write(to: dir.appendingPathComponent("broken.json"))
        let manifest = """
        # previews
        \(scenes.appendingPathComponent("bounce.yaml").path) out/bounce.png at=0.5 size=320x280
        broken.json out/broken.png
        \(scenes.appendingPathComponent("lottie/pulse.json").path) "out/pulse frames" duration=0.5 fps=10 size=64x64

        \(scenes.appendingPathComponent("bounce.yaml").path) out/typo.png sise=3
        """
        try manifest.write(to: dir.appendingPathComponent("jobs.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        let r = try RecordingPartsHarness.lamina(["batch", "jobs.txt"], in: dir)
        XCTAssertEqual(r.status, 1, "a failed job makes the run fail: \(r.out) \(r.err)")
        XCTAssertTrue(r.err.contains("jobs.txt:3: failed broken.json -> out/broken.png"), r.err)
        XCTAssertNotNil(r.err.range(of: #"broken\.json:\d+:\d+: not valid YAML"#, options: .regularExpression), "the input's own error, located: \(r.err)")
        XCTAssertTrue(r.err.contains("jobs.txt:6: failed") && r.err.contains("sise=3"), r.err)
        XCTAssertTrue(r.out.contains("4 jobs: 2 done, 0 skipped, 2 failed (lines 3, 6)"), r.out)
        // The good jobs' outputs are whole: a PNG of 320x280 and a folder of 5 frames.
        let png = try Data(contentsOf: dir.appendingPathComponent("out/bounce.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(png[16..<24].map { $0 }, [0, 0, 1, 64, 0, 0, 1, 24], "IHDR: 320 x 280")
        XCTAssertEqual(RecordingPartsHarness.names(dir.appendingPathComponent("out/pulse frames")).count, 5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/broken.png").path))
        XCTAssertEqual(RecordingPartsHarness.names(dir.appendingPathComponent("out")), ["bounce.png", "pulse frames"], "no temporary is left")

        let first = try report(dir.appendingPathComponent("jobs.txt.report.json"))
        XCTAssertEqual(first.results.map(\.line), [2, 3, 4, 6])
        XCTAssertEqual(first.results.map(\.status), ["done", "failed", "done", "failed"])
        XCTAssertEqual(first.counts.done, 2); XCTAssertEqual(first.counts.failed, 2)
        XCTAssertNil(first.results[0].error)
        XCTAssertNotNil(first.results[1].error?.range(of: #"broken\.json:\d+:\d+: not valid YAML"#, options: .regularExpression))

        // Run again: what is complete is skipped, the broken ones fail again.
        let again = try RecordingPartsHarness.lamina(["batch", "jobs.txt"], in: dir)
        XCTAssertTrue(again.out.contains("0 done, 2 skipped, 2 failed"), again.out)
        XCTAssertEqual(try report(dir.appendingPathComponent("jobs.txt.report.json")).results.map(\.status), ["skipped", "failed", "skipped", "failed"])
    }

    func testShardsSplitTheJobsAndTakeTheirNumberFromTheScheduler() throws {
        try RecordingPartsHarness.require([])
        let dir = try RecordingPartsHarness.folder("shards")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bounce = RecordingPartsHarness.scenes.appendingPathComponent("bounce.yaml").path
        let manifest = (0..<5).map { "\(bounce) f\($0).png at=\(Double($0) / 10) size=64x56" }.joined(separator: "\n")
        try manifest.write(to: dir.appendingPathComponent("jobs.txt"), atomically: true, encoding: .utf8)
        // Shard 2 of 2 takes jobs 1 and 3 (0-based); a Kubernetes index of 0 is shard 1: jobs 0, 2, 4.
        let two = try RecordingPartsHarness.lamina(["batch", "jobs.txt", "--shard", "2/2"], in: dir)
        XCTAssertEqual(two.status, 0, two.err)
        XCTAssertEqual(RecordingPartsHarness.names(dir).filter { $0.hasSuffix(".png") }, ["f1.png", "f3.png"])
        let one = try RecordingPartsHarness.lamina(["batch", "jobs.txt", "--shards", "2", "--index-from-env", "auto"], in: dir, environment: ["JOB_COMPLETION_INDEX": "0"])
        XCTAssertEqual(one.status, 0, one.err)
        XCTAssertEqual(RecordingPartsHarness.names(dir).filter { $0.hasSuffix(".png") }, ["f0.png", "f1.png", "f2.png", "f3.png", "f4.png"])
        let r = try report(dir.appendingPathComponent("jobs.txt.report-1-of-2.json"))
        XCTAssertEqual(r.results.map(\.line), [1, 3, 5])
        XCTAssertEqual(r.shard, 1); XCTAssertEqual(r.shards, 2)
        // No scheduler's variable set: a clear refusal, nothing run.
        let none = try RecordingPartsHarness.lamina(["batch", "jobs.txt", "--shards", "2", "--index-from-env", "auto"], in: dir)
        XCTAssertNotEqual(none.status, 0)
        XCTAssertTrue(none.err.contains("none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, PARALLEL_SEQ is set"), none.err)
    }
}
