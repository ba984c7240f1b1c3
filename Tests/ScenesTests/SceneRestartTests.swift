import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// The window's restart key in `lamina run` reloads the scene fresh: what interactions changed is
/// gone and the load-time animations start again at the restart, unlike a live reload, which keeps
/// both (`SceneReloadTests`).
final class SceneRestartTests: XCTestCase {
    func testAFreshReloadStartsTheSceneFromItsBeginning() throws {
        CAMediaClock.manualTime = 0
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lamina-restart-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { CAMediaClock.manualTime = nil; try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("restart.yaml")
        try """
        window: {size: [300, 200]}
        layers:
          - name: card
            frame: [10, 10, 60, 60]
            backgroundColor: "#3b82f6"
          - name: spinner
            frame: [200, 50, 50, 50]
            backgroundColor: "#f59e0b"
        animations:
          - {layer: spinner, keyPath: transform.rotation.z, from: 0, to: 6.283185, duration: 4, repeatCount: infinity}
        interactions:
          - on: {click: card}
            transaction: {duration: 1}
            set:
              - {layer: card, position: [150, 150]}
        """.write(to: file, atomically: false, encoding: .utf8)
        let s = try SceneSession(url: file)
        CATransaction.flush()
        XCTAssertEqual(s.scene.handle(.click(CGPoint(x: 40, y: 40))), 1)
        CATransaction.flush()
        CAMediaClock.manualTime = 1.5
        XCTAssertEqual(s.reload(fresh: true), .reloaded)
        CATransaction.flush()
        // The card is where the file puts it (frame 10, 10, 60, 60: position 40, 40), not where
        // the click moved it; the spinner starts again at 1.5: at 2 it has turned 0.5 / 4 of a turn.
        XCTAssertEqual(s.scene.layers["card"]!.position, CGPoint(x: 40, y: 40))
        CAMediaClock.manualTime = 2
        let t = try XCTUnwrap(s.scene.layers["spinner"]?.presentation()?.transform)
        var angle = atan2(Double(t.m12), Double(t.m11))
        if angle < 0 { angle += 2 * .pi }
        XCTAssertEqual(angle, 0.5 / 4 * 2 * .pi, accuracy: 1e-3)
    }
}
