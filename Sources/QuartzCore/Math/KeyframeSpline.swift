import Foundation

/// Kochanek–Bartels tangents for keyframes `points` at `times`, per keyframe tension, continuity and
/// bias (all 0: Catmull–Rom). Tangents are derivatives per unit of (normalised) time; the end
/// keyframes use one-sided differences so the curve starts and ends toward its neighbours.
func kochanekBartelsTangents(points: [[Double]], times: [Double], tension: [Double], continuity: [Double], bias: [Double]) -> (incoming: [[Double]], outgoing: [[Double]]) {
    let n = points.count
    let dim = points.first?.count ?? 0
    var incoming = [[Double]](repeating: [Double](repeating: 0, count: dim), count: n)
    var outgoing = incoming
    guard n >= 2 else { return (incoming, outgoing) }
    for i in 0..<n {
        let prev = max(i - 1, 0), next = min(i + 1, n - 1)
        let dtPrev = max(times[i] - times[prev], 1e-12), dtNext = max(times[next] - times[i], 1e-12)
        let t = tension[i], c = continuity[i], b = bias[i]
        for k in 0..<dim {
            let dPrev = i == 0 ? (points[next][k] - points[i][k]) / dtNext : (points[i][k] - points[prev][k]) / dtPrev
            let dNext = i == n - 1 ? (points[i][k] - points[prev][k]) / dtPrev : (points[next][k] - points[i][k]) / dtNext
            outgoing[i][k] = (1 - t) * (1 + b) * (1 - c) / 2 * dPrev + (1 - t) * (1 - b) * (1 + c) / 2 * dNext
            incoming[i][k] = (1 - t) * (1 + b) * (1 + c) / 2 * dPrev + (1 - t) * (1 - b) * (1 - c) / 2 * dNext
        }
    }
    return (incoming, outgoing)
}

/// The cubic Hermite curve from p0 to p1 with end tangents m0 and m1 (already scaled to the
/// segment's length), at t in 0...1.
func hermite(p0: [Double], p1: [Double], m0: [Double], m1: [Double], t: Double) -> [Double] {
    let t2 = t * t, t3 = t2 * t
    let h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2
    return (0..<p0.count).map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
}
