import XCTest
import CoreGraphics
@testable import Compositor

/// The raster value types' small contracts, against hand-worked values: pixel buffers, integer
/// rectangles, surfaces' addressing, soft clips and premultiplied packing.
final class RasterValueContractTests: XCTestCase {
    func testPixelBuffersAreRowMajorTopRowFirst() {
        var b = PixelBuffer(width: 3, height: 2, fill: 7)
        XCTAssertEqual(b.pixels, [7, 7, 7, 7, 7, 7])
        b[2, 0] = 1; b[0, 1] = 2; b[2, 1] = 3
        XCTAssertEqual(b.pixels, [7, 7, 1, 2, 7, 3], "(x, y) is pixels[y·width + x]")
        XCTAssertEqual(b[2, 0], 1); XCTAssertEqual(b[0, 1], 2); XCTAssertEqual(b[1, 1], 7)
        b.clear(to: 9)
        XCTAssertEqual(b.pixels, [9, 9, 9, 9, 9, 9])
        b.clear()
        XCTAssertEqual(b.pixels, [0, 0, 0, 0, 0, 0])
        let empty = PixelBuffer(width: -4, height: 5)
        XCTAssertEqual(empty.width, 0); XCTAssertEqual(empty.height, 5); XCTAssertEqual(empty.pixels.count, 0)
        XCTAssertEqual(PixelBuffer(width: 2, height: -1).height, 0)
        XCTAssertEqual(PixelBuffer(width: 2, height: 2).pixels, [0, 0, 0, 0], "transparent by default")
    }

    func testIntRectEdgesAndTheEmptyRectangle() {
        XCTAssertEqual(IntRect.empty, IntRect(x: 0, y: 0, width: 0, height: 0))
        XCTAssertEqual(IntRect.empty.description, "0,0 0x0")
        XCTAssertEqual(IntRect(x: -2, y: 3, width: 4, height: 5).description, "-2,3 4x5")
        let a = IntRect(x: 2, y: 3, width: 4, height: 5)
        XCTAssertEqual(a.maxX, 6); XCTAssertEqual(a.maxY, 8); XCTAssertEqual(a.area, 20)
        XCTAssertEqual(a.intersection(IntRect(x: 10, y: 10, width: 2, height: 2)), IntRect(x: 0, y: 0, width: 0, height: 0), "disjoint: the empty rectangle at the origin")
        XCTAssertEqual(a.intersection(IntRect(x: 2, y: 8, width: 4, height: 1)), .empty, "sharing an edge only")
        XCTAssertEqual(a.intersection(IntRect(x: 5, y: 7, width: 9, height: 9)), IntRect(x: 5, y: 7, width: 1, height: 1), "one pixel in common")
        XCTAssertTrue(IntRect(x: 0, y: 0, width: 0, height: 3).isEmpty)
        XCTAssertTrue(IntRect(x: 0, y: 0, width: 3, height: 0).isEmpty)
        XCTAssertTrue(IntRect(x: 0, y: 0, width: 3, height: -1).isEmpty)
        XCTAssertFalse(IntRect(x: 0, y: 0, width: 1, height: 1).isEmpty)
        XCTAssertEqual(IntRect(x: 0, y: 0, width: 0, height: 3).union(a), a, "an empty side is ignored, wherever it is")
        XCTAssertEqual(IntRect(x: 1, y: 1, width: 1, height: 1).union(IntRect(x: 5, y: -2, width: 2, height: 2)), IntRect(x: 1, y: -2, width: 6, height: 4))
        // covering: outward rounding, NaN as 0, clamped to ±2^30.
        XCTAssertEqual(IntRect.covering(minX: 1, minY: 2, maxX: 3, maxY: 4), IntRect(x: 1, y: 2, width: 2, height: 2), "whole numbers stay")
        XCTAssertEqual(IntRect.covering(minX: -0.5, minY: -1.5, maxX: 0.5, maxY: -0.5), IntRect(x: -1, y: -2, width: 2, height: 2))
        XCTAssertEqual(IntRect.covering(minX: .nan, minY: 0, maxX: 2, maxY: 1), .empty, "NaN fails the order test")
        XCTAssertEqual(IntRect.covering(minX: 0, minY: 1e20, maxX: 1, maxY: 2e20), IntRect(x: 0, y: 1_073_741_824, width: 1, height: 0))
        XCTAssertEqual(IntRect.covering(minX: 0, minY: -2e20, maxX: 1, maxY: -1e20), IntRect(x: 0, y: -1_073_741_824, width: 1, height: 0))
        XCTAssertEqual(IntRect.covering(minX: 2, minY: 2, maxX: 2, maxY: 2), IntRect(x: 2, y: 2, width: 0, height: 0), "a point covers nothing")
    }

