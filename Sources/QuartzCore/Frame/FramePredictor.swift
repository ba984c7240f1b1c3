import Foundation

/// Predicts when each frame of a window will be on screen, so that the frame can be evaluated for
/// that time: pure logic over times in seconds from the system's monotonic clock, fed what the host
/// measures (how long a frame took to draw, when each present was issued and when it returned), and
/// tested with simulated displays.
///
/// Frames sit on a refresh grid, `gridOrigin + k * period`. Each frame's target is the first grid
/// time the frame can still make (now, plus the time drawing is expected to take, plus the present
/// margin), and never the previous frame's: so media time is tied to the clock every frame and
/// cannot run ahead of it, and a slow frame costs a refresh, never drift.
///
/// The grid is the display's nominal refresh until presents are measured to wait for a grid of
/// their own whose period is within 1% of the nominal one (a working vsync, a 59.94 Hz panel):
/// then the grid locks to the measured period and phase, corrected with every present. Presents
/// that block on a clock of another rate (Xvfb's fake vblank runs every 16 ms, 62.5 Hz, on a mode
/// it calls 60 Hz or 0 Hz) never lock it, so they cannot make media time run fast.
///
/// Value type: owned by the thread that runs the frame loop.
public struct FramePredictor: Sendable {
    /// The display's nominal refresh period in seconds.
    public let nominalPeriod: Double
    /// The period of the grid in use (the nominal one, or the measured one once locked).
    public private(set) var period: Double
    /// A time on the grid (nil until the first frame).
    public private(set) var gridOrigin: Double?
    /// Whether the grid follows measured presents (a working vsync near the nominal rate).
    public private(set) var isLocked = false
    /// The target of the last frame.
    public private(set) var lastTarget: Double?

    /// Recent present return times (when presents block), oldest first.
    private var returns: [Double] = []
    /// Recent present durations (issue to return).
    private var presentDurations: [Double] = []
    /// Recent times from the start of a frame until it was ready to present.
    private var drawDurations: [Double] = []
    /// How many recent measurements are kept.
    private static let window = 90

    /// A predictor for a display refreshing `hz` times a second (values outside 1...1000, such as the
    /// 0 SDL reports when it does not know, mean 60 Hz).
    public init(hz: Double) {
        nominalPeriod = 1 / ((1...1000).contains(hz) ? hz : 60)
        period = nominalPeriod
    }

    /// How long before its target a frame's present is issued. Locked to a vsync: 2 ms (the present
    /// then waits for the refresh itself). Otherwise the median time presents took, between 0.5 ms
    /// and half a period, so that a present that blocks on a clock of its own (Xvfb) returns, on
    /// average, when the frame is due.
    public var presentMargin: Double {
        if isLocked { return min(0.002, period / 2) }
        return min(max(FramePredictor.median(presentDurations) ?? 0.001, 0.0005), period / 2)
    }

    /// The expected time from the start of a frame until it is ready to present (a high percentile
    /// of recent frames, at most four periods).
    public var drawEstimate: Double {
        guard !drawDurations.isEmpty else { return 0 }
        let s = drawDurations.sorted()
        return min(s[min(s.count - 1, s.count * 9 / 10)], 4 * period)
    }

    /// The time the next frame will be on screen, for a frame starting at `now`, always a grid time
    /// after the previous target. Locked to a vsync: the first refresh the frame can still make
    /// (at or after `now + drawEstimate + presentMargin`). Otherwise the grid time nearest to that:
    /// a display without a refresh of its own shows a frame a little late rather than a period late.
    public mutating func nextTarget(now: Double) -> Double {
        let origin = gridOrigin ?? now
        if gridOrigin == nil { gridOrigin = origin }
        let earliest = (now + drawEstimate + presentMargin - origin) / period
        var k = isLocked ? earliest.rounded(.up) : earliest.rounded()
        if let last = lastTarget {
            // Never the same refresh as the previous frame (presents faster than the grid, e.g. Xvfb).
            k = max(k, ((last - origin) / period).rounded() + 1)
        }
        let t = origin + k * period
        lastTarget = t
        return t
    }

    /// When the frame for `target` should be presented: the loop sleeps until then if it is early.
    public func presentTime(for target: Double) -> Double { target - presentMargin }

    /// How many refreshes were skipped between two successive targets (0 when on time).
    public func missed(previous: Double, current: Double) -> Int {
        max(0, Int(((current - previous) / period).rounded()) - 1)
    }

    /// Records one frame: it started at `started`, was ready to present at `ready`, and its present
    /// was issued at `issued` and returned at `returned`. Updates the estimates and, when presents
    /// block, the grid.
    public mutating func recordFrame(started: Double, ready: Double, issued: Double, returned: Double) {
        FramePredictor.push(&drawDurations, max(0, ready - started))
        FramePredictor.push(&presentDurations, max(0, returned - issued))
        FramePredictor.push(&returns, returned)
        relock()
    }

    /// Fits the recent present returns to a grid. Locks to it when it is regular (returns within
    /// 0.3 ms of it), its period is within 1% of the nominal one, and the presents were seen to wait
    /// for it: their durations spread over a quarter of a period or more while the returns stayed on
    /// the grid. (A present that returns after a fixed cost only echoes the loop's own schedule;
    /// locking to that would make the grid chase itself.) Once locked, it stays locked while the
    /// returns stay regular.
    private mutating func relock() {
        guard returns.count >= 30 else { return }
        // Refresh indices from the gaps (each gap a whole number of nominal periods), then a
        // least-squares line time = a + P * index.
        var index = [0.0]
        for i in 1..<returns.count {
            let n = max(1, ((returns[i] - returns[i - 1]) / nominalPeriod).rounded())
            index.append(index[i - 1] + n)
        }
        let n = Double(returns.count)
        let mx = index.reduce(0, +) / n, my = returns.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0
        for i in 0..<returns.count { sxx += (index[i] - mx) * (index[i] - mx); sxy += (index[i] - mx) * (returns[i] - my) }
        guard sxx > 0 else { unlock(); return }
        let p = sxy / sxx
        let a = my - p * mx
        var rms = 0.0
        for i in 0..<returns.count { let r = returns[i] - (a + p * index[i]); rms += r * r }
        rms = (rms / n).squareRoot()
        let regular = abs(p - nominalPeriod) <= 0.01 * nominalPeriod && rms <= 0.0003
        let d = presentDurations.sorted()
        let waited = d[d.count * 9 / 10] - d[d.count / 10] >= nominalPeriod / 4
        if regular && (isLocked || waited) {
            isLocked = true
            period = p
            gridOrigin = a + p * index[index.count - 1]   // the last return, on the fitted grid
        } else {
            unlock()
        }
    }

    private mutating func unlock() {
        if isLocked { isLocked = false; period = nominalPeriod }
    }

    private static func push(_ a: inout [Double], _ v: Double) {
        a.append(v)
        if a.count > window { a.removeFirst(a.count - window) }
    }

    private static func median(_ a: [Double]) -> Double? {
        guard !a.isEmpty else { return nil }
        let s = a.sorted()
        return s[s.count / 2]
    }
}
