import XCTest
import Synchronization
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// `Scene.load` names the real cause when a path cannot be a scene (not "cannot read the file as
/// UTF-8 text" at 0:0 for all of them), without blocking on a fifo or reading /dev/zero; a live
/// session saved over with such a file reports the same; font files that are not fonts are
/// located errors; and one image named by three layers is decoded once and shared.
final class SceneFileCauseTests: XCTestCase {
    var dir: URL!
    var savedLoader: (@Sendable (URL) -> CGImage?)?
    var savedAssets: URL?

    override func setUpWithError() throws {
        CAMediaClock.manualTime = 0
        dir = try RecordingHarness.folder("scene-cause-\(name.hashValue & 0xFFFF)")
        savedLoader = Scene.imageLoader
        savedAssets = Scene.assetsDirectory
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
    }

    override func tearDownWithError() throws {
        Scene.imageLoader = savedLoader
        Scene.assetsDirectory = savedAssets
        CAMediaClock.manualTime = nil
        try? FileManager.default.removeItem(at: dir)
    }

    /// The error loading `name` in the test's folder, with a hang detector: a load that blocks (on a
    /// fifo) or reads without end (/dev/zero) fails the test instead of hanging it; `unblock` is
    /// then run to free the stuck thread.
    func loadError(_ name: String, unblock: () -> Void = {}, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        let url = dir.appendingPathComponent(name)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: SceneError?
        Thread.detachNewThread {
            do { _ = try Scene.load(contentsOf: url) } catch let e as SceneError { result = e } catch {}
            done.signal()
        }
        if done.wait(timeout: .now() + 120) == .timedOut {
            XCTFail("loading \(name) blocked", file: file, line: line)
            unblock()
            _ = done.wait(timeout: .now() + 120)
        }
        return result
    }

