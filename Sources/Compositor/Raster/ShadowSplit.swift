import Foundation
import Synchronization
import CPixelKernels

/// The reduced plane of a named shadow (a group's alpha, before its blur) that the bands drawing
/// the group make together, each the rows it has drawn: a band draws the group only where it
/// composites it and where the rows it reduces lie, claims the plane's rows whose group rows it
/// draws as it reaches the group (`claim`), reduces them at the group's end, then claims and
/// makes any rows no band has claimed (drawing the group there too), and waits until every row is
/// made (`waitMade`); the bands then blur the plane together: each makes the rows of the blurred
/// plane it paints that no other band has taken, as strips made from the reduced plane alone
/// (`blurRows`), and waits for those others make (`waitBlurred`); the band that makes the last
/// rows keeps the plane in the cache. A plane that mirrors is blurred whole by each band instead
/// (a half or a quarter of it made: `blurMode`). The same bits as a plane reduced whole: each row
/// summed by one band, from the same rows of the group, in the same order, and each strip's
/// integers are those of `BoxBlur.blur` of the plane.
///
/// Who owns what: `plane`'s rows, the band that claimed them until it counts them made, then no
/// one (read only); `blurred`'s rows, the band that claimed them (under `blurState`'s lock) until
/// it marks them made (under the lock too), then no one (read only).
///
/// Never a deadlock: a band waits only for rows claimed by bands that have reached the group and
/// make them at its end, which comes before anything waits on the waiting band (the bands draw
/// the same tree, depth first); rows no band claims are claimed by the waiting band itself.
final class ShadowSplit: @unchecked Sendable {  // unchecked: the plane's rows are written by the band that claimed them (claims under `claimed`'s lock), and read only once `made` counts every row (release/acquire); `blurred`'s rows are written by the band that claimed them and read once marked made (claims and marks under `blurState`'s lock)
    /// The reduced plane (`width` × `height`, zeros until made).
    let plane: UnsafeMutablePointer<Float>
    let width: Int, height: Int
    /// The rows that the source reaches (the others stay zero and count as made).
    let live: Range<Int>
    /// Which rows of `live` a band has claimed.
    private let claimed: Mutex<[Bool]>
    /// Rows made (those outside `live` from the start).
    private let made: Atomic<Int>
    /// The blurred plane (`width` × `height`), its rows made by `blurRows`.
    private let blurredValues: UnsafeMutablePointer<Float>
    /// Each blurred row's state (0: not claimed, 1: being made by the band that claimed it, 2: made).
    private struct BlurState { var rows: [UInt8] }
    private let blurState: Mutex<BlurState>
    /// The blur's way once a band has found it (`blurMode`): 0 not yet, 1 strips, 2 alone.
    private let mode = Atomic<Int>(0)
    /// Blurred rows made (counted after they are marked: the band whose count reaches `height`
    /// sees every row's values).
    private let blurredRows = Atomic<Int>(0)
    /// Bands that made rows of the blur in their first `blurRows` call (for tests).
    private let makers = Atomic<Int>(0)
    /// Whether a band has taken the keeping of the blurred plane (`takeKeeping`).
    private let keeping = Atomic<Bool>(false)

    /// A plane of `width` × `height` zeros whose rows `live` are to be made.
    init(width: Int, height: Int, live: Range<Int>) {
        self.width = width; self.height = height
        let live = max(0, min(live.lowerBound, height))..<max(0, min(max(live.lowerBound, live.upperBound), height))
        self.live = live
        plane = .allocate(capacity: max(1, width * height))
        plane.initialize(repeating: 0, count: max(1, width * height))
        claimed = Mutex([Bool](repeating: false, count: live.count))
        made = Atomic(height - live.count)
        blurredValues = .allocate(capacity: max(1, width * height))
        blurState = Mutex(BlurState(rows: [UInt8](repeating: 0, count: max(0, height))))
    }

    deinit { plane.deallocate(); blurredValues.deallocate() }

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

