import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// Gradients painted in one pass a run (`lamina_gradient_over` through
/// `PrimitiveDrawer.paintGradientSpans`): the pixels must be, bit for bit, those of the reference
/// path (each run's colours shaded into a row by `SpanShader`, then blended by `paintSpans`), at
/// every kernel level, under no clip and under rounded soft clips, for shapes, whole-pixel
/// rectangles and whole frames of rounded clipped gradient layers on one and three threads; and,
/// unclipped, those worked out here pixel by pixel from the Swift reference shader.
final class GradientOverTests: XCTestCase {
    private static let levels: [PixelKernels.Level] = PixelKernels.Level.allCases.reversed()
    private static let background: UInt32 = 0xFF30_5070

    override func tearDown() {
        PixelKernels.maximumLevel = .highest
        super.tearDown()
    }

    private static let stops: [(location: Double, color: SIMD4<Double>)] = [
        (0, SIMD4(1, 0.2, 0, 0.9)), (0.5, SIMD4(0, 1, 0.4, 0.6)), (1, SIMD4(0.1, 0, 1, 1)),
    ]

    func gradient(_ kind: GradientKind, _ rng: inout SplitMix64, map: Projective2D = .identity) -> GradientSampler {
        let g = RenderGradient(kind: kind, rect: CGRect(x: 0, y: 0, width: 50, height: 50),
                               start: CGPoint(x: rng.double(0, 140), y: rng.double(0, 100)), end: CGPoint(x: rng.double(0, 140), y: rng.double(0, 100)),
                               stops: GradientOverTests.stops)
        return GradientSampler(g, deviceToLayer: map)
    }

