import XCTest
import CoreGraphics
@testable import Compositor

/// contentsCenter slices worked out by hand: the edges keep their size in points (texels / scale),
/// shrinking in proportion when they do not fit, and the middle stretches.
final class NinePartTests: XCTestCase {
    func image(_ w: Int, _ h: Int) -> CGImage { CGImage(width: w, height: h, premultipliedARGB: [UInt32](repeating: 0xFF00_0000, count: w * h)) }

    func parts(_ img: RenderImage) -> [(CGRect, CGRect)] { NinePart.split(img).map { ($0.destination, $0.source) } }

    func assertParts(_ got: [(CGRect, CGRect)], _ want: [(CGRect, CGRect)], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, want.count, file: file, line: line)
        for (g, w) in zip(got, want) {
            XCTAssertEqual(g.0, w.0, "destination", file: file, line: line)
            XCTAssertEqual(g.1, w.1, "source", file: file, line: line)
        }
    }

    /// A 24 × 24 source with the centre (¼, ¼, ½, ½): source cuts at 0, 6, 18, 24 each way. Drawn
    /// into 48 × 36 at (10, 20) at scale 1: the edges stay 6 wide, so x cuts 10, 16, 52, 58 and y
    /// cuts 20, 26, 50, 56.
    func testNinePartsKeepTheEdgesAndStretchTheMiddle() {
        var img = RenderImage(image: image(24, 24), destination: CGRect(x: 10, y: 20, width: 48, height: 36), source: CGRect(x: 0, y: 0, width: 24, height: 24))
        img.center = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let dx: [CGFloat] = [10, 16, 52, 58], dy: [CGFloat] = [20, 26, 50, 56], s: [CGFloat] = [0, 6, 18, 24]
        var want: [(CGRect, CGRect)] = []
        for j in 0..<3 { for i in 0..<3 {
            want.append((CGRect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j]),
                         CGRect(x: s[i], y: s[j], width: s[i + 1] - s[i], height: s[j + 1] - s[j])))
        } }
        assertParts(parts(img), want)
        XCTAssertTrue(NinePart.split(img).allSatisfy { $0.center == CGRect(x: 0, y: 0, width: 1, height: 1) })
    }

    /// At scale 2 the 6-texel edges are 3 points: x cuts 0, 3, 45, 48.
    func testEdgesAreTexelsOverScale() {
        var img = RenderImage(image: image(24, 24), destination: CGRect(x: 0, y: 0, width: 48, height: 48), source: CGRect(x: 0, y: 0, width: 24, height: 24))
        img.center = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        img.scale = 2
        let got = parts(img)
        XCTAssertEqual(got.count, 9)
        XCTAssertEqual(got[0].0, CGRect(x: 0, y: 0, width: 3, height: 3))
        XCTAssertEqual(got[4].0, CGRect(x: 3, y: 3, width: 42, height: 42))
        XCTAssertEqual(got[8].0, CGRect(x: 45, y: 45, width: 3, height: 3))
    }

    /// Edges wider than the destination shrink in proportion: 6 + 6 texels into 8 points → 4 and
    /// 4, the middle has no width and is left out: four corners only (of a 24 × 24 source
    /// centre (¼, ¼, ½, ½) into 8 × 8).
    func testEdgesThatDoNotFitShrinkInProportion() {
        var img = RenderImage(image: image(24, 24), destination: CGRect(x: 0, y: 0, width: 8, height: 8), source: CGRect(x: 0, y: 0, width: 24, height: 24))
        img.center = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        assertParts(parts(img), [
            (CGRect(x: 0, y: 0, width: 4, height: 4), CGRect(x: 0, y: 0, width: 6, height: 6)),
            (CGRect(x: 4, y: 0, width: 4, height: 4), CGRect(x: 18, y: 0, width: 6, height: 6)),
            (CGRect(x: 0, y: 4, width: 4, height: 4), CGRect(x: 0, y: 18, width: 6, height: 6)),
            (CGRect(x: 4, y: 4, width: 4, height: 4), CGRect(x: 18, y: 18, width: 6, height: 6)),
        ])
    }

    /// An uneven centre on a sub-rectangle of the source: source (4, 2) 20 × 10, centre
    /// (0.1, 0.2, 0.6, 0.5): x cuts 4, 6, 18, 24 (left edge 2, right 6), y cuts 2, 4, 9, 12 (top 2,
    /// bottom 3). Into 30 × 20 at the origin: x 0, 2, 24, 30; y 0, 2, 17, 20. Middle part: (2, 2)
    /// 22 × 15 showing (6, 4) 12 × 5.
    func testAnUnevenCentreOnASubRectangle() {
        var img = RenderImage(image: image(32, 16), destination: CGRect(x: 0, y: 0, width: 30, height: 20), source: CGRect(x: 4, y: 2, width: 20, height: 10))
        img.center = CGRect(x: 0.1, y: 0.2, width: 0.6, height: 0.5)
        let got = parts(img)
        XCTAssertEqual(got.count, 9)
        func close(_ a: CGRect, _ b: CGRect) -> Bool {
            abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
        }
        XCTAssertTrue(close(got[4].0, CGRect(x: 2, y: 2, width: 22, height: 15)), "\(got[4].0)")
        XCTAssertTrue(close(got[4].1, CGRect(x: 6, y: 4, width: 12, height: 5)), "\(got[4].1)")
        XCTAssertTrue(close(got[8].0, CGRect(x: 24, y: 17, width: 6, height: 3)), "\(got[8].0)")
        XCTAssertTrue(close(got[8].1, CGRect(x: 18, y: 9, width: 6, height: 3)), "\(got[8].1)")
    }

    func testTheWholeCentreIsOnePart() {
        let img = RenderImage(image: image(4, 4), destination: CGRect(x: 0, y: 0, width: 9, height: 9), source: CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(NinePart.split(img), [img])
    }
}