    /// A surface's row(y) addresses device pixel (x, y) as pixels + (y − frame.y)·stride − frame.x.
    func testSurfacesAddressDevicePixels() {
        var px = [UInt32](repeating: 0, count: 20)
        px.withUnsafeMutableBufferPointer { p in
            let s = Surface(borrowing: p.baseAddress!, frame: IntRect(x: 10, y: 20, width: 4, height: 4), stride: 5,
                            scissor: IntRect(x: 0, y: 0, width: 12, height: 22))
            XCTAssertEqual(s.scissor, IntRect(x: 10, y: 20, width: 2, height: 2), "the scissor is kept inside the frame")
            XCTAssertEqual(s.columns, 10..<14)
            s.row(21)[12] = 0xABCD
            s.row(20)[10] = 1
        }
        XCTAssertEqual(px[1 * 5 + 2], 0xABCD)
        XCTAssertEqual(px[0], 1)
        let o = Surface(offscreen: IntRect(x: -3, y: 5, width: 3, height: 2), columns: 0..<100)
        XCTAssertEqual(o.stride, 3); XCTAssertEqual(o.scissor, IntRect(x: -3, y: 5, width: 3, height: 2)); XCTAssertEqual(o.columns, 0..<100)
        XCTAssertEqual((0..<6).map { o.pixels[$0] }, [0, 0, 0, 0, 0, 0], "cleared to transparent")
        o.row(6)[-1] = 5
        XCTAssertEqual(o.pixels[5], 5)
        XCTAssertEqual(Surface(offscreen: IntRect(x: 0, y: 0, width: 0, height: 3), columns: 0..<1).stride, 1)
    }

