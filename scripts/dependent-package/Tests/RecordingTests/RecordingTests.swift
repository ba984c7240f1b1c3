import XCTest
import Foundation
import QuartzCore
import LaminaRecording

/// A user's headless recording with the LaminaRecording product: a layer animated across the frame,
/// driven by a FrameScheduler on virtual time and written by VideoWriter; the file must hold every
/// frame (VideoWriter verifies it before it is saved).
final class RecordingTests: XCTestCase {
    func testAHeadlessRecordingHoldsEveryFrame() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { throw XCTSkip("ffmpeg is not installed") }
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 90)
        root.backgroundColor = CGColor(srgbRed: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 35, width: 20, height: 20)
        dot.cornerRadius = 10
        dot.backgroundColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        root.addSublayer(dot)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.toValue = 140
        move.duration = 1
        dot.add(move, forKey: "move")

        let renderer = CARenderer(size: CGSize(width: 160, height: 90), scale: 2)
        renderer.layer = root
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "dependent-\(getpid()).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try VideoWriter(url: url, width: renderer.pixelSize.width, height: renderer.pixelSize.height, fps: 30)
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: renderer, framePeriod: 1.0 / 30)
        scheduler.onPresent = { r, _ in try writer.append(r) }
        for k in 0..<30 { try scheduler.frame(at: Double(k) / 30) }
        XCTAssertEqual(try writer.finish(), 30)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
    }
}
