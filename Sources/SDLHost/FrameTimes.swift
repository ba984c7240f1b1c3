import Foundation

extension WindowHost {
/// Per-frame timings of a window, for the overlay and `lamina bench`: one entry per presented frame
/// in each series (`intervals` has one fewer: it starts at the second frame).
///
/// A value type: the host keeps one in its shared state (written by the render thread, the app-side
/// phases added from the app thread) and hands out copies.
public struct FrameTimes: Sendable {
    /// Seconds between successive presents.
    public var intervals: [Double] = []
    /// Seconds the app thread spent in its app-side phases (app turn, commit, post-frame) since the
    /// previous present, summed over its turns.
    public var commit: [Double] = []
    /// Seconds spent evaluating (snapshot, render tree, damage), rasterising and presenting.
    public var evaluate: [Double] = [], rasterise: [Double] = [], present: [Double] = []
    /// For each presented frame: the media time it was drawn for minus the wall time its present
    /// returned (negative: shown after its time). The measure of true time in the window.
    public var presentError: [Double] = []
    /// For each presented frame: the media time it was drawn for minus the wall time its present was
    /// issued.
    public var issueError: [Double] = []
    /// For each presented frame: the pixels uploaded to the window's texture (what changed).
    public var uploadedPixels: [Int] = []
    /// Refresh periods skipped.
    public var missed = 0
    /// Refresh periods the window slept through because nothing changed (an idle window draws nothing).
    public var idleRefreshes = 0
    /// Whether the window slept (no frame was due) before its last frame, and has not drawn two
    /// frames in a row since: it idles, drawing only when something changes. A slow or missed
    /// frame while animations run does not set it.
    public var asleep = false
    /// No frames yet (also for tests of what reads the timings).
    public init() {}

    /// Most frames kept per series (an hour at 60 Hz); older ones are dropped, so a window left
    /// open for days does not grow. `missed` counts the whole run.
    public static let kept = 216_000

    /// Drops the oldest frames past `kept` (in batches, so the cost is spread thin).
    mutating func trim() {
        guard intervals.count > FrameTimes.kept + FrameTimes.kept / 8 else { return }
        for path in [\FrameTimes.intervals, \.commit, \.evaluate, \.rasterise, \.present, \.presentError, \.issueError] {
            let extra = self[keyPath: path].count - FrameTimes.kept
            if extra > 0 { self[keyPath: path].removeFirst(extra) }
        }
        if uploadedPixels.count > FrameTimes.kept { uploadedPixels.removeFirst(uploadedPixels.count - FrameTimes.kept) }
    }
}

}
