import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The tiled-zoom demo: a click zooms in 2× keeping the map point under the pointer where it was
/// (worked out from the map's frame before the click), the fifth click goes back to the whole map
/// centred; the map's tiles come in and show (the centre pixel is the map's, not the background).
final class TiledZoomDemoTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil }

    func testClicksZoomAboutThePointerThenBackOut() {
        CAMediaClock.manualTime = 50
        let size = CGSize(width: 240, height: 160)
        let demo = TiledZoomDemo(size: size)
        demo.root.position = CGPoint(x: 120, y: 80)
        CATransaction.flush()
        // Fitted: 160/2048 points on screen per map point, centred: map point 1024 at (120, 80).
        let fit = 160.0 / 2048
        let click = CGPoint(x: 150, y: 50)
        let under = CGPoint(x: 1024 + (150 - 120) / fit, y: 1024 + (50 - 80) / fit)
        demo.handle(.mouseDown(click))
        CATransaction.flush()
        XCTAssertEqual(demo.zoom, 2)
        CAMediaClock.manualTime = 51
        let p = demo.root.convert(under, from: demo.map)
        XCTAssertEqual(p.x, click.x, accuracy: 1e-6)
        XCTAssertEqual(p.y, click.y, accuracy: 1e-6)
        XCTAssertEqual(demo.map.transform.m11, 2 * fit, accuracy: 1e-12)
        for _ in 0..<3 { demo.handle(.mouseDown(CGPoint(x: 120, y: 80))); CATransaction.flush() }
        XCTAssertEqual(demo.zoom, 16)
        demo.handle(.mouseDown(CGPoint(x: 10, y: 10)))
        CATransaction.flush()
        XCTAssertEqual(demo.zoom, 1)
        let centre = demo.root.convert(CGPoint(x: 1024, y: 1024), from: demo.map)
        XCTAssertEqual(centre.x, 120, accuracy: 1e-6)
        XCTAssertEqual(centre.y, 80, accuracy: 1e-6)

        // Rendered: after the animations end, the tiles of the visible map come in and show.
        let r = CARenderer(size: size)
        r.layer = demo.root
        for t in [53.0, 53.0, 54.0] {
            r.beginFrame(atTime: t); r.render(); r.endFrame()
            CATiledLayer.waitForPendingTiles()
        }
        let px = r.makeImage().premultipliedARGB[80 * 240 + 120]
        XCTAssertEqual(px >> 24, 255)
        XCTAssertNotEqual(px & 0xFF_FFFF, 0, "the map, not an empty frame")
        XCTAssertEqual(r.nextFrameTime(), .infinity, "all tiles drawn and faded: the window may sleep")
    }
}