    /// A clip mask's value at device pixel (x, y) is values[(y − rect.y)·width + (x − rect.x)] inside
    /// its rectangle and 0 outside.
    func testClipMasksReadTheirValuesAndZeroOutside() {
        let m = ClipMask(rect: IntRect(x: 10, y: 20, width: 3, height: 2), values: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
        XCTAssertEqual(m.value(10, 20), 0.1); XCTAssertEqual(m.value(12, 20), 0.3)
        XCTAssertEqual(m.value(10, 21), 0.4); XCTAssertEqual(m.value(12, 21), 0.6)
        XCTAssertEqual(m.value(11, 21), 0.5)
        for (x, y) in [(9, 20), (13, 20), (10, 19), (10, 22), (0, 0), (-10, -20)] { XCTAssertEqual(m.value(x, y), 0, "(\(x), \(y))") }
    }

    /// pack: straight-alpha components clamped to 0...1 (non-finite as 0), premultiplied, rounded
    /// to nearest, colour channels never above alpha.
    func testPackingClampsAndPremultiplies() {
        XCTAssertEqual(Premultiplied.pack(red: 1, green: 0.5, blue: 0.25, alpha: 1), 0xFFFF_8040)
        XCTAssertEqual(Premultiplied.pack(red: 1, green: 1, blue: 1, alpha: 0.2), 0x3333_3333, "0.2·255 = 51")
        XCTAssertEqual(Premultiplied.pack(red: 2, green: -1, blue: .nan, alpha: 1.5), 0xFFFF_0000)
        XCTAssertEqual(Premultiplied.pack(red: 1, green: 1, blue: 1, alpha: .infinity), 0, "a non-finite alpha is 0")
        XCTAssertEqual(Premultiplied.pack(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5), 0x8040_4040, "0.25·255 = 63.75 → 64")
        XCTAssertEqual(Premultiplied.pack(CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 0.5), alpha: 0.5), 0x4000_4000, "alpha 0.25 → 64")
        XCTAssertEqual(Premultiplied.pack(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)), 0xFF00_00FF)
        // mul255: x·a/255 rounded to nearest; scale: each channel.
        XCTAssertEqual(Premultiplied.mul255(255, 255), 255); XCTAssertEqual(Premultiplied.mul255(255, 0), 0)
        XCTAssertEqual(Premultiplied.mul255(100, 128), 50, "12800/255 = 50.2")
        XCTAssertEqual(Premultiplied.mul255(3, 85), 1, "255/255 = 1")
        XCTAssertEqual(Premultiplied.mul255(1, 127), 0, "0.498 → 0")
        XCTAssertEqual(Premultiplied.mul255(1, 128), 1, "0.502 → 1")
        XCTAssertEqual(Premultiplied.scale(0x80FF_4020, 255), 0x80FF_4020)
        XCTAssertEqual(Premultiplied.scale(0x80FF_4020, 0), 0)
        XCTAssertEqual(Premultiplied.scale(0x80FF_4020, 51), 0x1A33_0D06, "128·0.2 = 25.6, 255·0.2 = 51, 64·0.2 = 12.8, 32·0.2 = 6.4")
        XCTAssertEqual(Premultiplied.over(0x4020_1008, 0), 0x4020_1008)
        // 0x80402010 over opaque blue: blue·127/255 = 127 → 0x7F00007F, plus the source.
        XCTAssertEqual(Premultiplied.over(0xFF00_00FF, 0x8040_2010), 0xFF40_208F)
        XCTAssertEqual(Premultiplied.over(0xFF00_00FF, 0xFF40_2010), 0xFF40_2010, "an opaque source replaces")
    }

    /// The rasteriser's bounds: the pixels the contours touch (outward rounding), within the columns
    /// and rows asked for.
    func testRasterBoundsAreTheTouchedPixelsWithinTheTarget() {
        var r = CoverageRasterizer()
        r.rasterize([[(3.5, 5.25), (9.5, 5.25), (9.5, 7.5), (3.5, 7.5)]], rule: .nonZero, columns: 0..<20, rows: 0..<20)
        XCTAssertTrue(r.bounds == (3, 5, 7, 3), "\(r.bounds)")
        r.rasterize([[(3.5, 5.25), (9.5, 5.25), (9.5, 7.5), (3.5, 7.5)]], rule: .nonZero, columns: 4..<8, rows: 6..<7)
        XCTAssertTrue(r.bounds == (4, 6, 4, 1), "\(r.bounds)")
        XCTAssertEqual(r.spans, [CoverageSpan(y: 6, x: 4, length: 4, coverage: 1)])
        r.rasterize([[(-5, -5), (30, -5), (30, 30), (-5, 30)]], rule: .nonZero, columns: 2..<12, rows: 1..<9)
        XCTAssertTrue(r.bounds == (2, 1, 10, 8), "\(r.bounds)")
        r.rasterize([[(3, 3), (4, 3), (4, 4)]], rule: .nonZero, columns: 5..<12, rows: 0..<9)
        XCTAssertTrue(r.bounds == (0, 0, 0, 0), "left of the columns: nothing")
        XCTAssertEqual(r.spans, [])
        r.rasterize([[(3, 3), (4, 3)]], rule: .nonZero, columns: 0..<12, rows: 0..<9)
        XCTAssertTrue(r.bounds == (0, 0, 0, 0), "two points are no contour")
    }
}
