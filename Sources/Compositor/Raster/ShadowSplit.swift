import Foundation
import Synchronization
import CPixelKernels

/// The reduced plane of a named shadow (a group's alpha, before its blur) that the bands drawing
/// the group make together, each the rows it has drawn: a band draws the group only where it
/// composites it and where the rows it reduces lie, claims the plane's rows whose group rows it
/// draws as it reaches the group (`claim`), reduces them at the group's end, then claims and
/// makes any rows no band has claimed (drawing the group there too), and waits until every row is
/// made (`waitMade`); the bands then blur the plane together (`blurTogether`: one `SharedBoxBlur`
/// whose parts of rows and columns each band takes as it comes, into `blurred`), or, for a plane too
/// small to share, each blurs it alone. The same bits as a plane reduced whole: each row summed by
/// one band, from the same rows of the group, in the same order, and the shared blur's integers are
/// one thread's (`BoxBlur.blur` of the plane).
///
/// Who owns what: `plane`'s rows, the band that claimed them until it counts them made, then no
/// one (read only); `blurred`, the shared blur's parts (each written by the band that took it)
/// until the blur is finished, then no one (read only); the shared blur itself, the first band to
/// ask for it makes it under `blur`'s lock; the cache's copy, the one band that wins `stored`.
///
/// Never a deadlock: a band waits only for rows claimed by bands that have reached the group and
/// make them at its end, which comes before anything waits on the waiting band (the bands draw
/// the same tree, depth first); rows no band claims are claimed by the waiting band itself.
final class ShadowSplit: @unchecked Sendable {  // unchecked: the plane's rows are written by the band that claimed them (claims under `claimed`'s lock), and read only once `made` counts every row (release/acquire); `blurred` is written by the shared blur's parts and read once it has finished them all (its own release/acquire)
    /// The reduced plane (`width` × `height`, zeros until made).
    let plane: UnsafeMutablePointer<Float>
    let width: Int, height: Int
    /// The rows that the source reaches (the others stay zero and count as made).
    let live: Range<Int>
    /// Which rows of `live` a band has claimed.
    private let claimed: Mutex<[Bool]>
    /// Rows made (those outside `live` from the start).
    private let made: Atomic<Int>
    /// The blurred plane (`width` × `height`), made by `blurTogether`.
    private let blurredValues: UnsafeMutablePointer<Float>
    /// The blur the bands make together, begun by the first band to ask for it.
    private let blur = Mutex<SharedBoxBlur?>(nil)
    /// Whether a band has taken the storing of the blurred plane in the cache (`takeStore`).
    private let stored = Atomic<Bool>(false)

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

    /// Whether a blur by boxes of `radii` of this plane is made by the bands together
    /// (`SharedBoxBlur.applies`: large enough to be worth cutting into parts).
    func blursTogether(radii: [Int32]) -> Bool {
        SharedBoxBlur.applies(width: width, height: height, radii: radii)
    }

    /// The plane blurred by boxes of `radii` (the values `BoxBlur.blur` gives it, with the same
    /// radii), made by every band that calls this together: the first to call begins the shared
    /// blur (mirrored where the plane mirrors, as `BoxBlur.blur` is), each takes parts of it while
    /// any are left, and returns once every part is done. Every band passes the same radii; only
    /// once the plane is made (`waitMade`) and when `blursTogether(radii:)`.
    /// `joined`: how many parts this band ran of a blur another band began.
    func blurTogether(radii: [Int32]) -> (plane: UnsafeBufferPointer<Float>, joined: Int) {
        let (shared, began) = blur.withLock { b in
            if let b { return (b, false) }
            let axes = lamina_box_blur_mirrors(plane, Int32(width), Int32(height), 0, 0, Int32(width), Int32(height))
            let made = SharedBoxBlur(src: plane, sourceWidth: width, sourceHeight: height, ox: 0, oy: 0, out: blurredValues,
                                     width: width, height: height, radii: radii, axes: axes)
            b = made
            return (made, true)
        }
        let ran = shared.help()
        shared.make()
        return (UnsafeBufferPointer(start: blurredValues, count: width * height), began ? 0 : ran)
    }

    /// True for the one band that is to keep the blurred plane in the cache (the first to ask).
    func takeStore() -> Bool {
        !stored.exchange(true, ordering: .relaxed)
    }
}
