import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// Gradient cards through corner coverage rasterised once per corner shape
/// (`GradientCornerTiles`, `PrimitiveDrawer.drawGradient(_:roundedRect:…)`): the coverage against
/// that of each rectangle's own outline rasterised where it lies, and the pixels against the
/// reference path (the gradient's rectangle painted unfused under a clip mask of the outline),
/// within 1/255 of a channel, at every kernel level, with the scissor cutting through corners.
final class GradientCornerTilesTests: XCTestCase {
    private static let levels: [PixelKernels.Level] = PixelKernels.Level.allCases.reversed()
    private static let width = 160, height = 120

    override func tearDown() {
        PixelKernels.maximumLevel = .highest
        super.tearDown()
    }

    /// Each tile's coverage against the CoverageRasterizer's coverage of the rectangle's outline
    /// where it lies (absolute coordinates), for whole-pixel rectangles all over a frame.
    func testTilesMatchTheOutlineRasterisedInPlace() {
        var rng = SplitMix64(seed: 0xC0_4E5)
        var raster = CoverageRasterizer()
        var largest: Float = 0, compared = 0
        for _ in 0..<120 {
            let radius = rng.pick([12, 4.5, 7.3, 20, 0.6, 33.25])
            let steps = RoundedRect.arcSteps(radius: radius, pixelsPerUnit: 1)
            let corners: UInt8 = rng.pick([15, 5, 9, 6, 1, 14])
            let c = Int(radius.rounded(.up))
            let w = rng.int((2 * c)...(2 * c + 150)), h = rng.int((2 * c)...(2 * c + 90))
            let x = rng.int(-5...3000), y = rng.int(-5...2000)
            let tiles = GradientCornerTiles.make(.init(radius: radius, steps: steps, corners: corners), rasterizer: &raster)
            XCTAssertEqual(tiles.side, c)
            let poly = RoundedRect.polygon(CGRect(x: x, y: y, width: w, height: h), radius: radius, corners: corners, steps: steps)
            var inPlace = CoverageRasterizer()
            inPlace.rasterize([poly], rule: .nonZero, columns: x..<(x + w), rows: y..<(y + h))
            let b = inPlace.bounds, dense = inPlace.coverage
            XCTAssertEqual(b.x, x); XCTAssertEqual(b.y, y); XCTAssertEqual(b.width, w); XCTAssertEqual(b.height, h)
            for t in 0..<4 {
                let ox = t % 2 == 0 ? 0 : w - c, oy = t < 2 ? 0 : h - c
                for j in 0..<c {
                    for i in 0..<c {
                        let expected = dense[(oy + j) * w + ox + i], got = tiles.values[(t * c + j) * c + i]
                        largest = max(largest, abs(expected - got))
                        compared += 1
                    }
                }
            }
            // And the corner rows between the tiles take the coverage past the left corner (1 but
            // for the float sums).
            for j in 0..<c where w > 2 * c {
                XCTAssertEqual(tiles.between[j], 1, accuracy: 1e-5)
                for i in c..<(w - c) {
                    largest = max(largest, abs(dense[j * w + i] - tiles.between[j]), abs(dense[(h - c + j) * w + i] - tiles.between[c + j]))
                }
            }
        }
        XCTAssertGreaterThan(compared, 100_000)
        // Float roundings of coordinates about 2⁻⁴⁰ apart: far below a 255th.
        XCTAssertLessThan(largest, 1e-5, "largest difference of coverage")
    }

