import XCTest
import QuartzCore
@testable import SDLHost
@testable import LaminaWindow

/// The public window (`LaminaWindow`) on SDL's offscreen driver: input reaches the app thread with
/// hit tests on the layer tree, a close request ends `run()`, and no display is an error a program
/// can catch.
final class LayerWindowTests: XCTestCase {
    func testAClickHitsTheLayerAndCloseEndsTheRunOnTheAppThread() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        let window = try LayerWindow(title: "mine", size: CGSize(width: 200, height: 100))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let left = CALayer(), right = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        right.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
        root.addSublayer(left)
        root.addSublayer(right)
        window.rootLayer = root
        window.virtualTime = true
        window.recordsOnF5 = false
        let main = Thread.current
        var events: [WindowEvent] = [], hits: [CALayer?] = [], onMain = false, sent = false
        window.onFrame = { _ in
            guard !sent else { return }
            sent = true
            window.simulate(.mouseDown(CGPoint(x: 150, y: 50), button: 1))
            window.simulate(.mouseUp(CGPoint(x: 150, y: 50), button: 1))
            window.simulate(.key("A"))
            window.simulate(.mouseDown(CGPoint(x: 20, y: 20), button: 3))
            window.simulate(.close)
        }
        window.onEvent = { e in
            if Thread.current == main { onMain = true }
            events.append(e)
            if case .mouseDown(let p, _) = e { hits.append(window.hitTest(p)) }
        }
        defer { CAMediaClock.manualTime = nil }   // virtual time stays set after run(): back to the wall clock
        window.run(frames: 2000)
        XCTAssertEqual(events.filter { if case .mouseMoved = $0 { return false }; return true }, [
            .mouseDown(CGPoint(x: 150, y: 50), button: 1), .mouseUp(CGPoint(x: 150, y: 50), button: 1),
            .key("A"), .mouseDown(CGPoint(x: 20, y: 20), button: 3), .close,
        ])
        XCTAssertEqual(hits.count, 2)
        XCTAssertTrue(hits.first! === right, "the click at x = 150 hits the right half")
        XCTAssertTrue(hits.last! === left, "the click at x = 20 hits the left half")
        XCTAssertFalse(onMain, "events run on the app thread, not the thread that called run()")
        XCTAssertGreaterThan(window.frameCount, 0)
        XCTAssertLessThan(window.frameCount, 100, "the close request ended run() (not the 2000-refresh limit)")
    }

    func testWithoutADisplayInitThrowsNoDisplay() {
        let saved = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].map { ($0, ProcessInfo.processInfo.environment[$0]) }
        for (k, _) in saved { unsetenv(k) }
        defer { for (k, v) in saved { if let v { setenv(k, v, 1) } } }
        XCTAssertThrowsError(try LayerWindow(title: "none", size: CGSize(width: 10, height: 10))) { error in
            guard case LayerWindow.Error.noDisplay = error else { return XCTFail("\(error)") }
        }
    }

    func testHostEventsBecomeWindowEvents() {
        XCTAssertEqual(WindowEvent(.wheel(dx: 0, dy: 2)), .scroll(dx: 0, dy: 2))
        XCTAssertEqual(WindowEvent(.resize(CGSize(width: 300, height: 200))), .resize(CGSize(width: 300, height: 200)))
        XCTAssertEqual(WindowEvent(.swipe(.right)), .swipe(.right))
        XCTAssertEqual(WindowEvent(.quit), .close)
        XCTAssertEqual(WindowEvent.mouseDown(CGPoint(x: 1, y: 2), button: 1).location, CGPoint(x: 1, y: 2))
        XCTAssertNil(WindowEvent.key("A").location)
    }
}