    /// How the bands blur the plane (`blurMode`, decided by the first band to ask).
    enum BlurMode: Sendable {
        /// Each band makes the rows of the blurred plane it paints (`blurRows`), in strips.
        case strips
        /// Each band blurs the whole plane itself: it mirrors (`lamina_box_blur_mirrors`), so its
        /// whole blur makes a half or a quarter of it, less than a band's strip of the whole.
        case alone
    }

    /// The blur's way (strips unless the plane mirrors, or blurs are not given radii), found from
    /// the made plane by each band that asks before one has published it: no band waits for
    /// another's look (once under a lock, the band that came second waited for the first's), and
    /// every band finds the same way (the same plane and radii).
    func blurMode(radii: [Int32]) -> BlurMode {
        // (Relaxed: the value carries no other data; the plane is read only once made, `waitMade`.)
        let known = mode.load(ordering: .relaxed)
        if known != 0 { return known == 1 ? .strips : .alone }
        let axes = radii.isEmpty ? 0 : lamina_box_blur_mirrors(plane, Int32(width), Int32(height), 0, 0, Int32(width), Int32(height))
        let found = axes == 0 && !radii.isEmpty && radii.allSatisfy({ $0 >= 0 && $0 <= 511 }) ? 1 : 2
        mode.store(found, ordering: .relaxed)
        return found == 1 ? .strips : .alone
    }

    /// Makes the rows of `rows` (cut to the plane) of the blurred plane that no band has made or is
    /// making (each run of them a strip made from the plane alone: `ShadowSplit.blurStrip`), by
    /// boxes of `radii` (every band passes the same). `made`: the rows this band made; `last`:
    /// whether it made the plane's last rows (every row is made then); `joined`: whether another
    /// band had made rows before (counted once a band: its first call that makes rows). Only once
    /// the plane is made (`waitMade`).
    @discardableResult
    func blurRows(_ rows: Range<Int>, radii: [Int32], first: Bool = false) -> (made: Int, last: Bool, joined: Bool) {
        let lo = max(0, rows.lowerBound), hi = min(height, rows.upperBound)
        guard lo < hi else { return (0, false, false) }
        let runs = blurState.withLock { st in ShadowSplit.take(&st.rows, lo..<hi) }
        guard !runs.isEmpty else { return (0, false, false) }
        let joined = first && makers.add(1, ordering: .relaxed).oldValue > 0
        for run in runs {
            ShadowSplit.blurStrip(plane, width: width, height: height, radii: radii, rows: run, live: live, into: blurredValues)
        }
        let count = runs.reduce(0) { $0 + $1.count }
        // (The marks under the lock: a band that sees them made sees their values.)
        blurState.withLock { st in for run in runs { for r in run { st.rows[r] = 2 } } }
        return (count, blurredRows.add(count, ordering: .acquiringAndReleasing).newValue == height, joined)
    }

    /// Waits until the blurred plane's rows of `rows` (cut to the plane) are made (by `blurRows`
    /// of this band or another, which makes them without waiting on anything).
    func waitBlurred(_ rows: Range<Int>) {
        let lo = max(0, rows.lowerBound), hi = min(height, rows.upperBound)
        guard lo < hi else { return }
        // Looked at under the lock only when the count of made rows has moved (rows are marked
        // before they are counted), so a waiting band does not hold the lock the others mark under.
        var turns = 0, seen = -1
        while true {
            let n = blurredRows.load(ordering: .acquiring)
            if n != seen {
                seen = n
                if blurState.withLock({ st in (lo..<hi).allSatisfy { st.rows[$0] == 2 } }) { return }
            }
            SpinWait.pause(&turns, spinning: 2000)
        }
    }

    /// Whether every row of the blurred plane is made (its values then seen: acquire).
    var isBlurred: Bool { blurredRows.load(ordering: .acquiring) >= height }

    /// Whether this band keeps the blurred plane (in the shadow cache): true for the first band to
    /// ask once every row is made, false for every other and before. A band that made the last
    /// rows finds them all made, so some band keeps it when each asks after its `blurRows` calls.
    func takeKeeping() -> Bool { isBlurred && !keeping.exchange(true, ordering: .relaxed) }

