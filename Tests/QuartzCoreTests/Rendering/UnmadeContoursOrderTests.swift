import XCTest
import LaminaRandom
@testable import Compositor
@_spi(LaminaInternal) @testable import QuartzCore

/// The order in which the bands of a frame make its deferred contours
/// (`FrameRenderer.unmadeContours`): on seeded random trees of shape layers, every unmade fill and
/// stroke outline of the tree once, the costliest first and those of equal cost in tree order;
/// a stroke outline costs more than its own path's fill; and a frame of such shapes drawn on one
/// and on two threads has the pixels of one whose contours the builder made.
final class UnmadeContoursOrderTests: LaminaTestCase {
    private static let size = 80

    /// A root with two to five shape layers of random closed blobs (3 to 30 cubic curves), filled
    /// and stroked, some only filled.
    private func randomScene(_ rng: inout SplitMix64) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        for _ in 0..<rng.int(2...5) {
            let l = CAShapeLayer()
            l.frame = root.bounds
            let p = CGMutablePath(), s = Double(Self.size)
            func pt() -> CGPoint { CGPoint(x: rng.double(0.05 * s, 0.95 * s), y: rng.double(0.05 * s, 0.95 * s)) }
            p.move(to: pt())
            for _ in 0..<rng.int(3...30) { p.addCurve(to: pt(), control1: pt(), control2: pt()) }
            p.closeSubpath()
            l.path = p
            l.fillColor = CGColor(srgbRed: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.double(0.3, 1))
            if rng.chance(0.7) {
                l.strokeColor = CGColor(srgbRed: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: 1)
                l.lineWidth = rng.pick([1, 2.5, 4] as [CGFloat])
                l.lineJoin = .round
            } else {
                l.strokeColor = nil
            }
            root.addSublayer(l)
        }
        return root
    }

    private func tree(_ root: CALayer, defers: Bool) -> RenderTree { .committed(root, defersOutlines: defers) }

    private func pixels(_ t: RenderTree, threads: Int) -> [UInt32] { t.pixels(size: Self.size, fill: 0xFF10_2030, threads: threads) }

    func testCostliestFirstEachOnceTiesInTreeOrder() {
        var outlinesAheadOfFills = 0
        for seed in 0..<40 as Range<UInt64> {
            var rng = SplitMix64(seed: 0x0DE0_0000 + seed)
            let t = tree(randomScene(&rng), defers: true)
            // The tree's deferred contours in tree order.
            let inTree: [DeferredContours] = t.nodes.flatMap { n in
                n.contents.compactMap { c -> DeferredContours? in
                    guard case .fill(let f) = c else { return nil }
                    return f.deferred
                }
            }
            let order = FrameRenderer.unmadeContours(t)
            XCTAssertEqual(order.count, inTree.count, "seed \(seed): each unmade contour once")
            XCTAssertEqual(Set(order.map { ObjectIdentifier($0) }), Set(inTree.map { ObjectIdentifier($0) }), "seed \(seed)")
            for (a, b) in zip(order, order.dropFirst()) {
                XCTAssertGreaterThanOrEqual(a.cost, b.cost, "seed \(seed): costliest first")
                if a.cost == b.cost {
                    let ia = inTree.firstIndex { $0 === a }!, ib = inTree.firstIndex { $0 === b }!
                    XCTAssertLessThan(ia, ib, "seed \(seed): equal costs in tree order")
                }
            }
            // Each stroked layer's outline (right after its fill in the tree) costs more than that fill.
            for (fill, outline) in zip(inTree, inTree.dropFirst()) where fill.cost > 0 && outline.cost == 4 * fill.cost {
                let i = order.firstIndex { $0 === outline }!, j = order.firstIndex { $0 === fill }!
                XCTAssertLessThan(i, j, "seed \(seed): an outline before its own fill")
                outlinesAheadOfFills += 1
            }
            // Made ones are left out.
            if let first = order.first {
                _ = first.contours
                XCTAssertFalse(FrameRenderer.unmadeContours(t).contains { $0 === first }, "seed \(seed): a made contour left out")
            }
        }
        XCTAssertGreaterThan(outlinesAheadOfFills, 40)
    }

    func testFramesOnOneAndTwoThreadsHaveTheBuildersPixels() {
        for seed in 0..<20 as Range<UInt64> {
            var rng = SplitMix64(seed: 0x0DE1_0000 + seed)
            let root = randomScene(&rng)
            let reference = pixels(tree(root, defers: false), threads: 1)
            for threads in [1, 2] {
                let drawn = pixels(tree(root, defers: true), threads: threads)
                XCTAssertEqual(zip(drawn, reference).filter { $0 != $1 }.count, 0, "seed \(seed), \(threads) threads: pixels differ")
            }
        }
    }
}
