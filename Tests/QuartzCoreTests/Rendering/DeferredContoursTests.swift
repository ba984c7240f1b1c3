import XCTest
import Synchronization
import Compositor
import LaminaRandom
@_spi(LaminaInternal) @testable import QuartzCore

/// Shape contours made by the bands that draw them (`DeferredContours`): on seeded random shape
/// layers (lines, quadratic and cubic curves, open and closed, every cap and join, dashes, trimmed
/// ranges), a tree whose fills and outlines are deferred holds the very contours of one whose are
/// made by the builder, and draws the same pixels on one thread and on three; the cheap tests that
/// choose deferral never choose it for contours that turn out empty; and contours read by many
/// threads at once are made once.
final class DeferredContoursTests: LaminaTestCase {
    private static let size = 96

    /// A random path in a `size`-unit square: one to three subpaths of random elements, some closed.
    private func randomPath(_ rng: inout SplitMix64) -> CGPath {
        let p = CGMutablePath()
        let s = Double(Self.size)
        func pt() -> CGPoint { CGPoint(x: rng.double(-0.1 * s, 1.1 * s), y: rng.double(-0.1 * s, 1.1 * s)) }
        for _ in 0..<rng.int(1...3) {
            let start = pt()
            p.move(to: start)
            for _ in 0..<rng.int(0...5) {
                switch rng.below(5) {
                case 0: p.addLine(to: pt())
                case 1: p.addQuadCurve(to: pt(), control: pt())
                case 2: p.addLine(to: p.currentPoint)  // zero length
                default: p.addCurve(to: pt(), control1: pt(), control2: pt())
                }
            }
            if rng.chance(0.5) { p.closeSubpath() }
        }
        return p
    }

