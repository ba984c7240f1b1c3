import XCTest
import CoreGraphics

final class StrokeTests: XCTestCase {
    // MARK: Helpers

    private func line(_ a: CGPoint, _ b: CGPoint) -> CGMutablePath {
        let p = CGMutablePath()
        p.move(to: a)
        p.addLine(to: b)
        return p
    }

    private func polyline(_ pts: [CGPoint]) -> CGMutablePath {
        let p = CGMutablePath()
        p.addLines(between: pts)
        return p
    }

    private func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    private func assertInside(_ path: CGPath, _ pts: [CGPoint], file: StaticString = #filePath, line: UInt = #line) {
        for p in pts { XCTAssertTrue(path.contains(p, using: .winding), "\(p) should be inside", file: file, line: line) }
    }

    private func assertOutside(_ path: CGPath, _ pts: [CGPoint], file: StaticString = #filePath, line: UInt = #line) {
        for p in pts { XCTAssertFalse(path.contains(p, using: .winding), "\(p) should be outside", file: file, line: line) }
    }

    /// Lengths of each subpath (by the segments' startsSubpath flags).
    private func subpathLengths(_ path: CGPath) -> [CGFloat] {
        var out: [CGFloat] = []
        for s in path.segments {
            if s.startsSubpath || out.isEmpty { out.append(0) }
            out[out.count - 1] += s.length
        }
        return out
    }

    private func subpathStarts(_ path: CGPath) -> [CGPoint] {
        path.commands.compactMap { if case .move(let p) = $0 { return p } else { return nil } }
    }

