import XCTest
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
@testable import SDLHost

/// The inspection overlays on SDL's offscreen driver, virtual time 0.25 s a frame from 50. Keys
/// simulated before `run` are handled in the app's turn on frame 1; what that turn adds to the
/// overlays is drawn from frame 2 on. Expected pixels are premultiplied source-over by hand.
final class InspectionOverlayTests: OffscreenClockTestCase {
    private func makeHost() throws -> (WindowHost, CALayer) {
        let host = try WindowHost(title: "inspect", size: CGSize(width: 100, height: 80))
        host.virtualTime = true
        host.virtualFramePeriod = 0.25
        host.keepsLastFrame = true
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        host.layer = root
        return (host, root)
    }

    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> (a: Int, r: Int, g: Int, b: Int) {
        let p = image.premultipliedARGB[y * image.width + x]
        return (Int(p >> 24), Int((p >> 16) & 255), Int((p >> 8) & 255), Int(p & 255))
    }

    /// A 10-point box moves along the top (centre x 5 → 95 in 1 s, linear): frame 2 (t 50.5) moves
    /// it from centre 27.5 to 50, so the damage spans about x 22…55, y 0…10. Frame 3 shows it tinted
    /// magenta (alpha 0.35: 89, 89, 0, 89); below the box's band and ahead of it nothing is tinted,
    /// and the scene's own frame is untouched (black).
    func testFlashUpdatedRegionsTintsTheDamage() throws {
        let (host, root) = try makeHost()
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        box.position = CGPoint(x: 95, y: 5)
        box.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5; move.toValue = 95; move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        box.add(move, forKey: "move")
        root.addSublayer(box)
        host.simulate(.key(WindowHost.Keys.inspection))
        host.run(frames: 3)
        XCTAssertEqual(host.inspection, .flashUpdates)
        let overlays = try XCTUnwrap(host.lastOverlayFrame)
        let tint = pixel(overlays, 40, 5)
        XCTAssertEqual(tint.a, 89, accuracy: 1); XCTAssertEqual(tint.r, 89, accuracy: 1)
        XCTAssertEqual(tint.g, 0); XCTAssertEqual(tint.b, 89, accuracy: 1)
        XCTAssertEqual(pixel(overlays, 40, 40).a, 0, "below the box's band")
        XCTAssertEqual(pixel(overlays, 80, 5).a, 0, "where the box has not been yet")
        let scene = try XCTUnwrap(host.lastFrame)
        XCTAssertTrue(scene.premultipliedARGB[40 * 100 ..< 41 * 100].allSatisfy { $0 == 0xFF00_0000 }, "the scene has no tint")
    }

    /// The root is opaque (green, alpha 0.25: 64 and 0, 64, 0). A translucent layer at (10, 10)
    /// blends (red 0.35 over the green: alpha 0.35 + 0.25 × 0.65 = 0.5125 → 131, red 89, green
    /// 0.25 × 0.65 × 255 = 41); a masked one at (60, 10) renders offscreen (yellow (1, 0.85, 0) at
    /// 0.45 over the green: alpha 0.5875 → 150, red 115, green 0.85 × 0.45 × 255 + 0.25 × 0.55 ×
    /// 255 = 133).
    func testColourLayersTintsOpaqueBlendedAndOffscreenLayers() throws {
        let (host, root) = try makeHost()
        let translucent = CALayer()
        translucent.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        translucent.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.5)
        let masked = CALayer()
        masked.frame = CGRect(x: 60, y: 10, width: 20, height: 20)
        masked.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let mask = CALayer()
        mask.frame = masked.bounds
        mask.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        masked.mask = mask
        root.addSublayer(translucent)
        root.addSublayer(masked)
        host.simulate(.key(WindowHost.Keys.inspection))
        host.simulate(.key(WindowHost.Keys.inspection))
        host.run(frames: 3)
        XCTAssertEqual(host.inspection, .colourLayers)
        let o = try XCTUnwrap(host.lastOverlayFrame)
        let opaque = pixel(o, 50, 60), blended = pixel(o, 20, 20), offscreen = pixel(o, 70, 20)
        XCTAssertEqual(opaque.a, 64, accuracy: 1); XCTAssertEqual(opaque.g, 64, accuracy: 1); XCTAssertEqual(opaque.r, 0)
        XCTAssertEqual(blended.a, 131, accuracy: 2); XCTAssertEqual(blended.r, 89, accuracy: 2); XCTAssertEqual(blended.g, 41, accuracy: 2)
        XCTAssertEqual(offscreen.a, 150, accuracy: 2); XCTAssertEqual(offscreen.r, 115, accuracy: 2); XCTAssertEqual(offscreen.g, 133, accuracy: 2)
        XCTAssertEqual(offscreen.b, 0)
    }

    /// The colour overlay is placed for the frame that will show it: asked at media time 50.5 for
    /// the next frame at 50.75, a translucent 10-point box sliding (centre x 5 → 95 over 2 s from
    /// 50) is tinted at x 33.75…43.75 (where that frame draws it), not 22.5…32.5 (where it is
    /// now). Before, the tints were placed at the app turn's time, a frame behind the scene in a
    /// real-time window (under virtual time the turn already runs at the next frame's time).
    func testColourLayersArePlacedForTheNextFramesTime() throws {
        let (host, root) = try makeHost()
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        box.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 0.5)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5; move.toValue = 95; move.duration = 2
        move.beginTime = 50
        box.add(move, forKey: "move")
        root.addSublayer(box)
        CATransaction.flush()
        CAMediaClock.manualTime = 50.5
        host.inspection = .colourLayers
        host.updateInspection(nextFrameAt: 50.75)
        let tints = (host.inspectionRoot.sublayers ?? []).map(\.frame)
        XCTAssertTrue(tints.contains(CGRect(x: 33.75, y: 0, width: 10, height: 10)), "\(tints)")
        XCTAssertFalse(tints.contains(CGRect(x: 22.5, y: 0, width: 10, height: 10)), "\(tints)")
    }

    /// The inspector outlines the layer under the pointer and lists its animated key path's model
    /// and presentation values: a 1 s linear fade 0 → 1 begun at 50, read at frame 3's turn (media
    /// time 50.75), shows opacity model 1, now 0.75.
    func testTheInspectorShowsTheLayerUnderThePointer() throws {
        let (host, root) = try makeHost()
        let box = CALayer()
        box.name = "box"
        box.frame = CGRect(x: 20, y: 30, width: 40, height: 20)
        box.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        box.add(fade, forKey: "fade")
        root.addSublayer(box)
        host.simulate(.key(WindowHost.Keys.inspector))
        host.simulate(.mouseMoved(CGPoint(x: 30, y: 40), dragging: false))
        host.run(frames: 3)
        XCTAssertTrue(host.inspectsLayers)
        let text = try XCTUnwrap(host.inspectorPanel.string as? String)
        XCTAssertEqual(text, "\"box\"  CALayer\nframe 20.0, 30.0  40.0 × 20.0\nopacity: model 1  now 0.75")
        XCTAssertEqual(host.inspectorOutline.frame, CGRect(x: 20, y: 30, width: 40, height: 20))
        XCTAssertFalse(host.inspectorOutline.isHidden)
    }
}
