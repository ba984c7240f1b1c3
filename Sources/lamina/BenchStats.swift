import Foundation

/// Order statistics of a list of durations, in milliseconds rounded to microseconds: the figures
/// `lamina bench` prints for frame intervals and for each frame phase.
struct BenchStats: Codable, Equatable {
    /// The smallest, the median, the 95th and 99th percentiles and the largest, in ms.
    var min = 0.0, median = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0

    /// Statistics given directly, in ms (all zero by default).
    init(min: Double = 0, median: Double = 0, p95: Double = 0, p99: Double = 0, max: Double = 0) {
        self.min = min; self.median = median; self.p95 = p95; self.p99 = p99; self.max = max
    }

    /// The statistics of `seconds` (all zero when empty). Percentiles are nearest-rank below: the
    /// value at index floor((n - 1) * q) of the sorted list.
    init(seconds: [Double]) {
        let s = seconds.sorted()
        guard let first = s.first, let last = s.last else { return }
        func q(_ f: Double) -> Double { s[Swift.min(s.count - 1, Int(Double(s.count - 1) * f))] }
        func ms(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1000 }
        min = ms(first); median = ms(q(0.5)); p95 = ms(q(0.95)); p99 = ms(q(0.99)); max = ms(last)
    }

    /// Refresh periods in which no new frame was presented: the refreshes the intervals span
    /// (their sum in periods, rounded) minus the frames presented in them. An interval of two
    /// periods is one missed vsync; frames that each take 1.25 periods miss one refresh in four
    /// (where counting each interval on its own would round every one of them to "on time").
    static func missedVsyncs(intervals: [Double], period: Double) -> Int {
        guard period > 0, !intervals.isEmpty else { return 0 }
        return Swift.max(0, Int((intervals.reduce(0, +) / period).rounded()) - intervals.count)
    }
}
