import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Frames of small hand-written files drawn headless and compared with positions, sizes and
/// colours worked out by hand (or, for easing and arc length, computed here independently).
final class RenderingTests: LottieTestCase {
    /// A 40 × 40 red square whose centre moves linearly from (50, 100) at frame 0 to (150, 100) at
    /// frame 10 (10 frames a second): at 0.5 s (frame 5) its centre is at (100, 100).
    func testLinearPositionKeyframes() throws {
        let a = try load("rect_linear.json")
        XCTAssertClose(frame(a, 0).centroid().map { Double($0.x) }, 50, 0.05)
        let mid = frame(a, 5)
        XCTAssertClose(mid.centroid().map { Double($0.x) }, 100, 0.05)
        XCTAssertClose(mid.centroid().map { Double($0.y) }, 100, 0.05)
        XCTAssertEqual(mid.pixel(x: 100, y: 100), 0xFFFF_0000, "opaque red inside")
        XCTAssertEqual(mid.alpha(79, 100), 0, "the left edge is at x 80")
        XCTAssertEqual(mid.alpha(80, 100), 255)
        XCTAssertClose(mid.coverage(), 1600, 1)
    }

    /// Bezier easing (0.42, 0) (0.58, 1): at a quarter of the time the progress is the curve's y
    /// where its x is 0.25, found here by Newton's method on the curve.
    func testBezierEasing() throws {
        let a = try load("rect_eased.json")
        let y = referenceEase(0.42, 0, 0.58, 1, x: 0.25)
        XCTAssertClose(y, 0.129, 0.001, "a sanity check of the reference itself")
        XCTAssertClose(frame(a, 2.5).centroid().map { Double($0.x) }, 50 + 100 * y, 0.05)
        XCTAssertClose(frame(a, 5).centroid().map { Double($0.x) }, 100, 0.05, "symmetric easing is halfway at half time")
    }

    /// Hold keyframes: the value stays until the next keyframe, then jumps.
    func testHoldKeyframes() throws {
        let a = try load("hold.json")
        XCTAssertClose(frame(a, 4.9).centroid().map { Double($0.x) }, 50, 0.05)
        XCTAssertClose(frame(a, 5).centroid().map { Double($0.x) }, 150, 0.05)
        XCTAssertClose(frame(a, 7.9).centroid().map { Double($0.x) }, 150, 0.05)
        let end = frame(a, 9).centroid()
        XCTAssertClose(end.map { Double($0.x) }, 100, 0.05); XCTAssertClose(end.map { Double($0.y) }, 60, 0.05)
    }

    /// Spatial tangents: the position follows the cubic (40,150) (40,70) (160,70) (160,150) at even
    /// speed along its length. Halfway, by symmetry, it is at the curve's middle, (100, 90); at a
    /// quarter, at the point a quarter of the arc length along, measured here by summing chords.
    func testSpatialTangentsFollowTheCurveAtEvenSpeed() throws {
        let a = try load("spatial.json")
        let mid = frame(a, 5).centroid()
        XCTAssertClose(mid.map { Double($0.x) }, 100, 0.1)
        XCTAssertClose(mid.map { Double($0.y) }, 90, 0.1)
        let q = pointAlongCubic((40, 150), (40, 70), (160, 70), (160, 150), fraction: 0.25)
        let quarter = frame(a, 2.5).centroid()
        XCTAssertClose(quarter.map { Double($0.x) }, q.0, 0.15)
        XCTAssertClose(quarter.map { Double($0.y) }, q.1, 0.15)
    }

    /// Separate x and y positions, each with its own keyframes (y holds until frame 6).
    func testSeparatedPositionDimensions() throws {
        let a = try load("separated.json")
        let c = frame(a, 5).centroid()
        XCTAssertClose(c.map { Double($0.x) }, 100, 0.05)
        XCTAssertClose(c.map { Double($0.y) }, 40, 0.05)
        XCTAssertClose(frame(a, 6).centroid().map { Double($0.y) }, 160, 0.05)
    }