    private func assertClose(_ a: [CGFloat], _ b: [CGFloat], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, "\(a) vs \(b)", file: file, line: line)
        for (x, y) in zip(a, b) { XCTAssertEqual(Double(x), Double(y), accuracy: 1e-9, "\(a) vs \(b)", file: file, line: line) }
    }

    private func assertClose(_ a: [CGPoint], _ b: [CGPoint], file: StaticString = #filePath, line: UInt = #line) {
        assertClose(a.flatMap { [$0.x, $0.y] }, b.flatMap { [$0.x, $0.y] }, file: file, line: line)
    }

    private func assertClose(_ a: [CGPathCommand], _ b: [CGPathCommand], file: StaticString = #filePath, line: UInt = #line) {
        func flat(_ cs: [CGPathCommand]) -> (kinds: [String], values: [CGFloat]) {
            var k: [String] = [], v: [CGFloat] = []
            for c in cs {
                switch c {
                case .move(let p): k.append("m"); v += [p.x, p.y]
                case .addLine(let p): k.append("l"); v += [p.x, p.y]
                case .addQuadCurve(let p, let c1): k.append("q"); v += [p.x, p.y, c1.x, c1.y]
                case .addCurve(let p, let c1, let c2): k.append("c"); v += [p.x, p.y, c1.x, c1.y, c2.x, c2.y]
                case .closeSubpath: k.append("z")
                }
            }
            return (k, v)
        }
        let fa = flat(a), fb = flat(b)
        XCTAssertEqual(fa.kinds, fb.kinds, file: file, line: line)
        assertClose(fa.values, fb.values, file: file, line: line)
    }

    /// The area covered under non-zero winding, by sampling a grid of `step` over `rect`.
    private func sampledArea(_ path: CGPath, in rect: CGRect, step: CGFloat) -> CGFloat {
        let polys = path.flattened(tolerance: 0.01).map { poly -> ([CGPoint], CGRect) in
            var r = CGRect.null
            for q in poly { r = r.union(CGRect(origin: q, size: .zero)) }
            return (poly, r)
        }
        var count = 0
        var y = rect.minY + step / 2
        while y < rect.maxY {
            var x = rect.minX + step / 2
            while x < rect.maxX {
                var w = 0
                for (poly, box) in polys where box.minY <= y && y <= box.maxY && x <= box.maxX {
                    for i in 0..<poly.count {
                        let a = poly[i], b = poly[(i + 1) % poly.count]
                        let c = (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)
                        if a.y <= y { if b.y > y && c > 0 { w += 1 } } else if b.y <= y && c < 0 { w -= 1 }
                    }
                }
                if w != 0 { count += 1 }
                x += step
            }
            y += step
        }
        return CGFloat(count) * step * step
    }

    private func signedArea(_ poly: [CGPoint]) -> CGFloat {
        var a: CGFloat = 0
        for i in 0..<poly.count {
            let p = poly[i], q = poly[(i + 1) % poly.count]
            a += p.x * q.y - q.x * p.y
        }
        return a / 2
    }

    // MARK: Stroking: segments and caps

    func testButtCapLineCoversExactlyTheRectangle() {
        let s = line(P(0, 0), P(10, 0)).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        assertInside(s, [P(5, 0.9), P(5, -0.9), P(0.1, 0), P(9.9, 0.9)])
        assertOutside(s, [P(5, 1.1), P(5, -1.1), P(-0.1, 0), P(10.1, 0)])
        XCTAssertEqual(Double(s.boundingBox.minX), 0, accuracy: 1e-9)
        XCTAssertEqual(Double(s.boundingBox.maxY), 1, accuracy: 1e-9)
    }

    func testSquareCapExtendsByHalfTheWidth() {
        let s = line(P(0, 0), P(10, 0)).copy(strokingWithWidth: 2, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        assertInside(s, [P(-0.9, 0), P(-0.9, 0.9), P(10.9, -0.9)])
        assertOutside(s, [P(-1.1, 0), P(11.1, 0), P(5, 1.1)])
        XCTAssertEqual(Double(s.boundingBox.width), 12, accuracy: 1e-9)
    }

    func testRoundCapIsAHalfDisk() {
        let s = line(P(0, 0), P(10, 0)).copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        assertInside(s, [P(-0.9, 0), P(10.9, 0), P(10.6, 0.6), P(-0.6, -0.6)])
        assertOutside(s, [P(-1.1, 0), P(-0.9, 0.9), P(10.8, 0.8)])
    }

    func testDiagonalLineOutlineIsRotated() {
        let s = line(P(0, 0), P(10, 10)).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let n = 1 / CGFloat(2).squareRoot()  // unit normal components
        assertInside(s, [P(5 - 0.9 * n, 5 + 0.9 * n), P(5 + 0.9 * n, 5 - 0.9 * n)])
        assertOutside(s, [P(5 - 1.1 * n, 5 + 1.1 * n), P(-0.1, -0.1), P(10.1, 10.1)])
    }

    // MARK: Joins

    private let corner = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)]

    func testMiterJoinReachesTheOuterCorner() {
        let s = polyline(corner).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        assertInside(s, [P(10.9, -0.9), P(9.1, 0.9)])
        assertOutside(s, [P(11.1, -0.9), P(10.9, -1.1)])
    }

    func testBevelJoinCutsTheCorner() {
        let s = polyline(corner).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        assertInside(s, [P(10.4, -0.4), P(10.9, 0), P(10, -0.9)])
        assertOutside(s, [P(10.9, -0.9), P(10.6, -0.6)])
    }

    func testRoundJoinIsAnArc() {
        let s = polyline(corner).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        assertInside(s, [P(10.6, -0.6), P(10.68, -0.68)])  // within the radius 1 of the corner
        assertOutside(s, [P(10.9, -0.9), P(10.75, -0.75)])
    }

    func testMiterLimitFallsBackToBevelForSharpAngles() {
        // A sharp turn (about 5.7°): miter length / width = 1/sin(φ/2) ≈ 20, so the tip is ~20 units out.
        let sharp = polyline([P(0, 0), P(10, 0), P(0, 1)])
        let far = P(19.99, -0.499)  // halfway out along the miter's bisector
        let long = sharp.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 30)
        assertInside(long, [far, P(29, -0.95)])
        assertOutside(long, [P(31, -1.05)])
        let limited = sharp.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        assertOutside(limited, [far, P(11, 0)])
        XCTAssertEqual(limited, sharp.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .bevel, miterLimit: 10),
                       "beyond the limit a miter is exactly a bevel")
        // A right angle's ratio is √2, so a limit of 1.4 bevels it and 1.5 does not.
        assertOutside(polyline(corner).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 1.4), [P(10.9, -0.9)])
        assertInside(polyline(corner).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 1.5), [P(10.9, -0.9)])
    }

    /// The inner side of a corner under 90° turns exactly at the crossing of the two inner offset
    /// lines, for every join style and several angles, widths and turn directions: the crossing
    /// lies halfWidth · tan(|θ|/2) before the vertex on the first segment's inner offset (worked
    /// out here from the angle), and the outline has a point there; a round join whose turn is
    /// under its arc step adds no arc points on the outer side, where one point, the middle of the
    /// join's arc, stands for both offset ends.
    func testInnerCornerIsTheCrossingOfTheInnerOffsets() {
        for join in [CGLineJoin.miter, .round, .bevel] {
            for degrees in [3.0, 20.0, 45.0, 70.0, 89.0] {
                for width in [1.0, 4.0, 12.0] {
                    for turn in [1.0, -1.0] {
                        let theta = degrees * .pi / 180 * turn, h = width / 2
                        let v = P(100, 50), d1 = CGVector(dx: cos(theta), dy: sin(theta))
                        let end = P(v.x + 80 * d1.dx, v.y + 80 * d1.dy)
                        let outline = polyline([P(20, 50), v, end]).copy(strokingWithWidth: CGFloat(width), lineCap: .butt, lineJoin: join,
                                                                            miterLimit: 10)
                        // The inner side is the side the path turns to (+y for theta > 0): the inner
                        // offset of the first segment is y = 50 ± h, and the second's crosses it
                        // h · tan(|θ|/2) before the vertex.
                        let want = P(v.x - h * tan(abs(theta) / 2), v.y + h * turn)
                        let points = outline.flattened(tolerance: 0.01).flatMap { $0 }
                        let nearest = points.map { hypot($0.x - want.x, $0.y - want.y) }.min() ?? .infinity
                        XCTAssertLessThan(nearest, 1e-9, "\(join.rawValue) join, \(degrees)° \(turn > 0 ? "left" : "right"), width \(width): inner corner \(want)")
                    }
                }
            }
        }
        // A 3° round join at width 4 (arc step about 25°): the outline of the two segments is one
        // point on the outer side, 2 from the vertex along the bisector of the outer normals
        // (0, −1) and (sin 3°, −cos 3°), at (100 + 2 sin 1.5°, 50 − 2 cos 1.5°), the crossing on the
        // inner side, and the four end points.
        let t = 3.0 * .pi / 180
        let gentle = polyline([P(20, 50), P(100, 50), P(100 + 80 * cos(t), 50 + 80 * sin(t))])
            .copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        let gentlePoints = gentle.flattened(tolerance: 0.01)
        XCTAssertEqual(gentlePoints.map { Set($0.map { "\($0.x),\($0.y)" }).count }, [6])
        let middle = P(100 + 2 * sin(t / 2), 50 - 2 * cos(t / 2))
        XCTAssertLessThan(gentlePoints.flatMap { $0 }.map { hypot($0.x - middle.x, $0.y - middle.y) }.min() ?? .infinity, 1e-12)
    }

    func testUTurnJoins() {
        let back = polyline([P(0, 0), P(10, 0), P(0, 0)])
        assertInside(back.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .round, miterLimit: 10), [P(10.9, 0)])
        let miter = back.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        assertInside(miter, [P(9.9, 0.9), P(5, -0.9)])
        assertOutside(miter, [P(10.1, 0), P(10.5, 0.5)])
    }

    func testClosedSquareHasNoHoleAtCornersAndJoinsAtItsStart() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let s = square.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        assertInside(s, [P(-0.9, -0.9), P(0, 0), P(0.9, 0.9), P(10.9, 10.9), P(9.5, 9.5), P(10.9, -0.9), P(-0.9, 10.9), P(0.5, 5)])
        assertOutside(s, [P(5, 5), P(1.1, 5), P(-1.1, -1.1), P(11.1, 5)])
        // The same square left open has butt caps at its start, so that corner is notched.
        let open = polyline([P(0, 0), P(10, 0), P(10, 10), P(0, 10), P(0, 0)])
        let o = open.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        assertInside(o, [P(10.9, -0.9), P(0.5, 0.5)])
        assertOutside(o, [P(-0.9, -0.9)])
    }

    /// The signed area of each closed loop of a stroke outline (moves, lines and closes only).
    private func loopAreas(_ outline: CGPath) -> [CGFloat] {
        var poly: [CGPoint] = []
        var areas: [CGFloat] = []
        for c in outline.commands {
            switch c {
            case .move(let q): poly = [q]
            case .addLine(let q): poly.append(q)
            case .closeSubpath: areas.append(signedArea(poly))
            default: XCTFail("the outline has only straight lines")
            }
        }
        return areas
    }

    func testOutlineIsOneLoopPerSideOfAClosedSubpathAndOneLoopPerOpenSubpath() {
        let p = CGMutablePath()
        p.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 10))
        p.addLines(between: [P(0, 0), P(30, 5), P(0, 10), P(5, 20)])
        for join in [CGLineJoin.miter, .round, .bevel] {
            let s = p.copy(strokingWithWidth: 3, lineCap: .round, lineJoin: join, miterLimit: 10)
            let areas = loopAreas(s)
            // The ellipse: its outer side runs one way and its inner side the other, so the ring
            // between them has winding 1 and the hole 0; the polyline: one loop, positive.
            XCTAssertEqual(areas.count, 3, "\(join)")
            guard areas.count == 3 else { continue }
            // One loop each way; the outer (larger) loop positive, so the sum is positive.
            XCTAssertLessThan(areas[0] * areas[1], 0, "\(join)")
            XCTAssertEqual(max(areas[0], areas[1]), max(abs(areas[0]), abs(areas[1])), "\(join)")
            XCTAssertGreaterThan(areas[2], 0)
        }
    }

    func testTheInnerSideOfACurveFollowsItsOffsetNotThePivots() {
        // A circle of radius 10 stroked 4 wide: its two loops are the offset circles of radius 12
        // and 8 (areas 144π and 64π), within 1 % (the flattening, 0.05 units, moves the sides by up to
        // 0.05 units; one pivot is kept at the closing corner). An inner side that went back to the
        // centre line at every flattened vertex encloses about 6 % less than 64π.
        let p = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let s = p.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let areas = loopAreas(s).map(abs)
        XCTAssertEqual(areas.count, 2)
        guard areas.count == 2 else { return }
        XCTAssertEqual(areas.max()!, 144 * .pi, accuracy: 144 * .pi * 0.01)
        XCTAssertEqual(areas.min()!, 64 * .pi, accuracy: 64 * .pi * 0.01)
    }

    func testACurvesOuterSideTakesOnePointAVertex() {
        // A circle of radius 40 stroked 6 wide: each flattened vertex turns by less than a round
        // join's arc step, so each side takes one point a vertex: the inner side the crossing of
        // the two inner offset lines, the outer side the middle of the join's arc, 3 from the
        // vertex along the bisector (43 from the centre, within the cubics' 2.7·10⁻⁴·r of the
        // circle). Each segment's two outer offset ends, as before, would give the outer side
        // two points a vertex.
        let c = CGPath(ellipseIn: CGRect(x: -40, y: -40, width: 80, height: 80), transform: nil)
        for join in [CGLineJoin.round, .miter] {
            let loops = c.lamina_strokePolygons(width: 6, lineCap: .butt, lineJoin: join, miterLimit: 10)
            XCTAssertEqual(loops.count, 2)
            guard loops.count == 2 else { continue }
            let radius = loops.map { l in l.map { hypot($0.x, $0.y) }.reduce(0, +) / CGFloat(l.count) }
            let (outer, inner) = radius[0] > radius[1] ? (loops[0], loops[1]) : (loops[1], loops[0])
            XCTAssertGreaterThan(inner.count, 40, "\(join)")
            // With a miter, each of the four joints between the ellipse's cubics (not inside a
            // flattened curve) keeps the tip between the two offset ends: two more points each.
            XCTAssertEqual(outer.count - inner.count, join == .miter ? 8 : 0, "\(join): outer \(outer.count) points, inner \(inner.count)")
            for q in outer { XCTAssertEqual(Double(hypot(q.x, q.y)), 43, accuracy: 0.02, "\(join)") }
        }
    }

    // MARK: Curves and area

    func testStrokedCircleAreaIsCircumferenceTimesWidth() {
        let r: CGFloat = 10, w: CGFloat = 2
        let circle = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r), transform: nil)
        let s = circle.copy(strokingWithWidth: w, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        assertInside(s, [P(10, 0), P(0, -10.9), P(7.07, 7.07)])
        assertOutside(s, [P(0, 0), P(8.9, 0), P(11.1, 0)])
        let area = sampledArea(s, in: CGRect(x: -12, y: -12, width: 24, height: 24), step: 0.1)
        XCTAssertEqual(Double(area), Double(2 * .pi * r * w), accuracy: Double(2 * .pi * r * w) * 0.01)
    }

    func testCurveOutlineStaysAtHalfWidthFromTheCurve() {
        let p = CGMutablePath()
        p.move(to: P(0, 0))
        p.addCurve(to: P(100, 0), control1: P(30, 40), control2: P(70, 40))
        let s = p.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let seg = p.segments[0]
        for i in 1..<20 {
            let t = CGFloat(i) / 20
            let q = seg.point(at: t), d = seg.derivative(at: t)
            let l = hypot(d.dx, d.dy)
            let n = CGVector(dx: -d.dy / l, dy: d.dx / l)
            assertInside(s, [P(q.x + n.dx * 1.9, q.y + n.dy * 1.9), P(q.x - n.dx * 1.9, q.y - n.dy * 1.9)])
            assertOutside(s, [P(q.x + n.dx * 2.1, q.y + n.dy * 2.1), P(q.x - n.dx * 2.1, q.y - n.dy * 2.1)])
        }
    }

    func testTransformMapsTheOutline() {
        let t = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 100, y: 0))
        let s = line(P(0, 0), P(10, 0)).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10, transform: t)
        assertInside(s, [P(110, 1.8), P(101, -1.8)])
        assertOutside(s, [P(110, 2.2), P(99, 0), P(5, 0)])
    }

    // MARK: Degenerate input

    func testZeroLengthSubpathDrawsADotForRoundAndSquareCaps() {
        let dot = line(P(5, 5), P(5, 5))
        let round = dot.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        assertInside(round, [P(6.9, 5), P(5, 3.1), P(6.3, 6.3)])
        assertOutside(round, [P(7.1, 5), P(6.6, 6.6)])
        let square = dot.copy(strokingWithWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        assertInside(square, [P(6.9, 6.9), P(3.1, 3.1)])
        assertOutside(square, [P(7.1, 5)])
        XCTAssertTrue(dot.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
        let closedDot = CGMutablePath()
        closedDot.move(to: P(5, 5))
        closedDot.closeSubpath()
        assertInside(closedDot.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10), [P(6.9, 5)])
        let loneMove = CGMutablePath()
        loneMove.move(to: P(5, 5))
        XCTAssertTrue(loneMove.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10).isEmpty)
    }

    /// A round dot is a disk of the line width within the documented 0.05 flattening tolerance, in
    /// every direction: points 0.06 inside its radius are covered, points just outside are not.
    func testRoundDotFollowsTheCircleWithinTheTolerance() {
        let dot = line(P(5, 5), P(5, 5)).copy(strokingWithWidth: 20, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        for k in 0..<64 {
            let a = 2 * CGFloat.pi * (CGFloat(k) + 0.5) / 64
            assertInside(dot, [P(5 + 9.94 * cos(a), 5 + 9.94 * sin(a))])
            assertOutside(dot, [P(5 + 10.01 * cos(a), 5 + 10.01 * sin(a))])
        }
    }

    /// The 0.05 tolerance is in the transformed (output) space, also when the transform shrinks:
    /// a dot 20 wide drawn at half size is a disk of radius 5 within 0.05 there.
    func testRoundDotUnderAShrinkingTransformKeepsTheOutputTolerance() {
        let half = CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)
        let dot = line(P(10, 10), P(10, 10)).copy(strokingWithWidth: 20, lineCap: .round, lineJoin: .miter, miterLimit: 10, transform: half)
        for k in 0..<64 {
            let a = 2 * CGFloat.pi * (CGFloat(k) + 0.5) / 64
            assertInside(dot, [P(5 + 4.94 * cos(a), 5 + 4.94 * sin(a))])
            assertOutside(dot, [P(5 + 5.01 * cos(a), 5 + 5.01 * sin(a))])
        }
    }

    /// Also under a quarter turn (a = d = 0: all the stretch is in b and c): a dot 0.2 wide turned
    /// and scaled by 100 is a disk of radius 10 about (50, 50) within 0.05 there.
    func testRoundDotUnderAQuarterTurnKeepsTheOutputTolerance() {
        let turn = CGAffineTransform(a: 0, b: 100, c: -100, d: 0, tx: 50, ty: 50)
        let dot = line(P(0, 0), P(0, 0)).copy(strokingWithWidth: 0.2, lineCap: .round, lineJoin: .miter, miterLimit: 10, transform: turn)
        for k in 0..<64 {
            let a = 2 * CGFloat.pi * (CGFloat(k) + 0.5) / 64
            assertInside(dot, [P(50 + 9.94 * cos(a), 50 + 9.94 * sin(a))])
            assertOutside(dot, [P(50 + 10.01 * cos(a), 50 + 10.01 * sin(a))])
        }
    }

    func testZeroLengthSegmentsAreSkipped() {
        let p = polyline([P(0, 0), P(10, 0), P(10, 0), P(10, 10)])
        XCTAssertEqual(p.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10),
                       polyline(corner).copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
    }

    func testInvalidWidthsAndEmptyPathsGiveEmptyOutlines() {
        let l = line(P(0, 0), P(10, 0))
        for w in [CGFloat(0), -1, .nan, .infinity] {
            XCTAssertTrue(l.copy(strokingWithWidth: w, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty, "width \(w)")
        }
        XCTAssertTrue(CGMutablePath().copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10).isEmpty)
        let bad = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        XCTAssertTrue(l.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10, transform: bad).isEmpty)
    }

    func testNaNPointsAreIgnoredWithoutCrashing() {
        let p = CGMutablePath()
        p.move(to: P(0, 0))
        p.addLine(to: P(.nan, 5))
        p.addCurve(to: P(3, 3), control1: P(.infinity, 0), control2: P(1, 1))
        p.addLine(to: P(10, 0))
        p.move(to: P(.nan, .nan))
        p.addLine(to: P(10, 10))
        let s = p.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: .nan)
        assertInside(s, [P(5, 0.9), P(10.9, -0.9), P(10, 5)])
        for c in s.commands {
            if case .addLine(let q) = c { XCTAssertTrue(q.x.isFinite && q.y.isFinite) }
        }
        XCTAssertFalse(p.copy(dashingWithPhase: 0, lengths: [2, 1]).isEmpty)
        XCTAssertFalse(p.lamina_trimmed(from: 0.2, to: 0.8).isEmpty)
    }

    // MARK: Dashing

    func testDashPatternCutsALineIntoPieces() {
        let d = line(P(0, 0), P(10, 0)).copy(dashingWithPhase: 0, lengths: [2, 1])
        assertClose(subpathLengths(d), [2, 2, 2, 1])
        assertClose(subpathStarts(d), [P(0, 0), P(3, 0), P(6, 0), P(9, 0)])
        assertClose([d.currentPoint], [P(10, 0)])
    }

    func testDashPhaseShiftsThePattern() {
        let l = line(P(0, 0), P(10, 0))
        let d = l.copy(dashingWithPhase: 1, lengths: [2, 1])
        assertClose(subpathLengths(d), [1, 2, 2, 2])
        assertClose(subpathStarts(d), [P(0, 0), P(2, 0), P(5, 0), P(8, 0)])
        XCTAssertEqual(l.copy(dashingWithPhase: -2, lengths: [2, 1]), d, "the phase wraps around the pattern")
        XCTAssertEqual(l.copy(dashingWithPhase: 7, lengths: [2, 1]), d)
        let off = l.copy(dashingWithPhase: 2.5, lengths: [2, 1])
        assertClose(subpathStarts(off), [P(0.5, 0), P(3.5, 0), P(6.5, 0), P(9.5, 0)])  // starting inside a gap
    }

    func testOddPatternRepeats() {
        let d = line(P(0, 0), P(10, 0)).copy(dashingWithPhase: 0, lengths: [2])
        assertClose(subpathStarts(d), [P(0, 0), P(4, 0), P(8, 0)])
        assertClose(subpathLengths(d), [2, 2, 2])
    }

    func testDashesContinueAcrossSegmentsAndRestartPerSubpath() {
        let p = polyline([P(0, 0), P(3, 0), P(3, 3)])
        p.move(to: P(0, 10))
        p.addLine(to: P(10, 10))
        let d = p.copy(dashingWithPhase: 0, lengths: [4, 1])
        assertClose(subpathLengths(d), [4, 1, 4, 4])
        assertClose(Array(d.commands.prefix(3)), [.move(to: P(0, 0)), .addLine(to: P(3, 0)), .addLine(to: P(3, 1))])
        assertClose(subpathStarts(d), [P(0, 0), P(3, 2), P(0, 10), P(5, 10)])
    }

    func testDashingAClosedPathIncludesItsClosingSide() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let d = square.copy(dashingWithPhase: 0, lengths: [15, 5])
        assertClose(subpathLengths(d), [15, 15])
        assertClose(subpathStarts(d), [P(0, 0), P(10, 10)])
        assertClose([d.currentPoint], [P(0, 5)])
        XCTAssertFalse(d.commands.contains(.closeSubpath), "dashes are open")
    }

    func testDashedCurvesStayCurvesWithTheRightLengths() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let total = circle.segments.reduce(0) { $0 + $1.length }
        let d = circle.copy(dashingWithPhase: 0, lengths: [5, 5])
        let lengths = subpathLengths(d)
        XCTAssertEqual(lengths.count, Int((total / 10).rounded(.up)))
        for l in lengths.dropLast() { XCTAssertEqual(Double(l), 5, accuracy: 1e-4) }
        XCTAssertTrue(d.commands.contains { if case .addCurve = $0 { return true } else { return false } })
        for seg in d.segments {
            for i in 0...4 {
                let q = seg.point(at: CGFloat(i) / 4)
                XCTAssertEqual(Double(hypot(q.x, q.y)), 10, accuracy: 0.01, "dash pieces lie on the circle")
            }
        }
    }

    func testZeroLengthDashesBecomeDots() {
        let l = line(P(0, 0), P(10, 0))
        let d = l.copy(dashingWithPhase: 0, lengths: [0, 5])
        assertClose(d.commands, [.move(to: P(0, 0)), .addLine(to: P(0, 0)), .move(to: P(5, 0)), .addLine(to: P(5, 0)),
                                    .move(to: P(10, 0)), .addLine(to: P(10, 0))])
        let dots = d.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10)
        assertInside(dots, [P(5, 0.9), P(10.9, 0), P(-0.9, 0)])
        assertOutside(dots, [P(2.5, 0), P(5, 1.1)])
    }

    func testInvalidDashPatternsReturnThePath() {
        let l = polyline([P(0, 0), P(10, 0), P(10, 5)])
        for lengths in [[], [0, 0], [-1, 2], [CGFloat.nan, 1], [CGFloat.infinity]] as [[CGFloat]] {
            XCTAssertEqual(l.copy(dashingWithPhase: 0, lengths: lengths), l, "\(lengths)")
        }
        let t = CGAffineTransform(translationX: 1, y: 2)
        XCTAssertEqual(l.copy(dashingWithPhase: 0, lengths: [], transform: t), l.applying(t))
        XCTAssertEqual(l.copy(dashingWithPhase: 0, lengths: [1e-9, 1e-9]), l, "a pattern too fine to cut")
        XCTAssertTrue(CGMutablePath().copy(dashingWithPhase: 0, lengths: [1, 1]).isEmpty)
    }

    func testDashTransformMapsTheResult() {
        let t = CGAffineTransform(scaleX: 2, y: 1)
        let d = line(P(0, 0), P(10, 0)).copy(dashingWithPhase: 0, lengths: [2, 1], transform: t)
        assertClose(subpathStarts(d), [P(0, 0), P(6, 0), P(12, 0), P(18, 0)])  // lengths are measured before the transform
    }

    // MARK: Trimming

    func testTrimKeepsTheMiddleOfTwoEqualSegments() {
        let p = polyline(corner)
        assertClose(p.lamina_trimmed(from: 0.25, to: 0.75).commands,
                       [.move(to: P(5, 0)), .addLine(to: P(10, 0)), .addLine(to: P(10, 5))])
        assertClose(p.lamina_trimmed(from: 0, to: 0.5).commands, [.move(to: P(0, 0)), .addLine(to: P(10, 0))])
        assertClose(p.lamina_trimmed(from: 0.6, to: 1).commands, [.move(to: P(10, 2)), .addLine(to: P(10, 10))])
    }

    /// A subpath exactly one unit long is trimmed like any other (only length 0 is a dot).
    func testTrimOfAUnitLongLineKeepsItsMiddle() {
        let p = line(P(0, 0), P(1, 0))
        assertClose(p.lamina_trimmed(from: 0.25, to: 0.75).commands, [.move(to: P(0.25, 0)), .addLine(to: P(0.75, 0))])
    }

    func testTrimSpansSubpathsByTotalLength() {
        let p = line(P(0, 0), P(10, 0))
        p.move(to: P(0, 10))
        p.addLine(to: P(10, 10))
        assertClose(p.lamina_trimmed(from: 0.25, to: 0.75).commands,
                       [.move(to: P(5, 0)), .addLine(to: P(10, 0)), .move(to: P(0, 10)), .addLine(to: P(5, 10))])
    }

    func testTrimKeepsWholeClosedSubpathsClosedAndCountsClosingSides() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 20, y: 0, width: 10, height: 10))
        let t = p.lamina_trimmed(from: 0, to: 0.75)
        XCTAssertEqual(Array(t.commands.prefix(5)), Array(p.commands.prefix(5)), "the first square is kept closed")
        assertClose(Array(t.commands.dropFirst(5)),
                       [.move(to: P(20, 0)), .addLine(to: P(30, 0)), .addLine(to: P(30, 10))])
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        assertClose(square.lamina_trimmed(from: 0.875, to: 1).commands, [.move(to: P(0, 5)), .addLine(to: P(0, 0))])
    }

    func testTrimCutsCurvesExactly() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let total = circle.segments.reduce(0) { $0 + $1.length }
        let half = circle.lamina_trimmed(from: 0, to: 0.5)
        XCTAssertEqual(Double(half.segments.reduce(0) { $0 + $1.length }), Double(total / 2), accuracy: 1e-4)
        XCTAssertEqual(Double(half.currentPoint.x), -10, accuracy: 1e-4)
        XCTAssertEqual(Double(half.currentPoint.y), 0, accuracy: 1e-4)
        let mid = circle.lamina_trimmed(from: 0.1, to: 0.2)
        XCTAssertEqual(Double(mid.segments.reduce(0) { $0 + $1.length }), Double(total / 10), accuracy: 1e-4)
        XCTAssertEqual(Double(atan2(mid.currentPoint.y, mid.currentPoint.x)), 0.4 * .pi, accuracy: 1e-3)
    }

    /// A dot (a zero-length drawn subpath) is kept exactly when its place along the path, the
    /// length of everything before it, lies in the range, ends included.
    func testTrimKeepsDotsWhosePlaceIsInTheRange() {
        // A dot at the start (place 0), a 10-long line, a dot after it (place 10).
        let p = CGMutablePath()
        p.move(to: P(-5, -5)); p.addLine(to: P(-5, -5))
        p.move(to: P(0, 0)); p.addLine(to: P(10, 0))
        p.move(to: P(20, 20)); p.addLine(to: P(20, 20))
        let startDot: [CGPathCommand] = [.move(to: P(-5, -5)), .addLine(to: P(-5, -5))]
        let endDot: [CGPathCommand] = [.move(to: P(20, 20)), .addLine(to: P(20, 20))]
        assertClose(p.lamina_trimmed(from: 0, to: 0.5).commands, startDot + [.move(to: P(0, 0)), .addLine(to: P(5, 0))])
        assertClose(p.lamina_trimmed(from: 0.2, to: 0.5).commands, [.move(to: P(2, 0)), .addLine(to: P(5, 0))])
        assertClose(p.lamina_trimmed(from: 0.6, to: 1).commands, [.move(to: P(6, 0)), .addLine(to: P(10, 0))] + endDot)
        assertClose(p.lamina_trimmed(from: 0.6, to: 0.9).commands, [.move(to: P(6, 0)), .addLine(to: P(9, 0))])
    }

    func testTrimClampsAndRejectsEmptyRanges() {
        let p = polyline(corner)
        XCTAssertEqual(p.lamina_trimmed(from: -1, to: 2), p)
        assertClose(p.lamina_trimmed(from: -1, to: 0.5).commands, [.move(to: P(0, 0)), .addLine(to: P(10, 0))])
        XCTAssertTrue(p.lamina_trimmed(from: 0.5, to: 0.5).isEmpty)
        XCTAssertTrue(p.lamina_trimmed(from: 0.7, to: 0.2).isEmpty)
        XCTAssertTrue(p.lamina_trimmed(from: .nan, to: 1).isEmpty)
        XCTAssertTrue(p.lamina_trimmed(from: 1, to: 2).isEmpty)
        XCTAssertTrue(CGMutablePath().lamina_trimmed(from: 0.1, to: 0.9).isEmpty)
    }
}
