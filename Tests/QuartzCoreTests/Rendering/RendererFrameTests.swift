import XCTest
@testable import QuartzCore

/// CARenderer's frame cycle: what each frame redraws (updateBounds, addUpdate), the target's size,
/// its pixels, and when the next frame is due (nextFrameTime). Times are virtual.
final class RendererFrameTests: LaminaTestCase {
    /// A 40 × 30 root with an opaque red background, placed at the renderer's origin.
    private func redRoot() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        root.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        return root
    }

    private func frame(_ r: CARenderer, at t: CFTimeInterval, _ between: () -> Void = {}) -> CGRect {
        r.beginFrame(atTime: t)
        between()
        let u = r.updateBounds()
        r.render()
        r.endFrame()
        return u
    }

    func testTheFirstFrameRedrawsEverythingAndAnIdleFrameNothing() {
        let r = CARenderer(size: CGSize(width: 40, height: 30))
        r.layer = redRoot()
        XCTAssertEqual(frame(r, at: t0), CGRect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertEqual(frame(r, at: t0 + 1), .null)
        XCTAssertEqual(r.makeImage().pixel(x: 20, y: 15), 0xFFFF_0000)
    }

    func testAddUpdateBetweenFramesJoinsOnlyTheNextFrame() {
        let r = CARenderer(size: CGSize(width: 40, height: 30))
        r.layer = redRoot()
        _ = frame(r, at: t0)
        // Fractional edges grow to whole pixels: x 5.5...9.5 covers pixels 5...9.
        r.addUpdate(CGRect(x: 5.5, y: 6, width: 4, height: 3))
        XCTAssertEqual(frame(r, at: t0), CGRect(x: 5, y: 6, width: 5, height: 3))
        XCTAssertEqual(frame(r, at: t0), .null, "an update is redrawn once")
        // Two updates join; one sticking out of the target is cut to it.
        r.addUpdate(CGRect(x: 1, y: 1, width: 2, height: 2))
        r.addUpdate(CGRect(x: 30, y: 20, width: 20, height: 20))
        XCTAssertEqual(frame(r, at: t0), CGRect(x: 1, y: 1, width: 39, height: 29))
        // Not finite: ignored.
        r.addUpdate(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        r.addUpdate(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        XCTAssertEqual(frame(r, at: t0), .null)
    }

    func testAddUpdateDuringAFrameJoinsThatFrame() {
        let r = CARenderer(size: CGSize(width: 40, height: 30))
        r.layer = redRoot()
        _ = frame(r, at: t0)
        XCTAssertEqual(frame(r, at: t0) { r.addUpdate(CGRect(x: -5, y: 2, width: 10, height: 4)) }, CGRect(x: 0, y: 2, width: 5, height: 4))
        XCTAssertEqual(frame(r, at: t0), .null)
    }

    func testUpdatesAreInTheRenderersBoundsAndScale() {
        let r = CARenderer(size: CGSize(width: 40, height: 30), scale: 2)
        r.bounds = CGRect(x: 10, y: 20, width: 40, height: 30)
        r.layer = redRoot()
        XCTAssertEqual(r.pixelSize.width, 80); XCTAssertEqual(r.pixelSize.height, 60)
        XCTAssertEqual(frame(r, at: t0), CGRect(x: 10, y: 20, width: 40, height: 30))
        // (15.3, 25.3) is pixel (10.6, 10.6) from the target's corner: pixels 10...12 in each direction.
        r.addUpdate(CGRect(x: 15.3, y: 25.3, width: 1, height: 1))
        XCTAssertEqual(frame(r, at: t0), CGRect(x: 15, y: 25, width: 1.5, height: 1.5))
        // The root covers 0...40 × 0...30 of the parent space; the target shows 10...50 × 20...50.
        let img = r.makeImage()
        XCTAssertEqual(img.width, 80); XCTAssertEqual(img.height, 60)
        XCTAssertEqual(img.pixel(x: 0, y: 0), 0xFFFF_0000)
        XCTAssertEqual(img.pixel(x: 59, y: 19), 0xFFFF_0000)
        XCTAssertEqual(img.pixel(x: 61, y: 0), 0, "x 40.5 is right of the root")
        XCTAssertEqual(img.pixel(x: 0, y: 21), 0, "y 30.5 is below the root")
    }

    func testPixelSizeRoundsAndRefusesBadSizes() {
        XCTAssertEqual(CARenderer(size: CGSize(width: 10.4, height: 10.6)).pixelSize.width, 10)
        XCTAssertEqual(CARenderer(size: CGSize(width: 10.4, height: 10.6)).pixelSize.height, 11)
        let s = CARenderer(size: CGSize(width: 10.4, height: 10.6), scale: 2.5)
        XCTAssertEqual(s.pixelSize.width, 26); XCTAssertEqual(s.pixelSize.height, 27)
        for bad: CGFloat in [0, -2, .nan, .infinity] {
            XCTAssertEqual(CARenderer(size: CGSize(width: 10, height: 10), scale: bad).scale, 1, "scale \(bad)")
        }
        for bad: CGFloat in [0, .nan, .infinity] {
            XCTAssertEqual(CARenderer(size: CGSize(width: bad, height: 10)).pixelSize.width, 0, "width \(bad)")
        }
        XCTAssertEqual(CARenderer(size: CGSize(width: 1e6, height: 10)).pixelSize.width, 16384)
    }

    func testChangingTheBackgroundRedrawsEverything() {
        let r = CARenderer(size: CGSize(width: 40, height: 30))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        r.layer = root
        _ = frame(r, at: t0)
        XCTAssertEqual(r.makeImage().pixel(x: 20, y: 20), 0)
        r.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        XCTAssertEqual(frame(r, at: t0), CGRect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertEqual(r.makeImage().pixel(x: 20, y: 20), 0xFF00_00FF)
        XCTAssertEqual(frame(r, at: t0), .null)
    }

    func testMovingALayerRedrawsWhereItWasAndWhereItIs() {
        let r = CARenderer(size: CGSize(width: 40, height: 30))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        let box = CALayer()
        box.frame = CGRect(x: 2, y: 3, width: 4, height: 5)
        box.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.addSublayer(box)
        CATransaction.flush()
        r.layer = root
        _ = frame(r, at: t0)
        CATransaction.setDisableActions(true)
        box.position = CGPoint(x: 24, y: 15.5)
        CATransaction.flush()
        // Old: 2...6 × 3...8; new: 22...26 × 13...18. Both are redrawn, with at most a pixel
        // around them for anti-aliased edges, and nothing else.
        let u = frame(r, at: t0)
        XCTAssertTrue(u.contains(CGRect(x: 2, y: 3, width: 24, height: 15)), "\(u)")
        XCTAssertTrue(CGRect(x: 1, y: 2, width: 26, height: 17).contains(u), "\(u)")
        XCTAssertEqual(r.makeImage().pixel(x: 3, y: 4), 0)
        XCTAssertEqual(r.makeImage().pixel(x: 23, y: 14), 0xFF00_0000)
    }

    // MARK: nextFrameTime

    func testNextFrameTimeFollowsTheAnimations() {
        let r = CARenderer(size: CGSize(width: 40, height: 30))
        XCTAssertEqual(r.nextFrameTime(), .infinity, "no frame yet")
        let root = redRoot()
        r.layer = root
        _ = frame(r, at: t0)
        XCTAssertEqual(r.nextFrameTime(), .infinity, "nothing animates")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 2
        fade.beginTime = t0 + 3
        root.add(fade, forKey: "fade")
        CATransaction.flush()
        _ = frame(r, at: t0 + 1)
        XCTAssertEqual(r.nextFrameTime(), t0 + 3, "waiting: the start")
        _ = frame(r, at: t0 + 4)
        XCTAssertEqual(r.nextFrameTime(), t0 + 4, "running: now")
        _ = frame(r, at: t0 + 6)
        XCTAssertEqual(r.nextFrameTime(), .infinity, "finished")
    }

    func testNextFrameTimeInALayersOwnTime() {
        let r = CARenderer(size: CGSize(width: 40, height: 30))
        let root = redRoot()
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        child.speed = 2
        root.addSublayer(child)
        CATransaction.flush()
        // The child's time runs twice as fast: its local time at media time t is 2t.
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 2
        fade.beginTime = 2 * (t0 + 3)
        child.add(fade, forKey: "fade")
        CATransaction.flush()
        r.layer = root
        _ = frame(r, at: t0)
        XCTAssertEqual(r.nextFrameTime(), t0 + 3, accuracy: 1e-9, "its start, 6 s of its time away, is 3 s of media time away")
        _ = frame(r, at: t0 + 3.5)
        XCTAssertEqual(r.nextFrameTime(), t0 + 3.5, "running")
        _ = frame(r, at: t0 + 4.5)
        XCTAssertEqual(r.nextFrameTime(), .infinity, "ended: 2 s of its time after its start is 1 s of media time")
        // Paused: nothing will change.
        let paused = CABasicAnimation(keyPath: "opacity")
        paused.fromValue = 0; paused.toValue = 1; paused.duration = 100
        child.add(paused, forKey: "paused")
        CATransaction.flush()
        child.speed = 0
        CATransaction.flush()
        _ = frame(r, at: t0 + 5)
        XCTAssertEqual(r.nextFrameTime(), .infinity)
    }
}
