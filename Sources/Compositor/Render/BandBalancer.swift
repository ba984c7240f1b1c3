import Foundation

/// Where a frame's bands start and end, as fractions of the area drawn, moved from frame to frame
/// so that the bands finish together: a band that took longer than the others gives rows to
/// them, and so does one whose thread started late (a helper waking, or busy with something
/// else), by the time it started late. Content is rarely spread evenly (a toolbar above, a list
/// below), and equal bands then leave one thread waiting. Pixels never depend on where bands end
/// (each band draws the whole tree clipped to itself), only the time does.
///
/// A frame much slower than the usual (a thread taken off its core by another process) says
/// little about where the work lies: it moves the boundaries by a quarter of what it would.
///
/// Owned by one FrameRenderer, used by the thread that calls its `render`.
struct BandBalancer {
    /// Band boundaries, ascending from 0 to 1 (bands + 1 values).
    private(set) var boundaries: [Double] = [0, 1]
    /// The usual frame (the sum of the bands' times, with their delays), smoothed over frames; 0
    /// before the first.
    private(set) var usual = 0.0

    /// The boundaries for `count` bands: those kept when the count is unchanged, else equal bands.
    mutating func boundaries(count: Int) -> [Double] {
        if boundaries.count != count + 1 {
            boundaries = (0...count).map { Double($0) / Double(max(count, 1)) }
            usual = 0
        }
        return boundaries
    }

    /// Moves the boundaries half-way towards those that would have made every band finish at the
    /// same time, with each band's time spread evenly over its rows; no band narrower than
    /// `minimum` of the whole. `times` are the bands' durations (any unit), in order; `delays`
    /// (the same unit; none: all 0) how long after the frame's start each band began.
    mutating func update(times: [Double], delays: [Double]? = nil, minimum: Double = 0.02) {
        let n = boundaries.count - 1
        let delays = delays ?? [Double](repeating: 0, count: times.count)
        guard times.count == n, delays.count == n, n > 1, times.allSatisfy({ $0.isFinite && $0 >= 0 }),
              delays.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return }
        let total = times.reduce(0, +)
        guard total > 0 else { return }
        // How far to move: half-way, or a quarter of that after a frame twice the usual.
        let frame = total + delays.reduce(0, +)
        let rate = usual > 0 && frame > 2 * usual ? 0.125 : 0.5
        usual = usual > 0 ? usual + (frame - usual) * (frame > 2 * usual ? 0.05 : 0.25) : frame
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
        // All finishing at F: band b gets F - delays[b] of the time, the times adding up to `total`.
        let finish = frame / Double(n)
        var next = boundaries
        var before = 0.0
        for k in 1..<n {
            before += max(0, finish - delays[k - 1])
            let ideal = position(ofTime: min(before, total))
            next[k] = boundaries[k] + (ideal - boundaries[k]) * rate
        }
        // Keep every band at least `minimum` wide (and the order).
        for k in 1..<n { next[k] = max(next[k], next[k - 1] + minimum) }
        for k in stride(from: n - 1, through: 1, by: -1) { next[k] = min(next[k], next[k + 1] - minimum) }
        if next.allSatisfy({ $0.isFinite }) { boundaries = next }
    }
}
