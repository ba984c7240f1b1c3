import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// Each demo does what its caption says, driven by synthetic input on virtual time.
final class DemoBehaviourTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }
    func at(_ t: CFTimeInterval) { CAMediaClock.manualTime = t; CATransaction.flush() }
    let size = CGSize(width: 960, height: 606)

    func centre(_ l: CALayer, in root: CALayer) -> CGPoint {
        let r = l.convert(l.bounds, to: root)
        return CGPoint(x: r.midX, y: r.midY)
    }

    func testEveryDemoBuildsRendersAndHasACaption() {
        for type in DemoCatalog.all {
            let shell = DemoShell(size: CGSize(width: 960, height: 640), open: type.name)
            at(0)
            shell.handle(.mouseDown(CGPoint(x: 480, y: 300)))
            at(0.5)
            XCTAssertFalse(shell.current?.caption.isEmpty ?? true, type.name)
            let r = CARenderer(size: CGSize(width: 960, height: 640), scale: 0.25)
            r.layer = shell.root
            r.beginFrame(atTime: 0.5); r.render(); r.endFrame()
            XCTAssertTrue(r.makeImage().premultipliedARGB.contains { $0 != r.makeImage().premultipliedARGB[0] }, "\(type.name) draws something")
        }
    }

    func testTransactionCompletionRotatesAtTheDefaultDurationAfterOneSecond() {
        let d = TransactionDemo(size: size)
        at(0)
        d.handle(.mouseDown(centre(d.rotateButton, in: d.root)))
        at(0)
        at(0.5)
        XCTAssertEqual(d.colorLayer.affineTransform(), .identity, "the rotation waits for the 1 s transaction")
        at(1.01)
        at(1.01 + 0.125)
        let mid = d.colorLayer.presentation()!.affineTransform()
        let angle = atan2(mid.b, mid.a)
        XCTAssertTrue(angle > 0.1 && angle < .pi / 2 - 0.05, "half-way through a 0.25 s turn: \(angle)")
        at(1.5)
        let end = d.colorLayer.presentation()!.affineTransform()
        XCTAssertEqual(atan2(end.b, end.a), .pi / 2, accuracy: 1e-6)
    }

    func testCustomActionAddsAPushTransition() {
        let d = CustomActionDemo(size: size)
        at(0)
        d.handle(.mouseDown(centre(d.button, in: d.root)))
        let t = d.colorLayer.animation(forKey: kCATransition) as? CATransition
        XCTAssertEqual(t?.type, .push)
        XCTAssertEqual(t?.subtype, .fromLeft)
    }

    func testPresentationHitTestingFindsTheMovingLayerAndModelHitTestingMissesIt() {
        let d = HitTestDemo(size: size)
        at(0)
        let start = d.mover.position
        d.handle(.mouseDown(CGPoint(x: 800, y: 500)))            // move it (4 s)
        at(0)
        at(1)
        let onScreen = d.mover.presentation()!.position
        XCTAssertNotEqual(onScreen, start)
        let colour = d.mover.backgroundColor
        d.handle(.mouseDown(onScreen))                            // where it is shown
        XCTAssertNotEqual(d.mover.backgroundColor, colour, "presentation hit testing hits the moving layer")
        d.handle(.key("T"))
        at(2)
        let shown = d.mover.presentation()!.position
        d.handle(.mouseDown(shown))
        XCTAssertEqual(d.mover.position, shown, "model hit testing missed: the click moved it instead")
    }

    func testFillModesBeforeTheDelayedStart() {
        let d = FillModeDemo(size: size)
        at(0)
        d.start(at: 1)
        at(0)
        at(0.5)
        let xs = d.layers.map { $0.presentation()!.position.x }
        XCTAssertEqual(xs[0], 230, accuracy: 0.01, "removed: untouched before it starts")
        XCTAssertEqual(xs[1], 230, accuracy: 0.01, "forwards: untouched before it starts")
        XCTAssertEqual(xs[2], 330, accuracy: 0.01, "backwards: at the start value already")
        XCTAssertEqual(xs[3], 330, accuracy: 0.01, "both: at the start value already")
        at(4)
        let ends = d.layers.map { $0.presentation()!.position.x }
        XCTAssertEqual(ends[0], 230, accuracy: 0.01); XCTAssertEqual(ends[1], 630, accuracy: 0.01)
        XCTAssertEqual(ends[2], 230, accuracy: 0.01); XCTAssertEqual(ends[3], 630, accuracy: 0.01)
    }

    func testStoppingEarlySnapsOrKeeps() {
        let d = StopEarlyDemo(size: size)
        at(0)
        d.start()
        at(0)
        at(2)
        let mid = d.keeping.presentation()!.position.x
        d.stop()
        at(2)
        XCTAssertEqual(d.snapping.presentation()!.position.x, 95, accuracy: 0.01, "removed: back to the model")
        XCTAssertEqual(d.keeping.presentation()!.position.x, mid, accuracy: 0.01, "copied first: stays")
    }

    func testNestedSpeedRunsAnEightSecondAnimationInTwoAndPauseFreezes() {
        let d = PauseSpeedDemo(size: size)
        at(0)
        at(1)
        let inner = d.inner.presentation()!.position.x, reference = d.reference.presentation()!.position.x
        let span = d.outer.bounds.width - 50
        XCTAssertEqual(inner, 25 + span * 0.5, accuracy: 0.5, "speed 2 × 2: half of the 8 s slide after 1 s")
        XCTAssertEqual(reference, 325 + span * 0.125, accuracy: 0.5, "speed 1: an eighth")
        d.handle(.key("Space"))
        at(1.0)
        let spinner = d.pausable.sublayers![0]
        let frozen = spinner.presentation()!.transform
        at(2.5)
        XCTAssertEqual(spinner.presentation()!.transform, frozen, "paused")
        d.handle(.key("Space"))
        at(2.5)
        XCTAssertEqual(spinner.presentation()!.transform, frozen, "resumes where it paused")
        at(3)
        XCTAssertNotEqual(spinner.presentation()!.transform, frozen, "and runs on")
    }

    func testExplicitFadeKeepsTheUpdatedModelAndSnapsTheOther() {
        let d = ExplicitFadeDemo(size: size)
        at(0)
        d.handle(.mouseDown(.zero))
        at(0)
        at(0.5)
        XCTAssertEqual(d.kept.presentation()!.opacity, 0.5, accuracy: 0.01)
        XCTAssertEqual(d.snapped.presentation()!.opacity, 0.5, accuracy: 0.01)
        at(1.5)
        XCTAssertEqual(d.kept.presentation()!.opacity, 0)
        XCTAssertEqual(d.snapped.presentation()!.opacity, 1, "snaps back")
    }

    func testViewBackedLayerSnapsOutsideABlockAndAnimatesInside() {
        let d = ViewBackedDemo(size: size)
        at(0)
        d.handle(.mouseDown(centre(d.snapButton, in: d.root)))
        XCTAssertNil(d.view.layer.animationKeys(), "snaps: the view returned NSNull")
        d.handle(.mouseDown(centre(d.blockButton, in: d.root)))
        XCTAssertEqual(d.view.layer.animationKeys(), ["backgroundColor"], "animates inside the block")
        at(0)
        at(0.5)
        XCTAssertNotEqual(d.view.layer.presentation()?.backgroundColor, d.view.layer.backgroundColor)
        at(1.1)
        XCTAssertEqual(d.view.layer.presentation()?.backgroundColor, d.view.layer.backgroundColor)
    }

    func testListing35OpacityFollowsTheBlockAndPositionItsOwnAnimation() {
        let d = ViewBlockMixDemo(size: size)
        at(0)
        d.run()
        at(0)
        at(1.5)
        let p = d.view.layer.presentation()!
        XCTAssertEqual(p.opacity, 0.2, accuracy: 1e-4, "the implicit fade took the block's 1 s")
        let x = Double(p.position.x), start = 140.0, end = Double(size.width) - 140
        XCTAssertTrue(x > start + 50 && x < end - 50, "the explicit position animation is still running at 1.5 s of 3: \(x)")
        at(3.1)
        XCTAssertEqual(Double(d.view.layer.presentation()!.position.x), end, accuracy: 0.01)
    }

    func testPopGoesToTheNewValueAndBack() {
        let d = PopDemo(size: size)
        at(0)
        let y0 = d.views[0].center.y
        d.pop()
        XCTAssertEqual(d.views[0].center.y, y0, "the model is back at the old value")
        at(0)
        at(0.14)
        XCTAssertEqual(d.views[0].layer.presentation()!.position.y, y0 - 80, accuracy: 1e-6, "at the first keyframe: the new value")
        XCTAssertEqual(d.views[1].layer.presentation()!.bounds.width, 150, accuracy: 1e-6)
        at(0.8)
        XCTAssertEqual(d.views[0].layer.presentation()!.position.y, y0, accuracy: 1e-6, "back")
    }
}