    /// One drawing on a fresh frame with a ramp of colours under it; `clip`: a soft clip of that
    /// outline on the surface.
    private func draw(fused: Bool, clip: [(x: Double, y: Double)]?, scissor: IntRect, _ body: (PrimitiveDrawer, Surface) -> Void) -> [UInt32] {
        let w = GradientCornerTilesTests.width, h = GradientCornerTilesTests.height
        var buffer = PixelBuffer(width: w, height: h, fill: 0xFF30_5070)
        for i in buffer.pixels.indices where i % 5 < 3 { buffer.pixels[i] = 0xA040_2010 &+ UInt32(i % 89) &* 0x0001_0203 }
        let drawer = PrimitiveDrawer()
        drawer.fusesGradients = fused
        let frame = IntRect(x: 0, y: 0, width: w, height: h)
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: frame, stride: w, scissor: scissor)
            if let clip { s.clip = drawer.clipMask([clip], rule: .nonZero, area: frame, outer: nil, columns: 0..<w) }
            body(drawer, s)
        }
        return buffer.pixels
    }

    /// Cards at every level, against the gradient's rectangle drawn unfused through a clip mask of
    /// the card's outline: no channel more than 1 apart.
    func testCardsMatchTheClipMaskReferenceWithinOneLevel() {
        var rng = SplitMix64(seed: 0x6CA2_D5)
        let w = GradientCornerTilesTests.width, h = GradientCornerTilesTests.height
        var differing = 0, painted = 0
        for level in GradientCornerTilesTests.levels {
            PixelKernels.maximumLevel = level
            for trial in 0..<45 {
                let radius = rng.pick([12, 4.5, 7.3, 20, 0.6])
                let steps = RoundedRect.arcSteps(radius: radius, pixelsPerUnit: rng.pick([1, 2]))
                let corners: UInt8 = rng.pick([15, 15, 5, 9, 6, 1])
                let c = Int(radius.rounded(.up))
                // Within the frame's columns (the drawer declines others), rows in or out of it.
                let cw = rng.int((2 * c)...(2 * c + 90)), ch = rng.int((2 * c)...(2 * c + 60))
                let rect = IntRect(x: rng.int(0...(w - cw)), y: rng.int(-10...70), width: cw, height: ch)
                // The gradient's rectangle holds the card (a layer's bounds, or more).
                let gr = CGRect(x: rect.x - rng.int(0...3), y: rect.y - rng.int(0...3), width: rect.width + 6, height: rect.height + 6)
                let kind: GradientKind = [.axial, .radial, .conic][trial % 3]
                let g = RenderGradient(kind: kind, rect: gr, start: CGPoint(x: Double(rect.x) + rng.double(0, 40), y: Double(rect.y) + rng.double(0, 30)),
                                       end: CGPoint(x: Double(rect.maxX) - rng.double(0, 40), y: Double(rect.maxY) - rng.double(0, 30)),
                                       stops: [(0, SIMD4(rng.double(0, 1), 0.2, 0.1, 0.9)), (0.5, SIMD4(0.3, rng.double(0, 1), 0.6, 0.8)),
                                               (1, SIMD4(0.1, 0.5, rng.double(0, 1), 1))])
                let sampler = GradientSampler(g, deviceToLayer: .identity)
                let opacity = rng.pick([1, 0.9, 0.5])
                // The whole frame, or a band cutting through the card's corners.
                let scissor = trial % 4 == 3 ? IntRect(x: rect.x + rng.int(0...(c + 2)), y: rect.y + rng.int(0...(c + 2)), width: rng.int(1...w), height: rng.int(1...h))
                                                  .intersection(IntRect(x: 0, y: 0, width: w, height: h))
                                             : IntRect(x: 0, y: 0, width: w, height: h)
                let smooth = RoundedRect.polygon(CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height), radius: radius, corners: corners, steps: steps)
                // Every other card's reference with aliased edges (a layer's default), as a layer's
                // outline is drawn: its sides staircases, which on whole pixels add only points
                // along the sides (and, for a radius off the half pixels, steps past their ends).
                let outline = trial % 2 == 0 ? smooth
                    : AliasedEdges.apply(smooth, bounds: CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height), toLayer: .identity, antialiased: 0)
                var applied = false
                let got = draw(fused: true, clip: nil, scissor: scissor) { d, s in
                    applied = d.drawGradient(sampler, roundedRect: rect, radius: radius, steps: steps, corners: corners, opacity: opacity, on: s)
                }
                XCTAssertTrue(applied, "trial \(trial): a card on whole pixels inside the frame's columns")
                let reference = draw(fused: false, clip: outline, scissor: scissor) { d, s in
                    d.drawAxisAlignedRect(x0: Double(gr.minX), y0: Double(gr.minY), x1: Double(gr.maxX), y1: Double(gr.maxY),
                                          paint: .gradient(sampler), opacity: opacity, on: s)
                }
                for p in 0..<(w * h) where got[p] != reference[p] {
                    differing += 1
                    for shift in stride(from: 0, to: 32, by: 8) {
                        let a = Int((got[p] >> UInt32(shift)) & 0xFF), b = Int((reference[p] >> UInt32(shift)) & 0xFF)
                        if abs(a - b) > 1 {
                            XCTFail("\(level), trial \(trial) (\(kind), \(rect), radius \(radius), corners \(corners)): pixel (\(p % w), \(p / w)) "
                                    + "\(String(got[p], radix: 16)), expected \(String(reference[p], radix: 16))")
                            return
                        }
                    }
                }
                let under = draw(fused: false, clip: nil, scissor: scissor) { _, _ in }
                if got != under { painted += 1 }
            }
        }
        XCTAssertGreaterThan(painted, 100, "the cards paint")
        // The coverage differs only in float roundings: nearly every pixel is the reference's (none
        // in these trials when written).
        XCTAssertLessThanOrEqual(differing, 10, "pixels one level apart")
    }

    /// Where the tiles do not apply, the drawer declines and paints nothing.
    func testDeclinesWhatTheTilesDoNotCover() {
        let w = GradientCornerTilesTests.width, h = GradientCornerTilesTests.height
        let frame = IntRect(x: 0, y: 0, width: w, height: h)
        let g = GradientSampler(RenderGradient(kind: .axial, rect: CGRect(x: 0, y: 0, width: w, height: h), start: .zero, end: CGPoint(x: 100, y: 80),
                                               stops: [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 1))]), deviceToLayer: .identity)
        let under = draw(fused: true, clip: nil, scissor: frame) { _, _ in }
        let cases: [(String, IntRect, Double, Bool)] = [
            ("narrower than two rounded-up radii", IntRect(x: 10, y: 10, width: 23, height: 40), 11.5, false),
            ("lower than two rounded-up radii", IntRect(x: 10, y: 10, width: 40, height: 19), 9.2, false),
            ("a radius above the largest kept", IntRect(x: 0, y: 0, width: 150, height: 150), 70, false),
            ("no radius", IntRect(x: 10, y: 10, width: 40, height: 40), 0, false),
            ("partly left of the surface's columns", IntRect(x: -8, y: 10, width: 40, height: 40), 8, false),
            ("under a soft clip", IntRect(x: 10, y: 10, width: 40, height: 40), 8, true),
        ]
        for (what, rect, radius, softClip) in cases {
            var applied = true
            let got = draw(fused: true, clip: nil, scissor: frame) { d, s in
                if softClip { s.clip = d.clipMask([[(0, 0), (100, 0), (100, 100)]], rule: .nonZero, area: frame, outer: nil, columns: 0..<w) }
                applied = d.drawGradient(g, roundedRect: rect, radius: radius, steps: 8, corners: 15, opacity: 1, on: s)
            }
            XCTAssertFalse(applied, what)
            XCTAssertEqual(got, under, what)
        }
    }
}
