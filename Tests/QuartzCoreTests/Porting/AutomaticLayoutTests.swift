import XCTest
import QuartzCore

/// Layout as Apple documents it, driven the way client code drives it (subclasses overriding
/// layoutSublayers(), a delegate, a layout manager). Apple, CALayer.setNeedsLayout(): "The system
/// calls this method automatically when the layer's bounds change or when sublayers are added or
/// removed." layoutIfNeeded(): "the layer's super layers are traversed until a ancestor layer is
/// found that does not require layout. Then layout is performed on the entire layer-tree beneath
/// that ancestor." layoutSublayers(): the default calls the delegate's layoutSublayers(of:), and
/// the layout manager's when there is no delegate.
final class AutomaticLayoutTests: XCTestCase {
    final class Log { var entries: [String] = [] }

    /// A layer that keeps its one sublayer filling its bounds, inset by 10 (the book's pattern).
    final class InsetLayer: CALayer {
        let content = CALayer()
        var log: Log?
        var tag = ""
        override init() { super.init(); addSublayer(content) }
        override init(layer: Any) { super.init(layer: layer) }
        required init?(coder: NSCoder) { nil }
        override func layoutSublayers() {
            super.layoutSublayers()
            log?.entries.append(tag)
            content.frame = bounds.insetBy(dx: 10, dy: 10)
        }
    }

    final class Delegate: NSObject, CALayerDelegate {
        var laidOut: [CALayer] = []
        func layoutSublayers(of layer: CALayer) { laidOut.append(layer) }
    }

    final class Manager: NSObject, CALayoutManager {
        var laidOut = 0
        func layoutSublayers(of layer: CALayer) {
            laidOut += 1
            for (i, s) in (layer.sublayers ?? []).enumerated() {
                s.frame = CGRect(x: CGFloat(i) * 20, y: 0, width: 20, height: layer.bounds.height)
            }
        }
        func preferredSize(of layer: CALayer) -> CGSize { CGSize(width: 20 * CGFloat(layer.sublayers?.count ?? 0), height: 7) }
    }

    override func setUp() {
        super.setUp()
        CAMediaClock.manualTime = 50
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.manualTime = nil
        super.tearDown()
    }

    func testResizingALayerRunsItsLayoutAtTheCommit() {
        let l = InsetLayer()
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        CATransaction.flush()
        XCTAssertEqual(l.content.frame, CGRect(x: 10, y: 10, width: 80, height: 40), "laid out at its first commit")
        l.bounds.size = CGSize(width: 200, height: 100)
        XCTAssertTrue(l.needsLayout(), "a new bounds size marks the layer")
        CATransaction.flush()
        XCTAssertFalse(l.needsLayout())
        XCTAssertEqual(l.content.frame, CGRect(x: 10, y: 10, width: 180, height: 80))
        l.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        CATransaction.flush()
        XCTAssertEqual(l.content.frame, CGRect(x: 10, y: 10, width: 30, height: 30), "frame sets the bounds size too")
    }

    func testMovingALayerOrKeepingItsSizeDoesNotMarkIt() {
        let l = InsetLayer()
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        CATransaction.flush()
        l.position = CGPoint(x: 300, y: 300)
        l.opacity = 0.5
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        XCTAssertFalse(l.needsLayout(), "no size change, no layout")
    }

    func testAddingAndRemovingSublayersMarksTheSuperlayer() {
        let p = CALayer(), a = CALayer(), b = CALayer()
        CATransaction.flush()
        XCTAssertFalse(p.needsLayout())
        p.addSublayer(a)
        XCTAssertTrue(p.needsLayout(), "addSublayer")
        CATransaction.flush()
        p.insertSublayer(b, below: a)
        XCTAssertTrue(p.needsLayout(), "insertSublayer")
        CATransaction.flush()
        XCTAssertFalse(a.needsLayout(), "the sublayer itself is not marked")
        a.removeFromSuperlayer()
        XCTAssertTrue(p.needsLayout(), "removeFromSuperlayer marks the former superlayer")
        CATransaction.flush()
        p.sublayers = [a]
        XCTAssertTrue(p.needsLayout(), "setting sublayers")
        CATransaction.flush()
        let q = CALayer()
        q.addSublayer(a)
        XCTAssertTrue(p.needsLayout(), "moving a sublayer elsewhere marks its old superlayer")
        XCTAssertTrue(q.needsLayout())
    }

