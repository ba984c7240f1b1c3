import Foundation

/// How true the window's media time is: for each measured frame, the media time it was drawn for
/// minus the wall time its present returned (negative: shown after its time). `lamina bench` prints
/// it beside the frame figures.
struct BenchTrueTime: Codable, Equatable {
    /// The absolute error, in ms (median, p95, p99, ...).
    var absoluteError: BenchStats
    /// The median signed error, in ms.
    var medianError: Double
    /// The median error over the last five seconds of frames minus that over the first five, in ms:
    /// a clock that drifts against the wall shows a trend, one that is only noisy does not.
    var trend: Double
    /// The median of the media time minus the wall time the present was issued, in ms.
    var medianIssueError: Double

    /// The figures of `errors` (seconds, one per frame, in order), with `issue` the errors against
    /// the time each present was issued, for a display at `fps` frames a second.
    init(errors: [Double], issue: [Double], fps: Double) {
        func ms(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1000 }
        func median(_ a: ArraySlice<Double>) -> Double { let s = a.sorted(); return s.isEmpty ? 0 : s[s.count / 2] }
        absoluteError = BenchStats(seconds: errors.map(abs))
        medianError = ms(median(errors[...]))
        let n = max(1, Int(5 * (fps > 0 ? fps : 60)))
        trend = errors.count >= 2 * n ? ms(median(errors.suffix(n)) - median(errors.prefix(n))) : 0
        medianIssueError = ms(median(issue[...]))
    }

    /// One line of text.
    var text: String {
        String(format: "true_time_ms |media - present| median %.2f p99 %.2f max %.2f, signed median %.2f, trend (last 5 s - first 5 s) %.2f, against the present call %.2f",
               absoluteError.median, absoluteError.p99, absoluteError.max, medianError, trend, medianIssueError)
    }
}
