import XCTest
import LaminaTestSupport
@testable import LaminaRecording

/// ffmpeg under control: a stuck ffmpeg is stopped after `--ffmpeg-timeout` (here 0.25 s: these fake
/// ffmpegs never make progress at all, and nothing else waits on them, so the timeout is what is
/// tested, not a speed limit), an ffmpeg
/// that prints terminal escapes is quoted with them escaped, names starting with `-` are files,
/// and killing lamina (SIGTERM, SIGKILL) leaves no ffmpeg running.
final class FFmpegControlTests: XCTestCase {
    var bounce: String { RecordingHarness.scenes.appendingPathComponent("bounce.yaml").path }
    let small = ["--fps", "15", "--size", "320x280"]
    var dir: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        dir = try RecordingHarness.folder("ffmpeg-\(name.hashValue & 0xFFFF)")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// An ffmpeg that never reads its input: the first frame cannot be written (a frame is larger
    /// than the pipe's buffer); after the timeout ffmpeg is killed and the command fails.
    func testAnFFmpegThatStopsReadingIsStopped() throws {
        let pidFile = dir.appendingPathComponent("pid").path
        let fake = try RecordingHarness.fakeFFmpeg("echo $$ > \(pidFile)\nexec sleep 1000", in: dir, name: "bin")
        let r = try RecordingHarness.lamina(["record", bounce, "-o", dir.appendingPathComponent("x.mp4").path, "--duration", "1", "--ffmpeg-timeout", "0.25"] + small,
                                            path: fake.path + ":/usr/bin:/bin")
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.err.contains("at frame 1 of 15") && r.err.contains("ffmpeg took no data for 0.25 s (it is stuck; it was stopped)"), r.err)
        let pid = pid_t((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        XCTAssertTrue(RecordingHarness.eventually { RecordingHarness.isGone(pid) }, "the stuck ffmpeg was killed")
        XCTAssertEqual(RecordingHarness.names(dir), ["bin", "pid"])
    }

    /// An ffmpeg that never exits: finishing waits for it no longer than the timeout past its last
    /// output. The one frame (about 114 x 100 pixels, 45,600 bytes) fits in the pipe's buffer (64 KiB), so
    /// the write completes without ffmpeg reading, however slow the machine.
    func testAnFFmpegThatNeverExitsIsStopped() throws {
        let fake = try RecordingHarness.fakeFFmpeg("exec sleep 1000", in: dir, name: "bin")
        let r = try RecordingHarness.lamina(["record", bounce, "-o", dir.appendingPathComponent("x.gif").path, "--duration", "0.07",
                                             "--fps", "15", "--size", "114x100", "--ffmpeg-timeout", "0.25"],
                                            path: fake.path + ":/usr/bin:/bin")
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.err.contains("after its 1 frame:") && r.err.contains("did not finish the file within 0.25 s"), r.err)
        XCTAssertEqual(RecordingHarness.names(dir), ["bin"])
    }

    /// What ffmpeg prints reaches the terminal only escaped: an OSC title sequence, colours and
    /// bytes that are not UTF-8 are shown as text, never sent raw; its exit status is named.
    func testAnFFmpegThatPrintsEscapesIsQuotedSafely() throws {
        let fake = try RecordingHarness.fakeFFmpeg(#"printf '\033]0;pwned\007bad \033[31mred\033[0m\n\377 raw\n' >&2; exit 3"#, in: dir, name: "bin")
        let r = try RecordingHarness.lamina(["record", bounce, "-o", dir.appendingPathComponent("x.mp4").path, "--duration", "0.4"] + small,
                                            path: fake.path + ":/usr/bin:/bin")
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.err.contains("ffmpeg stopped (exit 3)"), r.err)
        XCTAssertTrue(r.err.contains(#"\u{1B}]0;pwned\u{7}bad \u{1B}[31mred\u{1B}[0m / \#u{FFFD} raw"#), r.err)
        XCTAssertFalse(r.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "no raw escape or bell reaches stderr")
    }

    /// An output name that starts with `-` (and holds a `:`) is a file, not an option or a protocol.
    func testNamesStartingWithADashAreFiles() throws {
        try XCTSkipIf(!FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed at /usr/bin/ffmpeg")
        let r = try RecordingHarness.lamina(["record", bounce, "--output=-x:y.mp4", "--duration", "0.2", "--fps", "15", "--size", "114x100"], directory: dir)
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.out.contains("3 frames verified"), r.out)
        XCTAssertEqual(RecordingHarness.names(dir), ["-x:y.mp4"])
    }

    /// lamina killed mid-recording (SIGTERM, caught: ffmpeg killed and the partial file removed;
    /// SIGKILL, not catchable: ffmpeg dies with it through PR_SET_PDEATHSIG, the partial file keeps
    /// its partial name). The fake ffmpeg never reads, so lamina is surely mid-recording.
    func testKillingLaminaLeavesNoFFmpeg() throws {
        for signal in [SIGTERM, SIGKILL] {
            let pidFile = dir.appendingPathComponent("pid-\(signal)").path
            // It makes the partial file as ffmpeg would, then hangs.
            let fake = try RecordingHarness.fakeFFmpeg("echo $$ > \(pidFile).tmp && mv \(pidFile).tmp \(pidFile)\nfor a; do f=$a; done\n: > \"${f#file:}\"\nexec sleep 1000",
                                                       in: dir, name: "bin-\(signal)")
            let out = dir.appendingPathComponent("k\(signal).mp4")
            let run = try RecordingHarness.Run(["record", bounce, "-o", out.path, "--duration", "1"] + small, path: fake.path + ":/usr/bin:/bin")
            XCTAssertTrue(RecordingHarness.eventually { FileManager.default.fileExists(atPath: pidFile) }, "ffmpeg started")
            let ffmpeg = pid_t((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            XCTAssertGreaterThan(ffmpeg, 0)
            XCTAssertFalse(RecordingHarness.isGone(ffmpeg), "ffmpeg runs while lamina records")
            kill(run.process.processIdentifier, signal)
            let end = run.finish()
            XCTAssertEqual(end.reason, .uncaughtSignal, "lamina died of the signal")
            XCTAssertEqual(end.status, signal)
            XCTAssertTrue(RecordingHarness.eventually { RecordingHarness.isGone(ffmpeg) }, "no ffmpeg is left after \(signal == SIGTERM ? "SIGTERM" : "SIGKILL")")
            // The temporary's name is fresh each time: k<signal>.partial-XXXXXXXX.mp4.
            let partial = RecordingHarness.names(dir).contains { $0.hasPrefix("k\(signal).partial-") && $0.hasSuffix(".mp4") }
            XCTAssertEqual(partial, signal == SIGKILL, "\(RecordingHarness.names(dir))")
            XCTAssertFalse(RecordingHarness.names(dir).contains("k\(signal).mp4"))
        }
    }
}
