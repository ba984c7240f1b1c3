import XCTest
import Foundation
import CoreGraphics
@_spi(LaminaInternal) @testable import QuartzCore
import LaminaRandom
import Compositor

/// A renderer drawing into memory a host owns (`CARenderer.drawTarget`), two buffers taking turns
/// as a window's two shared images do, each frame redrawing what changed plus what its buffer holds
/// older than the frame before (the target's `stale` region): every frame is byte for byte the frame of a renderer
/// drawing into its own pixels, on seeded random scenes of rounded, bordered, shadowed layers that
/// move, resize and come and go, on 1 and 2 threads, over a transparent and an opaque background.
final class DrawTargetTests: XCTestCase {
    func testFramesDrawnIntoTwoBuffersInTurnMatchTheRenderersOwn() {
        for seed: UInt64 in [1, 2, 3] {
            for threads in [1, 2] {
                for background in [nil, CGColor(red: 0.9, green: 0.88, blue: 0.85, alpha: 1)] as [CGColor?] {
                    let differing = compare(seed: seed, threads: threads, background: background, frames: 24)
                    XCTAssertEqual(differing, [], "seed \(seed), \(threads) threads, background \(background != nil): frames that differ")
                }
            }
        }
    }

    /// Going back from the host's buffers to the renderer's own after `addUpdate(bounds)` draws the
    /// renderer's pixels whole: the frame is the reference's.
    func testGoingBackToTheOwnPixelsAfterAWholeUpdateMatches() {
        let (root, layers) = scene(seed: 9)
        let size = root.bounds.size
        let r = CARenderer(size: size, scale: 2), reference = CARenderer(size: size, scale: 2)
        for x in [r, reference] { x.layer = root; x.threads = 2 }
        let (w, h) = r.pixelSize
        let target = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
        target.initialize(repeating: 0, count: w * h)
        defer { target.deallocate() }
        var rng = SplitMix64(seed: 10)
        for frame in 0..<6 {
            move(layers, &rng)
            let inPlace = frame < 3
            r.drawTarget = inPlace ? (target, w, h, frame == 0 ? IntRect(x: 0, y: 0, width: w, height: h) : .empty) : nil
            if frame == 3 { r.addUpdate(r.bounds) }
            draw(r); draw(reference)
            let got = inPlace ? Array(UnsafeBufferPointer(start: target, count: w * h)) : r.pixelBuffer.pixels
            XCTAssertEqual(got, reference.pixelBuffer.pixels, "frame \(frame)")
        }
    }

