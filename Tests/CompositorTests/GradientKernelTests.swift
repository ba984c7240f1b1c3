import XCTest
import CoreGraphics
import Foundation
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// The C gradient kernel (lamina_shade_gradient, through SpanShader.shadeGradient) at every level
/// this CPU runs (x86-64: AVX-512, AVX2, portable; AArch64: NEON, portable), for axial, radial and
/// conic rows: each pixel must be the table entry of its centre's parameter worked out here from the
/// documented formulas (CPixelKernels.h), and the whole row the Swift reference's
/// (SpanShader.shadeGradientReference, the code the kernel replaced), bit for bit.
final class GradientKernelTests: XCTestCase {
    static let levels: [PixelKernels.Level] = PixelKernels.Level.allCases.reversed()

    /// The parameter of layer point (x, y), from the formulas.
    func parameter(_ kind: GradientKind, _ s: CGPoint, _ e: CGPoint, _ x: Double, _ y: Double) -> Double {
        let sx = Double(s.x), sy = Double(s.y), ex = Double(e.x), ey = Double(e.y)
        switch kind {
        case .axial:
            let dx = ex - sx, dy = ey - sy, len2 = dx * dx + dy * dy
            return len2 > 0 ? ((x - sx) * dx + (y - sy) * dy) / len2 : 0
        case .radial:
            let rx = Swift.abs(ex - sx), ry = Swift.abs(ey - sy)
            if rx == 0 && ry == 0 { return 1 }
            let u = rx > 0 ? (x - sx) / rx : (x == sx ? 0 : Double.infinity)
            let v = ry > 0 ? (y - sy) / ry : (y == sy ? 0 : Double.infinity)
            return (u * u + v * v).squareRoot()
        default:
            // The angle from the start→end direction, counter-clockwise in layer coordinates, in turns.
            var a = atan2(y - sy, x - sx) - atan2(ey - sy, ex - sx)
            if a < 0 { a += 2 * Double.pi }
            if a >= 2 * Double.pi { a -= 2 * Double.pi }
            return a / (2 * Double.pi)
        }
    }

    /// The colours of pixels x0 ..< x0 + count of device row y, from the formulas: each centre
    /// mapped to the layer by `map` (device to layer), its parameter's table entry.
    func formulaRow(_ kind: GradientKind, _ start: CGPoint, _ end: CGPoint, map: Projective2D, table: [UInt32], x0: Int, y: Int, count n: Int) -> [UInt32] {
        (0..<n).map { i in
            let px = Double(x0 + i) + 0.5, py = Double(y) + 0.5
            let w = px * map.c + (py * map.f + map.i)
            let lx = (px * map.a + (py * map.d + map.g)) * (1 / w), ly = (px * map.b + (py * map.e + map.h)) * (1 / w)
            let t = parameter(kind, start, end, lx, ly)
            return table[t.isNaN ? 0 : Int((min(max(t, 0), 1) * 255).rounded())]
        }
    }

    /// Shades `formula.count` pixels of `g`'s row y from x0 and fails naming the first pixel that
    /// differs from `formula`.
    func assertRow(_ g: GradientSampler, x0: Int, y: Int, equals formula: [UInt32], _ what: String, line: UInt = #line) {
        let n = formula.count
        var out = [UInt32](repeating: 0, count: n)
        out.withUnsafeMutableBufferPointer { SpanShader.shadeGradient(g, x0: x0, y: y, count: n, into: $0.baseAddress!) }
        if let i = (0..<n).first(where: { out[$0] != formula[$0] }) {
            XCTFail("\(what): pixel \(x0 + i) of \(n)", line: line)
        }
    }

