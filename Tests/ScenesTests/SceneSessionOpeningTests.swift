import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// `SceneSession(opening:)`: a file that does not load still opens (an empty scene of the
/// placeholder size and the located error) and the first good save replaces it.
final class SceneSessionOpeningTests: XCTestCase {
    func testABadFirstLoadWaitsForAGoodSave() throws {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-opening-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.yaml")
        try "window: {size: [300, 200]}\nlayers:\n  - name: a\n    frame: [0, 0, 10\n".write(to: file, atomically: false, encoding: .utf8)
        let s = SceneSession(opening: file, placeholderSize: CGSize(width: 320, height: 240))
        XCTAssertNotNil(s.error)
        XCTAssertTrue(s.error?.contains("s.yaml:") == true, s.error ?? "")
        XCTAssertEqual(s.scene.size, CGSize(width: 320, height: 240))
        XCTAssertEqual(s.scene.order, [])
        try "window: {size: [300, 200]}\nlayers:\n  - name: a\n    frame: [0, 0, 10, 10]\n".write(to: file, atomically: false, encoding: .utf8)
        var outcome = SceneSession.Outcome.unchanged
        var t = 0.0
        for _ in 0..<60 where outcome == .unchanged {
            t += 1.0 / 60
            CAMediaClock.manualTime = t
            outcome = s.poll(now: t)
        }
        XCTAssertEqual(outcome, .reloaded)
        XCTAssertNil(s.error)
        XCTAssertEqual(s.scene.size, CGSize(width: 300, height: 200))
        XCTAssertEqual(s.scene.order, ["a"])
    }
}