    /// position + rotation · scale · (point − anchor): a 20 × 10 rectangle centred on the anchor,
    /// scaled 2 × 1 (40 × 10), then turned a quarter clockwise: 10 wide and 40 tall around (100, 100).
    /// (Rotating before scaling would give 20 × 20.)
    func testStaticTransformOrder() throws {
        let img = frame(try load("transform_static.json"), 0)
        let e = try XCTUnwrap(img.opaqueExtent())
        XCTAssertEqual(e.minX, 95); XCTAssertEqual(e.maxX, 104)
        XCTAssertEqual(e.minY, 80); XCTAssertEqual(e.maxY, 119)
    }

    /// Anchor, scale and rotation animated together. At frame 5: anchor (5, 0), scale (150 %, 100 %),
    /// rotation 45°. The 20 × 20 square centred on (0, 0) becomes 30 × 20 (area 600) centred on
    /// (−7.5, 0) before turning, so on (100 − 7.5·cos 45°, 100 − 7.5·sin 45°).
    func testAnimatedAnchorScaleRotation() throws {
        let img = frame(try load("transform_animated.json"), 5)
        let d = 7.5 * cos(Double.pi / 4)
        XCTAssertClose(img.centroid().map { Double($0.x) }, 100 - d, 0.1)
        XCTAssertClose(img.centroid().map { Double($0.y) }, 100 - d, 0.1)
        XCTAssertClose(img.coverage(), 600, 2)
    }

    /// Layer opacity animated 0 → 100 % is half at frame 5; a group at 50 % holding a fill at 50 %
    /// draws at 25 %.
    func testOpacities() throws {
        let img = frame(try load("opacity.json"), 5)
        XCTAssertClose(Double(img.alpha(50, 50)), 127.5, 1.5)
        XCTAssertClose(Double(img.red(50, 50)), 127.5, 1.5)
        XCTAssertClose(Double(img.alpha(150, 150)), 63.75, 1.5)
    }

    /// Two concentric squares (80 and 40) wound the same way: even-odd leaves the middle empty,
    /// non-zero fills it.
    func testFillRule() throws {
        let img = frame(try load("fill_rule.json"), 0)
        XCTAssertEqual(img.alpha(50, 50), 0, "even-odd: hole")
        XCTAssertEqual(img.alpha(15, 50), 255, "even-odd: ring")
        XCTAssertEqual(img.alpha(150, 50), 255, "non-zero: filled")
    }

    /// Strokes: width 20 with round caps reaches 10 beyond the ends; butt caps do not; the dash
    /// pattern 20 on, 20 off starts at the line's start; an animated width is 12 at frame 5.
    func testStrokes() throws {
        let img = frame(try load("stroke.json"), 5)
        XCTAssertEqual(img.pixel(x: 100, y: 50), 0xFF00_00FF, "blue stroke")
        XCTAssertEqual(img.alpha(100, 59), 255); XCTAssertEqual(img.alpha(100, 61), 0, "half the width is 10")
        XCTAssertEqual(img.alpha(43, 50), 255, "round cap"); XCTAssertEqual(img.alpha(38, 50), 0)
        XCTAssertEqual(img.alpha(45, 100), 0, "butt cap")
        for (x, on) in [(60, true), (80, false), (100, true), (120, false), (140, true)] {
            XCTAssertEqual(img.alpha(x, 100), on ? 255 : 0, "dash at x \(x)")
        }
        XCTAssertEqual(img.alpha(60, 105), 255); XCTAssertEqual(img.alpha(60, 107), 0, "width 4 + (20 − 4) / 2 = 12")
    }

    /// Miter joins fill a rectangle's outer corner (at 5 beyond both edges); bevel joins cut it.
    func testLineJoins() throws {
        let img = frame(try load("join.json"), 0)
        XCTAssertEqual(img.alpha(16, 26), 255, "miter corner")
        XCTAssertEqual(img.alpha(116, 26), 0, "bevel corner")
        XCTAssertEqual(img.alpha(150, 26), 255, "bevelled rectangle's edge")
    }

