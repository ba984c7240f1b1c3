import Foundation
import CoreGraphics

/// A star or polygon (`sr`): centre, point count, outer and inner radius and roundness, rotation,
/// its path made as lottie-web makes it.
struct StarModel: Sendable {
    /// `sy`: 1 star, 2 polygon.
    var isPolygon: Bool
    var position: Animated<[Double]>
    /// `pt`: the number of points (whole points are used).
    var points: Animated<[Double]>
    /// `or`, `ir`: outer and inner radius; `os`, `is`: their roundness in percent.
    var outerRadius: Animated<[Double]>
    var innerRadius: Animated<[Double]>
    var outerRoundness: Animated<[Double]>
    var innerRoundness: Animated<[Double]>
    /// `r`: rotation in degrees, clockwise from the first point straight up.
    var rotation: Animated<[Double]>
    /// `d` 3: points laid out counter-clockwise.
    var reversed: Bool

    /// The most points drawn.
    static let maximumPoints = 10_000

    var tracks: [Animated<[Double]>] { [position, points, outerRadius, innerRadius, outerRoundness, innerRoundness, rotation] }

    /// The path at layer frame `frame`: a vertex at each point (and, for a star, between points at
    /// the inner radius), from straight up turned by the rotation; roundness gives each vertex
    /// tangents along the circle through it, as long as the roundness times the circle's
    /// circumference over (4 × points).
    func shape(at frame: Double) -> BezierShape {
        let n = max(0, min(Self.maximumPoints, Int(points.value(at: frame).at(0).rounded(.down))))
        let count = isPolygon ? n : 2 * n
        let p = position.value(at: frame), dir: Double = reversed ? -1 : 1
        let outer = outerRadius.value(at: frame).at(0), inner = innerRadius.value(at: frame).at(0)
        let outerRound = outerRoundness.value(at: frame).at(0) / 100, innerRound = innerRoundness.value(at: frame).at(0) / 100
        var angle = -Double.pi / 2 + rotation.value(at: frame).at(0) * .pi / 180
        let step = count > 0 ? 2 * Double.pi / Double(count) : 0
        var v: [CGPoint] = [], i: [CGPoint] = [], o: [CGPoint] = []
        for k in 0..<count {
            let isOuter = isPolygon || k % 2 == 0
            let radius = isOuter ? outer : inner, roundness = isOuter ? outerRound : innerRound
            let segment = 2 * Double.pi * radius / Double(isPolygon ? count * 4 : count * 2)
            let x = radius * cos(angle), y = radius * sin(angle)
            let len = (x * x + y * y).squareRoot()
            let tx = len == 0 ? 0 : y / len, ty = len == 0 ? 0 : -x / len
            let h = segment * roundness * dir
            v.append(CGPoint(x: x + p.at(0), y: y + p.at(1)))
            o.append(CGPoint(x: -tx * h, y: -ty * h))
            i.append(CGPoint(x: tx * h, y: ty * h))
            angle += step * dir
        }
        return BezierShape(closed: true, vertices: v, inTangents: i, outTangents: o)
    }
}