    /// The blurred plane; its rows are to be read once made (`blurRows`, `waitBlurred`).
    var blurred: UnsafeBufferPointer<Float> { UnsafeBufferPointer(start: blurredValues, count: width * height) }

    /// Claims the rows of `rows` still 0 in `marks` (marking them 1), as runs.
    private static func take(_ marks: inout [UInt8], _ rows: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for r in rows {
            if marks[r] == 0 {
                marks[r] = 1
                if start == nil { start = r }
            } else if let s = start {
                runs.append(s..<r); start = nil
            }
        }
        if let s = start { runs.append(s..<rows.upperBound) }
        return runs
    }

    /// Rows `rows` of the blur of `plane` (`width` × `height`) by boxes of `radii` (each 0...511),
    /// into the same rows of `out`: the values `BoxBlur.blur` gives them (`lamina_box_blur_placed`
    /// of the whole plane). Made from the plane's rows `rows` and as many more above and below as the
    /// passes read (the radii's sum, within the plane), in planes of its own: each pass keeps the
    /// rows whose windows lie within the rows it was given (or reach the plane's edge), so the rows
    /// `rows` come out with the same window sums, so the same integers, as the whole plane's.
    /// `live`: the plane's rows that may be non-zero (the others are zeros): rows no value can
    /// have reached yet are zeros in each row pass, not summed (`lamina_box_blur_live_rows`).
    static func blurStrip(_ plane: UnsafePointer<Float>, width w: Int, height h: Int, radii: [Int32], rows: Range<Int>,
                          live: Range<Int>? = nil, into out: UnsafeMutablePointer<Float>) {
        let y0 = max(0, rows.lowerBound), y1 = min(h, rows.upperBound)
        guard y0 < y1, w > 0 else { return }
        let reach = radii.reduce(0) { $0 + Int($1) }
        let lo = max(0, y0 - reach), hi = min(h, y1 + reach), m = hi - lo
        let a = UnsafeMutablePointer<Int32>.allocate(capacity: m * w), tmp = UnsafeMutablePointer<Int32>.allocate(capacity: m * w)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: w + 1)
        defer { a.deallocate(); tmp.deallocate(); sums.deallocate() }
        // Each radius' rows a value can have reached (the whole plane without `live`).
        let l0 = max(0, min(live?.lowerBound ?? 0, h)), l1 = max(l0, min(live?.upperBound ?? h, h))
        var passLive = [Int32](repeating: 0, count: 2 * radii.count)
        lamina_box_blur_live_rows(Int32(h), radii, Int32(radii.count), Int32(l0), Int32(l1 - l0), &passLive)
        // The plane's rows [lo, hi) placed: those within `live` converted, the others zeros.
        let p0 = max(lo, l0), p1 = min(hi, l1)
        if p0 < p1 {
            lamina_box_blur_place_rows(plane, Int32(w), 0, Int32(-lo), a, Int32(w), Int32(p0), Int32(p1))
            a.update(repeating: 0, count: (p0 - lo) * w)
            (a + (p1 - lo) * w).update(repeating: 0, count: (hi - p1) * w)
        } else {
            a.update(repeating: 0, count: m * w)
        }
        // Rows [c0, c1) (of the whole plane) hold exact values after each pass.
        var c0 = lo, c1 = hi
        for (k, r) in radii.enumerated() {
            let n = Int32(c1 - c0), at = (c0 - lo) * w
            // The pass's live rows, in the strip's own rows (from c0).
            let live0 = max(0, min(Int(passLive[2 * k]) - c0, Int(n))), live1 = max(live0, min(Int(passLive[2 * k + 1]) - c0, Int(n)))
            lamina_box_blur_row_pass(a + at, tmp + at, Int32(w), r, Int32(live0), Int32(live1), 0, n)
            lamina_box_blur_column_pass(tmp + at, a + at, sums, Int32(w), n, r, 0, Int32(w))
            c0 = c0 == 0 ? 0 : c0 + Int(r)
            c1 = c1 == h ? h : c1 - Int(r)
        }
        lamina_box_blur_from_fixed(out + y0 * w, a + (y0 - lo) * w, (y1 - y0) * w)
    }
}
