import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// TreeRasterizer.aliasedRectClip: an unrotated, square-cornered `masksToBounds` with aliased edges
/// clips to the pixels whose centres are inside the device rectangle, which is what the staircase
/// polygon (AliasedEdges) the soft-mask path rasterises covers: 1 there and 0 elsewhere.
final class AliasedRectClipTests: XCTestCase {
    /// Scales and translations with fractional edges (none exactly half way): the rectangle is the
    /// pixels whose centres lie inside, worked out from the device edges directly, and the staircase
    /// polygon's coverage is that rectangle (1 inside, 0 outside, to float rounding).
    func testTheRectangleIsThePixelsTheStaircaseCovers() {
        var rng = SplitMix64(seed: 0xA11A5)
        let width = 96, height = 80
        var checked = 0
        for trial in 0..<200 {
            let sx = rng.double(0.3, 3.2), sy = rng.double(0.3, 3.2)
            let bounds = CGRect(x: rng.double(-5, 10), y: rng.double(-5, 10), width: rng.double(0, 30), height: rng.double(0, 30))
            let H = Projective2D(a: sx, b: 0, c: 0, d: 0, e: sy, f: 0, g: rng.double(-10, 30), h: rng.double(-10, 30), i: 1)
            let x0 = sx * Double(bounds.minX) + H.g, x1 = sx * Double(bounds.maxX) + H.g
            let y0 = sy * Double(bounds.minY) + H.h, y1 = sy * Double(bounds.maxY) + H.h
            guard let r = TreeRasterizer.aliasedRectClip(H, bounds, radius: 0, corners: 0xF, antialiased: 0) else {
                let halfWay = [x0, y0, x1, y1].contains { $0 - $0.rounded(.down) == 0.5 }
                let empty = x1.rounded() <= x0.rounded() || y1.rounded() <= y0.rounded()
                XCTAssertTrue(halfWay || empty, "trial \(trial): nil only for an edge half way or no pixel centre inside")
                continue
            }
            guard !r.isEmpty else {
                XCTFail("trial \(trial): an empty rectangle is left to the mask (its smooth edges leave faint coverage)")
                continue
            }
            // Independent: pixel (x, y) is in when its centre is inside [x0, x1) × [y0, y1).
            func centreInside(_ x: Int, _ y: Int) -> Bool {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                return cx >= x0 && cx < x1 && cy >= y0 && cy < y1
            }
            let poly = H.projectClipped(RoundedRect.polygon(bounds, radius: 0, corners: 0xF, pixelsPerUnit: max(sx, sy)))
            let stairs = AliasedEdges.apply(poly, bounds: bounds, toLayer: H.inverse, antialiased: 0)
            var raster = CoverageRasterizer()
            raster.rasterize([stairs], rule: .nonZero, clipWidth: width, clipHeight: height)
            let coverage = raster.coverage
            for y in 0..<height {
                for x in 0..<width {
                    let inRect = x >= r.x && x < r.maxX && y >= r.y && y < r.maxY
                    XCTAssertEqual(inRect, centreInside(x, y), "trial \(trial) pixel (\(x), \(y))")
                    let bx = x - raster.bounds.x, by = y - raster.bounds.y
                    let c = bx >= 0 && by >= 0 && bx < raster.bounds.width && by < raster.bounds.height ? coverage[by * raster.bounds.width + bx] : 0
                    XCTAssertEqual(c, inRect ? 1 : 0, accuracy: 1e-5, "trial \(trial) pixel (\(x), \(y)): the staircase's coverage")
                }
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 120)
    }

    /// Left to the soft mask: rounded corners, any anti-aliased edge, a rotation, an edge exactly half
    /// way between pixel edges.
    func testOtherClipsAreLeftToTheMask() {
        let b = CGRect(x: 0, y: 0, width: 10, height: 10)
        let scale = Projective2D(a: 1.3, b: 0, c: 0, d: 0, e: 1.3, f: 0, g: 2.2, h: 3.1, i: 1)
        XCTAssertNotNil(TreeRasterizer.aliasedRectClip(scale, b, radius: 0, corners: 0xF, antialiased: 0))
        XCTAssertNotNil(TreeRasterizer.aliasedRectClip(scale, b, radius: 4, corners: 0, antialiased: 0), "a radius on no corner")
        XCTAssertNil(TreeRasterizer.aliasedRectClip(scale, b, radius: 4, corners: 0x1, antialiased: 0))
        XCTAssertNil(TreeRasterizer.aliasedRectClip(scale, b, radius: 0, corners: 0xF, antialiased: 0x4))
        let turn = Projective2D(a: 0.9, b: 0.1, c: 0, d: -0.1, e: 0.9, f: 0, g: 2, h: 3, i: 1)
        XCTAssertNil(TreeRasterizer.aliasedRectClip(turn, b, radius: 0, corners: 0xF, antialiased: 0))
        let half = Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 2.5, h: 3, i: 1)
        XCTAssertNil(TreeRasterizer.aliasedRectClip(half, b, radius: 0, corners: 0xF, antialiased: 0))
        // 0.39 pixels tall (y 3.1 to 3.49), no row's centre inside: the staircase has no rows, and
        // the smooth side edges it keeps cover a little of row 3.
        XCTAssertNil(TreeRasterizer.aliasedRectClip(scale, CGRect(x: 0, y: 0, width: 10, height: 0.3), radius: 0, corners: 0xF, antialiased: 0))
        // Hand-worked: x from 2.2 to 15.2 → columns 2...14 (centres 2.5 ... 14.5); y 3.1 to 16.1 → rows 3...15.
        XCTAssertEqual(TreeRasterizer.aliasedRectClip(scale, b, radius: 0, corners: 0xF, antialiased: 0), IntRect(x: 2, y: 3, width: 13, height: 13))
    }
}
