import XCTest
import Foundation
@testable import LaminaRecording
import CoreGraphics

/// Colours survive a recording: frames sent as BT.709 YUV and tagged so are decoded back by ffmpeg
/// (which reads the tags) to the colours they had. Six flat patches, each 32x32 pixels in a
/// 96x64 frame; H.264 is lossy, so each patch's centre must come back within 4 levels.
final class RecordingColourTests: XCTestCase {
    func testPatchColoursComeBackFromTheVideo() throws {
        guard let ffmpeg = FFmpegPipe.find() else { throw XCTSkip("ffmpeg is not installed") }
        let patches: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF, 0xFF80_8080, 0xFF20_3040]
        let w = 96, h = 64
        var frame = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { frame[y * w + x] = patches[(y / 32) * 3 + x / 32] } }
        let file = NSTemporaryDirectory() + "lamina-colours-\(getpid()).mp4"
        defer { unlink(file) }
        let pipe = try FFmpegPipe(output: file, width: w, height: h, fps: 10)
        for _ in 0..<3 { try frame.withUnsafeBufferPointer { try pipe.write($0) } }
        XCTAssertEqual(try pipe.finish(), 3)

        let decode = Process()
        decode.executableURL = URL(fileURLWithPath: ffmpeg)
        decode.arguments = ["-v", "error", "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let out = Pipe()
        decode.standardOutput = out
        try decode.run()
        let bytes = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        decode.waitUntilExit()
        XCTAssertEqual(bytes.count, w * h * 3)
        for (k, colour) in patches.enumerated() {
            let x = (k % 3) * 32 + 16, y = (k / 3) * 32 + 16
            let got = (0..<3).map { Int(bytes[(y * w + x) * 3 + $0]) }
            let want = [Int((colour >> 16) & 255), Int((colour >> 8) & 255), Int(colour & 255)]
            for c in 0..<3 { XCTAssertEqual(got[c], want[c], accuracy: 4, "patch \(k) \(String(colour, radix: 16)): decoded \(got)") }
        }
    }
}

/// `VideoWriter`, the public way to record: frames of another size are refused with the frame
/// named, a name that is not a video's is refused at once, and a cancelled recording leaves no file.
final class VideoWriterTests: XCTestCase {
    func testSizesNamesAndCancelling() throws {
        guard FFmpegPipe.find() != nil else { throw XCTSkip("ffmpeg is not installed") }
        XCTAssertThrowsError(try VideoWriter(url: URL(fileURLWithPath: "/tmp/x.txt"), width: 4, height: 4, fps: 30)) {
            XCTAssertTrue("\($0)".contains("not a video name"), "\($0)")
        }
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "lamina-writer-\(getpid()).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try VideoWriter(url: url, width: 32, height: 16, fps: 30)
        try writer.append(CGImage(width: 32, height: 16, premultipliedARGB: [UInt32](repeating: 0xFF20_4060, count: 32 * 16)))
        XCTAssertThrowsError(try writer.append(CGImage(width: 16, height: 16, premultipliedARGB: [UInt32](repeating: 0, count: 256)))) {
            XCTAssertEqual("\($0)", "frame 2 is 16x16 pixels; \(url.lastPathComponent) is 32x16")
        }
        XCTAssertEqual(writer.framesWritten, 1)
        writer.cancel()
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        let stem = url.deletingPathExtension().lastPathComponent + ".partial-"
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).contains { $0.hasPrefix(stem) }, "no temporary is left")
    }
}
