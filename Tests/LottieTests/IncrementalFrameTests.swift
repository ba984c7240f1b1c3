import XCTest
import Foundation
import CoreGraphics
@_spi(LaminaInternal) @testable import QuartzCore
import Lottie

/// What one renderer keeps from frame to frame (presented states reset in place, subtrees under
/// layers that draw nothing left out, the region redrawn) must not change a pixel: frames drawn one
/// after another by one renderer, redrawing only what changed, are compared byte for byte with
/// frames drawn by a fresh renderer that evaluates every layer and draws the whole frame.
final class IncrementalFrameTests: LottieTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PublicCorpus")

    /// The corpus's files, sorted, in four parts (a test each, so that none runs for long).
    static func files(part: Int) throws -> [URL] {
        let all = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(all.count, 38)
        return all.indices.filter { $0 % 4 == part }.map { corpus.appendingPathComponent(all[$0]) }
    }

    func testCorpusFramesDrawnIncrementallyMatchFreshFramesPart1() throws { try checkCorpus(part: 0) }
    func testCorpusFramesDrawnIncrementallyMatchFreshFramesPart2() throws { try checkCorpus(part: 1) }
    func testCorpusFramesDrawnIncrementallyMatchFreshFramesPart3() throws { try checkCorpus(part: 2) }
    func testCorpusFramesDrawnIncrementallyMatchFreshFramesPart4() throws { try checkCorpus(part: 3) }

    private func checkCorpus(part: Int) throws {
        var differing: [String] = []
        var compared = 0
        for url in try Self.files(part: part) {
            let (n, bad) = try compareFrames(url)
            compared += n
            differing += bad
        }
        XCTAssertGreaterThan(compared, 0)
        XCTAssertEqual(differing, [], "frames that differ from a fresh, unpruned render")
    }

    /// Plays `url` at `side` px and draws pairs of successive frames at `positions` places spread
    /// over it with one renderer; each frame is compared with a fresh renderer's. Returns the
    /// number of frames compared and the names of those that differ.
    private func compareFrames(_ url: URL, side: Int = 128, positions: Int = 12) throws -> (Int, [String]) {
        let animation = try LottieAnimation(contentsOf: url)
        let layer = LottieAnimationLayer(animation: animation)
        layer.loopMode = .loop
        layer.play()
        CATransaction.flush()
        let size = animation.size
        let scale = CGFloat(side) / max(size.width, size.height, 1)
        let kept = CARenderer(size: size, scale: scale)
        kept.layer = layer
        let frames = max(1, Int(Double(animation.endFrame - animation.startFrame).rounded(.up)))
        let step = max(1, frames / positions)
        var compared = 0
        var differing: [String] = []
        for start in stride(from: 0, to: frames, by: step) {
            for k in [start, start + 1] where k < frames {
                at(Double(k) / animation.framerate)
                let t = CACurrentMediaTime()
                kept.beginFrame(atTime: t)
                kept.render()
                kept.endFrame()
                let fresh = CARenderer(size: size, scale: scale)
                fresh.prunesInvisibleSubtrees = false
                fresh.layer = layer
                fresh.beginFrame(atTime: t)
                fresh.render()
                fresh.endFrame()
                compared += 1
                XCTAssertEqual(fresh.damageRect.width * fresh.damageRect.height, fresh.pixelBuffer.width * fresh.pixelBuffer.height)
                if kept.pixelBuffer.pixels != fresh.pixelBuffer.pixels { differing.append("\(url.lastPathComponent)@\(k)") }
            }
        }
        layer.stop()
        CATransaction.flush()
        return (compared, differing)
    }

    // MARK: Changes the renderer must not skip

    /// A shape three levels down whose colour changes while nothing above it does; then while a
    /// layer above draws nothing (opacity 0), shown again after.
    func testChangeDeepInAnUnchangedSubtreeIsDrawn() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CAShapeLayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        a.frame = root.bounds; b.frame = root.bounds; c.frame = root.bounds
        c.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        c.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(a); a.addSublayer(b); b.addSublayer(c)
        // Something else in the tree animates, so every frame is evaluated.
        let other = CALayer()
        other.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        other.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        root.addSublayer(other)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 2.0; move.toValue = 38.0; move.duration = 10
        other.add(move, forKey: "move")
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: 40, height: 40))
        r.layer = root
        func draw(_ dt: Double) -> UInt32 {
            at(dt)
            r.beginFrame(atTime: CACurrentMediaTime()); r.render(); r.endFrame()
            return r.makeImage().pixel(x: 20, y: 20)
        }
        /// Commits `body`'s changes without implicit animations.
        func change(_ body: () -> Void) {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            body()
            CATransaction.commit()
        }
        XCTAssertEqual(draw(0.1), 0xFFFF_0000)
        change { c.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        XCTAssertEqual(draw(0.2), 0xFF00_00FF)
        change { a.opacity = 0 }
        XCTAssertEqual(draw(0.3), 0)
        change { c.fillColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        XCTAssertEqual(draw(0.4), 0)
        change { a.opacity = 1 }
        XCTAssertEqual(draw(0.5), 0xFF00_FF00)
    }

    /// A path animation that has ended (not removed, no fill) shows the committed path again, and
    /// a position animation along a path turning the layer (rotationMode) turns it from the
    /// committed transform every frame, not from last frame's: the renderer puts back what such
    /// animations wrote before applying them again.
    func testAnimatedFieldsArePutBackEveryFrame() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        let committed = CGPath(rect: CGRect(x: 20, y: 20, width: 20, height: 20), transform: nil)
        shape.path = committed
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let morph = CAKeyframeAnimation(keyPath: "path")
        morph.values = [CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil),
                        CGPath(rect: CGRect(x: 0, y: 0, width: 12, height: 12), transform: nil)]
        morph.duration = 1
        morph.isRemovedOnCompletion = false
        shape.add(morph, forKey: "morph")
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 16, height: 4)
        bar.position = CGPoint(x: 30, y: 10)
        bar.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let along = CAKeyframeAnimation(keyPath: "position")
        let route = CGMutablePath()
        route.move(to: CGPoint(x: 10, y: 30))
        route.addQuadCurve(to: CGPoint(x: 50, y: 30), control: CGPoint(x: 30, y: 0))
        along.path = route
        along.rotationMode = .rotateAuto
        along.duration = 2
        along.isRemovedOnCompletion = false
        bar.add(along, forKey: "along")
        root.addSublayer(shape)
        root.addSublayer(bar)
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: 60, height: 60))
        r.layer = root
        for dt in [0.25, 0.5, 0.75, 1.5] {
            at(dt)
            let t = CACurrentMediaTime()
            r.beginFrame(atTime: t); r.render(); r.endFrame()
            let fresh = CARenderer(size: CGSize(width: 60, height: 60))
            fresh.layer = root
            fresh.beginFrame(atTime: t); fresh.render(); fresh.endFrame()
            XCTAssertTrue(r.pixelBuffer.pixels == fresh.pixelBuffer.pixels, "the frame at \(dt) s differs from a fresh renderer's")
            // The committed square in the middle once the path animation has ended, not before.
            XCTAssertEqual(r.makeImage().pixel(x: 30, y: 30), dt > 1 ? 0xFFFF_0000 : 0, "at \(dt) s")
        }
    }

    /// An animation under a layer that draws nothing is not evaluated, but it still runs: the
    /// renderer asks for the next frame at once, as it does when the layer draws.
    func testAnimationsUnderInvisibleLayersStillAskForFrames() {
        let root = CALayer(), hidden = CALayer(), child = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        hidden.frame = root.bounds
        hidden.opacity = 0
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(hidden)
        hidden.addSublayer(child)
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: 20, height: 20))
        r.layer = root
        r.beginFrame(atTime: CACurrentMediaTime()); r.render(); r.endFrame()
        XCTAssertEqual(r.nextFrameTime(), .infinity)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0; fade.toValue = 1.0; fade.duration = 5
        child.add(fade, forKey: "fade")
        CATransaction.flush()
        at(1)
        let t = CACurrentMediaTime()
        r.beginFrame(atTime: t); r.render(); r.endFrame()
        // Left out: the hidden layer's subtree is not in the render tree.
        XCTAssertEqual(r.renderTree.nodes.count, 2)
        XCTAssertEqual(r.nextFrameTime(), t)
        // One that starts later: the frame when it starts.
        child.removeAnimation(forKey: "fade")
        let later = CABasicAnimation(keyPath: "opacity")
        later.fromValue = 0.0; later.toValue = 1.0; later.duration = 5
        later.beginTime = child.convertTime(CACurrentMediaTime(), from: nil) + 3
        child.add(later, forKey: "later")
        CATransaction.flush()
        r.beginFrame(atTime: t); r.render(); r.endFrame()
        XCTAssertEqual(r.nextFrameTime(), t + 3, accuracy: 1e-9)
    }
}
