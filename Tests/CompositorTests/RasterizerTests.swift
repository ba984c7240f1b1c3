import XCTest
@testable import Compositor

final class RasterizerTests: XCTestCase {
    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(x: Double, y: Double)] {
        [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    }

    func testPixelAlignedOpaqueRectIsExact() {
        var buf = PixelBuffer(width: 8, height: 8)
        buf.fillThroughFramePath([rect(2, 2, 5, 6)], rule: .nonZero, color: 0xFFFF_0000)
        for y in 0..<8 { for x in 0..<8 {
            let inside = (2..<5).contains(x) && (2..<6).contains(y)
            XCTAssertEqual(buf[x, y], inside ? 0xFFFF_0000 : 0, "(\(x), \(y))")
        } }
    }

    func testHalfCoveredEdgeAndWindingDirectionDoNotMatter() {
        var r = CoverageRasterizer()
        r.rasterize([rect(1.5, 0, 4, 2)], rule: .nonZero, clipWidth: 8, clipHeight: 4)
        XCTAssertEqual(r.bounds.x, 1)
        XCTAssertEqual(Double(r.coverage[0]), 0.5, accuracy: 1e-6)
        XCTAssertEqual(Double(r.coverage[1]), 1, accuracy: 1e-6)
        var r2 = CoverageRasterizer()
        r2.rasterize([Array(rect(1.5, 0, 4, 2).reversed())], rule: .nonZero, clipWidth: 8, clipHeight: 4)
        XCTAssertEqual(r.coverage, r2.coverage)
    }

    func testCoverageSumsToTheArea() {
        var r = CoverageRasterizer()
        let tri: [(x: Double, y: Double)] = [(1.3, 0.7), (17.9, 3.2), (6.4, 14.6)]
        r.rasterize([tri], rule: .nonZero, clipWidth: 32, clipHeight: 32)
        let ux: Double = 17.9 - 1.3, uy: Double = 3.2 - 0.7, vx: Double = 6.4 - 1.3, vy: Double = 14.6 - 0.7
        let area: Double = abs(ux * vy - vx * uy) / 2
        XCTAssertEqual(Double(r.coverage.prefix(r.bounds.width * r.bounds.height).reduce(0, +)), area, accuracy: 1e-3)
    }

    func testEvenOddMakesAHoleNonZeroDoesNot() {
        let outer = rect(0, 0, 10, 10), inner = rect(3, 3, 7, 7)
        var a = CoverageRasterizer(), b = CoverageRasterizer()
        a.rasterize([outer, inner], rule: .nonZero, clipWidth: 10, clipHeight: 10)
        b.rasterize([outer, inner], rule: .evenOdd, clipWidth: 10, clipHeight: 10)
        XCTAssertEqual(a.coverage[5 * 10 + 5], 1)
        XCTAssertEqual(b.coverage[5 * 10 + 5], 0)
        XCTAssertEqual(b.coverage[1 * 10 + 1], 1)
    }

    func testClippingHugeAndNaNCoordinates() {
        var buf = PixelBuffer(width: 16, height: 16)
        buf.fillThroughFramePath([rect(-1e5, -1e5, 1e5, 1e5)], rule: .nonZero, color: 0xFF00_FF00)
        XCTAssert(buf.pixels.allSatisfy { $0 == 0xFF00_FF00 })
        buf.fillThroughFramePath([[(0, 0), (Double.nan, 5), (5, 5)]], rule: .nonZero, color: 0xFFFF_FFFF)
        XCTAssert(buf.pixels.allSatisfy { $0 == 0xFF00_FF00 }, "a contour with NaN is skipped")
        buf.fillThroughFramePath([rect(20, 20, 30, 30)], rule: .nonZero, color: 0xFFFF_FFFF)
        XCTAssert(buf.pixels.allSatisfy { $0 == 0xFF00_FF00 }, "outside the buffer draws nothing")
    }

    func testSourceOverArithmetic() {
        XCTAssertEqual(Premultiplied.over(0xFF00_00FF, 0x0000_0000), 0xFF00_00FF)
        XCTAssertEqual(Premultiplied.over(0xFF00_00FF, 0xFFFF_0000), 0xFFFF_0000)
        XCTAssertEqual(Premultiplied.over(0xFF00_00FF, 0x8080_0000), 0xFF80_007F)
        XCTAssertEqual(Premultiplied.scale(0xFFFF_FFFF, 128), 0x8080_8080)
        XCTAssertEqual(Premultiplied.pack(red: 1, green: 0, blue: 0, alpha: 0.5), 0x8080_0000)
    }
}
