import XCTest
import LaminaTestSupport

/// `lamina record` fails loudly: a full disk (a 64 KiB tmpfs mounted by the test) for .mp4, .gif and
/// a PNG folder, and an ffmpeg killed mid-way, each stop the command with a non-zero status, name
/// the frame and the cause, and leave nothing behind under the output's name (nor a partial file).
final class RecordingFailureTests: XCTestCase {
    var bounce: String { RecordingHarness.scenes.appendingPathComponent("bounce.yaml").path }
    /// Small, quick recordings: 320x280 pixels at 15 fps.
    let small = ["--fps", "15", "--size", "320x280"]

    override func setUpWithError() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
    }

    func requireFFmpeg() throws {
        try XCTSkipIf(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") == false, "ffmpeg is not installed at /usr/bin/ffmpeg")
    }

    /// A 64 KiB tmpfs, filled: the recording cannot be written. ffmpeg 5 buffers a small mp4 and
    /// only meets the full disk writing its index, and then exits 0 ("Error writing trailer ...
    /// No space left on device"): lamina must fail all the same.
    func testAFullDiskFailsAVideoAndLeavesNothing() throws {
        try requireFFmpeg()
        for ext in ["mp4", "gif"] {
            let (mount, why) = try RecordingHarness.mountTmpfs(kilobytes: 64, name: "full-\(ext)")
            guard let dir = mount else { throw XCTSkip("cannot mount a tmpfs here (needs root): \(why)") }
            defer { RecordingHarness.unmount(dir) }
            try RecordingHarness.fill(dir, leaving: 0)
            let out = dir.appendingPathComponent("x.\(ext)").path
            let r = try RecordingHarness.lamina(["record", bounce, "-o", out, "--duration", "0.2", "--fps", "15", "--size", "114x100"])
            XCTAssertNotEqual(r.status, 0, "\(ext): \(r.out)")
            XCTAssertFalse(r.out.contains("recorded"), "\(ext): no success is claimed: \(r.out)")
            XCTAssertTrue(r.err.contains("No space left on device"), "\(ext): \(r.err)")
            XCTAssertTrue(r.err.contains("nothing was saved"), "\(ext): \(r.err)")
            XCTAssertEqual(RecordingHarness.names(dir), ["filler"], "\(ext): neither the output nor a partial file is left")
        }
    }

    /// PNG frames on a 64 KiB tmpfs: 30 frames of about 8 KB each do not fit; the first frames are
    /// written, then one fails. The command names that frame, removes the frames it wrote and the
    /// folder it made.
    func testAFullDiskFailsAPNGFolderAndRemovesItsFrames() throws {
        let (mount, why) = try RecordingHarness.mountTmpfs(kilobytes: 64, name: "full-png")
        guard let dir = mount else { throw XCTSkip("cannot mount a tmpfs here (needs root): \(why)") }
        defer { RecordingHarness.unmount(dir) }
        let out = dir.appendingPathComponent("frames")
        let r = try RecordingHarness.lamina(["record", bounce, "-o", out.path, "--duration", "2"] + small)
        XCTAssertNotEqual(r.status, 0, r.out)
        XCTAssertTrue(r.err.contains("No space left on device"), r.err)
        // Some frames fitted first: the failing one is not the first (64 KiB holds a few 8 KB frames).
        let frame = r.err.range(of: #"at frame (\d+) of 30"#, options: .regularExpression).map { String(r.err[$0]) }
        let n = frame.flatMap { Int($0.split(separator: " ")[2]) } ?? 0
        XCTAssertTrue((2...30).contains(n), r.err)
        XCTAssertTrue(r.err.contains("removed the \(n - 1) frames written and the folder"), r.err)
        XCTAssertEqual(RecordingHarness.names(dir), [], "the frames and the folder are gone")
    }

    /// An ffmpeg that takes about one frame and is then killed (SIGKILL): the command stops at the
    /// next frame, names the signal, and leaves no file.
    func testAnFFmpegKilledMidWayStopsTheRecording() throws {
        let dir = try RecordingHarness.folder("killed")
        defer { try? FileManager.default.removeItem(at: dir) }
        // One frame is 320 x 280 pixels sent as YUV 4:2:0, 1.5 bytes each = 134,400 bytes: this
        // ffmpeg reads a frame and a quarter.
        let fake = try RecordingHarness.fakeFFmpeg("head -c 168000 > /dev/null\nkill -9 $$", in: dir, name: "bin")
        let out = dir.appendingPathComponent("x.mp4").path
        let r = try RecordingHarness.lamina(["record", bounce, "-o", out, "--duration", "1"] + small, path: fake.path + ":/usr/bin:/bin")
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.err.contains("killed by signal 9 (SIGKILL)"), r.err)
        // Frame 1 is read whole; of frame 2 it reads a quarter (100,800 bytes are left) and the pipe
        // holds at most 64 KiB more, so frame 2 cannot be written: the failure is at frame 2.
        XCTAssertTrue(r.err.contains("recording failed at frame 2 of 15: ffmpeg stopped (killed by signal 9 (SIGKILL))"), r.err)
        XCTAssertEqual(RecordingHarness.names(dir), ["bin"], "no output and no partial file")
    }

    /// Success is verified, and says so; an earlier file of the output's name is replaced only by a
    /// recording that succeeded.
    func testASuccessfulRecordingIsVerifiedAndAFailedOneKeepsTheOldFile() throws {
        try requireFFmpeg()
        let dir = try RecordingHarness.folder("verified")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.mp4").path
        let ok = try RecordingHarness.lamina(["record", bounce, "-o", out, "--duration", "0.4"] + small)
        XCTAssertEqual(ok.status, 0, ok.err)
        XCTAssertTrue(ok.out.contains("recorded 6 frames") && ok.out.contains("6 frames verified in the file"), ok.out)
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        let fake = try RecordingHarness.fakeFFmpeg("exec cat > /dev/null", in: dir, name: "bin")
        let failed = try RecordingHarness.lamina(["record", bounce, "-o", out, "--duration", "0.4"] + small, path: fake.path + ":/usr/bin:/bin")
        XCTAssertNotEqual(failed.status, 0, "an ffmpeg that writes nothing and reports nothing is a failure")
        XCTAssertTrue(failed.err.contains("reported no frames encoded"), failed.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), before, "the earlier recording is untouched")
        XCTAssertEqual(RecordingHarness.names(dir), ["bin", "x.mp4"])
    }
}
