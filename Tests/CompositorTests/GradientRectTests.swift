import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// A gradient layer's rectangle on whole pixels is painted from its rows directly
/// (TreeRasterizer.drawContent through PrimitiveDrawer.drawAxisAlignedRect) instead of rasterising
/// its polygon: the pixels must be those of the rasterised polygon, with smooth edges and with the
/// staircases of aliased edges (AliasedEdges), under no clip and under a rounded soft clip.
final class GradientRectTests: XCTestCase {
    private let frame = IntRect(x: 0, y: 0, width: 120, height: 90)

    private func draw(_ how: Int, rect: IntRect, paint: Paint, opacity: Double, clipped: Bool) -> [UInt32] {
        var buffer = PixelBuffer(width: 120, height: 90, fill: 0xFF30_5070)
        let drawer = PrimitiveDrawer()
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: frame, stride: 120, scissor: frame)
            if clipped { s.clip = roundedClip(drawer) }
            let x0 = Double(rect.x), y0 = Double(rect.y), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
            let poly: [(x: Double, y: Double)] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            switch how {
            case 0:
                drawer.drawAxisAlignedRect(x0: x0, y0: y0, x1: x1, y1: y1, paint: paint, opacity: opacity, on: s)
            case 1:
                drawer.draw([poly], rule: .nonZero, paint: paint, opacity: opacity, on: s)
            default:
                // Every edge aliased: the polygon with its staircases, as drawContent made it.
                let bounds = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                let stairs = AliasedEdges.apply(poly, bounds: bounds, toLayer: .identity, antialiased: 0)
                drawer.draw([stairs], rule: .nonZero, paint: paint, opacity: opacity, on: s)
            }
        }
        return buffer.pixels
    }

    func testRowsOfAWholePixelRectangleEqualItsRasterisedPolygon() {
        var rng = SplitMix64(seed: 0x64AD_2EC7)
        let kinds: [GradientKind] = [.axial, .radial, .conic]
        var drawn = 0
        for trial in 0..<60 {
            // Rectangles inside the frame, across its edges, and one pixel wide or tall.
            let w = trial % 10 == 0 ? 1 : rng.int(1...90), h = trial % 10 == 5 ? 1 : rng.int(1...70)
            let rect = IntRect(x: rng.int(-20...110), y: rng.int(-20...80), width: w, height: h)
            let g = RenderGradient(kind: kinds[trial % 3], rect: CGRect(x: 0, y: 0, width: 50, height: 50),
                                   start: CGPoint(x: rng.double(0, 120), y: rng.double(0, 90)), end: CGPoint(x: rng.double(0, 120), y: rng.double(0, 90)),
                                   stops: [(0, SIMD4(1, 0.2, 0, 0.9)), (0.5, SIMD4(0, 1, 0.4, 0.6)), (1, SIMD4(0.1, 0, 1, 1))])
            let paint = Paint.gradient(GradientSampler(g, deviceToLayer: .identity))
            let opacity = rng.pick([1, 0.7, 0.25])
            let clipped = trial % 2 == 1
            let rows = draw(0, rect: rect, paint: paint, opacity: opacity, clipped: clipped)
            for how in 1...2 {
                let reference = draw(how, rect: rect, paint: paint, opacity: opacity, clipped: clipped)
                let diffs = rows.indices.filter { rows[$0] != reference[$0] }
                XCTAssertTrue(diffs.isEmpty, "trial \(trial) (\(rect), clipped \(clipped), \(how == 1 ? "smooth" : "aliased") edges): "
                              + "\(diffs.count) pixels differ, first at \(diffs.first.map { "\($0 % 120), \($0 / 120)" } ?? "")")
            }
            if rows.contains(where: { $0 != 0xFF30_5070 }) { drawn += 1 }
        }
        XCTAssertGreaterThan(drawn, 40, "most rectangles reach the frame")
    }

    /// An unrotated gradient rectangle at fractional places with smooth edges (a sliding
    /// gradient, a photo inside a card) is painted from its rows too: the pixels of its rasterised
    /// polygon, under no clip and under a rounded soft clip, at every kernel level.
    func testRowsOfAFractionalRectangleEqualItsRasterisedPolygon() {
        defer { PixelKernels.maximumLevel = .highest }
        let kinds: [GradientKind] = [.axial, .radial, .conic]
        for level in PixelKernels.Level.allCases {
            PixelKernels.maximumLevel = level
            var rng = SplitMix64(seed: 0xF4AC_7104)
            var drawn = 0, aliasedDrawn = 0
            for trial in 0..<40 {
                let fractions = [0.5, 0.25, 1e-9, 0.999_999, rng.double(0, 1), 0]
                let x0 = Double(rng.int(-20...110)) + rng.pick(fractions), y0 = Double(rng.int(-20...80)) + rng.pick(fractions)
                // Thinner than a pixel, within one pixel, and wide.
                let w = trial % 10 == 0 ? rng.double(0.05, 0.9) : rng.double(0.5, 90), h = trial % 10 == 5 ? rng.double(0.05, 0.9) : rng.double(0.5, 70)
                let g = RenderGradient(kind: kinds[trial % 3], rect: CGRect(x: 0, y: 0, width: 50, height: 50),
                                       start: CGPoint(x: rng.double(0, 120), y: rng.double(0, 90)), end: CGPoint(x: rng.double(0, 120), y: rng.double(0, 90)),
                                       stops: [(0, SIMD4(1, 0.2, 0, 0.9)), (0.5, SIMD4(0, 1, 0.4, 0.6)), (1, SIMD4(0.1, 0, 1, 1))])
                let paint = Paint.gradient(GradientSampler(g, deviceToLayer: .identity))
                let opacity = rng.pick([1, 0.7, 0.25])
                let clipped = trial % 2 == 1
                let rows = drawFractional(rows: true, x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, paint: paint, opacity: opacity, clipped: clipped)
                let reference = drawFractional(rows: false, x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, paint: paint, opacity: opacity, clipped: clipped)
                let diffs = rows.indices.filter { rows[$0] != reference[$0] }
                XCTAssertTrue(diffs.isEmpty, "\(level), trial \(trial) ((\(x0), \(y0)) \(w) x \(h), clipped \(clipped)): "
                              + "\(diffs.count) pixels differ, first at \(diffs.first.map { "\($0 % 120), \($0 / 120)" } ?? "")")
                if rows.contains(where: { $0 != 0xFF30_5070 }) { drawn += 1 }
                // Every edge aliased: the whole pixels drawContent finds (aliasedRectClip) against
                // the polygon with its staircases.
                let bounds = CGRect(x: x0, y: y0, width: w, height: h)
                if let box = TreeRasterizer.aliasedRectClip(.identity, bounds, radius: 0, corners: 0, antialiased: 0) {
                    let whole = drawFractional(rows: true, x0: Double(box.x), y0: Double(box.y), x1: Double(box.maxX), y1: Double(box.maxY),
                                               paint: paint, opacity: opacity, clipped: clipped)
                    let stairs = drawFractional(rows: false, x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, paint: paint, opacity: opacity, clipped: clipped, aliased: true)
                    let d = whole.indices.filter { whole[$0] != stairs[$0] }
                    XCTAssertTrue(d.isEmpty, "\(level), trial \(trial) aliased (\(box)): \(d.count) pixels differ, first at \(d.first.map { "\($0 % 120), \($0 / 120)" } ?? "")")
                    aliasedDrawn += 1
                }
            }
            XCTAssertGreaterThan(drawn, 25, "most rectangles reach the frame")
            XCTAssertGreaterThan(aliasedDrawn, 25, "most rectangles hold pixel centres")
        }
    }

    private func drawFractional(rows: Bool, x0: Double, y0: Double, x1: Double, y1: Double, paint: Paint, opacity: Double, clipped: Bool,
                                aliased: Bool = false) -> [UInt32] {
        var buffer = PixelBuffer(width: 120, height: 90, fill: 0xFF30_5070)
        let drawer = PrimitiveDrawer()
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: frame, stride: 120, scissor: frame)
            if clipped { s.clip = roundedClip(drawer) }
            if rows {
                drawer.drawAxisAlignedRect(x0: x0, y0: y0, x1: x1, y1: y1, paint: paint, opacity: opacity, on: s)
            } else {
                let poly: [(x: Double, y: Double)] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                let bounds = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                let shape = aliased ? AliasedEdges.apply(poly, bounds: bounds, toLayer: .identity, antialiased: 0) : poly
                drawer.draw([shape], rule: .nonZero, paint: paint, opacity: opacity, on: s)
            }
        }
        return buffer.pixels
    }

    /// The rounded soft clip both tests draw under.
    private func roundedClip(_ drawer: PrimitiveDrawer) -> ClipMask {
        let poly = RoundedRect.polygon(CGRect(x: 4.5, y: 3.25, width: 101.5, height: 80), radius: 14, corners: 15, pixelsPerUnit: 1)
        return drawer.clipMask([poly], rule: .nonZero, area: frame, outer: nil, columns: 0..<120)
    }

    func testWholePixelRectanglesAreRecognisedAndOthersAreNot() {
        XCTAssertEqual(TreeRasterizer.pixelRect([(3, 4), (10, 4), (10, 9), (3, 9)]), IntRect(x: 3, y: 4, width: 7, height: 5))
        XCTAssertEqual(TreeRasterizer.pixelRect([(10, 9), (3, 9), (3, 4), (10, 4)]), IntRect(x: 3, y: 4, width: 7, height: 5))
        XCTAssertNil(TreeRasterizer.pixelRect([(3, 4), (10.5, 4), (10.5, 9), (3, 9)]), "a fractional edge")
        XCTAssertNil(TreeRasterizer.pixelRect([(3, 4), (10, 5), (9, 12), (2, 11)]), "rotated")
        XCTAssertNil(TreeRasterizer.pixelRect([(3, 4), (10, 4), (10, 9)]), "three corners")
        XCTAssertNil(TreeRasterizer.pixelRect([(3, 4), (3, 4), (3, 4), (3, 4)]), "no area")
        XCTAssertNil(TreeRasterizer.pixelRect([(3, 4), (1e12, 4), (1e12, 9), (3, 9)]), "too large for the rectangle painter")
    }
}
