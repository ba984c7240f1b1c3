import XCTest
import Foundation
import CoreGraphics
@_spi(LaminaInternal) @testable import QuartzCore
import Lottie

/// A renderer clears only the part of the frame that earlier frames drew (`CARenderer`'s
/// `clearsOnlyDrawnPixels`): every frame of corpus files, drawn whole and redrawing what changed,
/// over a transparent and an opaque background, is compared byte for byte with a renderer that
/// clears all it redraws.
final class FrameClearingTests: LottieTestCase {
    /// Files where little of the frame is drawn (the saving), and some where much moves.
    static let names = ["TwitterHeart.json", "Switch.json", "HamburgerArrow.json", "lottiefiles_fireworks.json",
                        "MotionCorpse_Jrcanest.json", "lottiefiles_loading_dots_1.json", "LottieLogo1_masked.json", "PinJump.json"]

    func testFramesClearedWhereDrawnMatchFramesClearedWhole() throws {
        var compared = 0
        var differing: [String] = []
        var saved = 0
        for name in Self.names {
            let url = IncrementalFrameTests.corpus.appendingPathComponent(name)
            for background in [nil, CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)] as [CGColor?] {
                for whole in [true, false] {
                    let r = try compare(url, background: background, whole: whole)
                    compared += r.frames
                    saved += r.saved
                    differing += r.differing.map { "\(name) bg \(background != nil) whole \(whole) @\($0)" }
                }
            }
        }
        XCTAssertGreaterThan(compared, 1000)
        XCTAssertGreaterThan(saved, 0, "some frame redrawn whole left pixels uncleared")
        XCTAssertEqual(differing, [], "frames that differ from those of a renderer clearing all it redraws")
    }

    /// What a frame drew outside a small changed region stays to be cleared later: a square drawn
    /// in the first frame, left alone while another one moves (small regions redrawn), then
    /// taken away, must be cleared then, as a renderer clearing all it redraws does.
    func testPixelsDrawnBeforeSmallRegionsAreClearedWhenTheyChange() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        let still = CALayer(), moving = CALayer()
        still.frame = CGRect(x: 5, y: 5, width: 12, height: 12)
        moving.frame = CGRect(x: 60, y: 60, width: 10, height: 10)
        still.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        moving.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(still)
        root.addSublayer(moving)
        CATransaction.flush()
        let fast = CARenderer(size: root.bounds.size), reference = CARenderer(size: root.bounds.size)
        reference.clearsOnlyDrawnPixels = false
        for r in [fast, reference] { r.layer = root }
        var changes: [() -> Void] = [{}]
        for k in 1...3 { changes.append { moving.position = CGPoint(x: 65 + CGFloat(k) * 3, y: 65) } }
        changes.append { still.backgroundColor = nil }
        changes.append { moving.position = CGPoint(x: 20, y: 70) }
        for (k, change) in changes.enumerated() {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            change()
            CATransaction.commit()
            CATransaction.flush()
            let t = CACurrentMediaTime()
            for r in [fast, reference] {
                r.beginFrame(atTime: t)
                r.render()
                r.endFrame()
            }
            if k > 0 { XCTAssertLessThan(fast.damageRect.width * fast.damageRect.height * 4, 100 * 100, "frame \(k) redraws a small region") }
            XCTAssertEqual(fast.pixelBuffer.pixels, reference.pixelBuffer.pixels, "frame \(k)")
        }
        // The square taken away is cleared: its pixels are transparent.
        XCTAssertEqual(fast.pixelBuffer.pixels[10 * 100 + 10], 0)
    }

    /// Draws every frame of `url` (up to 90) at 96 px with both renderers; `whole`: each frame is
    /// redrawn whole (else what changed). Returns the frames compared, those that differ and how
    /// many frames redrawn whole had a drawn box smaller than the frame.
    private func compare(_ url: URL, background: CGColor?, whole: Bool) throws -> (frames: Int, differing: [Int], saved: Int) {
        let animation = try LottieAnimation(contentsOf: url)
        let layer = LottieAnimationLayer(animation: animation)
        layer.loopMode = .loop
        layer.play()
        CATransaction.flush()
        let size = animation.size
        let scale = CGFloat(96) / max(size.width, size.height, 1)
        let fast = CARenderer(size: size, scale: scale), reference = CARenderer(size: size, scale: scale)
        reference.clearsOnlyDrawnPixels = false
        var saved = 0
        for r in [fast, reference] { r.layer = layer; r.backgroundColor = background }
        let frames = min(90, max(1, Int(Double(animation.endFrame - animation.startFrame).rounded(.up))))
        var differing: [Int] = []
        for k in 0..<frames {
            at(Double(k) / animation.framerate)
            let t = CACurrentMediaTime()
            for r in [fast, reference] {
                if whole { r.addUpdate(CGRect(origin: .zero, size: size)) }
                r.beginFrame(atTime: t)
                r.render()
                r.endFrame()
            }
            if whole, fast.clearedArea < fast.pixelBuffer.width * fast.pixelBuffer.height { saved += 1 }
            if fast.pixelBuffer.pixels != reference.pixelBuffer.pixels { differing.append(k) }
        }
        layer.stop()
        CATransaction.flush()
        return (frames, differing, saved)
    }
}