    func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: dir.appendingPathComponent(name)) }

    func testEachCauseIsNamed() throws {
        let path = { (name: String) in self.dir.appendingPathComponent(name).path }
        XCTAssertEqual(loadError("missing.yaml")?.description, "\(path("missing.yaml")): no such file")

        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.yaml"), withIntermediateDirectories: false)
        XCTAssertEqual(loadError("folder.yaml")?.message, "is a directory, not a scene file")

        XCTAssertEqual(mkfifo(path("pipe.yaml"), 0o644), 0)
        let fifo = loadError("pipe.yaml") { let fd = open(path("pipe.yaml"), O_WRONLY | O_NONBLOCK); if fd >= 0 { close(fd) } }
        XCTAssertEqual(fifo?.message, "is a fifo (a named pipe), not a regular file")

        try FileManager.default.createSymbolicLink(atPath: path("zero.yaml"), withDestinationPath: "/dev/zero")
        XCTAssertEqual(loadError("zero.yaml")?.message, "is a character device, not a regular file")

        try FileManager.default.copyItem(at: DefaultFontProvider.assetsDirectory!.appendingPathComponent("Sequence/frame01.png"), to: dir.appendingPathComponent("image.yaml"))
        XCTAssertEqual(loadError("image.yaml")?.message, "is a PNG image, not a scene file")

        // Line 2, after "a: " and "é" (two bytes, one character): the byte 0xFF is byte 11 of the
        // file ("x: 1\n" is 5 bytes, "a: é" 5 more), at column 5 of line 2 (4 characters before it).
        try write("latin.yaml", Array("x: 1\na: é".utf8) + [0xFF, 0x0A])
        let latin = loadError("latin.yaml")
        XCTAssertEqual(latin?.message, "is not UTF-8 text at byte 11")
        XCTAssertEqual(latin.map { [$0.line, $0.column] }, [2, 5])
        try write("wide.yaml", [0xFF, 0xFE, 0x61, 0x00])
        XCTAssertEqual(loadError("wide.yaml")?.message, "is not UTF-8 text at byte 1 (it looks like UTF-16; save it as UTF-8)")

        try write("big.yaml", Array(repeating: 0x20, count: Scene.Limits.fileBytes + 1))
        XCTAssertEqual(loadError("big.yaml")?.message, "the file is \(Scene.Limits.fileBytes + 1) bytes; scenes are limited to \(Scene.Limits.fileBytes)")
    }

    /// A file that cannot be read for its permissions. Root reads every file, so as root the load
    /// runs as nobody in `lamina eval` through setpriv (skipped when that is not possible).
    func testAFileWithoutReadPermissionSaysSo() throws {
        let file = dir.appendingPathComponent("secret.yaml")
        try "layers: []\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o200)
        if geteuid() != 0 {
            XCTAssertEqual(loadError("secret.yaml")?.message, "permission denied: the file cannot be read")
            return
        }
        try XCTSkipUnless(LaminaCommand.isBuilt && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs lamina and setpriv to drop root")
        chmod(dir.path, 0o755)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", LaminaCommand.binary.path, "eval", file.path]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        try XCTSkipIf(text.contains("setpriv:") || text.contains("Permission denied") && !text.contains("secret.yaml"), "cannot run lamina as nobody here: \(text)")
        XCTAssertNotEqual(p.terminationStatus, 0)
        XCTAssertTrue(text.contains("\(file.path): permission denied: the file cannot be read"), text)
    }

    /// A running scene saved over with a link to /dev/zero: the session keeps the last good scene
    /// and names the cause, without reading the device.
    func testALiveSessionSavedOverWithADeviceNamesIt() throws {
        let file = dir.appendingPathComponent("live.yaml")
        try "layers:\n  - {name: a, frame: [0, 0, 10, 10]}\n".write(to: file, atomically: true, encoding: .utf8)
        let session = try SceneSession(url: file)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        XCTAssertEqual(session.reload(), .failed("\(file.path): is a character device, not a regular file"))
        XCTAssertNotNil(session.scene.layers["a"], "the last good scene runs on")
    }

    /// Three layers naming one file (by two spellings, one through a link): one decode, one image
    /// shared by all three, counted at the loader; a second load decodes afresh.
    func testOneImageNamedByThreeLayersIsDecodedOnce() throws {
        try PNGCodec.write(CGImage(width: 6, height: 4, premultipliedARGB: Array(repeating: 0xFF20_4060, count: 24)), to: dir.appendingPathComponent("pic.png"))
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("alias.png"), withDestinationURL: dir.appendingPathComponent("pic.png"))
        try PNGCodec.write(CGImage(width: 2, height: 2, premultipliedARGB: Array(repeating: 0xFFFF_FFFF, count: 4)), to: dir.appendingPathComponent("other.png"))
        let file = dir.appendingPathComponent("three.yaml")
        try """
        layers:
          - {name: a, frame: [0, 0, 10, 10], contents: pic.png}
          - {name: b, frame: [0, 0, 10, 10], contents: ./pic.png}
          - {name: c, frame: [0, 0, 10, 10], contents: alias.png}
          - {name: d, frame: [0, 0, 10, 10], contents: other.png}
        """.write(to: file, atomically: true, encoding: .utf8)
        let decodes = DecodedNames()
        Scene.imageLoader = { url in decodes.names.withLock { $0.append(url.lastPathComponent) }; return try? PNGCodec.read(contentsOf: url) }
        var decoded: [String] { decodes.names.withLock { $0 } }
        let scene = try Scene.load(contentsOf: file)
        XCTAssertEqual(decoded, ["pic.png", "other.png"], "one decode per file")
        let images = ["a", "b", "c", "d"].map { scene.layers[$0]?.contents as? CGImage }
        XCTAssertTrue(images[0] != nil && images[0] === images[1] && images[1] === images[2], "one image, shared")
        XCTAssertFalse(images[0] === images[3])
        XCTAssertEqual(images[0]?.width, 6)
        _ = try Scene.load(contentsOf: file)
        XCTAssertEqual(decoded.count, 4, "each load decodes afresh (a reload sees a changed file)")
    }

    /// Font files that are not fonts are located errors naming the file and what is wrong; the
    /// fonts in Assets/ pass the same check.
    func testFontFilesThatAreNotFontsAreLocatedErrors() throws {
        let fonts = DefaultFontProvider.assetsDirectory!.appendingPathComponent("Fonts")
        let real = try Data(contentsOf: fonts.appendingPathComponent("DejaVuSans.ttf"))
        try Data("this is not a font, it is a note about one\n".utf8).write(to: dir.appendingPathComponent("text.ttf"))
        // Text whose first lines are short: line breaks in the header are text too.
        try Data("#\r\n#\n#\tnot a font\n".utf8).write(to: dir.appendingPathComponent("lines.ttf"))
        try real.prefix(20_000).write(to: dir.appendingPathComponent("cut.ttf"))
        try FileManager.default.copyItem(at: DefaultFontProvider.assetsDirectory!.appendingPathComponent("Sequence/frame01.png"), to: dir.appendingPathComponent("fake.otf"))
        try real.write(to: dir.appendingPathComponent("good.ttf"))
        let file = dir.appendingPathComponent("fonts.yaml")
        for (font, expected) in [("text.ttf", "it is text, not a font"),
                                 ("lines.ttf", "it is text, not a font"),
                                 ("cut.ttf", "it is cut short: its '"),
                                 ("fake.otf", "it does not start like a TrueType or OpenType font")] {
            try "layers:\n  - name: t\n    class: CATextLayer\n    font: \(font)\n".write(to: file, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try Scene.load(contentsOf: file), font) { e in
                let text = "\(e)"
                XCTAssertTrue(text.hasPrefix("\(file.path):4:11: the font \"\(font)\" (\(dir.appendingPathComponent(font).path)) cannot be used: \(expected)"), text)
            }
        }
        for font in ["good.ttf", "Fonts/DejaVuSans.ttf", "Fonts/DejaVuSans-Bold.ttf", "Fonts/DejaVuSansMono.ttf"] {
            try "layers:\n  - name: t\n    class: CATextLayer\n    font: \(font)\n".write(to: file, atomically: true, encoding: .utf8)
            XCTAssertNoThrow(try Scene.load(contentsOf: file), font)
        }
    }
}

/// Where a scene error is: "file:line:column:", "file:line:" without a column, and for the whole
/// file (no such file, too large) the file alone, never a made-up ":0:0:" (issue 27).
final class SceneErrorPlaceTests: XCTestCase {
    func testAFileLevelErrorNamesTheFileWithoutAPosition() throws {
        XCTAssertEqual(SceneError(file: "a.yaml", line: 3, column: 7, message: "m").description, "a.yaml:3:7: m")
        XCTAssertEqual(SceneError(file: "a.yaml", line: 3, column: 0, message: "m").description, "a.yaml:3: m")
        XCTAssertEqual(SceneError(file: "a.yaml", line: 0, column: 0, message: "no such file").description, "a.yaml: no such file")
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        let missing = NSTemporaryDirectory() + "lamina-no-such-\(getpid()).yaml"
        let r = try LaminaCommand.run(["eval", missing, "--at", "0"])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.err.contains("\(missing): no such file"), r.err)
        XCTAssertFalse(r.err.contains(":0:0"), r.err)
    }
}

/// The file names a test's image loader decoded (the loader may run on any thread).
private final class DecodedNames: Sendable {
    let names = Mutex<[String]>([])
}