    func testTheCommitLaysOutParentsBeforeChildren() {
        let log = Log()
        let root = InsetLayer(), mid = InsetLayer(), leaf = InsetLayer()
        root.tag = "root"; mid.tag = "mid"; leaf.tag = "leaf"
        root.content.addSublayer(mid)
        mid.content.addSublayer(leaf)
        CATransaction.flush()
        for l in [root, mid, leaf] { l.log = log }
        // Marked children first: the commit still goes top-down, each layer once.
        leaf.setNeedsLayout()
        mid.setNeedsLayout()
        root.setNeedsLayout()
        CATransaction.flush()
        XCTAssertEqual(log.entries, ["root", "mid", "leaf"])
    }

    func testLayoutIfNeededLaysOutBeneathTheFirstAncestorThatNeedsNone() {
        let log = Log()
        let root = InsetLayer(), mid = InsetLayer(), leaf = InsetLayer(), sibling = InsetLayer()
        root.tag = "root"; mid.tag = "mid"; leaf.tag = "leaf"; sibling.tag = "sibling"
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        root.addSublayer(sibling)
        CATransaction.flush()
        for l in [root, mid, leaf, sibling] { l.log = log }
        mid.setNeedsLayout()
        leaf.setNeedsLayout()
        sibling.setNeedsLayout()
        leaf.layoutIfNeeded()
        // Up from leaf: mid needs layout, root does not; the whole tree beneath root is laid out,
        // in tree order (root's sublayers are content, mid, sibling): mid, leaf, sibling.
        XCTAssertEqual(log.entries, ["mid", "leaf", "sibling"])
        XCTAssertFalse(mid.needsLayout() || leaf.needsLayout() || sibling.needsLayout())
        log.entries = []
        leaf.layoutIfNeeded()
        XCTAssertEqual(log.entries, [], "nothing left to lay out")
        leaf.setNeedsLayout()
        mid.setNeedsLayout()
        root.setNeedsLayout()
        leaf.layoutIfNeeded()
        XCTAssertEqual(log.entries, ["root", "mid", "leaf"], "from the root when every ancestor needs layout")
    }

    func testTheDelegateLaysOutWhenTheBoundsChange() {
        let l = CALayer()
        let d = Delegate()
        l.delegate = d
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        XCTAssertEqual(d.laidOut.count, 1)
        XCTAssertTrue(d.laidOut.first === l)
        l.bounds.size.width = 30
        CATransaction.flush()
        XCTAssertEqual(d.laidOut.count, 2)
        l.position.x = 5
        CATransaction.flush()
        XCTAssertEqual(d.laidOut.count, 2, "a move is not a bounds change")
    }

    func testTheLayoutManagerLaysOutALayerWithoutADelegate() {
        let l = CALayer()
        let m = Manager()
        l.layoutManager = m
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 30)
        let a = CALayer(), b = CALayer()
        l.addSublayer(a)
        l.addSublayer(b)
        CATransaction.flush()
        XCTAssertEqual(m.laidOut, 1, "one layout for the whole transaction")
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 0, width: 20, height: 30))
        XCTAssertEqual(b.frame, CGRect(x: 20, y: 0, width: 20, height: 30))
        XCTAssertEqual(l.preferredFrameSize(), CGSize(width: 40, height: 7))
        l.addSublayer(CALayer())
        CATransaction.flush()
        XCTAssertEqual(m.laidOut, 2, "a new sublayer lays out again")
    }
}
