import Foundation
import Synchronization
import CPixelKernels

/// A placed blur (`BoxBlur.blurPlaced` at full resolution) that the threads drawing a frame's bands
/// make together: the thread that makes it (the shadow cache's maker of its key) lets the others
/// waiting for that key take part (through the `share` function `ShadowCache.plane(for:sharing:)`
/// hands it) instead of sleeping. The blur runs in the stages of `lamina_box_blur_placed` (placing
/// the source, each radius' row pass then column pass, converting back), each stage cut into
/// `parts` parts of rows or columns; a thread takes the next
/// part (in stage order, through `next`) and runs it once every part of the stages before it is done
/// (`finished`). The same integers, so the same bits, as one thread's blur (BoxBlurSharingTests).
///
/// A plane not mirrored whose boxes reach few rows (`strips`) is made in strips of rows instead,
/// each part one strip made whole, start to end, by one thread: each pass of a strip runs on its
/// rows and as many more above and below as the passes after it read (the sum of the radii at
/// most), so a strip needs no other's values and no part waits for another; the same window sums,
/// so the same bits. The staged blur's every stage moved the planes from one core's cache to the
/// other's (a 666 x 386 plane: two threads took about as long as one).
///
/// Never a deadlock: a thread waits only for parts already taken, which run to their end without
/// waiting on anything; the maker runs every part no one else took (alone, all of them), and
/// returns only when every part is done, so no other thread touches the planes after it.
final class SharedBoxBlur: @unchecked Sendable {  // unchecked: the planes (raw memory) are written in parts, each taken by one thread through `next`; a stage's writes reach the next stage through `finished` (release/acquire), and the maker waits for every part before it reads them
    /// Parts a stage is cut into.
    static let parts = 4
    /// How many turns (`lamina_cpu_relax`) a thread that took part in a blur spins for its store
    /// before it sleeps (`ShadowCache.plane(for:sharing:)`): some tens of microseconds.
    static let storeSpins = 2_000
    /// The least plane (values) made in shared stages; a smaller one is made whole by its maker.
    static let minimumValues = 1 << 14