    /// A solid parented to a moving null whose opacity is 0: the child follows the parent's
    /// transform (not its opacity), and shows only from its in point (2) to before its out point (8).
    func testParentingSolidNullAndInOutPoints() throws {
        let a = try load("parenting.json")
        let img = frame(a, 5)
        XCTAssertEqual(img.pixel(x: 100, y: 100), 0xFF00_FF00)
        XCTAssertClose(img.centroid().map { Double($0.x) }, 100, 0.05)
        XCTAssertClose(img.centroid().map { Double($0.y) }, 100, 0.05)
        XCTAssertClose(img.coverage(), 400, 1)
        XCTAssertEqual(frame(a, 1.9).coverage(), 0, "before the in point")
        XCTAssertClose(frame(a, 2).coverage(), 400, 1, "from the in point")
        XCTAssertClose(frame(a, 7.9).coverage(), 400, 1)
        XCTAssertEqual(frame(a, 8).coverage(), 0, "from the out point")
    }

    /// An ellipse whose size grows 40 → 80 with symmetric easing is 60 across at frame 5 (area
    /// π·30²), and 40 + 40·ease(0.25) across at frame 2.5 (the easing followed exactly between
    /// frames, not sampled per frame); a bezier square whose far corners move from (150, 150) to
    /// (190, 190) is 60 × 60 at frame 5.
    func testAnimatedEllipseAndPath() throws {
        let a = try load("shapes_animated.json")
        func colours(_ img: CGImage) -> (red: Double, green: Double) {
            var red = 0.0, green = 0.0
            for y in 0..<img.height { for x in 0..<img.width {
                red += Double(img.red(x, y)) / 255; green += Double(img.green(x, y)) / 255
            } }
            return (red, green)
        }
        let img = frame(a, 5)
        XCTAssertClose(colours(img).red, Double.pi * 900, 5, "the four-curve circle and its edge coverage lose about 3 px")
        XCTAssertClose(colours(img).green, 3600, 2)
        XCTAssertEqual(img.green(169, 169), 255); XCTAssertEqual(img.green(171, 171), 0)
        let r = (40 + 40 * referenceEase(0.42, 0, 0.58, 1, x: 0.25)) / 2
        XCTAssertClose(colours(frame(a, 2.5)).red, Double.pi * r * r, 5)
    }

    // MARK: References

    /// y on the easing curve where x = `x`: Newton's method on x(s), then y(s).
    private func referenceEase(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, x: Double) -> Double {
        func b(_ a: Double, _ c: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s }
        func db(_ a: Double, _ c: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * a + 6 * (1 - s) * s * (c - a) + 3 * s * s * (1 - c) }
        var s = x
        for _ in 0..<50 { s -= (b(x1, x2, s) - x) / db(x1, x2, s) }
        return b(y1, y2, s)
    }

    /// The point a `fraction` of the arc length along a cubic, by summing 100 000 chords.
    private func pointAlongCubic(_ p0: (Double, Double), _ c1: (Double, Double), _ c2: (Double, Double), _ p3: (Double, Double),
                                 fraction: Double) -> (Double, Double) {
        func at(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            return (u * u * u * p0.0 + 3 * u * u * t * c1.0 + 3 * u * t * t * c2.0 + t * t * t * p3.0,
                    u * u * u * p0.1 + 3 * u * u * t * c1.1 + 3 * u * t * t * c2.1 + t * t * t * p3.1)
        }
        let n = 100_000
        var lengths = [0.0]
        var prev = at(0)
        for i in 1...n {
            let p = at(Double(i) / Double(n))
            lengths.append(lengths[i - 1] + hypot(p.0 - prev.0, p.1 - prev.1))
            prev = p
        }
        let target = fraction * lengths[n]
        let i = lengths.firstIndex { $0 >= target } ?? n
        return at(Double(i) / Double(n))
    }
}
