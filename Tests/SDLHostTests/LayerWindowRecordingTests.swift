import XCTest
import QuartzCore
@testable import SDLHost
@testable import LaminaWindow
import LaminaRecording

/// `LayerWindow.startRecording(to:)` and `stopRecording()`: a program records its own window (what
/// `lamina run --record` does), on SDL's offscreen driver and virtual time. At 60 Hz, 30 presented
/// frames make 30 video frames, all in the file; a second start while one runs is an error; a stop
/// with nothing running returns nil.
final class LayerWindowRecordingTests: XCTestCase {
    func testAProgramRecordsItsWindow() throws {
        guard FFmpegPipe.find() != nil else { throw XCTSkip("ffmpeg is not installed") }
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER"); CAMediaClock.manualTime = nil }
        let window = try LayerWindow(title: "recorded", size: CGSize(width: 120, height: 80))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0.4, blue: 0.8, alpha: 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 30, width: 20, height: 20)
        dot.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 0, alpha: 1)
        root.addSublayer(dot)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 110
        move.duration = 0.5
        move.repeatCount = .infinity
        dot.add(move, forKey: "move")
        window.rootLayer = root
        window.virtualTime = true
        window.recordsOnF5 = false
        let file = URL(fileURLWithPath: NSTemporaryDirectory() + "lamina-window-\(getpid()).mp4")
        defer { try? FileManager.default.removeItem(at: file) }
        try window.startRecording(to: file)
        XCTAssertTrue(window.isRecording)
        XCTAssertThrowsError(try window.startRecording(to: file)) { XCTAssertTrue("\($0)".contains("already running"), "\($0)") }
        window.run(frames: 30)
        let frames = try window.stopRecording()
        XCTAssertFalse(window.isRecording)
        XCTAssertEqual(frames, 30)
        XCTAssertEqual(try FFmpegPipe.countFrames(in: file.path, ffmpeg: FFmpegPipe.find()!, timeout: 30), 30)
        XCTAssertNil(try window.stopRecording(), "nothing is running")
    }
}