    private let src: UnsafePointer<Float>
    private let out: UnsafeMutablePointer<Float>
    private let a: UnsafeMutablePointer<Int32>, tmp: UnsafeMutablePointer<Int32>, sums: UnsafeMutablePointer<Int32>
    private let sourceWidth: Int32, sourceHeight: Int32, ox: Int32, oy: Int32
    private let width: Int32, height: Int32
    /// The plane's mirror axes (`lamina_box_blur_mirrors`; 0: none) and the mirrored blur's sizes
    /// (`lamina_box_blur_place_rows_cut`): the made part W x H in the working plane wp x hp (w x h
    /// when not mirrored), and the values of each source row placed.
    private let axes: Int32, madeWidth: Int32, madeHeight: Int32, workWidth: Int32, workHeight: Int32, count: Int32
    private let radii: [Int32]
    /// Each radius' rows of `a` its row pass reads (`lamina_box_blur_live_rows`), two values a radius.
    private let live: [Int32]
    /// Stages: placing, a row and a column pass per radius, converting back.
    private let total: Int
    /// Whether the parts are strips (see above), not stages.
    let strips: Bool
    private let next = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)

    /// A blur of `src` (`sourceWidth` × `sourceHeight`, at (`ox`, `oy`)) in a `width` × `height` plane
    /// into `out`, by boxes of `radii` (each 0...511, at least one): the arguments of `blurPlaced`,
    /// whose pointers must stay valid until `make` returns. `axes`: the plane's mirror axes
    /// (`lamina_box_blur_mirrors` of these arguments), its half or quarter made, then mirrored.
    init(src: UnsafePointer<Float>, sourceWidth: Int, sourceHeight: Int, ox: Int, oy: Int, out: UnsafeMutablePointer<Float>,
         width: Int, height: Int, radii: [Int32], axes: Int32 = 0) {
        self.src = src; self.out = out
        self.sourceWidth = Int32(sourceWidth); self.sourceHeight = Int32(sourceHeight); self.ox = Int32(ox); self.oy = Int32(oy)
        self.width = Int32(width); self.height = Int32(height)
        self.radii = radii
        let rmax = Int(radii.max() ?? 0)
        let madeWidth = axes & 1 != 0 ? (width + 1) / 2 : width, madeHeight = axes & 2 != 0 ? (height + 1) / 2 : height
        let wp = min(width, madeWidth + rmax), hp = min(height, madeHeight + rmax)
        self.axes = axes
        self.madeWidth = Int32(madeWidth); self.madeHeight = Int32(madeHeight); self.workWidth = Int32(wp); self.workHeight = Int32(hp)
        self.count = Int32(max(0, min(sourceWidth, wp - ox)))
        var live = [Int32](repeating: 0, count: 2 * radii.count)
        lamina_box_blur_live_rows(Int32(height), radii, Int32(radii.count), Int32(oy), Int32(sourceHeight), &live)
        // Cut to the working plane (the same rows when it is the whole).
        self.live = live.map { min($0, Int32(hp)) }
        strips = SharedBoxBlur.takesStrips(height: height, radii: radii, axes: axes)
        // (Strips have planes of their own.)
        a = .allocate(capacity: strips ? 1 : wp * hp)
        tmp = .allocate(capacity: strips ? 1 : wp * hp)
        sums = .allocate(capacity: strips ? 1 : wp + 1)
        total = strips ? SharedBoxBlur.parts : (2 * radii.count + 2) * SharedBoxBlur.parts
    }

    /// Whether a blur of a plane `height` rows high by `radii`, mirrored on `axes`, is made in
    /// strips: not mirrored, and the rows each strip adds above and below (twice the radii's sum)
    /// at most a quarter of a strip's own, all strips together.
    static func takesStrips(height: Int, radii: [Int32], axes: Int32) -> Bool {
        axes == 0 && 8 * parts * radii.reduce(0) { $0 + Int($1) } <= height
    }

    deinit { a.deallocate(); tmp.deallocate(); sums.deallocate() }

    /// Whether a blur by `radii` of a `width` × `height` plane is made in shared stages.
    static func applies(width: Int, height: Int, radii: [Int32]) -> Bool {
        width * height >= minimumValues && !radii.isEmpty && radii.allSatisfy { $0 >= 0 && $0 <= 511 }
    }

    /// The maker's part: every part no other thread takes, then waits for those others took.
    func make() {
        help()
        waitFinished(atLeast: total)
    }

    /// A helper's part: takes parts while any are left (returns at once when none is). Returns
    /// how many it ran.
    @discardableResult
    func help() -> Int {
        let parts = SharedBoxBlur.parts
        var ran = 0
        while true {
            let i = next.add(1, ordering: .relaxed).oldValue
            guard i < total else { return ran }
            if strips {
                runStrip(i)
                finished.add(1, ordering: .releasing)
                ran += 1
                continue
            }
            let stage = i / parts
            waitFinished(atLeast: stage * parts)
            run(stage: stage, part: i % parts)
            finished.add(1, ordering: .releasing)
            ran += 1
        }
    }

    /// Whether parts are left to take (a moment's look: another thread may take them first).
    var hasParts: Bool { next.load(ordering: .relaxed) < total }

    private func waitFinished(atLeast n: Int) {
        var spins = 0
        // (A longer spin than a band's wait: a part waited for takes microseconds.)
        while finished.load(ordering: .acquiring) < n { SpinWait.pause(&spins, spinning: 2000) }
    }

    /// Strip `k` of `parts`: rows [y0, y1) of `out`, made from the source alone in planes of its
    /// own that hold rows [lo, hi) of the whole (`lo` = y0 − the radii's sum, `hi` = y1 + it, within
    /// the plane).
    private func runStrip(_ k: Int) {
        let parts = SharedBoxBlur.parts
        let w = Int(width), h = Int(height)
        let y0 = h * k / parts, y1 = h * (k + 1) / parts
        guard y1 > y0 else { return }
        let reach = radii.reduce(0) { $0 + Int($1) }
        let lo = max(0, y0 - reach), hi = min(h, y1 + reach), m = hi - lo
        let a = UnsafeMutablePointer<Int32>.allocate(capacity: m * w), tmp = UnsafeMutablePointer<Int32>.allocate(capacity: m * w)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: w + 1)
        defer { a.deallocate(); tmp.deallocate(); sums.deallocate() }
        // The source's rows among [lo, hi) placed (zeros beside them), the others zero.
        let s0 = max(0, lo - Int(oy)), s1 = min(Int(sourceHeight), hi - Int(oy))
        if s1 > s0 {
            lamina_box_blur_place_rows(src, sourceWidth, ox, oy - Int32(lo), a, width, Int32(s0), Int32(s1))
            let first = s0 + Int(oy) - lo, end = s1 + Int(oy) - lo
            (a).update(repeating: 0, count: first * w)
            (a + end * w).update(repeating: 0, count: (m - end) * w)
        } else {
            a.update(repeating: 0, count: m * w)
        }
        // Rows [c0, c1) (of the whole plane) hold exact values; each column pass keeps those whose
        // window lies within them (or reaches the plane's own edge).
        var c0 = lo, c1 = hi
        for r in radii {
            let rows = Int32(c1 - c0), at = (c0 - lo) * w
            lamina_box_blur_row_pass(a + at, tmp + at, width, r, 0, rows, 0, rows)
            lamina_box_blur_column_pass(tmp + at, a + at, sums, width, rows, r, 0, width)
            c0 = c0 == 0 ? 0 : c0 + Int(r)
            c1 = c1 == h ? h : c1 - Int(r)
        }
        lamina_box_blur_from_fixed(out + y0 * w, a + (y0 - lo) * w, (y1 - y0) * w)
    }

    private func run(stage: Int, part p: Int) {
        let parts = Int32(SharedBoxBlur.parts), k = Int32(p)
        // The working plane (the whole one when not mirrored).
        let w = workWidth, h = workHeight
        // Rows [y0, y1) of n rows for this part; columns on 16-value steps (a cache line of `a`).
        func rows(_ n: Int32) -> (Int32, Int32) { (n * k / parts, n * (k + 1) / parts) }
        if stage == 0 {
            let (y0, y1) = rows(min(sourceHeight, h - oy))
            lamina_box_blur_place_rows_cut(src, sourceWidth, count, ox, oy, a, w, y0, y1)
        } else if stage == 2 * radii.count + 1 {
            let (y0, y1) = rows(height)
            if axes == 0 {
                lamina_box_blur_from_fixed(out + Int(y0) * Int(w), a + Int(y0) * Int(w), Int(y1 - y0) * Int(w))
            } else {
                lamina_box_blur_from_fixed_mirrored(out, a, w, width, height, madeWidth, madeHeight, y0, y1)
            }
        } else {
            let pass = (stage - 1) / 2, r = radii[pass]
            if stage % 2 == 1 {
                let (y0, y1) = rows(h)
                // The rows past the made part that the column pass before left: their mirror rows'.
                if axes & 2 != 0 && pass > 0 { lamina_box_blur_mirror_rows(a, w, height, madeHeight, y0, y1) }
                lamina_box_blur_row_pass(a, tmp, w, r, live[2 * pass], live[2 * pass + 1], y0, y1)
                if axes & 1 != 0 { lamina_box_blur_mirror_columns(tmp, w, width, madeWidth, y0, y1) }
            } else {
                let blocks = (w + 15) / 16
                let x0 = min(w, blocks * k / parts * 16), x1 = min(w, blocks * (k + 1) / parts * 16)
                lamina_box_blur_column_pass(tmp, a, sums, w, h, r, x0, x1)
            }
        }
    }
}
