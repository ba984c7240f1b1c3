import XCTest
@_spi(LaminaInternal) import QuartzCore
import Demos

/// The demos driven through the shell with synthetic input on virtual time.
final class DemoShellTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    func at(_ t: CFTimeInterval) { CAMediaClock.manualTime = t; CATransaction.flush() }

    func testGalleryOpensADemoOnClickAndEscapeReturns() {
        let shell = DemoShell(size: CGSize(width: 960, height: 640))
        at(0)
        XCTAssertNil(shell.current)
        let tile = shell.tiles[DemoCatalog.all.firstIndex { $0 == BouncePathDemo.self }!]
        shell.handle(.mouseDown(CGPoint(x: tile.frame.midX, y: tile.frame.midY)))
        XCTAssertTrue(shell.current is BouncePathDemo)
        shell.handle(.key("Escape"))
        XCTAssertNil(shell.current)
        shell.handle(.mouseDown(CGPoint(x: 5, y: 600)))
        XCTAssertNil(shell.current, "a click outside the tiles opens nothing")
    }

    func testBounceLayerIsAtTheMiddleOfItsPathAtTwoAndAHalfSeconds() throws {
        let shell = DemoShell(size: CGSize(width: 960, height: 640), open: "bounce-path")
        at(0)
        shell.handle(.mouseDown(CGPoint(x: 500, y: 300)))
        at(0)
        let demo = try XCTUnwrap(shell.current as? BouncePathDemo)
        at(2.5)
        let p = try XCTUnwrap(demo.ball.presentation()).position
        XCTAssertEqual(p.x, 320, accuracy: 0.5)
        XCTAssertEqual(p.y, 74, accuracy: 0.5)
    }

    func testImplicitColourChangesSmoothlyAfterAClickOnTheButton() throws {
        let shell = DemoShell(size: CGSize(width: 960, height: 640), open: "implicit-color")
        at(0)
        let demo = try XCTUnwrap(shell.current as? ImplicitColorDemo)
        let before = try XCTUnwrap(demo.colorLayer.backgroundColor)
        let b = demo.button.convert(demo.button.bounds, to: shell.root)
        shell.handle(.mouseDown(CGPoint(x: b.midX, y: b.midY)))
        at(0)
        let after = try XCTUnwrap(demo.colorLayer.backgroundColor)
        XCTAssertNotEqual(before, after, "the model changes at once")
        at(0.125)
        let mid = try XCTUnwrap(demo.colorLayer.presentation()?.backgroundColor)
        XCTAssertNotEqual(mid, before); XCTAssertNotEqual(mid, after, "halfway through the implicit 0.25 s animation")
        at(0.3)
        XCTAssertEqual(demo.colorLayer.presentation()?.backgroundColor, after)
    }

    func testFolderTurnsInPerspectiveAfterASwipeLeft() throws {
        let shell = DemoShell(size: CGSize(width: 960, height: 640), open: "folder")
        at(0)
        let demo = try XCTUnwrap(shell.current as? FolderDemo)
        shell.handle(.swipe(.left))
        at(0)
        // A quarter of the way through the 1.2 s ease-in-ease-out turn the page stands at an angle:
        // its outer (near) edge must look taller than the hinge edge.
        at(0.45)
        let front = try XCTUnwrap(demo.frontLayer.presentation())
        let b = front.bounds
        let hingeTop = front.convert(CGPoint(x: b.minX, y: b.minY), to: nil), hingeBottom = front.convert(CGPoint(x: b.minX, y: b.maxY), to: nil)
        let outerTop = front.convert(CGPoint(x: b.maxX, y: b.minY), to: nil), outerBottom = front.convert(CGPoint(x: b.maxX, y: b.maxY), to: nil)
        let hinge = hingeBottom.y - hingeTop.y, outer = outerBottom.y - outerTop.y
        XCTAssertGreaterThan(outer, hinge + 1, "the near edge is taller than the far edge (hinge \(hinge), outer \(outer))")
        XCTAssertLessThan(outerTop.y, hingeTop.y - 1, "the near edge reaches higher than the hinge")
        at(2)
        XCTAssertTrue(demo.folded)
        let settled = try XCTUnwrap(demo.rotateLayer.presentation())
        XCTAssertEqual(settled.transform.m11, -1, accuracy: 1e-6, "turned by 180 degrees")
    }
}

final class ClickHitTestTests: XCTestCase {
    func testClicksHonourOpacityZeroHiddenMasksAnd3D() {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        let below = CALayer(); below.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let invisible = CALayer(); invisible.frame = CGRect(x: 0, y: 0, width: 200, height: 300); invisible.opacity = 0
        let hidden = CALayer(); hidden.frame = CGRect(x: 200, y: 0, width: 100, height: 300); hidden.isHidden = true
        let clipper = CALayer(); clipper.frame = CGRect(x: 300, y: 0, width: 100, height: 100); clipper.masksToBounds = true
        let overflow = CALayer(); overflow.frame = CGRect(x: 0, y: 0, width: 100, height: 250)
        clipper.addSublayer(overflow)
        let turned = CALayer(); turned.frame = CGRect(x: 300, y: 150, width: 100, height: 100)
        turned.transform = CATransform3DMakeRotation(.pi * 0.45, 0, 1, 0)   // nearly edge-on: narrow on screen
        for l in [below, invisible, hidden, clipper, turned] { root.addSublayer(l) }
        CATransaction.flush()
        XCTAssertTrue(DemoKit.hitTest(root, CGPoint(x: 100, y: 100)) === below, "opacity 0 lets the click through")
        XCTAssertTrue(DemoKit.hitTest(root, CGPoint(x: 250, y: 100)) === below, "hidden lets the click through")
        XCTAssertTrue(DemoKit.hitTest(root, CGPoint(x: 350, y: 50)) === overflow, "inside the clip")
        XCTAssertTrue(DemoKit.hitTest(root, CGPoint(x: 350, y: 120)) === below, "the overflow is clipped away")
        XCTAssertTrue(DemoKit.hitTest(root, CGPoint(x: 350, y: 200)) === turned, "the 3D-turned layer at its centre")
        XCTAssertTrue(DemoKit.hitTest(root, CGPoint(x: 310, y: 200)) === below, "beside its narrow on-screen shape")
    }
}
