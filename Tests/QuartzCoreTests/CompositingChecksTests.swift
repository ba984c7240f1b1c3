import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore

/// Rendering checks that need no golden image: two ways of drawing the same thing must agree.
final class CompositingChecksTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil; LaminaDiagnostics.handler = nil }

    func render(_ root: CALayer, size: CGSize = CGSize(width: 96, height: 72), at t: CFTimeInterval = 0, threads: Int = 1) -> CGImage {
        CATransaction.flush()
        let r = CARenderer(size: size)
        r.threads = threads
        r.layer = root
        r.beginFrame(atTime: t); r.render(); r.endFrame()
        return r.makeImage()
    }

    /// The largest channel difference between two images of the same size.
    func maxDifference(_ a: CGImage, _ b: CGImage) -> Int {
        XCTAssertEqual(a.width, b.width); XCTAssertEqual(a.height, b.height)
        var worst = 0
        for (p, q) in zip(a.premultipliedARGB, b.premultipliedARGB) {
            for s: UInt32 in [0, 8, 16, 24] { worst = max(worst, abs(Int((p >> s) & 255) - Int((q >> s) & 255))) }
        }
        return worst
    }

    func scene(transform: CATransform3D, doubleSided: Bool = true, perspective: Bool = false) -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 96, height: 72); root.position = CGPoint(x: 48, y: 36)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        if perspective { var p = CATransform3DIdentity; p.m34 = -1 / 200; root.sublayerTransform = p }
        let l = CALayer()
        l.frame = CGRect(x: 18, y: 14, width: 60, height: 44)
        l.contents = picture
        l.transform = transform
        l.isDoubleSided = doubleSided
        root.addSublayer(l)
        return root
    }

    let picture: CGImage = {
        var px = [UInt32](repeating: 0, count: 8 * 6)
        for i in px.indices { px[i] = i % 8 < 3 ? 0xFFE0_3030 : (i / 8 < 2 ? 0xFF30_B040 : 0xFF30_60E0) }
        return CGImage(width: 8, height: 6, premultipliedARGB: px)
    }()

    func testFullTurnEqualsNoTurn() {
        let a = render(scene(transform: CATransform3DIdentity))
        let b = render(scene(transform: CATransform3DMakeRotation(2 * .pi, 0, 0, 1)))
        XCTAssertLessThanOrEqual(maxDifference(a, b), 1)
        let c = render(scene(transform: CATransform3DMakeRotation(2 * .pi, 0, 1, 0), perspective: true))
        XCTAssertLessThanOrEqual(maxDifference(a, c), 1)
        // A quarter turn is visibly different (the check can fail).
        XCTAssertGreaterThan(maxDifference(a, render(scene(transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))), 100)
    }

    func testOpacitySplitBetweenParentAndChildWithoutGroupOpacity() {
        func tree(parent: Float, child: Float, group: Bool) -> CALayer {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40); root.position = CGPoint(x: 20, y: 20)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let p = CALayer(); p.frame = root.bounds; p.opacity = parent; p.allowsGroupOpacity = group
            let c = CALayer(); c.frame = CGRect(x: 5, y: 5, width: 30, height: 30)
            c.backgroundColor = CGColor(srgbRed: 0.8, green: 0.1, blue: 0.3, alpha: 1); c.opacity = child
            p.addSublayer(c); root.addSublayer(p)
            return root
        }
        let size = CGSize(width: 40, height: 40)
        let split = render(tree(parent: 0.5, child: 0.5, group: false), size: size)
        let direct = render(tree(parent: 1, child: 0.25, group: false), size: size)
        XCTAssertLessThanOrEqual(maxDifference(split, direct), 1)
        // With a single child and group opacity on, the group gives the same 0.25 too.
        XCTAssertLessThanOrEqual(maxDifference(render(tree(parent: 0.5, child: 0.5, group: true), size: size), direct), 1)
    }

    func testPerspectiveFlipShowsMirrorFromBehindAndNothingWhenSingleSided() {
        let front = render(scene(transform: CATransform3DMakeScale(-1, 1, 1)))
        let back = render(scene(transform: CATransform3DMakeRotation(.pi, 0, 1, 0), perspective: true))
        XCTAssertLessThanOrEqual(maxDifference(front, back), 2)
        let culled = render(scene(transform: CATransform3DMakeRotation(.pi, 0, 1, 0), doubleSided: false, perspective: true))
        let empty = render({ let r = scene(transform: CATransform3DIdentity); r.sublayers?.first?.isHidden = true; return r }())
        XCTAssertEqual(maxDifference(culled, empty), 0)
        // Seen from the front, single-sided still draws.
        let frontSingle = render(scene(transform: CATransform3DMakeRotation(.pi / 6, 0, 1, 0), doubleSided: false, perspective: true))
        XCTAssertGreaterThan(maxDifference(frontSingle, empty), 100)
    }

    func busyScene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120); root.position = CGPoint(x: 80, y: 60)
        root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        for k in 0..<12 {
            let l = CALayer()
            l.frame = CGRect(x: 8 + 11 * k, y: 6 + 7 * k, width: 40, height: 30)
            l.backgroundColor = CGColor(srgbRed: CGFloat(k) / 12, green: 0.5, blue: 1 - CGFloat(k) / 12, alpha: 0.8)
            l.cornerRadius = CGFloat(k)
            l.transform = CATransform3DMakeRotation(CGFloat(k) * 0.3, 0, 0, 1)
            l.shadowOpacity = k % 3 == 0 ? 0.5 : 0
            l.opacity = k % 2 == 0 ? 0.7 : 1
            l.contents = k % 4 == 1 ? picture : nil
            root.addSublayer(l)
        }
        return root
    }

    func testTiledAndSingleThreadedPixelsAreIdentical() {
        let size = CGSize(width: 160, height: 120)
        let one = render(busyScene(), size: size, threads: 1)
        let two = render(busyScene(), size: size, threads: 2)
        XCTAssertTrue(one.premultipliedARGB == two.premultipliedARGB, "banded rendering differs from single-threaded")
    }

    func testDamageLimitedRedrawEqualsFullRedraw() {
        CAMediaClock.manualTime = 0
        let root = busyScene()
        let mover = root.sublayers![5]
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = NSValue(point: CGPoint(x: 30, y: 30)); a.toValue = NSValue(point: CGPoint(x: 120, y: 90)); a.duration = 1
        mover.add(a, forKey: "move")
        CATransaction.flush()
        let incremental = CARenderer(size: CGSize(width: 160, height: 120))
        incremental.layer = root
        var areas: [Int] = []
        for k in 0...10 {
            let t = Double(k) / 10
            CAMediaClock.manualTime = t
            incremental.beginFrame(atTime: t)
            areas.append(incremental.damageRect.area)
            incremental.render(); incremental.endFrame()
            let full = CARenderer(size: CGSize(width: 160, height: 120))
            full.layer = root
            full.beginFrame(atTime: t); full.render(); full.endFrame()
            let a = incremental.makeImage().premultipliedARGB, b = full.makeImage().premultipliedARGB
            let differing = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map { ($0.offset % 160, $0.offset / 160) }
            XCTAssertEqual(differing.count, 0, "frame at t=\(t): \(differing.count) pixels differ, first \(differing.prefix(5)); damage \(incremental.damageRect)")
        }
        XCTAssertEqual(areas[0], 160 * 120, "the first frame is all damage")
        XCTAssertLessThan(areas[5], 160 * 120 / 2, "a moving layer damages only around itself")
        // An idle frame (nothing changes after the animation ended) rasterises nothing.
        CAMediaClock.manualTime = 2
        incremental.beginFrame(atTime: 2); incremental.render(); incremental.endFrame()
        incremental.beginFrame(atTime: 3)
        XCTAssertTrue(incremental.damageRect.isEmpty)
        XCTAssertEqual(incremental.nextFrameTime(), .infinity)
        incremental.endFrame()
    }

    func testBadInputDrawsNothingWrongAndDoesNotCrash() {
        let log = MessageLog()
        LaminaDiagnostics.handler = { log.append($0) }
        var messages: [String] { log.messages }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 64, height: 48); root.position = CGPoint(x: 32, y: 24)
        // A huge layer fills the frame (clipped), nothing else.
        let huge = CALayer()
        huge.frame = CGRect(x: -50_000, y: -50_000, width: 100_000, height: 100_000)
        huge.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(huge)
        // A NaN transform is refused with one diagnostic (the layer keeps its last good transform).
        let nan = CALayer()
        nan.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        nan.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        var bad = CATransform3DIdentity; bad.m11 = .nan
        let before = messages.count
        nan.transform = bad
        XCTAssertEqual(messages.count - before, 1, "one diagnostic for the NaN transform")
        nan.isHidden = true
        root.addSublayer(nan)
        // An empty path, a zero-size image and a mask without content.
        let shape = CAShapeLayer(); shape.frame = root.bounds; shape.path = CGMutablePath(); shape.strokeColor = CGColor(gray: 0, alpha: 1)
        root.addSublayer(shape)
        let empty = CALayer(); empty.frame = root.bounds; empty.contents = CGImage(width: 0, height: 0, premultipliedARGB: [])
        root.addSublayer(empty)
        let masked = CALayer(); masked.frame = root.bounds; masked.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let m = CALayer(); m.frame = root.bounds; masked.mask = m
        root.addSublayer(masked)
        let img = render(root, size: CGSize(width: 64, height: 48))
        XCTAssertTrue(img.premultipliedARGB.allSatisfy { $0 == 0xFF00_00FF }, "only the huge blue layer shows")
        // A backing store for the huge layer is refused with one diagnostic.
        let n = messages.count
        huge.setNeedsDisplay(); huge.displayIfNeeded()
        XCTAssertEqual(messages.count - n, 1)
        _ = render(root, size: CGSize(width: 64, height: 48))
    }

    /// A layer that fills its bounds with red in draw(in:) and counts its draws.
    final class CountingLayer: CALayer {
        var draws = 0
        override func draw(in ctx: CGContext) {
            draws += 1
            ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(origin: .zero, size: bounds.size))
        }
    }

    func testDrawInContextIsRedrawnOnSetNeedsDisplayAndOnBoundsChange() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20); root.position = CGPoint(x: 20, y: 10)
        let l = CountingLayer()
        l.anchorPoint = .zero
        l.position = .zero
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        l.needsDisplayOnBoundsChange = true
        l.setNeedsDisplay()
        root.addSublayer(l)
        CATransaction.flush()
        XCTAssertEqual(l.draws, 1)
        let size = CGSize(width: 40, height: 20)
        var img = render(root, size: size)
        XCTAssertEqual(img.pixel(x: 5, y: 10), 0xFFFF_0000)
        XCTAssertEqual(img.pixel(x: 25, y: 10), 0)
        CATransaction.setDisableActions(true)
        l.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        CATransaction.flush()
        XCTAssertEqual(l.draws, 2, "a bounds change redraws when needsDisplayOnBoundsChange")
        img = render(root, size: size)
        XCTAssertEqual(img.pixel(x: 25, y: 10), 0xFFFF_0000, "the new backing covers the new bounds")
        l.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(l.draws, 3)
        CATransaction.flush()
        XCTAssertEqual(l.draws, 3, "no redraw without a reason")
    }
}
