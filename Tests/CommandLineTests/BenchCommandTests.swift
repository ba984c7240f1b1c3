import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Demos
@testable import lamina
@testable import LaminaRecording

/// `lamina bench` as a user runs it (clear errors without a display or with bad input), and
/// `LiveRecorder` on a real window host (SDL's offscreen driver, virtual time; skipped without
/// ffmpeg).
final class BenchCommandTests: XCTestCase {
    var binary: URL { LaminaCommand.binary }

    func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) { try LaminaCommand.run(args) }

    func testBenchGivesClearErrors() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path), "lamina is not built beside the tests")
        let scene = BenchTests.benchScenes + "/replicator.yaml"
        let noDisplay = try run(["bench", scene, "--frames", "20"])
        XCTAssertNotEqual(noDisplay.status, 0)
        XCTAssertTrue(noDisplay.err.contains("needs a display"), noDisplay.err)
        let notADemo = try run(["bench", "no-such-demo"])
        XCTAssertNotEqual(notADemo.status, 0)
        XCTAssertTrue(notADemo.err.contains("neither a scene file, a demo nor the gallery"), notADemo.err)
        let badRecord = try run(["bench", "stress", "--record", "out.txt"])
        XCTAssertNotEqual(badRecord.status, 0)
        XCTAssertTrue(badRecord.err.contains("--record wants a video"), badRecord.err)
        let noScenes = try run(["bench", "suite", "--scenes", "/nonexistent"])
        XCTAssertNotEqual(noScenes.status, 0)
        XCTAssertTrue(noScenes.err.contains("no folder /nonexistent"), noScenes.err)
        let noRow = try run(["bench", "compositor", "--filter", "frame5$"])
        XCTAssertNotEqual(noRow.status, 0)
        XCTAssertTrue(noRow.err.contains("--filter frame5$ matches no workload") && noRow.err.contains("frame50aa"), noRow.err)
        let badScale = try run(["bench", "suite", "--scale", "9"])
        XCTAssertNotEqual(badScale.status, 0)
        XCTAssertTrue(badScale.err.contains("--scale must be between 0.25 and 8"), badScale.err)
        let soakHelp = try run(["bench", "soak", "--help"])
        XCTAssertTrue(soakHelp.out.contains("--frames"), soakHelp.out)
    }

    func testRecorderWritesOneVideoFramePerVirtualRefresh() throws {
        try XCTSkipUnless(FFmpegPipe.find() != nil, "ffmpeg is not installed")
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }
        AppRunner.installResources()
        let size = CGSize(width: 320, height: 240)
        let host: WindowHost
        do { host = try WindowHost(title: "test", size: size) } catch { throw XCTSkip("no SDL video: \(error)") }
        host.virtualTime = true
        let shell = DemoShell(size: size, open: "stress")
        host.layer = shell.root
        host.onTick = { shell.tick($0) }
        let file = NSTemporaryDirectory() + "lamina-live-\(getpid()).mp4"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recorder = try LiveRecorder(url: URL(fileURLWithPath: file), fps: host.refreshRate)
        recorder.attach(to: host)
        host.run(frames: 30)
        let summary = try recorder.finish()
        XCTAssertEqual(summary.presented, 30)
        XCTAssertEqual(summary.skipped, 0)
        XCTAssertEqual(summary.videoFrames, 30, "virtual frames are exactly one refresh apart")
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0, 1000)
        XCTAssertNil(host.onPresent, "finish detaches")
        XCTAssertEqual(try recorder.finish(), summary, "finishing again returns the same")
    }
}

/// The gallery's F5 recording on a real window host (offscreen driver, virtual time).
final class RecordingToggleTests: XCTestCase {
    func testTogglingRecordsToTheNextFreeNumberedFile() throws {
        try XCTSkipUnless(FFmpegPipe.find() != nil, "ffmpeg is not installed")
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }
        AppRunner.installResources()
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "lamina-toggle-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("lamina-recording-1.mp4").path, contents: Data())
        XCTAssertEqual(RecordingToggle.nextFile(in: folder).lastPathComponent, "lamina-recording-2.mp4")
        let size = CGSize(width: 320, height: 240)
        let host: WindowHost
        do { host = try WindowHost(title: "test", size: size) } catch { throw XCTSkip("no SDL video: \(error)") }
        host.virtualTime = true
        let shell = DemoShell(size: size)
        host.layer = shell.root
        let toggle = RecordingToggle(host: host, folder: folder)
        var ticks = 0, states: [Bool] = []
        host.onTick = { t in
            ticks += 1
            if ticks == 3 || ticks == 20 { toggle.toggle(); states.append(toggle.isRecording) }
            toggle.tick(t)
        }
        host.run(frames: 30)
        toggle.stop()
        XCTAssertEqual(states, [true, false])
        let size2 = (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("lamina-recording-2.mp4").path)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size2, 1000, "the recording was saved")
    }
}
