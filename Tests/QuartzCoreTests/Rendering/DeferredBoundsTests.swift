import XCTest
import Compositor
import LaminaRandom
@_spi(LaminaInternal) @testable import QuartzCore

/// The boxes deferred shape contours carry (`DeferredContours.bounds`): on thousands of seeded
/// random paths with every cap, join, dash, trimmed range and miter limit, the box holds every
/// point of the contours made later; damage and bounds code reads the box, so a frame's damage
/// makes no contours before the bands; and frames of a morphing shape layer drawn through the
/// damage tracker have the pixels of full redraws.
final class DeferredBoundsTests: LaminaTestCase {
    /// A random path in a square of side `s`: subpaths of random elements (sharp turns, cusps,
    /// zero-length segments and lone points included), some closed.
    private func randomPath(_ rng: inout SplitMix64, side s: Double) -> CGPath {
        let p = CGMutablePath()
        func pt() -> CGPoint { CGPoint(x: rng.double(-0.2 * s, 1.2 * s), y: rng.double(-0.2 * s, 1.2 * s)) }
        for _ in 0..<rng.int(1...3) {
            p.move(to: pt())
            for _ in 0..<rng.int(0...6) {
                switch rng.below(7) {
                case 0, 1: p.addLine(to: pt())
                case 2: p.addQuadCurve(to: pt(), control: pt())
                case 3: p.addLine(to: p.currentPoint)  // zero length
                case 4:
                    // Back almost the way it came: a sharp turn (a long miter).
                    let c = p.currentPoint, d = CGPoint(x: rng.double(-1, 1) * s * 0.01, y: rng.double(-1, 1) * s * 0.01)
                    p.addLine(to: pt()); p.addLine(to: CGPoint(x: c.x + d.x, y: c.y + d.y))
                default: p.addCurve(to: pt(), control1: pt(), control2: pt())
                }
            }
            if rng.chance(0.5) { p.closeSubpath() }
        }
        return p
    }

    /// How far `p` lies outside `box` (0 inside).
    private func outside(_ p: CGPoint, _ box: CGRect) -> CGFloat {
        max(box.minX - p.x, p.x - box.maxX, box.minY - p.y, p.y - box.maxY, 0)
    }

