import XCTest
import QuartzCore
import Scenes

/// A scene file loaded from code and evaluated on virtual time.
final class SceneTests: XCTestCase {
    func testSceneFileLoadsAndEvaluates() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dependent-\(getpid()).yaml")
        try """
        window:
          size: [400, 300]
        layers:
          - name: box
            bounds: [0, 0, 40, 40]
            position: [100, 150]
            backgroundColor: "#3080ff"
        animations:
          - layer: box
            keyPath: position.x
            from: 100
            to: 300
            duration: 2
        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let scheduler = FrameScheduler(clock: .virtual, start: 0)
        defer { CAMediaClock.manualTime = nil }
        let scene = try Scene.load(contentsOf: file)
        XCTAssertEqual(scene.size, CGSize(width: 400, height: 300))
        // The scene's animations begin when they are committed (beginTime 0, as on Apple): the
        // frame at t = 0 commits them, the one at 0.5 s shows them a quarter of the way.
        try scheduler.frame(at: 0)
        try scheduler.frame(at: 0.5)
        // Linear timing (the default): a quarter of the way from 100 to 300 at t = 0.5 s of 2 s.
        let x = try XCTUnwrap(scene.layers["box"]?.presentation()?.position.x)
        XCTAssertEqual(x, 150, accuracy: 1e-9)
        // A located error for a scene that is wrong.
        XCTAssertThrowsError(try Scene.parse("window:\n  size: [400, 300]\nlayers:\n  - name: a\n    opacity: high\n")) { error in
            XCTAssertTrue("\(error)".hasPrefix("<string>:5:"), "\(error)")
        }
    }
}
