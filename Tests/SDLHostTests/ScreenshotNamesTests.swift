import XCTest
@_spi(LaminaInternal) import QuartzCore
@testable import SDLHost
@testable import LaminaRecording

/// Screenshots and F5 recordings take a free name and never write through a link: a link planted
/// at the next name (even a dangling one) counts as taken, and its target is never created or changed.
final class ScreenshotNamesTests: XCTestCase {
    func testALinkAtTheNextNameIsSkippedNotFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-shot-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim").path
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        XCTAssertEqual(symlink(victim, folder.appendingPathComponent("lamina-screenshot-1.png").path), 0)
        XCTAssertEqual(symlink(folder.appendingPathComponent("nowhere").path, folder.appendingPathComponent("lamina-screenshot-2.png").path), 0)
        let image = CGImage(width: 2, height: 1, premultipliedARGB: [0xFF00_00FF, 0xFFFF_0000])
        let url = try WindowHost.writeScreenshot(image, in: folder)
        XCTAssertEqual(url.lastPathComponent, "lamina-screenshot-3.png")
        XCTAssertEqual(try PNGCodec.read(contentsOf: url).premultipliedARGB, image.premultipliedARGB)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "victim")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere").path))
        XCTAssertEqual(symlink(victim, folder.appendingPathComponent("lamina-recording-1.mp4").path), 0)
        XCTAssertEqual(RecordingToggle.nextFile(in: folder).lastPathComponent, "lamina-recording-2.mp4")
    }
}
