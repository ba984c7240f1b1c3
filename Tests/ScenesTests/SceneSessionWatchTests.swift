import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// A live scene session and its file watcher on virtual time: the settle time, counts of reloads
/// and failures, timers fired by polling, and assets watched as they change from save to save.
final class SceneSessionWatchTests: XCTestCase {
    var dir: URL!
    var savedLoader: (@Sendable (URL) -> CGImage?)?

    override func setUpWithError() throws {
        CAMediaClock.manualTime = 0
        dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-mutsession-\(getpid())-\(name.hashValue & 0xFFFF)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        savedLoader = Scene.imageLoader
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
    }

    override func tearDown() {
        CAMediaClock.manualTime = nil
        Scene.imageLoader = savedLoader
        try? FileManager.default.removeItem(at: dir)
    }

    func write(_ name: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8) }

    func png(_ name: String, width: Int) throws {
        try PNGCodec.write(CGImage(width: width, height: 1, premultipliedARGB: Array(repeating: 0xFF00_FF00, count: width)), to: dir.appendingPathComponent(name))
    }

    /// A change is reported once the files have been quiet for `settle` seconds (0.08 by default)
    /// of the caller's clock: not at 0.079 s, at 0.08 s exactly.
    func testAChangeSettlesAfterTheSettleTime() throws {
        try write("s.yaml", "a: 1\n")
        let w = FileWatcher(url: dir.appendingPathComponent("s.yaml"))
        XCTAssertEqual(w.settle, 0.08)
        XCTAssertEqual(w.files, [dir.appendingPathComponent("s.yaml").standardizedFileURL])
        try write("s.yaml", "a: 2\n")
        XCTAssertFalse(w.poll(now: 0), "seen at 0, not settled")
        XCTAssertFalse(w.poll(now: 0.079))
        XCTAssertTrue(w.poll(now: 0.08))
        XCTAssertFalse(w.poll(now: 1), "reported once")
        // Another file in the folder is not watched; naming it makes it so.
        try write("other.txt", "x")
        XCTAssertFalse(w.poll(now: 2)); XCTAssertFalse(w.poll(now: 3))
        w.watch(also: [dir.appendingPathComponent("other.txt")])
        XCTAssertEqual(w.files.map(\.lastPathComponent), ["s.yaml", "other.txt"])
        try write("other.txt", "y")
        XCTAssertFalse(w.poll(now: 4))
        XCTAssertTrue(w.poll(now: 4.1))
        // A longer settle time, set by the session's owner.
        w.settle = 0.5
        try write("s.yaml", "a: 3\n")
        XCTAssertFalse(w.poll(now: 5)); XCTAssertFalse(w.poll(now: 5.4))
        XCTAssertTrue(w.poll(now: 5.5))
        // A file in another folder is watched through that folder.
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try write("sub/x.png", "p")
        w.watch(also: [sub.appendingPathComponent("x.png")])
        try write("sub/x.png", "q")
        XCTAssertFalse(w.poll(now: 6))
        XCTAssertTrue(w.poll(now: 7))
    }

    func testTheSessionCountsReloadsAndFailuresAndFiresTimersAsItPolls() throws {
        try write("s.yaml", "layers: [{name: a}]\ninteractions:\n  - {on: {timer: 1}, set: [{layer: a, cornerRadius: 4}]}\n")
        let s = try SceneSession(url: dir.appendingPathComponent("s.yaml"))
        XCTAssertEqual(s.settle, 0.08)
        s.settle = 0.2
        XCTAssertEqual(s.settle, 0.2)
        XCTAssertEqual(s.poll(now: 0.5), .unchanged)
        XCTAssertEqual(s.scene.layers["a"]!.cornerRadius, 0)
        XCTAssertEqual(s.poll(now: 1), .unchanged)
        XCTAssertEqual(s.scene.layers["a"]!.cornerRadius, 4, "polling fires the timers")
        XCTAssertEqual(s.reloads, 0); XCTAssertEqual(s.failures, 0); XCTAssertNil(s.error)
        XCTAssertEqual(s.reload(), .reloaded)
        XCTAssertEqual(s.reloads, 1)
        try write("s.yaml", "layers: [{name: a}, {name: a}]\n")
        guard case .failed(let text) = s.reload() else { return XCTFail("expected a failure") }
        XCTAssertTrue(text.hasSuffix("s.yaml:1:28: a layer named \"a\" already exists"), text)
        XCTAssertEqual(s.error, text)
        XCTAssertEqual(s.failures, 1); XCTAssertEqual(s.reloads, 1)
        XCTAssertEqual(s.reload(), .failed(text))
        XCTAssertEqual(s.failures, 2)
        try write("s.yaml", "layers: [{name: b}]\n")
        XCTAssertEqual(s.poll(now: 2), .unchanged)
        XCTAssertEqual(s.poll(now: 2.1), .unchanged, "not settled (0.2 s)")
        XCTAssertEqual(s.poll(now: 2.2), .reloaded)
        XCTAssertNil(s.error)
        XCTAssertEqual(s.reloads, 2); XCTAssertEqual(s.failures, 2)
        XCTAssertNotNil(s.scene.layers["b"])
        XCTAssertTrue(throwsSceneError { _ = try SceneSession(url: self.dir.appendingPathComponent("missing.yaml")) })
    }

    func throwsSceneError(_ body: () throws -> Void) -> Bool {
        do { try body(); return false } catch { return error is SceneError }
    }

    /// The images a scene reads are watched, and after a reload the new scene's images are.
    func testTheAssetsOfTheCurrentSceneAreWatched() throws {
        try png("one.png", width: 3)
        try png("two.png", width: 5)
        try write("s.yaml", "layers: [{name: p, contents: one.png}]\n")
        let s = try SceneSession(url: dir.appendingPathComponent("s.yaml"))
        XCTAssertEqual(s.scene.assets.map(\.lastPathComponent), ["one.png"])
        try png("one.png", width: 4)
        XCTAssertEqual(s.poll(now: 0), .unchanged)
        XCTAssertEqual(s.poll(now: 1), .reloaded, "an image the scene reads changed")
        XCTAssertEqual((s.scene.layers["p"]?.contents as? CGImage)?.width, 4)
        try write("s.yaml", "layers: [{name: p, contents: two.png}]\n")
        XCTAssertEqual(s.poll(now: 2), .unchanged)
        XCTAssertEqual(s.poll(now: 3), .reloaded)
        XCTAssertEqual(s.scene.assets.map(\.lastPathComponent), ["two.png"])
        try png("two.png", width: 6)
        XCTAssertEqual(s.poll(now: 4), .unchanged)
        XCTAssertEqual(s.poll(now: 5), .reloaded, "the new scene's image is watched")
        XCTAssertEqual((s.scene.layers["p"]?.contents as? CGImage)?.width, 6)
    }
}
