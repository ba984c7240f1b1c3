import XCTest
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes
@testable import lamina
@testable import LaminaRecording

/// The benchmark's arithmetic and formats on known input, the stress scenes, and the soak's report
/// on a few frames. (Speed itself is printed by `lamina bench`, never asserted here; the soak itself
/// is `lamina bench soak`, e.g. `lamina bench soak scenes/bench/replicator.yaml --frames 20000`.)
final class BenchTests: XCTestCase {
    static var benchScenes: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/bench").path
    }

    func testStatsAreNearestRankPercentilesInMilliseconds() {
        let s = BenchStats(seconds: (1...100).map { Double($0) / 1000 }.shuffled())
        XCTAssertEqual(s, BenchStats(min: 1, median: 50, p95: 95, p99: 99, max: 100))
        XCTAssertEqual(BenchStats(seconds: []), BenchStats())
        XCTAssertEqual(BenchStats(seconds: [0.0166666666]).median, 16.667)
    }

    func testMissedVsyncsCountWholePeriodsSkipped() {
        let p = 1.0 / 60
        XCTAssertEqual(BenchStats.missedVsyncs(intervals: [p, p * 1.1, p * 0.9], period: p), 0)
        XCTAssertEqual(BenchStats.missedVsyncs(intervals: [p, 2 * p, 3.1 * p, p], period: p), 3)
        XCTAssertEqual(BenchStats.missedVsyncs(intervals: Array(repeating: 1.25 * p, count: 20), period: p), 5)
    }

    func result() -> BenchResult {
        var times = WindowHost.FrameTimes()
        let p = 1.0 / 60
        times.intervals = [0.5] + Array(repeating: p, count: 8) + [2 * p]   // the first interval is warm-up
        times.commit = Array(repeating: 0.001, count: 11)
        times.evaluate = Array(repeating: 0.002, count: 11)
        times.rasterise = Array(repeating: 0.004, count: 11)
        times.present = Array(repeating: 0.003, count: 11)
        return BenchLoop.result(of: times, name: "scenes/bench/x.yaml", kind: "scene", warmup: 2, refreshHz: 60)
    }

    func testResultLeavesTheWarmUpOut() {
        let r = result()
        XCTAssertEqual(r.frames, 9)
        XCTAssertEqual(r.interval.max, 33.333)
        XCTAssertEqual(r.interval.median, 16.667)
        XCTAssertEqual(r.missed, 1)
        XCTAssertEqual(r.rasterise.median, 4)
        XCTAssertEqual(r.fps, 54, "9 frames in 10 refreshes")
        XCTAssertTrue(r.text(display: ":99").contains("interval_ms min 16.67 median 16.67 p95 16.67 p99 16.67 max 33.33 missed 1"), r.text(display: ":99"))
        XCTAssertTrue(r.text(display: ":99").contains("commit_ms min 1.00 median 1.00"))
    }

    func testJSONHasSnakeCaseKeysAndTheMachine() throws {
        let text = try result().json(machine: "machine: test CPU", display: ":99")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["machine"] as? String, "test CPU")
        let r = try XCTUnwrap(object["result"] as? [String: Any])
        XCTAssertEqual(r["refresh_hz"] as? Double, 60)
        XCTAssertEqual(r["name"] as? String, "scenes/bench/x.yaml")
        XCTAssertEqual((r["interval"] as? [String: Double])?["max"], 33.333)
        XCTAssertEqual(r["missed"] as? Int, 1)
        for phase in ["commit", "evaluate", "rasterise", "present"] { XCTAssertNotNil(r[phase], phase) }
        XCTAssertEqual(try JSONDecoder.snake.decode(BenchResult.self, from: try BenchResult.encoder().encode(result())), result())
    }

    func testReportTableHasOneRowPerScene() throws {
        let report = BenchReport(machine: "test CPU", date: "2026-01-01T00:00:00Z", display: ":99", refreshHz: 60, frames: 9, results: [result(), result()])
        let md = report.markdown()
        XCTAssertTrue(md.contains("- machine: test CPU"))
        XCTAssertEqual(md.split(separator: "\n").filter { $0.hasPrefix("| scenes/bench/x.yaml | 54.0 | 16.67 | 16.67 | 16.67 | 33.33 | 1 | 1.00 | 2.00 | 4.00 | 3.00 |") }.count, 2, md)
        let back = try JSONDecoder.snake.decode(BenchReport.self, from: Data(try report.json().utf8))
        XCTAssertEqual(back, report)
        XCTAssertFalse(md.contains("- scale:"), "no scale line at one pixel per point")
        // `bench suite --scale 3`: the scale is named and kept in the JSON.
        var scaled = report
        scaled.scale = 3
        XCTAssertTrue(scaled.markdown().contains("- scale: 3 pixels per point"), scaled.markdown())
        XCTAssertEqual(try JSONDecoder.snake.decode(BenchReport.self, from: Data(try scaled.json().utf8)).scale, 3)
        // The load before and after the run, named and kept; a report without them (written before
        // they were kept) still reads.
        XCTAssertFalse(md.contains("- before:") || md.contains("- after:"), md)
        var loaded = report
        loaded.loadBefore = "cpu features: avx2; load average 0.10 0.20 0.30 (1, 5, 15 min)"
        loaded.loadAfter = "cpu features: avx2; load average 1.10 0.40 0.35 (1, 5, 15 min)"
        let lines = loaded.markdown().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let date = try XCTUnwrap(lines.firstIndex(of: "- date: 2026-01-01T00:00:00Z"), loaded.markdown())
        XCTAssertEqual(Array(lines[date...(date + 2)]), ["- date: 2026-01-01T00:00:00Z", "- before: \(loaded.loadBefore!)", "- after: \(loaded.loadAfter!)"], loaded.markdown())
        XCTAssertEqual(try JSONDecoder.snake.decode(BenchReport.self, from: Data(try loaded.json().utf8)), loaded)
        XCTAssertNil(try JSONDecoder.snake.decode(BenchReport.self, from: Data(try report.json().utf8)).loadBefore)
    }

    /// A scene where nothing animates draws its first frame in the warm-up and then sleeps through
    /// every refresh: it reports "idle", not 0 fps (as shadowed-replicas did in `bench suite`).
    func testStaticSceneReportsIdleNotZeroFPS() throws {
        var times = WindowHost.FrameTimes()
        times.commit = [0.001]; times.evaluate = [0.002]; times.rasterise = [0.004]; times.present = [0.003]
        times.idleRefreshes = 630
        let r = BenchLoop.result(of: times, name: "scenes/bench/still.yaml", kind: "scene", warmup: 30, refreshHz: 60)
        XCTAssertEqual(r.frames, 0)
        XCTAssertTrue(r.isIdle)
        let text = r.text(display: ":99")
        XCTAssertTrue(text.contains("\nfps idle (nothing animates"), text)
        XCTAssertFalse(text.contains("fps 0.0"), text)
        let report = BenchReport(machine: "test CPU", date: "2026-01-01T00:00:00Z", display: ":99", refreshHz: 60, frames: 600,
                                 results: [result(), r])
        let md = report.markdown()
        XCTAssertTrue(md.contains("\n| scenes/bench/still.yaml | idle | – | – | – | – | 0 | – | – | – | – |\n"), md)
        XCTAssertTrue(md.contains("\n| scenes/bench/x.yaml | 54.0 |"), md)
        // A scene that drew its measured frames is not idle, even with idle refreshes among them.
        var busy = result()
        busy.idleRefreshes = 3
        XCTAssertFalse(busy.isIdle)
        XCTAssertEqual(try JSONDecoder.snake.decode(BenchResult.self, from: try BenchResult.encoder().encode(r)), r)
    }

    func testConstantFrameRateRepeatsAFrameForAMissedRefresh() {
        var c = FrameRateConverter(fps: 60)
        let p = 1.0 / 60, t0 = 1234.5
        // Presents at 0, 1, 2, 4 (one refresh missed), 5 periods.
        let counts = [0, 1, 2, 4, 5].map { c.present(at: t0 + Double($0) * p) } + [c.finish()]
        XCTAssertEqual(counts, [0, 1, 1, 2, 1, 1])   // the frame at 2 fills two video frames
        XCTAssertEqual(c.videoFrames, 6)
    }

    func testConstantFrameRateSkipsPresentsWithinOneSlotAndFollowsJitter() {
        var c = FrameRateConverter(fps: 30)
        let p = 1.0 / 60
        // 60 Hz presents into a 30 fps video: every other present is replaced within its slot.
        let counts = (0..<6).map { c.present(at: Double($0) * p) } + [c.finish()]
        XCTAssertEqual(counts, [0, 1, 0, 1, 0, 1, 1])
        var j = FrameRateConverter(fps: 60)
        // Presents a little early or late keep one video frame each; time going backwards adds none.
        let jittered = [0, 1.02, 1.97, 3.01, 2.5].map { j.present(at: $0 * p) }
        XCTAssertEqual(jittered, [0, 1, 1, 1, 0])
        var none = FrameRateConverter(fps: 60)
        XCTAssertEqual(none.finish(), 0, "nothing presented, nothing written")
    }

    func testRecordedFramesAreMadeOpaqueAndCroppedOrPadded() {
        // 0x00FF_FFFF, 1 and 2 are not premultiplied colours (channels above a zero alpha): the image
        // lowers them to transparent black, shown as black.
        let image = CGImage(width: 3, height: 2, premultipliedARGB: [0x8040_2010, 0, 0x00FF_FFFF, 0x7F00_007F, 1, 2])
        var canvas = [UInt32](repeating: 7, count: 4 * 3)
        LiveRecorder.opaque(image, into: &canvas, width: 4, height: 3)
        XCTAssertEqual(canvas, [0xFF40_2010, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000,
                                0xFF00_007F, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000,
                                0xFF00_0000, 0xFF00_0000, 0xFF00_0000, 0xFF00_0000])
        var small = [UInt32](repeating: 0, count: 2)
        LiveRecorder.opaque(image, into: &small, width: 2, height: 1)
        XCTAssertEqual(small, [0xFF40_2010, 0xFF00_0000])
    }

    func testRecorderRefusesBadNamesClearly() {
        XCTAssertThrowsError(try LiveRecorder(url: URL(fileURLWithPath: "/tmp/out.txt"), fps: 60)) {
            XCTAssertTrue("\($0)".contains("must end in"), "\($0)")
        }
        XCTAssertThrowsError(try LiveRecorder(url: URL(fileURLWithPath: "/nonexistent-folder/out.mp4"), fps: 60)) {
            XCTAssertTrue("\($0)".contains("does not exist"), "\($0)")
        }
    }

    func testResidentMemoryIsReadFromProcStatus() {
        XCTAssertEqual(ResidentMemory.parse(status: "Name:\tx\nVmRSS:\t   2048 kB\nVmData: 1 kB\n"), 2 * 1_048_576)
        XCTAssertNil(ResidentMemory.parse(status: "Name: x\n"))
        XCTAssertGreaterThan(ResidentMemory.current() ?? 0, 1_000_000)
    }

    func testEveryBenchSceneLoadsAndRendersAFrame() throws {
        let files = try BenchSuite.sceneFiles(in: BenchTests.benchScenes)
        XCTAssertGreaterThanOrEqual(files.count, 4)
        defer { CAMediaClock.manualTime = nil }
        for file in files {
            let scene = try loadScene(file)
            CAMediaClock.manualTime = 1
            CATransaction.flush()
            let r = CARenderer(size: scene.size, scale: 0.5)
            r.layer = scene.root
            r.beginFrame(atTime: 1, timeStamp: nil); r.render(); r.endFrame()
            let pixels = r.pixelBuffer.pixels
            let background = pixels[0]
            let drawn = pixels.filter { $0 != background }.count
            XCTAssertGreaterThan(drawn, pixels.count / 20, "\(file) draws something over its background")
        }
    }

    /// The soak's report on 20 frames (the soak itself is `lamina bench soak`): the memory at frame
    /// 0, after the warm-up (frame 5) and every 10% (2 frames: 2, 4, ... 20), then the summary.
    func testTheSoakReportsMemoryAtTheStartAfterTheWarmUpAndEveryTenthOfTheRun() throws {
        var lines: [String] = []
        let scene = BenchTests.benchScenes + "/replicator.yaml"
        let outcome = try BenchSoak.soak(scene: scene, frames: 20, warmup: 5, size: CGSize(width: 60, height: 40), threads: 1) { lines.append($0) }
        XCTAssertGreaterThan(outcome.start, 0)
        XCTAssertGreaterThan(outcome.afterWarmup, 0)
        XCTAssertGreaterThan(outcome.end, 0)
        let frames = lines.filter { $0.hasPrefix("frame ") }.map { $0.split(separator: " ")[1] }
        XCTAssertEqual(frames, ["0", "2", "4", "5", "6", "8", "10", "12", "14", "16", "18", "20"], lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("frame 5 rss_mib") && $0.hasSuffix("(after the warm-up: the baseline)") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.last?.hasPrefix("rss_mib start") ?? false, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("20 frames of 1/60 s on virtual time") }, lines.joined(separator: "\n"))
        XCTAssertNil(CAMediaClock.manualTime, "the real clock is back")
    }
}

extension JSONDecoder {
    /// A decoder for the bench's snake_case JSON.
    static var snake: JSONDecoder { let d = JSONDecoder(); d.keyDecodingStrategy = .convertFromSnakeCase; return d }
}