    /// A root holding one to four random shape layers.
    private func randomScene(_ rng: inout SplitMix64) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.size, height: Self.size)
        for _ in 0..<rng.int(1...4) {
            let l = CAShapeLayer()
            l.frame = root.bounds
            l.path = randomPath(&rng)
            if rng.chance(0.7) { l.fillColor = CGColor(srgbRed: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.double(0.3, 1)) }
            else { l.fillColor = nil }
            l.strokeColor = CGColor(srgbRed: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.double(0.3, 1))
            l.lineWidth = rng.pick([0.0005, 0.5, 1, 2.5, 4, 9] as [CGFloat])
            l.lineCap = rng.pick([CAShapeLayerLineCap.butt, .round, .square])
            l.lineJoin = rng.pick([CAShapeLayerLineJoin.miter, .round, .bevel])
            l.miterLimit = rng.pick([1, 4, 10] as [CGFloat])
            l.fillRule = rng.chance(0.5) ? .evenOdd : .nonZero
            if rng.chance(0.3) {
                l.lineDashPattern = (0..<rng.int(1...4)).map { _ in NSNumber(value: rng.pick([0, 0.005, 1.5, 4, 7] as [Double])) }
                l.lineDashPhase = rng.double(0, 5)
            }
            if rng.chance(0.4) {
                l.strokeStart = rng.pick([0, 0.001, 0.2, 0.6] as [CGFloat])
                l.strokeEnd = rng.pick([0.005, 0.3, 0.8, 1] as [CGFloat])
            }
            root.addSublayer(l)
        }
        return root
    }

    private func tree(_ root: CALayer, defers: Bool) -> RenderTree { .committed(root, defersOutlines: defers) }

    /// Every fill of the tree: (node, rule, colour, whether deferred, the contours).
    private func fills(_ t: RenderTree) -> [(Int, FillRule, UInt32, Bool, [[CGPoint]])] {
        t.nodes.enumerated().flatMap { i, n in
            n.contents.compactMap { c -> (Int, FillRule, UInt32, Bool, [[CGPoint]])? in
                guard case .fill(let f) = c else { return nil }
                return (i, f.rule, f.color, f.deferred != nil, f.contours)
            }
        }
    }

    private func pixels(_ t: RenderTree, threads: Int) -> [UInt32] { t.pixels(size: Self.size, fill: 0xFF20_3040, threads: threads) }

    func testDeferredContoursAreTheBuildersAndDrawTheSamePixelsOnOneAndThreeThreads() {
        var deferredCount = 0
        for seed in 0..<60 as Range<UInt64> {
            var rng = SplitMix64(seed: 0xDEF0_0000 + seed)
            let root = randomScene(&rng)
            let eager = tree(root, defers: false)
            let reference = pixels(eager, threads: 1)
            for threads in [1, 3] {
                // A fresh deferred tree for each (its contours are made by that renderer's bands).
                let lazy = tree(root, defers: true)
                let drawn = pixels(lazy, threads: threads)
                let differing = zip(drawn, reference).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "seed \(seed), \(threads) threads: pixels differ")
                let e = fills(eager), d = fills(lazy)
                // Deferred contours stand in the tree where made ones stand, plus deferred ones
                // that happen to be empty (none expected: see the emptiness test).
                XCTAssertEqual(e.map { $0.0 }, d.map { $0.0 }, "seed \(seed): the same fills")
                for (a, b) in zip(e, d) {
                    XCTAssertEqual(a.1, b.1); XCTAssertEqual(a.2, b.2)
                    XCTAssertTrue(a.4 == b.4, "seed \(seed): the same contours, bit for bit")
                }
                XCTAssertTrue(eager == lazy, "seed \(seed): equal trees")
                deferredCount += d.filter { $0.3 }.count
            }
        }
        XCTAssertGreaterThan(deferredCount, 120, "most fills and outlines are deferred")
    }

    /// The cheap tests never defer contours that turn out empty (which would leave an empty fill
    /// content where the builder leaves none).
    func testTheChoiceToDeferNeverMeetsEmptyContours() {
        var rng = SplitMix64(seed: 0xE4_7711)
        var strokes = 0, fills = 0
        for _ in 0..<1500 {
            let path = randomPath(&rng)
            let width = rng.pick([0.0005, 0.001, 0.5, 2, 6] as [CGFloat])
            let dashes: [CGFloat] = rng.chance(0.3) ? (0..<rng.int(1...3)).map { _ in rng.pick([0, 0.005, 0.02, 3, 8] as [CGFloat]) } : []
            let start = rng.pick([0, 0.001, 0.5, 0.995] as [CGFloat]), end = rng.pick([0.002, 0.5, 1] as [CGFloat])
            if PathGeometry.strokeSurelyDraws(path, lineWidth: width, dashPattern: dashes, start: start, end: end) {
                strokes += 1
                let o = PathGeometry.strokeOutline(path, lineWidth: width, cap: rng.pick([CGLineCap.butt, .round, .square]),
                                                   join: rng.pick([CGLineJoin.miter, .round, .bevel]), miterLimit: 10, dashPhase: rng.double(0, 4),
                                                   dashPattern: dashes, start: start, end: end)
                XCTAssertFalse(o.isEmpty, "\(path) \(width) \(dashes) \(start)...\(end)")
            }
            if PathGeometry.fillSurelyDraws(path) {
                fills += 1
                XCTAssertFalse(PathGeometry.contours(path, tolerance: 0.05).isEmpty, "\(path)")
            }
        }
        XCTAssertGreaterThan(strokes, 400)
        XCTAssertGreaterThan(fills, 750)
    }

    /// Read by eight threads at once (and prepared by some), the contours are made once and all
    /// get them.
    func testContoursReadByManyThreadsAreMadeOnce() {
        for round in 0..<20 {
            let made = Atomic<Int>(0)
            let d = DeferredContours {
                made.add(1, ordering: .relaxed)
                Thread.sleep(forTimeInterval: 0.001)
                return [[CGPoint(x: 0, y: 0), CGPoint(x: Double(round), y: 0), CGPoint(x: 0, y: 1)]]
            }
            XCTAssertFalse(d.isMade)
            let seen = Mutex<[[[CGPoint]]]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { k in
                if k % 2 == 0 { d.prepare() }
                let c = d.contours
                seen.withLock { $0.append(c) }
            }
            XCTAssertEqual(made.load(ordering: .relaxed), 1)
            XCTAssertTrue(d.isMade)
            seen.withLock { all in
                XCTAssertEqual(all.count, 8)
                XCTAssertTrue(all.allSatisfy { $0 == [[CGPoint(x: 0, y: 0), CGPoint(x: Double(round), y: 0), CGPoint(x: 0, y: 1)]] })
            }
        }
    }

    /// Fills whose deferred contours have equal keys are equal without being made; others compare
    /// their contours.
    func testEqualityOfDeferredFills() {
        let a = DeferredContours(key: 1) { [[CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)]] }
        let b = DeferredContours(key: 1) { [[CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)]] }
        XCTAssertEqual(RenderFill(deferred: a, rule: .nonZero, color: 1), RenderFill(deferred: b, rule: .nonZero, color: 1))
        XCTAssertFalse(a.isMade || b.isMade, "equal keys: neither made")
        XCTAssertNotEqual(RenderFill(deferred: a, rule: .nonZero, color: 1), RenderFill(deferred: b, rule: .evenOdd, color: 1))
        let c = DeferredContours(key: 2) { [[CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)]] }
        XCTAssertEqual(RenderFill(deferred: a, rule: .nonZero, color: 1), RenderFill(deferred: c, rule: .nonZero, color: 1),
                       "other keys, the same contours")
        let made = RenderFill(contours: [[CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)]], rule: .nonZero, color: 1)
        XCTAssertEqual(made, RenderFill(deferred: c, rule: .nonZero, color: 1))
        var changed = RenderFill(deferred: c, rule: .nonZero, color: 1)
        changed.contours = []
        XCTAssertNil(changed.deferred)
        XCTAssertNotEqual(changed, made)
    }
}
