import XCTest
import CoreGraphics
import CPixelKernels
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// The C cell rasteriser (`CellRasterizer`, `lamina_raster_*`): its coverage against the Double
/// reference (`CoverageRasterizer`) on seeded random polygons of every awkward kind, at every
/// kernel level; the same pixels whichever rows (bands) are drawn; the pixels its direct solid
/// fill blends against the run formula; frames on 1 and 3 threads and damage regions identical.
final class CellRasterizerTests: XCTestCase {
    typealias Contour = [(x: Double, y: Double)]

    /// Target size of the random cases.
    static let width = 64, height = 48

    /// A seeded random set of contours of one of several kinds: self-intersecting polygons, tiny
    /// ones, huge ones (far past the target), ones off the target, sub-pixel slivers, several
    /// contours of both directions, axis-aligned rectangles on whole and half pixels, and
    /// occasionally a contour with a non-finite point (skipped by both rasterisers).
    static func randomContours(_ rng: inout SplitMix64, kind: Int) -> [Contour] {
        let w = Double(width), h = Double(height)
        func point(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> (x: Double, y: Double) { (rng.double(x0, x1), rng.double(y0, y1)) }
        var out: [Contour] = []
        switch kind {
        case 0:   // self-intersecting polygon, 3-14 vertices, partly outside
            out.append((0..<rng.int(3...14)).map { _ in point(-8, w + 8, -8, h + 8) })
        case 1:   // tiny: inside a fraction of a pixel
            let cx = rng.double(0, w), cy = rng.double(0, h), s = rng.double(0.001, 0.6)
            out.append((0..<rng.int(3...5)).map { _ in point(cx, cx + s, cy, cy + s) })
        case 2:   // huge: vertices up to 10^7 pixels away
            let r = pow(10, rng.double(2, 7))
            out.append((0..<rng.int(3...6)).map { _ in point(-r, r, -r, r) })
        case 3:   // off the target (or grazing it)
            let dx = rng.chance(0.5) ? -w - rng.double(-2, 30) : w + rng.double(-2, 30)
            out.append((0..<rng.int(3...6)).map { _ in point(dx, dx + rng.double(1, 40), -10, h + 10) })
        case 4:   // sub-pixel sliver: a long quad 0.005-0.4 px wide at any angle
            let a = point(-4, w + 4, -4, h + 4), b = point(-4, w + 4, -4, h + 4)
            let len = max(hypot(b.x - a.x, b.y - a.y), 1e-9), t = rng.double(0.005, 0.4)
            let nx = -(b.y - a.y) / len * t, ny = (b.x - a.x) / len * t
            out.append([a, b, (b.x + nx, b.y + ny), (a.x + nx, a.y + ny)])
        case 5:   // several contours, both directions, overlapping
            for _ in 0..<rng.int(2...5) {
                let cx = rng.double(0, w), cy = rng.double(0, h), r = rng.double(1, 30)
                var c = (0..<rng.int(3...9)).map { i -> (x: Double, y: Double) in
                    let a = Double(i) * 2 * .pi / 9 + rng.double(0, 0.6)
                    return (cx + r * cos(a), cy + r * sin(a))
                }
                if rng.chance(0.5) { c.reverse() }
                out.append(c)
            }
        default:  // rectangles on whole and half pixels (exact coverage 1, 0.5, 0.25)
            for _ in 0..<rng.int(1...3) {
                let x0 = Double(rng.int(-4...(width + 2))) / 2 * 2 + (rng.chance(0.5) ? 0.5 : 0)
                let y0 = Double(rng.int(-4...(height + 2))) / 2 * 2 + (rng.chance(0.5) ? 0.5 : 0)
                let x1 = x0 + Double(rng.int(1...40)) / 2, y1 = y0 + Double(rng.int(1...30)) / 2
                out.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            }
        }
        if rng.chance(0.05) { out.append([(1, 1), (.nan, 3), (4, 9)]) }
        if rng.chance(0.05) { out.append([(1, 1), (5, 5)]) }
        return out
    }

    /// C coverage within 1/255 of the reference's, the same bounds, and the same values at every
    /// kernel level, on 2800 random cases of both rules (with random columns and rows).
    func testCoverageMatchesTheReferenceAtEveryLevel() {
        var rng = SplitMix64(seed: 0xCE11_0001)
        let cells = CellRasterizer()
        var worst: Float = 0, compared = 0
        for trial in 0..<2800 {
            let contours = Self.randomContours(&rng, kind: trial % 7)
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let columns = rng.int(-3...10)..<(Self.width - rng.int(-3...10)), rows = rng.int(-3...8)..<(Self.height - rng.int(-3...8))
            var reference = CoverageRasterizer()
            reference.rasterize(contours, rule: rule, columns: columns, rows: rows)
            let want = reference.coverage
            var first: [Float]?
            for level in BilinearKernelTests.modes {
                guard let got = PixelKernels.withLevel(level, { cells.coverage(contours, rule: rule, columns: columns, rows: rows) }) else {
                    return XCTFail("trial \(trial): out of memory")
                }
                let rb = reference.bounds
                guard got.bounds == rb else { return XCTFail("trial \(trial), \(level): bounds \(got.bounds), reference \(rb)") }
                if let first, first != got.values { return XCTFail("trial \(trial): level \(level) differs from the first level") }
                first = got.values
                for i in got.values.indices {
                    let d = abs(got.values[i] - want[i])
                    worst = max(worst, d)
                    compared += 1
                    if d > 1 / 255 {
                        return XCTFail("trial \(trial) (kind \(trial % 7), \(rule)), \(level): pixel (\(rb.x + i % rb.width), \(rb.y + i / rb.width)) "
                                       + "coverage \(got.values[i]), reference \(want[i])")
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 100_000)
        print("CellRasterizerTests: largest difference from the reference \(worst * 255)/255 over \(compared) pixel values")
    }

    /// Exact coverage where it is known: a pixel-aligned square is 1 inside, half pixels 0.5,
    /// quarter pixels 0.25, a triangle's coverage sums to its area; an even-odd hole is empty.
    func testKnownCoverage() throws {
        let cells = CellRasterizer()
        let sq: Contour = [(2, 1), (6.5, 1), (6.5, 3.5), (2, 3.5)]
        let a = try XCTUnwrap(cells.coverage([sq], rule: .nonZero, columns: 0..<10, rows: 0..<6))
        XCTAssertTrue(a.bounds == (2, 1, 5, 3))
        XCTAssertEqual(a.values, [1, 1, 1, 1, 0.5, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.25])
        let tri: Contour = [(1.3, 0.7), (17.9, 3.2), (6.4, 14.6)]
        let t = try XCTUnwrap(cells.coverage([tri], rule: .nonZero, columns: 0..<32, rows: 0..<32))
        let ux: Double = 17.9 - 1.3, uy: Double = 3.2 - 0.7, vx: Double = 6.4 - 1.3, vy: Double = 14.6 - 0.7
        let area: Double = abs(ux * vy - vx * uy) / 2
        XCTAssertEqual(t.values.reduce(0, { $0 + Double($1) }), area, accuracy: 1e-3)
        let outer: Contour = [(0, 0), (10, 0), (10, 10), (0, 10)], inner: Contour = [(3, 3), (7, 3), (7, 7), (3, 7)]
        let eo = try XCTUnwrap(cells.coverage([outer, inner], rule: .evenOdd, columns: 0..<10, rows: 0..<10))
        let nz = try XCTUnwrap(cells.coverage([outer, inner], rule: .nonZero, columns: 0..<10, rows: 0..<10))
        XCTAssertEqual(eo.values[5 * 10 + 5], 0)
        XCTAssertEqual(nz.values[5 * 10 + 5], 1)
        XCTAssertEqual(eo.values[1 * 10 + 1], 1)
        // Twice round the same square: winding 2, non-zero 1, even-odd 0.
        let twice = try XCTUnwrap(cells.coverage([outer, outer], rule: .evenOdd, columns: 0..<10, rows: 0..<10))
        XCTAssertEqual(twice.values[44], 0)
    }

    /// A pixel depends only on the contours and the columns: rasterised in three random bands of
    /// rows, every row's values are bit-identical to the whole rasterisation's.
    func testBandsGiveIdenticalCoverage() {
        var rng = SplitMix64(seed: 0xCE11_0002)
        let cells = CellRasterizer()
        for trial in 0..<700 {
            let contours = Self.randomContours(&rng, kind: trial % 7)
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let columns = 0..<Self.width
            guard let whole = cells.coverage(contours, rule: rule, columns: columns, rows: 0..<Self.height) else { return XCTFail("memory") }
            let cut1 = rng.int(0...Self.height), cut2 = rng.int(cut1...Self.height)
            for band in [0..<cut1, cut1..<cut2, cut2..<Self.height] where !band.isEmpty {
                guard let part = cells.coverage(contours, rule: rule, columns: columns, rows: band) else { return XCTFail("memory") }
                let b = part.bounds, wb = whole.bounds
                if b.width == 0 { continue }
                XCTAssertEqual(b.x, wb.x); XCTAssertEqual(b.width, wb.width)
                for y in b.y..<(b.y + b.height) {
                    let got = part.values[((y - b.y) * b.width)..<((y - b.y + 1) * b.width)]
                    let want = whole.values[((y - wb.y) * wb.width)..<((y - wb.y + 1) * wb.width)]
                    if !got.elementsEqual(want) { return XCTFail("trial \(trial): band \(band), row \(y) differs from the whole rasterisation") }
                }
            }
        }
    }

    /// The direct solid fill (PrimitiveDrawer.draw → lamina_raster_fill_solid) gives each pixel of
    /// the scissor exactly the run formula of its coverage: k = min(c·opacity, 1)·255 + 0.5
    /// truncated, the colour scaled by k over the pixel; pixels outside the scissor are untouched.
    /// Opaque colours on large shapes take the fill path for full runs.
    func testDirectFillGivesTheRunFormulaAtEveryLevel() {
        var rng = SplitMix64(seed: 0xCE11_0003)
        let w = 150, h = 60
        let cells = CellRasterizer()
        for trial in 0..<240 {
            var contours = Self.randomContours(&rng, kind: trial % 7)
            if trial % 3 == 0 { contours = contours.map { $0.map { (x: $0.x * 2.2, y: $0.y) } } }   // wider: long full runs
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let color = trial % 4 == 0 ? rng.premultipliedPixel() : rng.premultipliedPixel() | 0xFF00_0000
            let opacity = trial % 5 == 0 ? rng.double(0.01, 1) : 1
            let scissor = IntRect(x: rng.int(0...20), y: rng.int(0...10), width: rng.int(20...(w - 20)), height: rng.int(10...(h - 10)))
            let background = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            guard let cov = cells.coverage(contours, rule: rule, columns: 0..<w, rows: 0..<h) else { return XCTFail("memory") }
            var want = background
            let b = cov.bounds
            for y in max(b.y, scissor.y)..<max(min(b.y + b.height, scissor.maxY), max(b.y, scissor.y)) {
                for x in max(b.x, scissor.x)..<max(min(b.x + b.width, scissor.maxX), max(b.x, scissor.x)) {
                    let c = cov.values[(y - b.y) * b.width + x - b.x]
                    let k = UInt32(min(c * Float(opacity), 1) * 255 + 0.5)
                    if k != 0 { want[y * w + x] = KernelReference.over(background[y * w + x], color, k: k) }
                }
            }
            for level in BilinearKernelTests.modes {
                var got = background
                PixelKernels.withLevel(level) {
                    let drawer = PrimitiveDrawer()
                    got.withUnsafeMutableBufferPointer { px in
                        let frame = IntRect(x: 0, y: 0, width: w, height: h)
                        let surface = Surface(borrowing: px.baseAddress!, frame: frame, stride: w, scissor: scissor)
                        drawer.draw(contours, rule: rule, paint: .solid(color), opacity: opacity, on: surface)
                    }
                }
                if let i = got.indices.first(where: { got[$0] != want[$0] }) {
                    return XCTFail("trial \(trial), \(level): pixel (\(i % w), \(i / w)) \(String(got[i], radix: 16)), formula \(String(want[i], radix: 16))")
                }
            }
        }
    }

    /// A solid fill of layer-space contours through an affine map (`PrimitiveDrawer.drawSolid`, the
    /// points mapped in C) gives exactly the pixels of drawing the contours `projectClipped`
    /// gives (the general path), at every level, for rotations, scales, shears and translations;
    /// a map with perspective is refused (false, nothing drawn), so the caller takes the general path.
    func testAffineSolidFillEqualsTheProjectedContoursAtEveryLevel() {
        var rng = SplitMix64(seed: 0xCE11_0006)
        let w = 120, h = 90
        for trial in 0..<200 {
            var contours = Self.randomContours(&rng, kind: trial % 7).map { $0.map { CGPoint(x: $0.x, y: $0.y) } }
            if trial % 10 == 0 {
                // A contour of more points than the C side maps on its stack.
                let cx = rng.double(10, 50), cy = rng.double(10, 40), r = rng.double(3, 30), n = rng.int(257...700)
                contours.append((0..<n).map { k in
                    let a = Double(k) * 2 * .pi / Double(n)
                    return CGPoint(x: cx + r * cos(a) * (1 + 0.2 * sin(7 * a)), y: cy + r * sin(a))
                })
            }
            let angle = rng.double(-3.2, 3.2), sx = rng.double(0.3, 2.5), sy = rng.double(0.3, 2.5), shear = trial % 3 == 0 ? rng.double(-1, 1) : 0
            let map = Projective2D(a: cos(angle) * sx, b: sin(angle) * sx, c: 0, d: -sin(angle) * sy + shear, e: cos(angle) * sy, f: 0,
                                   g: rng.double(-20, 80), h: rng.double(-20, 60), i: 1)
            let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let color = trial % 4 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel()
            let opacity = trial % 5 == 0 ? rng.double(0.05, 1) : 1
            let scissor = IntRect(x: rng.int(0...15), y: rng.int(0...10), width: rng.int(40...(w - 15)), height: rng.int(30...(h - 10)))
            let background = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            for level in BilinearKernelTests.modes {
                var want = background, got = background
                var drawn = true
                PixelKernels.withLevel(level) {
                    let drawer = PrimitiveDrawer()
                    let frame = IntRect(x: 0, y: 0, width: w, height: h)
                    want.withUnsafeMutableBufferPointer { px in
                        let surface = Surface(borrowing: px.baseAddress!, frame: frame, stride: w, scissor: scissor)
                        drawer.draw(contours.map { map.projectClipped($0) }, rule: rule, paint: .solid(color), opacity: opacity, on: surface)
                    }
                    got.withUnsafeMutableBufferPointer { px in
                        let surface = Surface(borrowing: px.baseAddress!, frame: frame, stride: w, scissor: scissor)
                        drawn = drawer.drawSolid(contours, affine: map, rule: rule, color: color, opacity: opacity, on: surface)
                    }
                }
                XCTAssertTrue(drawn, "trial \(trial): an affine map is drawn")
                if let i = got.indices.first(where: { got[$0] != want[$0] }) {
                    return XCTFail("trial \(trial), \(level): pixel (\(i % w), \(i / w)) \(String(got[i], radix: 16)), projected \(String(want[i], radix: 16))")
                }
            }
        }
        var px = [UInt32](repeating: 0x1234_5678, count: 16 * 16)
        let perspective = Projective2D(a: 1, b: 0, c: 0.001, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)
        let drawn = px.withUnsafeMutableBufferPointer { p in
            PrimitiveDrawer().drawSolid([[CGPoint(x: 1, y: 1), CGPoint(x: 9, y: 2), CGPoint(x: 5, y: 9)]], affine: perspective, rule: .nonZero,
                                        color: 0xFF00_00FF, opacity: 1,
                                        on: Surface(borrowing: p.baseAddress!, frame: IntRect(x: 0, y: 0, width: 16, height: 16), stride: 16,
                                                    scissor: IntRect(x: 0, y: 0, width: 16, height: 16)))
        }
        XCTAssertFalse(drawn)
        XCTAssertTrue(px.allSatisfy { $0 == 0x1234_5678 }, "nothing drawn")
    }

    /// Whole frames of path fills (random polygons, both rules, translucent and opaque colours)
    /// drawn on 1 and on 3 threads (bands), and a damage region drawn alone, give identical pixels.
    func testFramesOnOneAndThreeThreadsAndRegionsAreIdentical() {
        var rng = SplitMix64(seed: 0xCE11_0004)
        var leaves: [RenderNode] = []
        for i in 0..<60 {
            var n = RenderNode()
            n.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
            n.toParent = Matrix4x4.translation(Double(rng.int(0...120)), Double(rng.int(0...150)) + rng.double(0, 1))
            let contours = Self.randomContours(&rng, kind: i % 7).map { $0.map { CGPoint(x: $0.x, y: $0.y) } }
            let color = i % 3 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel()
            n.contents = [.fill(RenderFill(contours: contours, rule: i % 2 == 0 ? .nonZero : .evenOdd, color: color))]
            leaves.append(n)
        }
        let tree = flatTree(width: 190, height: 200, leaves)
        var one = PixelBuffer(width: 190, height: 200)
        FrameRenderer(threads: 1).render(tree, into: &one, background: 0xFFFF_FFFF)
        XCTAssertGreaterThan(Set(one.pixels).count, 100, "the frame has drawn content")
        var three = PixelBuffer(width: 190, height: 200)
        FrameRenderer(threads: 3).render(tree, into: &three, background: 0xFFFF_FFFF)
        if let i = three.pixels.indices.first(where: { three.pixels[$0] != one.pixels[$0] }) {
            XCTFail("3 threads: pixel (\(i % 190), \(i / 190)) differs")
        }
        var region = one
        let damage = IntRect(x: 17, y: 41, width: 101, height: 77)
        for y in damage.y..<damage.maxY { for x in damage.x..<damage.maxX { region.pixels[y * 190 + x] = 0x1234_5678 } }
        FrameRenderer(threads: 1).render(tree, into: &region, region: damage, background: 0xFFFF_FFFF)
        if let i = region.pixels.indices.first(where: { region.pixels[$0] != one.pixels[$0] }) {
            XCTFail("damage region: pixel (\(i % 190), \(i / 190)) differs")
        }
    }

    /// Frames of long curvy contours (9 to 80 points, so that the AVX-512 and AVX2 levels set up
    /// their edges eight and four at a time, each through its layer's scale and translation, which
    /// the C side maps as it sets the edges up), drawn at every level on 1 and on 3 threads (bands
    /// that keep only their rows' edges), equal the portable level's frame on one thread bit for
    /// bit: the vector setups give the scalar setup's edges.
    func testLongContoursAtEveryLevelOnOneAndThreeThreadsEqualThePortableFrame() {
        var rng = SplitMix64(seed: 0xCE11_0007)
        var leaves: [RenderNode] = []
        for i in 0..<40 {
            var n = RenderNode()
            n.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
            let sx = rng.double(0.6, 1.7), sy = rng.double(0.6, 1.7)
            n.toParent = Matrix4x4.scale(sx, sy).then(Matrix4x4.translation(rng.double(-10, 120), rng.double(-10, 150)))
            let count = rng.int(9...80), cx = rng.double(10, 54), cy = rng.double(8, 40), r = rng.double(4, 26)
            let wobble = rng.double(0, 0.4), turns = Double(rng.int(2...7))
            let contour = (0..<count).map { k -> CGPoint in
                let a = Double(k) * 2 * .pi / Double(count)
                let rr = r * (1 + wobble * sin(turns * a))
                return CGPoint(x: cx + rr * cos(a), y: cy + rr * sin(a))
            }
            let color = i % 3 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel()
            n.contents = [.fill(RenderFill(contours: [contour], rule: i % 2 == 0 ? .nonZero : .evenOdd, color: color))]
            leaves.append(n)
        }
        let tree = flatTree(width: 190, height: 200, leaves)
        var reference = PixelBuffer(width: 190, height: 200)
        PixelKernels.withLevel(.portable) { FrameRenderer(threads: 1).render(tree, into: &reference, background: 0xFFFF_FFFF) }
        XCTAssertGreaterThan(Set(reference.pixels).count, 100, "the frame has drawn content")
        for level in BilinearKernelTests.modes {
            for threads in [1, 3] {
                var frame = PixelBuffer(width: 190, height: 200)
                PixelKernels.withLevel(level) { FrameRenderer(threads: threads).render(tree, into: &frame, background: 0xFFFF_FFFF) }
                if let i = frame.pixels.indices.first(where: { frame.pixels[$0] != reference.pixels[$0] }) {
                    XCTFail("\(level), \(threads) threads: pixel (\(i % 190), \(i / 190)) \(String(frame.pixels[i], radix: 16)), portable \(String(reference.pixels[i], radix: 16))")
                }
            }
        }
    }

    /// lamina_raster_sweep_row at every level: the running sum (wrapping as unsigned), each cell
    /// cleared, each coverage |sum| capped at one pixel or folded with period two, per a formula
    /// written out here.
    func testSweepRowMatchesItsFormulaAtEveryLevel() {
        var rng = SplitMix64(seed: 0xCE11_0005)
        let one = Int64(LAMINA_RASTER_ONE)
        for trial in 0..<400 {
            let n = trial % 70
            let cells: [Int32] = (0..<n).map { _ in
                switch rng.int(0...4) {
                case 0: return 0
                case 1: return Int32(rng.int(-Int(one)...Int(one)))
                case 2: return Int32(truncatingIfNeeded: rng.int(Int(Int32.min)...Int(Int32.max)))
                default: return Int32(rng.int(-3 * Int(one)...3 * Int(one)))
                }
            }
            let start = Int32(rng.int(-4 * Int(one)...4 * Int(one)))
            for evenOdd: Int32 in [0, 1] {
                var s = Int64(start), want: [Float] = []
                for c in cells {
                    s = Int64(Int32(truncatingIfNeeded: s + Int64(c)))
                    var a = abs(s)
                    if evenOdd == 1 { a %= 2 * one; if a > one { a = 2 * one - a } } else { a = min(a, one) }
                    want.append(Float(Double(a) / Double(one)))
                }
                for level in BilinearKernelTests.modes {
                    var c = cells, got = [Float](repeating: -1, count: n + 1)
                    let last = PixelKernels.withLevel(level) { lamina_raster_sweep_row(&c, &got, Int32(n), start, evenOdd) }
                    XCTAssertEqual(Array(got.prefix(n)), want, "trial \(trial), \(level), evenOdd \(evenOdd)")
                    XCTAssertEqual(got[n], -1, "wrote past the row")
                    XCTAssertEqual(Int64(last), n == 0 ? Int64(start) : s, "trial \(trial), \(level)")
                    XCTAssertTrue(c.allSatisfy { $0 == 0 }, "cells cleared")
                }
            }
        }
    }
}
