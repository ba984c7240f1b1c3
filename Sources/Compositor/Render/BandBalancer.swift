import Foundation

/// Where a frame's bands start and end, as fractions of the area drawn, moved from frame to frame
/// so that the bands take about as long: a band that took longer than the others gives rows to
/// them. Content is rarely spread evenly (a toolbar above, a list below), and equal bands then
/// leave one thread waiting. Pixels never depend on where bands end (each band draws the whole
/// tree clipped to itself), only the time does.
///
/// Owned by one FrameRenderer, used by the thread that calls its `render`.
struct BandBalancer {
    /// Band boundaries, ascending from 0 to 1 (bands + 1 values).
    private(set) var boundaries: [Double] = [0, 1]

    /// The boundaries for `count` bands: those kept when the count is unchanged, else equal bands.
    mutating func boundaries(count: Int) -> [Double] {
        if boundaries.count != count + 1 { boundaries = (0...count).map { Double($0) / Double(max(count, 1)) } }
        return boundaries
    }

    /// Moves the boundaries half-way towards those that would have given every band the same time,
    /// with each band's time spread evenly over its rows; no band narrower than `minimum` of the
    /// whole. `times` are the bands' durations (any unit), in order.
    mutating func update(times: [Double], minimum: Double = 0.02) {
        let n = boundaries.count - 1
        guard times.count == n, n > 1, times.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return }
        let total = times.reduce(0, +)
        guard total > 0 else { return }
        // The cumulative time at fraction y: piecewise linear over the old bands.
        func position(ofTime target: Double) -> Double {
            var acc = 0.0
            for b in 0..<n {
                let t = times[b]
                if acc + t >= target && t > 0 {
                    return boundaries[b] + (boundaries[b + 1] - boundaries[b]) * (target - acc) / t
                }
                acc += t
            }
            return 1
        }
        var next = boundaries
        for k in 1..<n {
            let ideal = position(ofTime: total * Double(k) / Double(n))
            next[k] = (boundaries[k] + ideal) / 2
        }
        // Keep every band at least `minimum` wide (and the order).
        for k in 1..<n { next[k] = max(next[k], next[k - 1] + minimum) }
        for k in stride(from: n - 1, through: 1, by: -1) { next[k] = min(next[k], next[k + 1] - minimum) }
        if next.allSatisfy({ $0.isFinite }) { boundaries = next }
    }
}
