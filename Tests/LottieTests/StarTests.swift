import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Stars and polygons (star.json), areas worked out from their vertices: the first point straight
/// up from the centre, points spread evenly clockwise.
final class StarTests: LottieTestCase {
    private func slot(_ img: CGImage, _ x: Int) -> CGImage { img.cropping(columns: x..<(x + 110)) }

    /// A 4-point polygon of radius 50 is a diamond with corners 50 from (60, 60): area 2 · 50².
    func testPolygon() throws {
        let img = frame(try load("star.json"), 0)
        let d = slot(img, 0)
        XCTAssertClose(d.coverage(), 5000, 2)
        XCTAssertClose(d.centroid().map { Double($0.x) }, 60, 0.05); XCTAssertClose(d.centroid().map { Double($0.y) }, 60, 0.05)
        XCTAssertEqual(img.alpha(60, 12), 255); XCTAssertEqual(img.alpha(20, 20), 0)
    }

    /// A 5-point star, radii 40 and 20: ten triangles of sides 40 and 20 at 36°: 5 · 40 · 20 · sin 36°.
    func testStar() throws {
        let img = slot(frame(try load("star.json"), 0), 110)
        XCTAssertClose(img.coverage(), 5 * 40 * 20 * sin(Double.pi / 5), 3)
        XCTAssertEqual(img.alpha(165 - 110, 23), 255, "the top point reaches y 20")
        XCTAssertEqual(img.alpha(165 - 110, 17), 0)
    }

    /// Rotated 45°, the diamond becomes a square of side 50·√2 centred on (270, 60).
    func testRotation() throws {
        let img = frame(try load("star.json"), 0)
        let e = try XCTUnwrap(slot(img, 220).opaqueExtent())
        let half = 50 / 2.0.squareRoot()
        // The pixels more than half covered: from the one whose centre is past the left edge to the
        // one whose centre is before the right edge.
        XCTAssertEqual(e.minX + 220, Int((270 - half - 0.5).rounded(.up))); XCTAssertEqual(e.maxX + 220, Int((270 + half - 0.5).rounded(.down)))
        XCTAssertEqual(e.minY, Int((60 - half - 0.5).rounded(.up))); XCTAssertEqual(e.maxY, Int((60 + half - 0.5).rounded(.down)))
    }

    /// Roundness 100 % gives each corner tangents along the circle through it, 2π·50 / 16 long:
    /// the area of the four cubics, measured here by the shoelace formula over 4000 points each
    /// (the rasteriser's flattened curves lose a few pixels along the 300-long edge, as for circles).
    func testRoundness() throws {
        let img = slot(frame(try load("star.json"), 0), 330)
        let r = 50.0, h = 2 * Double.pi * r / 16
        var pts: [(Double, Double)] = []
        for k in 0..<4 {
            let a0 = -Double.pi / 2 + Double(k) * Double.pi / 2, a1 = a0 + Double.pi / 2
            let p0 = (r * cos(a0), r * sin(a0)), p3 = (r * cos(a1), r * sin(a1))
            // Tangent directions (clockwise, y down): (−sin a, cos a).
            let c1 = (p0.0 - sin(a0) * h, p0.1 + cos(a0) * h), c2 = (p3.0 + sin(a1) * h, p3.1 - cos(a1) * h)
            for j in 0..<4000 {
                let t = Double(j) / 4000, u = 1 - t
                pts.append((u * u * u * p0.0 + 3 * u * u * t * c1.0 + 3 * u * t * t * c2.0 + t * t * t * p3.0,
                            u * u * u * p0.1 + 3 * u * u * t * c1.1 + 3 * u * t * t * c2.1 + t * t * t * p3.1))
            }
        }
        var area = 0.0
        for i in pts.indices { let a = pts[i], b = pts[(i + 1) % pts.count]; area += a.0 * b.1 - b.0 * a.1 }
        area = abs(area) / 2
        XCTAssertGreaterThan(area, 5000, "rounder than the diamond")
        XCTAssertClose(img.coverage(), area, 8)
    }

    /// Stars are no longer diagnosed.
    func testNoDiagnostics() throws {
        XCTAssertEqual(try load("star.json").diagnostics, [])
    }
}