    func testStrokeAndFillBoxesHoldEveryPointOfTheContours() {
        var rng = SplitMix64(seed: 0xB0C5_11)
        var strokePoints = 0, fillPoints = 0, tight = 0
        for k in 0..<2000 {
            let side = rng.pick([1, 40, 200] as [Double])
            let path = randomPath(&rng, side: side)
            let width = rng.pick([0.001, 0.3, 1, 4, 17, 60] as [CGFloat]) * CGFloat(side / 40).squareRoot()
            let cap = rng.pick([CGLineCap.butt, .round, .square])
            let join = rng.pick([CGLineJoin.miter, .round, .bevel])
            let miter = rng.pick([0.5, 1, 1.3, 2, 4, 10, 40, .infinity, .nan] as [CGFloat])
            let dashes: [CGFloat] = rng.chance(0.35) ? (0..<rng.int(1...4)).map { _ in rng.pick([0, 0.01, 0.7, 3, 9] as [CGFloat]) * CGFloat(side / 40) } : []
            let phase = CGFloat(rng.double(-3, 8))
            let start = rng.chance(0.4) ? rng.pick([0, 0.001, 0.25, 0.6] as [CGFloat]) : 0
            let end = rng.chance(0.4) ? rng.pick([0.01, 0.4, 0.9, 1] as [CGFloat]) : 1
            let outline = PathGeometry.strokeOutline(path, lineWidth: width, cap: cap, join: join, miterLimit: miter,
                                                     dashPhase: phase, dashPattern: dashes, start: start, end: end)
            guard let box = PathGeometry.strokeBounds(path, lineWidth: width, cap: cap, join: join, miterLimit: miter) else {
                XCTFail("case \(k): no stroke box for a finite path"); continue
            }
            var worst: CGFloat = 0
            for c in outline { for p in c { worst = max(worst, outside(p, box)); strokePoints += 1 } }
            XCTAssertEqual(worst, 0, "case \(k): an outline point \(worst) outside its box (\(cap), \(join), miter \(miter), width \(width))")
            // How near the box comes: with the reach in it, some outline point lies within 1 % of its edge.
            if !outline.isEmpty {
                var lx = CGFloat.infinity, ly = CGFloat.infinity, mx = -CGFloat.infinity, my = -CGFloat.infinity
                for c in outline { for p in c { lx = min(lx, p.x); ly = min(ly, p.y); mx = max(mx, p.x); my = max(my, p.y) } }
                let r = PathGeometry.strokeReach(lineWidth: width, cap: cap, join: join, miterLimit: miter)
                if min(box.maxX - mx, lx - box.minX, box.maxY - my, ly - box.minY) < 0.01 * r + 1e-9 * side { tight += 1 }
            }
            let tolerance = rng.pick([0.02, 0.05, 0.3] as [CGFloat]) * CGFloat(max(1, side / 40))
            let contours = PathGeometry.contours(path, tolerance: tolerance)
            guard let fillBox = PathGeometry.fillBounds(path) else { XCTFail("case \(k): no fill box"); continue }
            worst = 0
            for c in contours { for p in c { worst = max(worst, outside(p, fillBox)); fillPoints += 1 } }
            XCTAssertEqual(worst, 0, "case \(k): a fill point \(worst) outside its box")
        }
        XCTAssertGreaterThan(strokePoints, 200_000)
        XCTAssertGreaterThan(fillPoints, 100_000)
        // The reach is not slack everywhere: many outlines touch their box (square caps, miters).
        XCTAssertGreaterThan(tight, 300)
    }

