import XCTest
import LaminaWindow

/// A window of the package's own, on SDL's offscreen video driver: it shows the package's layer
/// tree and a synthetic click reaches the app thread and hits the package's layer.
final class WindowTests: XCTestCase {
    func testOwnWindowReceivesAClickThatHitsItsLayer() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let window = try LayerWindow(title: "dependent", size: CGSize(width: 240, height: 160))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let target = CALayer()
        target.name = "target"
        target.frame = CGRect(x: 100, y: 60, width: 80, height: 50)
        target.backgroundColor = CGColor(srgbRed: 1, green: 0.4, blue: 0, alpha: 1)
        root.addSublayer(target)
        window.rootLayer = root
        window.virtualTime = true
        var clicked = false
        var hitName: String?
        window.onFrame = { _ in
            if !clicked { clicked = true; window.simulate(.mouseDown(CGPoint(x: 140, y: 85), button: 1)) }
        }
        window.onEvent = { event in
            if case .mouseDown(let p, _) = event {
                hitName = window.hitTest(p)?.name
                window.stop()
            }
        }
        window.run(frames: 600)
        XCTAssertEqual(hitName, "target")
        XCTAssertGreaterThan(window.frameCount, 0)
    }
}