    func testRowsMatchTheFormulasAndTheSwiftReferenceAtEveryLevel() {
        var rng = SplitMix64(seed: 0x6AD1_C0DE)
        let stops: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(1, 0, 0, 1)), (0.3, SIMD4(0, 1, 0, 0.5)), (0.7, SIMD4(0.2, 0.4, 1, 0.9)), (1, SIMD4(0, 0, 1, 1))]
        let table = GradientSampler.makeTable(stops)
        let kinds: [GradientKind] = [.axial, .radial, .conic]
        var compared = 0, crossing = 0
        for trial in 0..<600 {
            let kind = kinds[trial % 3]
            let start = CGPoint(x: rng.double(-20, 60), y: rng.double(-20, 60))
            var end = CGPoint(x: rng.double(-20, 60), y: rng.double(-20, 60))
            switch trial % 23 {
            case 0: end = start                               // no axis, no radius
            case 1: end.x = start.x                           // a radial gradient without x radius
            case 2: end.y = start.y
            default: break
            }
            let projective = trial % 5 == 4
            let angle = rng.double(0, 6.3), scale = rng.double(0.2, 3)
            let map = Projective2D(a: cos(angle) / scale, b: sin(angle) / scale, c: projective ? rng.double(-0.003, 0.003) : 0,
                                   d: -sin(angle) / scale, e: cos(angle) / scale, f: projective ? rng.double(-0.003, 0.003) : 0,
                                   g: rng.double(-30, 30), h: rng.double(-30, 30), i: projective ? 1 : rng.pick([1, 1, 0.5]))
            let g = GradientSampler(RenderGradient(kind: kind, rect: CGRect(x: 0, y: 0, width: 50, height: 50), start: start, end: end, stops: stops),
                                    deviceToLayer: map)
            let x0 = rng.int(-40...200), y = rng.int(-40...200), n = rng.int(1...90)
            var reference = [UInt32](repeating: 0, count: n)
            reference.withUnsafeMutableBufferPointer { SpanShader.shadeGradientReference(g, x0: x0, y: y, count: n, into: $0.baseAddress!) }
            let formula = formulaRow(kind, start, end, map: map, table: table, x0: x0, y: y, count: n)
            XCTAssertEqual(reference, formula, "trial \(trial) \(kind): the Swift reference")
            for level in Self.levels {
                PixelKernels.withLevel(level) {
                    var out = [UInt32](repeating: 0xDEAD_BEEF, count: n + 1)
                    out.withUnsafeMutableBufferPointer { SpanShader.shadeGradient(g, x0: x0, y: y, count: n, into: $0.baseAddress!) }
                    XCTAssertEqual(Array(out.prefix(n)), formula, "trial \(trial) \(kind), level \(level)")
                    XCTAssertEqual(out[n], 0xDEAD_BEEF, "nothing written past the row (trial \(trial), level \(level))")
                }
            }
            compared += n
            if Set(formula).count > 3 { crossing += 1 }
        }
        XCTAssertGreaterThan(compared, 20_000)
        XCTAssertGreaterThan(crossing, 150, "rows that cross several colours of the table (180 of the 600 with this seed)")
    }

    /// Long rows far from the layer's origin (the vector kernels step them in float with a margin
    /// that grows with the row's start value and length): axes a few millionths from 127.5, 255 and
    /// 510 units (so that the parameter drifts slowly through the rounding steps and many centres
    /// lie within float rounding errors of one), or of random length, starting 2000-5000 units out,
    /// rows of 600-4000 pixels across them; every level's row must be the Swift reference's, bit for bit.
    func testFarLongRowsMatchTheSwiftReferenceAtEveryLevel() {
        var rng = SplitMix64(seed: 0xFA2_57E9)
        let stops: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(1, 0, 0, 1)), (0.5, SIMD4(0, 1, 0, 0.8)), (1, SIMD4(0, 0, 1, 1))]
        let kinds: [GradientKind] = [.axial, .radial, .conic]
        var compared = 0
        for trial in 0..<600 {
            let kind = kinds[trial % 3]
            let sx = Double(rng.int(2000...5000)) + (trial % 4 == 3 ? rng.double(0, 1) : 0), sy = rng.double(-3, 3)
            let length = trial % 8 == 7 ? rng.double(60, 1200) : rng.pick([127.5, 255.0, 510]) * (1 + rng.double(-8e-6, 8e-6))
            let start = CGPoint(x: sx, y: sy), end = CGPoint(x: sx + length, y: kind == .axial ? sy : sy + length * rng.double(0.3, 1))
            let map = Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)
            let g = GradientSampler(RenderGradient(kind: kind, rect: CGRect(x: 0, y: 0, width: 50, height: 50), start: start, end: end, stops: stops),
                                    deviceToLayer: map)
            // Conic rows well off the centre's row (along it the angle is 0 or π).
            let n = rng.int(600...4000), x0 = Int(sx) - rng.int(0...n), y = rng.int(-8...8) + (kind == .conic ? rng.int(40...400) : 0)
            var reference = [UInt32](repeating: 0, count: n)
            reference.withUnsafeMutableBufferPointer { SpanShader.shadeGradientReference(g, x0: x0, y: y, count: n, into: $0.baseAddress!) }
            XCTAssertGreaterThan(Set(reference).count, 3, "trial \(trial): the row crosses the gradient")
            for level in Self.levels {
                PixelKernels.withLevel(level) {
                    var out = [UInt32](repeating: 0, count: n)
                    out.withUnsafeMutableBufferPointer { SpanShader.shadeGradient(g, x0: x0, y: y, count: n, into: $0.baseAddress!) }
                    if let i = (0..<n).first(where: { out[$0] != reference[$0] }) {
                        XCTFail("trial \(trial) \(kind), level \(level): pixel \(x0 + i) of \(n) from \(x0)")
                    }
                }
            }
            compared += n
        }
        XCTAssertGreaterThan(compared, 600_000)
    }

    /// Rows whose pixel centres fall where t·255 is exactly or nearly k + ½ (layer x = device x, an
    /// axis from 0 to L along x: t·255 = (x·L / L²)·255, for L = 255 exactly x for many centres
    /// x = k + ½): the half-up rounding of every level against the formula.
    func testRoundingAtHalfStepsAtEveryLevel() {
        let stops: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(0, 0, 0, 1)), (1, SIMD4(1, 1, 1, 1))]
        // Black to white: 256 different entries, so a neighbour's entry is a failure.
        let table = GradientSampler.makeTable(stops)
        XCTAssertEqual(Set(table).count, 256)
        var halves = 0
        for length in [255.0, 510.0, 127.5, 1.0] {
            let g = GradientSampler(RenderGradient(kind: .axial, rect: CGRect(x: 0, y: 0, width: 300, height: 1), start: .zero,
                                                   end: CGPoint(x: length, y: 0), stops: stops),
                                    deviceToLayer: Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1))
            let n = 300
            for level in Self.levels {
                PixelKernels.withLevel(level) {
                    var out = [UInt32](repeating: 0, count: n)
                    out.withUnsafeMutableBufferPointer { SpanShader.shadeGradient(g, x0: -10, y: 0, count: n, into: $0.baseAddress!) }
                    for i in 0..<n {
                        let x = Double(-10 + i) + 0.5
                        let v = min(max(x * length / (length * length), 0), 1) * 255
                        if v - v.rounded(.down) == 0.5 { halves += 1 }
                        XCTAssertEqual(out[i], table[Int(v.rounded())], "x \(x), axis length \(length), level \(level)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(halves, 100, "centres exactly half way between two table entries")
    }

    /// Rows whose pixel centres fall within a few units in the last place of a rounding step of the
    /// reference (axes a hair longer or shorter than 255, 510, 127.5 ... layer units, under scales
    /// and offsets): where the vector versions' stepped parameter can round the other way, so they
    /// must work those lanes out again by the reference's formula (long rows, both kinds).
    func testRowsAHairFromRoundingStepsAtEveryLevel() {
        let stops: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(0, 0, 0, 1)), (1, SIMD4(1, 1, 1, 1))]
        let table = GradientSampler.makeTable(stops)
        var rows = 0, nearSteps = 0
        for base in [255.0, 510.0, 127.5, 85.0, 1020.0] {
            for ulps in -6...6 {
                let length = base * (1 + Double(ulps) * 0x1p-52)
                for (scale, offset) in [(1.0, 0.0), (0.5, 0.0), (2.0, 0.25), (1.0 / 3, 0.0), (1.0, 1e-9)] {
                    for kind in [GradientKind.axial, .radial] {
                        let g = GradientSampler(RenderGradient(kind: kind, rect: CGRect(x: 0, y: 0, width: 2000, height: 1), start: CGPoint(x: offset, y: 0),
                                                               end: CGPoint(x: offset + length, y: kind == .radial ? length : 0), stops: stops),
                                                deviceToLayer: Projective2D(a: scale, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1))
                        let n = 1400, x0 = -30
                        var formula = [UInt32](repeating: 0, count: n)
                        for i in 0..<n {
                            let px = Double(x0 + i) + 0.5
                            let lx = (px * scale + 0) * (1 / 1.0), ly = (px * 0 + (0.5 * 1 + 0)) * (1 / 1.0)
                            let t = parameter(kind, CGPoint(x: offset, y: 0), CGPoint(x: offset + length, y: kind == .radial ? length : 0), lx, ly)
                            let v = min(max(t, 0), 1) * 255
                            if Swift.abs(v - v.rounded(.down) - 0.5) < 1e-12 { nearSteps += 1 }
                            formula[i] = table[Int(v.rounded())]
                        }
                        for level in Self.levels {
                            PixelKernels.withLevel(level) {
                                assertRow(g, x0: x0, y: 0, equals: formula, "\(kind), axis \(length) (\(ulps) ulps from \(base)), scale \(scale), offset \(offset), level \(level)")
                            }
                        }
                        rows += 1
                    }
                }
            }
        }
        XCTAssertEqual(rows, 650)
        XCTAssertGreaterThan(nearSteps, 10_000, "pixel centres within 1e-12 of a rounding step")
    }

    /// Conic rows whose pixel centres sweep, 1e-7 of a table step apart, across a rounding step of
    /// the reference's angle (at 48 steps round the circle, octant edges among them): the vector
    /// versions' series angle is within 8e-7 of a step there, so those lanes must be worked out
    /// again by libm's atan2, as the reference does.
    func testConicRowsAcrossRoundingStepsAtEveryLevel() {
        let stops: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(0, 0, 0, 1)), (1, SIMD4(1, 1, 1, 1))]
        let table = GradientSampler.makeTable(stops)
        let start = CGPoint.zero, end = CGPoint(x: 1, y: 0)
        let n = 900, x0 = -450, radius = 300.0
        var changes = 0
        for step in stride(from: 1, through: 254, by: 5) + [32, 64, 96, 128, 160, 192, 224] {
            let theta = 2 * Double.pi * (Double(step) - 0.5) / 255
            // Pixel centres on the tangent through the step's ray: 1e-7 of a table step apart.
            let s = radius * 2 * Double.pi / 255 * 1e-7
            let a = -sin(theta) * s, b = cos(theta) * s
            let map = Projective2D(a: a, b: b, c: 0, d: 0, e: 0, f: 0, g: radius * cos(theta), h: radius * sin(theta), i: 1)
            let g = GradientSampler(RenderGradient(kind: .conic, rect: CGRect(x: -400, y: -400, width: 800, height: 800), start: start, end: end, stops: stops),
                                    deviceToLayer: map)
            let formula = formulaRow(.conic, start, end, map: map, table: table, x0: x0, y: 0, count: n)
            changes += zip(formula, formula.dropFirst()).filter { $0 != $1 }.count
            for level in Self.levels {
                PixelKernels.withLevel(level) {
                    assertRow(g, x0: x0, y: 0, equals: formula, "conic across step \(step), level \(level)")
                }
            }
        }
        XCTAssertGreaterThan(changes, 40, "the rows cross their steps")
    }

    /// Long rows far from the origin under large and small scales (where the stepped form's margin
    /// grows with the coordinates): every level equals the formula, pixel for pixel.
    func testLongRowsFarOutAtEveryLevel() {
        var rng = SplitMix64(seed: 0x57E9_0F_A7)
        let stops: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(0, 0, 0, 1)), (0.5, SIMD4(1, 0, 0, 1)), (1, SIMD4(1, 1, 1, 1))]
        let table = GradientSampler.makeTable(stops)
        var crossing = 0
        for trial in 0..<160 {
            let kind: GradientKind = trial % 2 == 0 ? .axial : .radial
            let far = rng.pick([1.0, 1e3, 1e5, 3e6])
            let start = CGPoint(x: rng.double(-far, far), y: rng.double(-far, far))
            let end = CGPoint(x: Double(start.x) + rng.double(-2000, 2000), y: Double(start.y) + rng.double(-2000, 2000))
            let angle = rng.double(0, 6.3), scale = rng.pick([0.01, 0.3, 1, 7, 400]), w = rng.pick([1.0, 1, 0.5])
            let x0 = rng.int(-100_000...100_000), y = rng.int(-100_000...100_000), n = rng.int(1...2500)
            // The row's middle lands near the start point, so the row crosses the gradient.
            let (a, b, d, e) = (cos(angle) * scale, sin(angle) * scale, -sin(angle) * scale, cos(angle) * scale)
            let xc = Double(x0) + Double(n) / 2, yc = Double(y) + 0.5
            let aimX = Double(start.x) + rng.double(-300, 300), aimY = Double(start.y) + rng.double(-300, 300)
            let map = Projective2D(a: a, b: b, c: 0, d: d, e: e, f: 0, g: aimX * w - (xc * a + yc * d), h: aimY * w - (xc * b + yc * e), i: w)
            let g = GradientSampler(RenderGradient(kind: kind, rect: CGRect(x: 0, y: 0, width: 50, height: 50), start: start, end: end, stops: stops),
                                    deviceToLayer: map)
            let formula = formulaRow(kind, start, end, map: map, table: table, x0: x0, y: y, count: n)
            if Set(formula).count > 20 { crossing += 1 }
            for level in Self.levels {
                PixelKernels.withLevel(level) {
                    assertRow(g, x0: x0, y: y, equals: formula, "trial \(trial) \(kind), level \(level)")
                }
            }
        }
        XCTAssertGreaterThan(crossing, 20, "rows that cross many colours of the table")
    }

    /// Spans beyond the kernel's 32-bit pixel numbers (a huge layer far out) take the Swift
    /// reference: the same colours, no trap in the conversion.
    func testSpansFarOutTakeTheReference() {
        let stops: [(location: Double, color: SIMD4<Double>)] = [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 1))]
        for kind in [GradientKind.axial, .radial, .conic] {
            let g = GradientSampler(RenderGradient(kind: kind, rect: CGRect(x: 0, y: 0, width: 10, height: 10), start: .zero,
                                                   end: CGPoint(x: 3e12, y: 1e12), stops: stops),
                                    deviceToLayer: Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1))
            for x0 in [Int.max - 10, 1 << 40, -(1 << 40), (1 << 30) - 3] {
                var out = [UInt32](repeating: 0, count: 6), reference = out
                out.withUnsafeMutableBufferPointer { SpanShader.shadeGradient(g, x0: x0, y: 7, count: 6, into: $0.baseAddress!) }
                reference.withUnsafeMutableBufferPointer { SpanShader.shadeGradientReference(g, x0: x0, y: 7, count: 6, into: $0.baseAddress!) }
                XCTAssertEqual(out, reference, "\(kind) from x \(x0)")
                XCTAssertNotEqual(out, [UInt32](repeating: 0, count: 6), "\(kind) from x \(x0): colours written")
            }
        }
    }
}
