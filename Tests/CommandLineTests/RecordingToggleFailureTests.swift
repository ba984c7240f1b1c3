import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
@testable import SDLHost
import Demos
@testable import lamina
@testable import LaminaRecording

/// F5 in a window: a recording whose ffmpeg dies while it runs shows the failure in the window's
/// banner as soon as a tick sees it (not only when F5 is pressed again), and saves nothing. A real
/// window host (SDL's offscreen driver, virtual time) with a fake ffmpeg first in PATH that reads
/// about one frame and is then killed.
final class RecordingToggleFailureTests: XCTestCase {
    func testAFailureWhileRecordingShowsInTheBanner() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let savedPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folder = try RecordingHarness.folder("toggle-fail")
        defer {
            unsetenv("SDL_VIDEODRIVER")
            setenv("PATH", savedPath, 1)
            CAMediaClock.manualTime = nil
            try? FileManager.default.removeItem(at: folder)
        }
        // 320 x 240 x 4 = 307,200 bytes a frame: it reads one and a half.
        let fake = try RecordingHarness.fakeFFmpeg("head -c 460800 > /dev/null\nkill -9 $$", in: folder, name: "bin")
        setenv("PATH", fake.path + ":" + savedPath, 1)
        AppRunner.installResources()
        let size = CGSize(width: 320, height: 240)
        let host: WindowHost
        do { host = try WindowHost(title: "test", size: size) } catch { throw XCTSkip("no SDL video: \(error)") }
        host.virtualTime = true
        let shell = DemoShell(size: size)
        host.layer = shell.root
        let toggle = RecordingToggle(host: host, folder: folder)
        var ticks = 0
        var sawFailure = false
        host.onTick = { t in
            ticks += 1
            shell.tick(t)
            if ticks == 2 { toggle.toggle() }
            toggle.tick(t)
            if toggle.bannerText?.hasPrefix("Recording failed") == true { sawFailure = true; host.stop() }
        }
        // A hang detector only: the failure comes within a few frames on any machine.
        let handle = host.handle
        let watchdog = HangWatchdog(seconds: HangWatchdog.windowRunSeconds) { handle.stop() }
        host.run()
        XCTAssertFalse(watchdog.finish(), "the failure never showed")
        XCTAssertTrue(sawFailure)
        XCTAssertFalse(toggle.isRecording, "the failed recording ended")
        let banner = host.bannerText.string as? String ?? ""
        XCTAssertTrue(banner.contains("Recording failed") && banner.contains("killed by signal 9 (SIGKILL)"), banner)
        XCTAssertFalse(host.banner.isHidden)
        XCTAssertEqual(RecordingHarness.names(folder), ["bin"], "nothing was saved, no partial file is left")
    }
}
