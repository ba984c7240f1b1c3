import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Positions with spatial tangents where a path is sampled rather than animated by Core Animation
/// (spatial_sampled.json): a rectangle's own `p`, and a layer inside a time-remapped
/// precomposition (rows 200...400). Both follow the cubic (40,150) (40,70) (160,70) (160,150) at
/// even speed, linear in time: halfway it is at the curve's middle, (100, 90); at frame 3, 30 % of
/// the arc length along (measured here by summing chords). Sampled paths are exact at whole frames.
final class SpatialSamplingTests: LottieTestCase {
    private func pointAlong(_ fraction: Double) -> (Double, Double) {
        func at(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            return (u * u * u * 40 + 3 * u * u * t * 40 + 3 * u * t * t * 160 + t * t * t * 160,
                    u * u * u * 150 + 3 * u * u * t * 70 + 3 * u * t * t * 70 + t * t * t * 150)
        }
        let n = 100_000
        var lengths = [0.0], prev = at(0)
        for i in 1...n { let p = at(Double(i) / Double(n)); lengths.append(lengths[i - 1] + hypot(p.0 - prev.0, p.1 - prev.1)); prev = p }
        let i = lengths.firstIndex { $0 >= lengths[n] * fraction } ?? n
        return at(Double(i) / Double(n))
    }

    private func centre(_ img: CGImage, rowsFrom y: Int) -> (Double, Double)? {
        img.cropping(rows: y..<(y + 200)).centroid().map { (Double($0.x), Double($0.y)) }
    }

    func testRectanglePositionFollowsItsCurve() throws {
        let a = try load("spatial_sampled.json")
        let mid = centre(frame(a, 5), rowsFrom: 0)
        XCTAssertClose(mid?.0, 100, 0.1); XCTAssertClose(mid?.1, 90, 0.1)
        let q = pointAlong(0.3), c = centre(frame(a, 3), rowsFrom: 0)
        XCTAssertClose(c?.0, q.0, 0.15); XCTAssertClose(c?.1, q.1, 0.15)
    }

    func testTimeRemappedLayerFollowsItsCurve() throws {
        let a = try load("spatial_sampled.json")
        let mid = centre(frame(a, 5), rowsFrom: 200)
        XCTAssertClose(mid?.0, 100, 0.1); XCTAssertClose(mid?.1, 90, 0.1)
        let q = pointAlong(0.3), c = centre(frame(a, 3), rowsFrom: 200)
        XCTAssertClose(c?.0, q.0, 0.15); XCTAssertClose(c?.1, q.1, 0.15)
    }
}