    /// A small card over a clear background, the whole frame redrawn each time into two buffers in
    /// turn: once each buffer has been drawn whole, a frame clears only where the card was and is in
    /// that buffer (as the renderer's own pixels are cleared), and every frame is the reference's.
    func testEachBufferIsClearedOnlyWhereItWasDrawn() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 140)
        root.position = CGPoint(x: 100, y: 70)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 30, height: 20)
        card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        root.addSublayer(card)
        CATransaction.flush()
        let r = CARenderer(size: root.bounds.size, scale: 2), reference = CARenderer(size: root.bounds.size, scale: 2)
        for x in [r, reference] { x.layer = root }
        let (w, h) = r.pixelSize
        let whole = IntRect(x: 0, y: 0, width: w, height: h)
        let buffers = (0..<2).map { k -> UnsafeMutablePointer<UInt32> in
            let b = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
            b.initialize(repeating: 0x1234_5678 &* UInt32(k + 1), count: w * h)
            return b
        }
        defer { for b in buffers { b.deallocate() } }
        for f in 0..<8 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            card.position.x += 7
            CATransaction.commit()
            CATransaction.flush()
            // The first use of each buffer: all of it stale (garbage).
            r.drawTarget = (buffers[f % 2], w, h, f < 2 ? whole : .empty)
            r.addUpdate(r.bounds)
            reference.addUpdate(reference.bounds)
            draw(r)
            draw(reference)
            let got = Array(UnsafeBufferPointer(start: buffers[f % 2], count: w * h)), expected = reference.pixelBuffer.pixels
            XCTAssertTrue(got == expected, "frame \(f): \(zip(got, expected).filter { $0 != $1 }.count) of \(w * h) pixels differ")
            if f >= 2 {
                // The card's box two frames ago and now (60 x 40 pixels each, 28 apart): at most
                // 88 x 40, far from the 400 x 280 of the frame.
                XCTAssertLessThanOrEqual(r.clearedArea, 100 * 50, "frame \(f): cleared \(r.clearedArea) of \(w * h) pixels")
            }
        }
    }

    /// Draws `frames` frames of a random scene with a renderer drawing into two buffers in turn
    /// and with a reference; returns the frames that differ.
    private func compare(seed: UInt64, threads: Int, background: CGColor?, frames: Int) -> [Int] {
        let (root, layers) = scene(seed: seed)
        let size = root.bounds.size
        let r = CARenderer(size: size, scale: 2), reference = CARenderer(size: size, scale: 2)
        for x in [r, reference] { x.layer = root; x.threads = threads; x.backgroundColor = background }
        let (w, h) = r.pixelSize
        let frame = IntRect(x: 0, y: 0, width: w, height: h)
        // The host's two buffers: garbage at first, so all of each is older than any frame.
        var buffers: [UnsafeMutablePointer<UInt32>] = []
        var stale = [frame, frame]
        for k in 0..<2 {
            let b = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
            b.initialize(repeating: 0x1234_5678 &* UInt32(k + 1), count: w * h)
            buffers.append(b)
        }
        defer { for b in buffers { b.deallocate() } }
        var rng = SplitMix64(seed: seed &+ 100)
        var differing: [Int] = []
        for f in 0..<frames {
            if f > 0 { move(layers, &rng) }
            let k = f % 2
            r.drawTarget = (buffers[k], w, h, stale[k])
            draw(r)
            draw(reference)
            // As the presenter does: this buffer is the frame now; the other is older where it changed.
            XCTAssertEqual(r.damageRect, reference.damageRect, "frame \(f): the damage is what changed, not the stale part")
            stale[k] = .empty
            stale[1 - k] = stale[1 - k].union(r.damageRect)
            if Array(UnsafeBufferPointer(start: buffers[k], count: w * h)) != reference.pixelBuffer.pixels { differing.append(f) }
        }
        return differing
    }

    private func draw(_ r: CARenderer) {
        r.beginFrame(atTime: CACurrentMediaTime())
        r.render()
        r.endFrame()
    }

    /// A root of 200 x 140 points with a dozen rounded, bordered cards, some with shadows and a sublayer.
    private func scene(seed: UInt64) -> (CALayer, [CALayer]) {
        var rng = SplitMix64(seed: seed)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 140)
        root.position = CGPoint(x: 100, y: 70)
        var layers: [CALayer] = []
        for _ in 0..<12 {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: rng.double(10, 50), height: rng.double(10, 40))
            card.position = CGPoint(x: rng.double(0, 200), y: rng.double(0, 140))
            card.backgroundColor = CGColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.chance(0.7) ? 1 : rng.double(0.3, 0.9))
            card.cornerRadius = rng.double(0, 10)
            if rng.chance(0.5) { card.borderWidth = rng.double(0.5, 3); card.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8) }
            if rng.chance(0.6) {
                card.shadowOpacity = Float(rng.double(0.2, 0.8))
                card.shadowRadius = rng.double(1, 8)
                card.shadowOffset = CGSize(width: 0, height: rng.double(0, 5))
            }
            if rng.chance(0.4) {
                let dot = CALayer()
                dot.frame = CGRect(x: 2, y: 2, width: 6, height: 6)
                dot.cornerRadius = 3
                dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                card.addSublayer(dot)
            }
            root.addSublayer(card)
            layers.append(card)
        }
        CATransaction.flush()
        return (root, layers)
    }

    /// Moves a few cards a little, sometimes one far, resizes or hides one.
    private func move(_ layers: [CALayer], _ rng: inout SplitMix64) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for _ in 0..<rng.int(1...4) {
            let l = rng.pick(layers)
            switch rng.below(4) {
            case 0: l.position = CGPoint(x: rng.double(0, 200), y: rng.double(0, 140))
            case 1: l.bounds.size.width = rng.double(10, 50)
            case 2: l.isHidden.toggle()
            default: l.position.x += rng.double(-3, 3); l.position.y += rng.double(-3, 3)
            }
        }
        CATransaction.commit()
        CATransaction.flush()
    }
}
