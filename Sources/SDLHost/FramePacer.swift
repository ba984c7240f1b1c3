import Foundation

/// Decides each frame's target time and whether the loop must wait for it itself. Presents that
/// block until the display's refresh (a working vsync) pace the loop on their own; when they return
/// at once (Xvfb, software renderers, some drivers) the pacer sleeps until the next target, a
/// whole refresh period after the previous one. Pure logic over times in seconds, so it is tested
/// without a display.
public struct FramePacer {
    /// The refresh period in seconds.
    public let period: Double
    /// Whether presents were measured to block at the refresh rate.
    public private(set) var vsyncBlocks = false
    /// The target time of the last frame.
    public private(set) var lastTarget: Double?
    private var presentDurations: [Double] = []

    /// A pacer for a display refreshing `hz` times a second (values outside 1...1000 become 60).
    public init(hz: Double) {
        period = 1 / ((1...1000).contains(hz) ? hz : 60)
    }

    /// The target time of the next frame given the current time: one period after the last target,
    /// or, when the loop fell behind (a missed frame), the next period boundary after `now`.
    public mutating func nextTarget(now: Double) -> Double {
        guard let last = lastTarget else { lastTarget = now + period; return now + period }
        var t = last + period
        if t < now { t = last + ((now - last) / period).rounded(.up) * period }
        lastTarget = t
        return t
    }

    /// How many refresh periods were skipped between the last two targets (0 when on time).
    public func missed(previous: Double, current: Double) -> Int { max(0, Int(((current - previous) / period).rounded()) - 1) }

    /// Records how long a present took; after 20 presents decides whether they block at the
    /// refresh rate (median at least 60% of a period).
    public mutating func recordPresent(duration: Double) {
        guard presentDurations.count < 20 else { return }
        presentDurations.append(duration)
        if presentDurations.count == 20 {
            let sorted = presentDurations.sorted()
            vsyncBlocks = sorted[10] >= period * 0.6
        }
    }

    /// Whether the loop must sleep until the target itself.
    public var mustSleep: Bool { !vsyncBlocks }
}