    /// One drawing on a fresh 140 x 100 frame (a ramp of colours under it, so that every blend shows).
    /// (`cells`: gradient shapes through the C rasteriser's coverage, `GradientCellsTests`; here
    /// they take the Swift rasteriser's runs, so that the one-pass runs meet the shaded rows bit for bit.)
    func draw(fused: Bool, clip: [(x: Double, y: Double)]?, cells: Bool = false, _ body: (PrimitiveDrawer, Surface) -> Void) -> [UInt32] {
        var buffer = PixelBuffer(width: 140, height: 100, fill: GradientOverTests.background)
        for i in buffer.pixels.indices where i % 7 < 3 { buffer.pixels[i] = 0x8040_2010 &+ UInt32(i % 97) }
        let drawer = PrimitiveDrawer()
        drawer.fusesGradients = fused
        drawer.rastersGradientShapes = cells
        let frame = IntRect(x: 0, y: 0, width: 140, height: 100)
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: frame, stride: 140, scissor: frame)
            if let clip { s.clip = drawer.clipMask([clip], rule: .nonZero, area: frame, outer: nil, columns: 0..<140) }
            body(drawer, s)
        }
        return buffer.pixels
    }

    private func firstDifference(_ a: [UInt32], _ b: [UInt32]) -> String? {
        guard let i = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        return "pixel (\(i % 140), \(i / 140)): \(String(a[i], radix: 16)), expected \(String(b[i], radix: 16))"
    }

    func testFusedRunsEqualShadedRowsAtEveryLevel() {
        var rng = SplitMix64(seed: 0x6A0D_0FE5)
        let kinds: [GradientKind] = [.axial, .radial, .conic]
        var drawn = 0
        for level in GradientOverTests.levels {
            PixelKernels.maximumLevel = level
            for trial in 0..<36 {
                let projective = trial % 6 == 5
                let map = projective ? Projective2D(a: 1, b: 0.05, c: 0.0015, d: -0.04, e: 1, f: 0.001, g: 2, h: -3, i: 1) : .identity
                let g = gradient(kinds[trial % 3], &rng, map: map)
                let opacity = rng.pick([1, 0.8, 0.3])
                // A rounded clip with fractional edges, one on whole pixels, or none.
                let clip: [(x: Double, y: Double)]? = [
                    RoundedRect.polygon(CGRect(x: rng.double(0, 20), y: rng.double(0, 15), width: rng.double(60, 115), height: rng.double(40, 80)),
                                        radius: rng.double(3, 20), corners: 15, pixelsPerUnit: 1),
                    RoundedRect.polygon(CGRect(x: 10, y: 8, width: 110, height: 77), radius: 12, corners: 15, pixelsPerUnit: 1),
                    nil,
                ][trial % 3]
                let shape: [(x: Double, y: Double)] = (0..<5).map { k in
                    let a = Double(k) * 2 * Double.pi / 5 + rng.double(0, 0.5), r = rng.double(20, 75)
                    return (70 + r * cos(a), 50 + r * sin(a))
                }
                let x0 = Double(rng.int(-10...60)), y0 = Double(rng.int(-10...50))
                let x1 = x0 + Double(rng.int(1...110)), y1 = y0 + Double(rng.int(1...80))
                for what in ["shape", "rectangle"] {
                    func paint(_ d: PrimitiveDrawer, _ s: Surface) {
                        if what == "shape" {
                            d.draw([shape], rule: .nonZero, paint: .gradient(g), opacity: opacity, on: s)
                        } else {
                            d.drawAxisAlignedRect(x0: x0, y0: y0, x1: x1, y1: y1, paint: .gradient(g), opacity: opacity, on: s)
                        }
                    }
                    let fused = draw(fused: true, clip: clip, paint)
                    let reference = draw(fused: false, clip: clip, paint)
                    if let d = firstDifference(fused, reference) {
                        XCTFail("\(level), trial \(trial) (\(g.kind), \(what), clip \(clip != nil), opacity \(opacity)): \(d)")
                    }
                    if fused.contains(where: { $0 != GradientOverTests.background }) { drawn += 1 }
                }
            }
        }
        XCTAssertGreaterThan(drawn, 150, "most drawings paint something")
    }

    /// Unclipped whole-pixel rectangles against pixels worked out here: the Swift reference shader's
    /// colour scaled by the opacity's factor, over the pixel beneath.
    func testUnclippedRectanglesEqualTheReferenceShaderPixelByPixel() {
        var rng = SplitMix64(seed: 0x0E7A_11ED)
        for level in GradientOverTests.levels {
            PixelKernels.maximumLevel = level
            for trial in 0..<12 {
                let g = gradient([.axial, .radial, .conic][trial % 3], &rng)
                let opacity = rng.pick([1, 0.9, 0.45])
                let r = IntRect(x: rng.int(0...40), y: rng.int(0...30), width: rng.int(1...99), height: rng.int(1...69))
                let under = draw(fused: false, clip: nil) { _, _ in }
                let got = draw(fused: true, clip: nil) { d, s in
                    d.drawAxisAlignedRect(x0: Double(r.x), y0: Double(r.y), x1: Double(r.maxX), y1: Double(r.maxY), paint: .gradient(g), opacity: opacity, on: s)
                }
                let k = UInt32(min(Float(opacity), 1) * 255 + 0.5)
                var expected = under
                var row = [UInt32](repeating: 0, count: r.width)
                for y in r.y..<r.maxY {
                    row.withUnsafeMutableBufferPointer { SpanShader.shadeGradientReference(g, x0: r.x, y: y, count: r.width, into: $0.baseAddress!) }
                    for i in 0..<r.width {
                        let p = y * 140 + r.x + i
                        expected[p] = Premultiplied.over(under[p], Premultiplied.scale(row[i], k))
                    }
                }
                if let d = firstDifference(got, expected) { XCTFail("\(level), trial \(trial) (\(g.kind), \(r), opacity \(opacity)): \(d)") }
            }
        }
    }

    /// A frame of rounded, clipped gradient layers (as `bench compositor`'s gradient rows, smaller),
    /// drawn fused on one and three threads, equals the reference frame drawn on one thread.
    func testFramesOfRoundedClippedGradientLayersEqualTheReference() {
        var rng = SplitMix64(seed: 0x5EED_0024)
        let w = 160, h = 120
        var nodes: [RenderNode] = []
        var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: w, height: h); root.backgroundColor = 0xFF40_4040; root.id = 1
        nodes.append(root)
        let kinds: [GradientKind] = [.axial, .radial, .conic]
        for k in 0..<24 {
            var n = RenderNode()
            let lw = Double(rng.int(6...90)), lh = Double(rng.int(6...80))
            n.bounds = CGRect(x: 0, y: 0, width: lw, height: lh)
            // Whole-pixel places mostly, some fractional (the clip's edges then anti-aliased).
            let fx = k % 4 == 3 ? rng.double(0, 1) : 0
            n.toParent = .translation(Double(rng.int(-10...(w - 20))) + fx, Double(rng.int(-10...(h - 20))))
            n.masksToBounds = k % 5 != 4
            n.cornerRadius = rng.pick([0, 4, 12, 30])
            n.opacity = rng.pick([1, 1, 0.7])
            let g = RenderGradient(kind: kinds[k % 3], rect: n.bounds, start: CGPoint(x: 0, y: 0), end: CGPoint(x: lw * rng.double(0.3, 1), y: lh * rng.double(0.3, 1)),
                                   stops: [(0, SIMD4(rng.double(0, 1), 0.3, 0.1, 0.9)), (0.5, SIMD4(0.2, rng.double(0, 1), 0.5, 0.9)), (1, SIMD4(0.1, 0.4, rng.double(0, 1), 0.9))])
            n.contents = [.gradient(g)]
            n.id = UInt64(k + 2)
            n.subtreeEnd = k + 2
            nodes.append(n)
        }
        nodes[0].subtreeEnd = nodes.count
        let tree = RenderTree(nodes: nodes)
        // At one pixel a point, two (the outlines' corners flattened finer) and 1.5 (fractional edges).
        for scale in [1.0, 2.0, 1.5] {
            let toDevice = Matrix4x4.scale(scale, scale)
            for level in GradientOverTests.levels {
                PixelKernels.maximumLevel = level
                var reference = PixelBuffer(width: w, height: h)
                let r = FrameRenderer(threads: 1)
                r.shortcuts.fusesGradients = false
                r.render(tree, into: &reference, toDevice: toDevice, background: 0)
                XCTAssertGreaterThan(Set(reference.pixels).count, 200, "the layers draw gradients")
                let under = [UInt32](repeating: 0, count: w * h)
                if let d = FrameVariants.firstDifference(tree, under: under, width: w, height: h, expected: reference.pixels,
                                                         variants: [(1, true), (3, true), (1, false)], toDevice: toDevice, background: 0) {
                    XCTFail("\(level), scale \(scale): \(d)")
                }
            }
        }
    }

    /// The band of a rounded rectangle's outline between its corners, on whole pixels; none for
    /// outlines whose sides are off whole columns, rotated, or crossed by other edges.
    func testPlainBandOfRoundedOutlines() {
        let rounded = RoundedRect.polygon(CGRect(x: 10, y: 20, width: 50, height: 40), radius: 12, corners: 15, pixelsPerUnit: 1)
        let band = PrimitiveDrawer.plainBand(rounded)
        XCTAssertEqual(band?.x0, 10); XCTAssertEqual(band?.x1, 60)
        XCTAssertEqual(band?.rows, 32..<48, "rows 32 ..< 48 lie between the corners (20 + 12, 60 − 12)")
        let fractional = RoundedRect.polygon(CGRect(x: 10.5, y: 20, width: 50, height: 40), radius: 12, corners: 15, pixelsPerUnit: 1)
        XCTAssertNil(PrimitiveDrawer.plainBand(fractional), "sides between pixels")
        XCTAssertNil(PrimitiveDrawer.plainBand([(0, 0), (40, 5), (35, 45), (-5, 40)]), "rotated")
        // A square whose top is cut by a V reaching into the rows between its sides: the V's edges cross them.
        XCTAssertNil(PrimitiveDrawer.plainBand([(0, 0), (10, 0), (15, 20), (20, 0), (30, 0), (30, 30), (0, 30)]), "a notch")
        // A diagonal across the band (a contour crossing itself).
        XCTAssertNil(PrimitiveDrawer.plainBand([(0, 0), (0, 30), (20, 0), (20, 30)]), "a diagonal")
        let square = PrimitiveDrawer.plainBand([(3, 4), (13, 4), (13, 9), (3, 9)])
        XCTAssertEqual(square?.rows, 4..<9)
    }
}
