import Foundation
import XCTest
import LaminaTestSupport

/// A recording split in parts (`lamina record --part K/N`), run side by side by GNU parallel and
/// joined (`lamina join`), is the recording one process makes: lossless parts decode, after the
/// join, to the very frames of a single `lamina record` (every frame's MD5 equal); encoded parts
/// joined without re-encoding play every frame once, in order, for the recording's duration. A
/// part that was killed or left incomplete is refused until it is run again, and then the join is
/// exact; a missing part and a part of another recording are refused by name.
///
/// The scene replays a click and key presses (`--after`), so a part that begins mid-way must have
/// replayed what came before it: frames are a function of virtual time and of the turns before.
final class RecordingPartsJoinTests: XCTestCase {
    var scene: String { RecordingPartsHarness.scenes.appendingPathComponent("interactions.yaml").path }
    let events = "click@0.5:100,160 key@1.2:Space key@2.1:R"
    /// 3 s at 20 fps, 240x160: 60 frames, 15 a part.
    var settings: [String] { ["--duration", "3", "--fps", "20", "--size", "240x160", "--after", events] }

    /// One process's recording of the scene, to compare with.
    func single(_ dir: URL, _ name: String = "single.mp4") throws -> URL {
        let r = try RecordingPartsHarness.lamina(["record", scene, "-o", name] + settings, in: dir)
        XCTAssertEqual(r.status, 0, r.err)
        return dir.appendingPathComponent(name)
    }

