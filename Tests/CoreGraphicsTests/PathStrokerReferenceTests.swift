import XCTest
import LaminaRandom
@testable import CoreGraphics

/// `PathStroker` (one pass, the sides appended in place) against `ReferencePathStroker` (the
/// stroker before that rewrite): on seeded random open and closed subpaths of lines, quadratic
/// and cubic curves (with repeated points, tiny and collinear segments, U-turns, segments shorter
/// than the width), every cap, join,
/// a range of widths, miter limits and tolerances, the same polygons point for point (so the
/// same pixels).
final class PathStrokerReferenceTests: XCTestCase {
    static func randomPath(_ g: inout SplitMix64) -> CGPath {
        func unit() -> CGFloat { CGFloat(g.next() >> 11) / CGFloat(1 << 53) }
        let path = CGMutablePath()
        var last = CGPoint.zero
        // Small paths too, whose segments are shorter than the width (inner corners then overlap).
        let size: CGFloat = g.next() % 3 == 0 ? 0.1 : 1
        func pt() -> CGPoint {
            switch g.next() % 8 {
            case 0: return last                                                   // a repeated point
            case 1: return CGPoint(x: last.x + unit() * 1e-4, y: last.y)          // a tiny step
            case 2: return CGPoint(x: last.x + 20 * size, y: last.y)                   // straight on
            default: return CGPoint(x: unit() * 200 * size, y: unit() * 160 * size)
            }
        }
        for _ in 0..<(1 + Int(g.next() % 3)) {
            last = CGPoint(x: unit() * 200 * size, y: unit() * 160 * size)
            path.move(to: last)
            for _ in 0..<Int(g.next() % 7) {
                switch g.next() % 3 {
                case 0: last = pt(); path.addLine(to: last)
                case 1: let c = pt(); last = pt(); path.addQuadCurve(to: last, control: c)
                default: let c1 = pt(), c2 = pt(); last = pt(); path.addCurve(to: last, control1: c1, control2: c2)
                }
            }
            if g.next() % 2 == 0 { path.closeSubpath() }
        }
        return path
    }

    func testPolygonsMatchTheReferencePointForPoint() {
        var g = SplitMix64(seed: 0x57_40_4E_9E)
        let caps: [CGLineCap] = [.butt, .round, .square], joins: [CGLineJoin] = [.miter, .round, .bevel]
        var compared = 0
        for trial in 0..<3000 {
            let path = Self.randomPath(&g)
            let width = [0.5, 1, 3, 12, 40][Int(g.next() % 5)] as CGFloat
            let cap = caps[Int(g.next() % 3)], join = joins[Int(g.next() % 3)]
            let miter = [1, 1.5, 4, 10][Int(g.next() % 4)] as CGFloat
            let tolerance = [0.05, 0.005, 0.5, 5][Int(g.next() % 4)] as CGFloat
            guard let points = Self.sameAsReference(path, width: width, cap: cap, join: join, miter: miter, tolerance: tolerance,
                                                    trial: trial) else { return }
            compared += points
        }
        XCTAssertGreaterThan(compared, 100_000)
    }

    /// Closed wobbly loops of 8 to 40 cubic segments (the shape of the morph benchmark row, whose
    /// flattened vertices are nearly all shallow round corners, the stroker's fast path), open ones
    /// too, at several widths, joins and tolerances: the same polygons as the reference.
    func testSmoothLoopsMatchTheReferencePointForPoint() {
        var g = SplitMix64(seed: 0x5EED_0013)
        func unit() -> CGFloat { CGFloat(g.next() >> 11) / CGFloat(1 << 53) }
        let joins: [CGLineJoin] = [.miter, .round, .bevel], caps: [CGLineCap] = [.butt, .round, .square]
        var compared = 0
        for trial in 0..<400 {
            let n = 8 + Int(g.next() % 33)
            let cx = 300 + unit() * 100, cy = 300 + unit() * 100, scale = [0.05, 1, 3][Int(g.next() % 3)] as CGFloat
            let radii = (0..<n).map { _ in (100 + unit() * 150) * scale }
            func pt(_ k: Int) -> CGPoint {
                let a = CGFloat(k) * 2 * .pi / CGFloat(n), r = radii[k % n]
                return CGPoint(x: cx + r * cos(a), y: cy + r * 0.85 * sin(a))
            }
            let path = CGMutablePath()
            path.move(to: pt(0))
            let closed = g.next() % 4 != 0
            for k in 0..<n {
                let a = pt(k), b = pt(k + 1), bend = 0.2 + unit() * 0.2
                let ta = CGFloat(k) * 2 * .pi / CGFloat(n), tb = CGFloat(k + 1) * 2 * .pi / CGFloat(n)
                let ra = radii[k % n] * 2 * .pi / CGFloat(n) * bend, rb = radii[(k + 1) % n] * 2 * .pi / CGFloat(n) * bend
                path.addCurve(to: b, control1: CGPoint(x: a.x - ra * sin(ta), y: a.y + ra * 0.85 * cos(ta)),
                              control2: CGPoint(x: b.x + rb * sin(tb), y: b.y - rb * 0.85 * cos(tb)))
            }
            if closed { path.closeSubpath() }
            let width = [1, 4, 4, 12][Int(g.next() % 4)] as CGFloat
            let join = joins[Int(g.next() % 3)], cap = caps[Int(g.next() % 3)]
            let tolerance = [0.05, 0.05, 0.01, 0.5][Int(g.next() % 4)] as CGFloat
            guard let points = Self.sameAsReference(path, width: width, cap: cap, join: join, miter: 10, tolerance: tolerance,
                                                    trial: trial) else { return }
            compared += points
        }
        XCTAssertGreaterThan(compared, 200_000)
    }

    /// Strokes `path` with PathStroker and with the reference: the number of points compared when
    /// their polygons are the same, nil (and a failure naming the trial) when they are not.
    private static func sameAsReference(_ path: CGPath, width: CGFloat, cap: CGLineCap, join: CGLineJoin, miter: CGFloat,
                                        tolerance: CGFloat, trial: Int) -> Int? {
        var fast = PathStroker(lineWidth: width, cap: cap, join: join, miterLimit: miter, tolerance: tolerance)
        var reference = ReferencePathStroker(lineWidth: width, cap: cap, join: join, miterLimit: miter, tolerance: tolerance)
        for sp in StrokeSubpath.split(path) { fast.add(sp); reference.add(sp) }
        guard fast.polygons == reference.polygons else {
            XCTFail("trial \(trial): width \(width), \(cap.rawValue)/\(join.rawValue), miter \(miter), tolerance \(tolerance): "
                    + "\(fast.polygons.map(\.count)) points vs \(reference.polygons.map(\.count))")
            return nil
        }
        return reference.polygons.reduce(0) { $0 + $1.count }
    }
}
