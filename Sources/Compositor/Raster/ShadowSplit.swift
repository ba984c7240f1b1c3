import Foundation
import Synchronization

/// The reduced plane of a named shadow (a group's alpha, before its blur) that the bands drawing
/// the group make together, each the rows it has drawn: a band draws the group only where it
/// composites it and where the rows it reduces lie, claims the plane's rows whose group rows it
/// draws as it reaches the group (`claim`), reduces them at the group's end, then claims and
/// makes any rows no band has claimed (drawing the group there too), and waits until every row is
/// made (`waitMade`); each then blurs the plane (the same bits as a plane reduced whole: each row
/// summed by one band, from the same rows of the group, in the same order).
///
/// Never a deadlock: a band waits only for rows claimed by bands that have reached the group and
/// make them at its end, which comes before anything waits on the waiting band (the bands draw
/// the same tree, depth first); rows no band claims are claimed by the waiting band itself.
final class ShadowSplit: @unchecked Sendable {  // unchecked: the plane's rows are written by the band that claimed them (claims under `claimed`'s lock), and read only once `made` counts every row (release/acquire)
    /// The reduced plane (`width` × `height`, zeros until made).
    let plane: UnsafeMutablePointer<Float>
    let width: Int, height: Int
    /// The rows that the source reaches (the others stay zero and count as made).
    let live: Range<Int>
    /// Which rows of `live` a band has claimed.
    private let claimed: Mutex<[Bool]>
    /// Rows made (those outside `live` from the start).
    private let made: Atomic<Int>

    /// A plane of `width` × `height` zeros whose rows `live` are to be made.
    init(width: Int, height: Int, live: Range<Int>) {
        self.width = width; self.height = height
        let live = max(0, min(live.lowerBound, height))..<max(0, min(max(live.lowerBound, live.upperBound), height))
        self.live = live
        plane = .allocate(capacity: max(1, width * height))
        plane.initialize(repeating: 0, count: max(1, width * height))
        claimed = Mutex([Bool](repeating: false, count: live.count))
        made = Atomic(height - live.count)
    }

    deinit { plane.deallocate() }

    /// Claims the rows of `rows` (cut to `live`) no band has claimed; returns them as runs.
    func claim(_ rows: Range<Int>) -> [Range<Int>] {
        let lo = max(rows.lowerBound, live.lowerBound), hi = min(rows.upperBound, live.upperBound)
        guard lo < hi else { return [] }
        let base = live.lowerBound
        return claimed.withLock { c in
            var runs: [Range<Int>] = []
            var start: Int?
            for r in lo..<hi {
                if !c[r - base] {
                    c[r - base] = true
                    if start == nil { start = r }
                } else if let s = start {
                    runs.append(s..<r); start = nil
                }
            }
            if let s = start { runs.append(s..<hi) }
            return runs
        }
    }

    /// Claims every row no band has claimed.
    func claimRest() -> [Range<Int>] { claim(live) }

    /// Counts `rows` rows made (their values written before).
    func finish(_ rows: Int) { made.add(rows, ordering: .releasing) }

    /// Whether every row is made.
    var isMade: Bool { made.load(ordering: .acquiring) >= height }

    /// Waits until every row is made.
    func waitMade() {
        var turns = 0
        while !isMade { SpinWait.pause(&turns, spinning: 2000) }
    }
}