    /// Parts 1...4 recorded by GNU parallel, four at once, into `dir/parts`.
    func recordPartsWithParallel(_ dir: URL, lossless: Bool = true, ext: String = "mkv") throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("parts"), withIntermediateDirectories: true)
        let r = try RecordingPartsHarness.run("parallel", ["-q", "-j", "4", "--halt", "now,fail=1", LaminaCommand.binary.path, "record", scene]
            + settings + ["--part", "{}/4"] + (lossless ? ["--lossless"] : []) + ["-o", "parts/part-{}.\(ext)", ":::", "1", "2", "3", "4"], in: dir)
        XCTAssertEqual(r.status, 0, "parallel: \(r.err)")
    }

    func parts(_ dir: URL, _ numbers: [Int] = [1, 2, 3, 4], ext: String = "mkv") -> [String] { numbers.map { "parts/part-\($0).\(ext)" } }

    func testFourLosslessPartsRunByGNUParallelJoinToTheFramesOfOneRecording() throws {
        try RecordingPartsHarness.require(["ffmpeg", "parallel"])
        let dir = try RecordingPartsHarness.folder("lossless")
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = try single(dir)
        try recordPartsWithParallel(dir)
        for k in 1...4 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("parts/part-\(k).mkv.lamina-part.json").path), "part \(k) has its record")
        }
        // Given out of order: join sorts them by their frames.
        let j = try RecordingPartsHarness.lamina(["join"] + parts(dir, [3, 1, 4, 2]) + ["-o", "joined.mp4"], in: dir)
        XCTAssertEqual(j.status, 0, j.err)
        let expected = try RecordingPartsHarness.frameHashes(one)
        XCTAssertEqual(expected.count, 60)
        XCTAssertEqual(try RecordingPartsHarness.frameHashes(dir.appendingPathComponent("joined.mp4")), expected, "every decoded frame equals one process's recording")
        // The scene changes over the recording (the click moves the card), so equal hashes are not
        // the trivial equality of a still picture.
        XCTAssertGreaterThan(Set(expected).count, 20)
        // These parts keep what a video encoder is fed: a GIF (made from the drawn frames) is
        // refused, with the way to make one.
        let refused = try RecordingPartsHarness.lamina(["join"] + parts(dir) + ["-o", "joined.gif"], in: dir)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.err.contains("--lossless-format bgra"), refused.err)
        // Parts that keep the drawn frames (bgra) join into a GIF with the frames of a single GIF
        // recording, and into a video with those of a single video recording.
        for k in 1...2 {
            let r = try RecordingPartsHarness.lamina(["record", scene] + settings + ["--part", "\(k)/2", "--lossless", "--lossless-format", "bgra", "-o", "parts/rgb-\(k).mkv"], in: dir)
            XCTAssertEqual(r.status, 0, r.err)
        }
        let g = try RecordingPartsHarness.lamina(["join", "parts/rgb-2.mkv", "parts/rgb-1.mkv", "-o", "joined.gif"], in: dir)
        XCTAssertEqual(g.status, 0, g.err)
        let oneGIF = try single(dir, "single.gif")
        XCTAssertEqual(try RecordingPartsHarness.frameHashes(dir.appendingPathComponent("joined.gif")), try RecordingPartsHarness.frameHashes(oneGIF))
        let v = try RecordingPartsHarness.lamina(["join", "parts/rgb-1.mkv", "parts/rgb-2.mkv", "-o", "joined-rgb.mp4"], in: dir)
        XCTAssertEqual(v.status, 0, v.err)
        XCTAssertEqual(try RecordingPartsHarness.frameHashes(dir.appendingPathComponent("joined-rgb.mp4")), expected)
    }

    /// A white bar 20 points wide sliding linearly from x = 10 to x = 250 (its centre) over 3 s on
    /// black: frame i's bar is centred at 10 + 80·i/20 points, so each frame's place in time can be
    /// read back from its pixels.
    static let slide = """
    window:
      size: [260, 40]
      background: "#000000"
    layers:
      - name: bar
        frame: [0, 0, 20, 40]
        backgroundColor: "#ffffff"
    animations:
      - {layer: bar, keyPath: position.x, from: 10, to: 250, duration: 3}
    """

    func testEncodedPartsJoinedWithoutReencodingPlayEveryFrameInOrder() throws {
        try RecordingPartsHarness.require(["ffmpeg", "ffprobe", "parallel"])
        let dir = try RecordingPartsHarness.folder("encoded")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.slide.write(to: dir.appendingPathComponent("slide.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("parts"), withIntermediateDirectories: true)
        let r = try RecordingPartsHarness.run("parallel", ["-q", "-j", "4", "--halt", "now,fail=1", LaminaCommand.binary.path, "record", "slide.yaml",
            "--duration", "3", "--fps", "20", "--part", "{}/4", "-o", "parts/part-{}.mp4", ":::", "1", "2", "3", "4"], in: dir)
        XCTAssertEqual(r.status, 0, "parallel: \(r.err)")
        let j = try RecordingPartsHarness.lamina(["join"] + parts(dir, [2, 4, 1, 3], ext: "mp4") + ["-o", "joined.mp4"], in: dir)
        XCTAssertEqual(j.status, 0, j.err)
        XCTAssertTrue(j.out.contains("copied without re-encoding"), j.out)
        let joined = dir.appendingPathComponent("joined.mp4")
        // 60 frames at 20 fps: presentation times one tick apart, in order, 3 s in all.
        let times = try RecordingPartsHarness.frameTimes(joined)
        XCTAssertEqual(times.count, 60)
        XCTAssertEqual(times, Array(times[0]..<(times[0] + 60)), "one frame per tick of the 20 fps time base, none missing or repeated")
        let seconds = try XCTUnwrap(try RecordingPartsHarness.duration(joined))
        XCTAssertEqual(seconds, 3.0, accuracy: 0.06)
        // Every frame in its place: the bar's centre (the brightness-weighted mean column of the
        // decoded frame) is where frame i puts it, within 1.5 pixels (lossy encoding).
        let frames = try RecordingPartsHarness.thumbnails(joined, width: 260, height: 40)
        XCTAssertEqual(frames.count, 60)
        for (i, f) in frames.enumerated() {
            var sum = 0.0, weight = 0.0
            for (k, v) in f.enumerated() where v > 40 { sum += Double(k % 260) * Double(v); weight += Double(v) }
            let centre = sum / max(weight, 1) + 0.5
            XCTAssertEqual(centre, 10 + 80 * Double(i) / 20, accuracy: 1.5, "frame \(i)")
        }
        // Encoded parts cannot become a GIF by copying: refused, with the way to do it.
        let gif = try RecordingPartsHarness.lamina(["join"] + parts(dir, ext: "mp4") + ["-o", "joined.gif"], in: dir)
        XCTAssertNotEqual(gif.status, 0)
        XCTAssertTrue(gif.err.contains("--lossless"), gif.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("joined.gif").path))
    }

    func testAKilledOrIncompletePartIsRefusedThenRerunAndTheJoinIsExact() throws {
        try RecordingPartsHarness.require(["ffmpeg"])
        let dir = try RecordingPartsHarness.folder("killed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let partsDir = dir.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: partsDir, withIntermediateDirectories: true)
        func record(_ k: Int) throws -> (status: Int32, out: String, err: String) {
            try RecordingPartsHarness.lamina(["record", scene] + settings + ["--part", "\(k)/4", "--lossless", "-o", "parts/part-\(k).mkv"], in: dir)
        }
        for k in [1, 3, 4] { XCTAssertEqual(try record(k).status, 0) }

        // Part 2 killed (SIGKILL) while it is being written: as soon as its temporary appears.
        let p = Process()
        p.executableURL = LaminaCommand.binary
        p.arguments = ["record", scene] + settings + ["--part", "2/4", "--lossless", "-o", "parts/part-2.mkv"]
        p.currentDirectoryURL = dir
        p.standardOutput = FileHandle.nullDevice; p.standardError = FileHandle.nullDevice
        try p.run()
        var sawTemporary = false
        while p.isRunning {
            if RecordingPartsHarness.names(partsDir).contains(where: { $0.hasPrefix("part-2.partial-") }) {
                kill(p.processIdentifier, SIGKILL); sawTemporary = true; break
            }
            usleep(1000)
        }
        p.waitUntilExit()
        XCTAssertTrue(sawTemporary, "part 2 was killed while it was written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: partsDir.appendingPathComponent("part-2.mkv.lamina-part.json").path), "a killed part has no record")
        XCTAssertFalse(FileManager.default.fileExists(atPath: partsDir.appendingPathComponent("part-2.mkv").path), "nothing is left under the part's name")
        // The join refuses: part 2 is not there (named by number), and nothing is written.
        let refused = try RecordingPartsHarness.lamina(["join"] + parts(dir, [1, 3, 4]) + ["-o", "joined.mp4"], in: dir)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.err.contains("missing part 2/4"), refused.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("joined.mp4").path))

        // Rerun, as a scheduler would: the join is now exact.
        XCTAssertEqual(try record(2).status, 0)
        // A part cut short after it was written (its file no longer what its record says) is
        // refused by name, and a rerun of that part (not skipped as done) mends it.
        let part3 = partsDir.appendingPathComponent("part-3.mkv")
        let bytes = try Data(contentsOf: part3)
        try bytes.prefix(bytes.count / 2).write(to: part3)
        let cut = try RecordingPartsHarness.lamina(["join"] + parts(dir) + ["-o", "joined.mp4"], in: dir)
        XCTAssertNotEqual(cut.status, 0)
        XCTAssertTrue(cut.err.contains("parts/part-3.mkv") && cut.err.contains("record it again"), cut.err)
        let again = try record(3)
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertFalse(again.out.contains("already complete"), again.out)
        // A part that is complete is not rendered again (a scheduler's rerun is idempotent).
        let done = try record(3)
        XCTAssertTrue(done.out.contains("already complete"), done.out)

        let j = try RecordingPartsHarness.lamina(["join"] + parts(dir) + ["-o", "joined.mp4"], in: dir)
        XCTAssertEqual(j.status, 0, j.err)
        let one = try single(dir)
        XCTAssertEqual(try RecordingPartsHarness.frameHashes(dir.appendingPathComponent("joined.mp4")), try RecordingPartsHarness.frameHashes(one))
        XCTAssertFalse(RecordingPartsHarness.names(dir).contains { $0.contains(".partial-") }, "no temporary is left: \(RecordingPartsHarness.names(dir))")
    }

    func testAMissingOrForeignPartIsRefusedByName() throws {
        try RecordingPartsHarness.require(["ffmpeg"])
        let dir = try RecordingPartsHarness.folder("foreign")
        defer { try? FileManager.default.removeItem(at: dir) }
        for sub in ["parts", "other", "edited"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true) }
        for k in 1...4 {
            let r = try RecordingPartsHarness.lamina(["record", scene] + settings + ["--part", "\(k)/4", "--lossless", "-o", "parts/part-\(k).mkv"], in: dir)
            XCTAssertEqual(r.status, 0, r.err)
        }
        // Missing: the frames no part holds and the part that would hold them.
        let missing = try RecordingPartsHarness.lamina(["join"] + parts(dir, [1, 2, 4]) + ["-o", "out.mp4"], in: dir)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.err.contains("frames 30..45 are in no part given: missing part 3/4"), missing.err)
        let last = try RecordingPartsHarness.lamina(["join"] + parts(dir, [1, 2, 3]) + ["-o", "out.mp4"], in: dir)
        XCTAssertTrue(last.err.contains("frames 45..60 are in no part given: missing part 4/4"), last.err)

        // Foreign: part 2 of a recording with other interactions.
        let other = try RecordingPartsHarness.lamina(["record", scene, "--duration", "3", "--fps", "20", "--size", "240x160", "--after", "click@0.2:100,160",
                                                      "--part", "2/4", "--lossless", "-o", "other/part-2.mkv"], in: dir)
        XCTAssertEqual(other.status, 0, other.err)
        let foreign = try RecordingPartsHarness.lamina(["join", "parts/part-1.mkv", "other/part-2.mkv", "parts/part-3.mkv", "parts/part-4.mkv", "-o", "out.mp4"], in: dir)
        XCTAssertNotEqual(foreign.status, 0)
        XCTAssertTrue(foreign.err.contains("part other/part-2.mkv is not of the same recording as parts/part-1.mkv"), foreign.err)
        XCTAssertTrue(foreign.err.contains("after click@0.2:100,160 vs \(events)"), foreign.err)

        // Foreign: part 2 of an edited copy of the scene (same name, other text).
        let edited = dir.appendingPathComponent("edited/interactions.yaml")
        let text = try String(contentsOfFile: scene, encoding: .utf8).replacingOccurrences(of: "#3b82f6", with: "#3b82f7")
        try text.write(to: edited, atomically: true, encoding: .utf8)
        let e = try RecordingPartsHarness.lamina(["record", edited.path] + settings + ["--part", "2/4", "--lossless", "-o", "edited/part-2.mkv"], in: dir)
        XCTAssertEqual(e.status, 0, e.err)
        let mixed = try RecordingPartsHarness.lamina(["join", "parts/part-1.mkv", "edited/part-2.mkv", "parts/part-3.mkv", "parts/part-4.mkv", "-o", "out.mp4"], in: dir)
        XCTAssertNotEqual(mixed.status, 0)
        XCTAssertTrue(mixed.err.contains("edited/part-2.mkv") && mixed.err.contains("scene hash"), mixed.err)

        // Overlap: a part given beside a range that covers it.
        let wide = try RecordingPartsHarness.lamina(["record", scene] + settings + ["--frames", "10..30", "--lossless", "-o", "other/wide.mkv"], in: dir)
        XCTAssertEqual(wide.status, 0, wide.err)
        let overlap = try RecordingPartsHarness.lamina(["join", "parts/part-1.mkv", "other/wide.mkv", "parts/part-3.mkv", "parts/part-4.mkv", "-o", "out.mp4"], in: dir)
        XCTAssertTrue(overlap.err.contains("parts/part-1.mkv (frames 0..15 (part 1/4)) and other/wide.mkv (frames 10..30) overlap"), overlap.err)

        // Not a part at all: a file without a record.
        try Data("not a video".utf8).write(to: dir.appendingPathComponent("stray.mkv"))
        let stray = try RecordingPartsHarness.lamina(["join", "parts/part-1.mkv", "stray.mkv", "-o", "out.mp4"], in: dir)
        XCTAssertTrue(stray.err.contains("part stray.mkv has no record"), stray.err)
        // A record edited to absurd values: refused by name, no crash.
        try FileManager.default.copyItem(at: dir.appendingPathComponent("parts/part-1.mkv"), to: dir.appendingPathComponent("odd.mkv"))
        let record = try String(contentsOf: dir.appendingPathComponent("parts/part-1.mkv.lamina-part.json"), encoding: .utf8)
        try record.replacingOccurrences(of: "\"width\" : 240", with: "\"width\" : 999999999").write(to: dir.appendingPathComponent("odd.mkv.lamina-part.json"), atomically: true, encoding: .utf8)
        let odd = try RecordingPartsHarness.lamina(["join", "odd.mkv", "-o", "out.mp4"], in: dir)
        XCTAssertEqual(odd.status, 1)
        XCTAssertTrue(odd.err.contains("odd.mkv.lamina-part.json: its frame size 999999999x160 is out of range"), odd.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mp4").path), "nothing is written by a refused join")
    }
}