    func testBoxesOfPathsThatCannotBeBoundedAreNil() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0)); p.addLine(to: CGPoint(x: CGFloat.nan, y: 3)); p.addLine(to: CGPoint(x: 5, y: 5))
        XCTAssertNil(PathGeometry.fillBounds(p))
        XCTAssertNil(PathGeometry.fillBounds(CGMutablePath()))
        let q = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        XCTAssertNil(PathGeometry.strokeBounds(q, lineWidth: 1, cap: .butt, join: .miter, miterLimit: 1e9))
        XCTAssertNotNil(PathGeometry.strokeBounds(q, lineWidth: 1, cap: .butt, join: .round, miterLimit: 1e9))
    }

    /// A scene with a morphing stroked and filled shape layer over a still one and a moving dot.
    private func morphScene() -> (CALayer, CAShapeLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        root.backgroundColor = CGColor(srgbRed: 0.1, green: 0.12, blue: 0.2, alpha: 1)
        let still = CAShapeLayer()
        still.frame = CGRect(x: 120, y: 20, width: 120, height: 60)
        still.path = CGPath(ellipseIn: CGRect(x: 70, y: 10, width: 40, height: 30), transform: nil)
        still.fillColor = CGColor(srgbRed: 0.2, green: 0.7, blue: 0.3, alpha: 0.8)
        root.addSublayer(still)
        func star(_ r0: CGFloat, _ r1: CGFloat, _ turn: CGFloat) -> CGPath {
            let p = CGMutablePath()
            for k in 0..<10 {
                let a = turn + CGFloat(k) * .pi / 5, r = k % 2 == 0 ? r0 : r1
                let q = CGPoint(x: 45 + r * cos(a), y: 45 + r * sin(a))
                if k == 0 { p.move(to: q) } else { p.addQuadCurve(to: q, control: CGPoint(x: 45 + 1.1 * r * cos(a - 0.2), y: 45 + 1.1 * r * sin(a - 0.2))) }
            }
            p.closeSubpath()
            return p
        }
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 90, height: 90)
        shape.path = star(30, 12, 0)
        shape.fillColor = CGColor(srgbRed: 0.9, green: 0.4, blue: 0.1, alpha: 0.9)
        shape.strokeColor = CGColor(srgbRed: 1, green: 1, blue: 0.8, alpha: 1)
        shape.lineWidth = 3
        shape.lineJoin = .miter
        shape.miterLimit = 6
        shape.lineDashPattern = [9, 3]
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = star(30, 12, 0)
        morph.toValue = star(18, 40, 0.7)
        morph.duration = 2
        shape.add(morph, forKey: "morph")
        root.addSublayer(shape)
        let dot = CALayer()
        dot.frame = CGRect(x: 100, y: 60, width: 6, height: 6)
        dot.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(dot)
        return (root, shape)
    }

    func testMorphingShapeFramesThroughDamageAreFullRedrawsOnOneAndThreeThreads() {
        for threads in [1, 3] {
            // The scene made (its animation begun) at a time of its own for each thread count.
            let base = t0 + 10 * Double(threads)
            CAMediaClock.manualTime = base
            let (root, _) = morphScene()
            CATransaction.flush()
            let size = CGSize(width: 300, height: 200)
            let r = CARenderer(size: size, scale: 2)
            r.threads = threads
            r.layer = root
            var partial = 0
            for k in 1...12 {
                CAMediaClock.manualTime = base + 0.13 * Double(k)
                let t = CACurrentMediaTime()
                r.beginFrame(atTime: t); r.render(); r.endFrame()
                let whole = 600 * 400
                let area = r.damageRect.width * r.damageRect.height
                if area > 0 && area < whole { partial += 1 }
                let fresh = CARenderer(size: size, scale: 2)
                fresh.threads = threads
                fresh.layer = root
                fresh.beginFrame(atTime: t); fresh.render(); fresh.endFrame()
                XCTAssertTrue(r.pixelBuffer.pixels == fresh.pixelBuffer.pixels, "\(threads) threads, frame \(k) differs from a full redraw")
            }
            XCTAssertGreaterThan(partial, 8, "\(threads) threads: most frames are drawn through a damage rectangle")
        }
    }

    func testDamageAndBoundsOfADeferredTreeMakeNoContours() {
        CAMediaClock.manualTime = t0
        let (root, _) = morphScene()
        CATransaction.flush()
        let builder = RenderTreeBuilder()
        var tracker = DamageTracker()
        let map = Matrix4x4.scale(2, 2, 1)
        var deferredSeen = 0
        for k in 1...4 {
            CAMediaClock.manualTime = t0 + 0.2 * Double(k)
            let tree = builder.build(PresentationSnapshot(root: root, time: CACurrentMediaTime()))
            let deferred = tree.nodes.flatMap { n in n.contents.compactMap { c -> DeferredContours? in
                if case .fill(let f) = c { return f.deferred } else { return nil } } }
            XCTAssertTrue(deferred.allSatisfy { $0.bounds != nil }, "frame \(k): every deferred fill has a box")
            // The still shape's contours, made by an earlier frame's bands, are kept; the morphing
            // shape's fill and outline are new each frame.
            let unmade = deferred.filter { !$0.isMade }
            deferredSeen += unmade.count
            let damage = tracker.damage(for: tree, toDevice: map, frame: IntRect(x: 0, y: 0, width: 600, height: 400))
            _ = FrameRenderer().drawnBounds(of: tree, toDevice: map)
            XCTAssertFalse(damage.isEmpty)
            XCTAssertTrue(unmade.allSatisfy { !$0.isMade }, "frame \(k): damage and bounds made contours")
            var buffer = PixelBuffer(width: 600, height: 400, fill: 0)
            FrameRenderer(threads: 2).render(tree, into: &buffer, region: damage, toDevice: map, background: nil)
            XCTAssertTrue(unmade.allSatisfy { $0.isMade }, "frame \(k): the bands made them")
        }
        XCTAssertGreaterThanOrEqual(deferredSeen, 8)
    }
}
