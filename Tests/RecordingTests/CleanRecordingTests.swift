import XCTest
import Foundation
import QuartzCore
@testable import SDLHost
@testable import LaminaRecording

/// The F5 recording defect of issue 12: recordings contained the red "Recording to …" banner and
/// the F1 overlay. Now the video holds the scene alone, though the window shows the overlay, the
/// message saying where it records and the red recording mark, which stays for the whole
/// recording (issue 27: the banner was gone within 3 s while recording went on). The scene is opaque blue; the banner
/// (red 0.7 at 0.92 over it) would make its top band's red about 165, the overlay (black at 0.7)
/// the blue under it about 77. Decoded back from the H.264 file (lossy), every pixel of every
/// frame must stay blue: red and green below 60, blue above 190.
final class CleanRecordingTests: XCTestCase {
    func testAnF5RecordingHasNeitherTheBannerNorTheOverlay() throws {
        guard let ffmpeg = FFmpegPipe.find() else { throw XCTSkip("ffmpeg is not installed") }
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "lamina-clean-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = CGSize(width: 160, height: 96)
        let host: WindowHost
        do { host = try WindowHost(title: "clean", size: size) } catch { throw XCTSkip("no SDL video: \(error)") }
        host.virtualTime = true
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        host.layer = root
        let toggle = RecordingToggle(host: host, folder: folder)
        var ticks = 0
        var messageShown = false, markEveryTick = true
        host.onTick = { t in
            ticks += 1
            if ticks == 1 { toggle.toggle() }
            toggle.tick(t)
            if toggle.toldText?.hasPrefix("Recording to") == true && !host.toast.isHidden && host.showsOverlay { messageShown = true }
            if host.recordingMark.isHidden { markEveryTick = false }
        }
        host.simulate(.key(WindowHost.Keys.overlay))
        host.run(frames: 20)
        XCTAssertTrue(messageShown, "the message and the overlay were on while recording")
        XCTAssertTrue(markEveryTick, "the recording mark was shown on every turn of the recording")
        toggle.stop()
        XCTAssertTrue(host.recordingMark.isHidden, "the mark goes when the recording ends")
        XCTAssertTrue(toggle.toldText?.hasPrefix("Saved ") == true, toggle.toldText ?? "nothing told")
        XCTAssertNil(toggle.bannerText, "saving is not an error: no red banner")
        let video = folder.appendingPathComponent("lamina-recording-1.mp4")
        let decode = Process()
        decode.executableURL = URL(fileURLWithPath: ffmpeg)
        decode.arguments = ["-v", "error", "-i", video.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let out = Pipe()
        decode.standardOutput = out
        try decode.run()
        let bytes = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        decode.waitUntilExit()
        XCTAssertEqual(decode.terminationStatus, 0)
        let frameBytes = 160 * 96 * 3
        XCTAssertGreaterThan(bytes.count / frameBytes, 5, "frames were recorded")
        var worst = (r: 0, g: 0, b: 255)
        for i in stride(from: 0, to: bytes.count - 2, by: 3) {
            worst = (max(worst.r, Int(bytes[i])), max(worst.g, Int(bytes[i + 1])), min(worst.b, Int(bytes[i + 2])))
        }
        XCTAssertLessThan(worst.r, 60, "no red banner")
        XCTAssertLessThan(worst.g, 60)
        XCTAssertGreaterThan(worst.b, 190, "no dark overlay")
    }
}
