import Foundation
import Synchronization
import CPixelKernels

/// The threads that draw a frame's bands beside the caller's own, kept from frame to frame.
/// Between frames each helper spins for `spin` seconds before it sleeps (when the last job came
/// within twice that, or ended before the helper came in; otherwise it sleeps at once, as between a
/// window's frames), so frames drawn back to
/// back (recordings, headless renders, benchmarks) do not pay the kernel's wake-up latency twice a
/// frame: measured on a 2-core VM, Dispatch's `concurrentPerform` spent about 80 µs a frame outside
/// the bands' own work (0.374 ms frames whose two bands took 0.293 ms each).
///
/// A job is open from when `run` publishes it until every band is drawn: a helper takes part in it
/// only if it comes in while it is open (`entry`), and `run` then closes it and waits only for the
/// helpers inside. So a helper that comes late (its thread taken off its core by another process, or
/// still waking) costs the frame nothing: the caller draws the bands left and returns, where it
/// used to wait until that helper had run again to say it was done (on a loaded 2-core machine,
/// frames of 35 µs were held up to milliseconds that way); and no helper ever holds a job's closure
/// past `run`, and jobs never mix.
///
/// Threads: `run` is called by one thread at a time (the renderer's caller); the helpers are
/// this object's own threads, ended when it is released. The job fields (`job`, `idle`,
/// `bandCount`) are written by the caller while no helper is inside a job, before `generation` is
/// bumped (release); a helper reads them only inside the job, having seen the bump (acquire) and
/// come in (`entry`); it leaves with a release that the caller's close acquires. The counters are
/// atomics; sleeping is on `sleepers`, announced by `sleeping`.
///
/// A job may come with an `idle` function: a thread with no band left calls it while other bands
/// are still being drawn (the caller until every band is done, a helper for at most `idleSpin`
/// seconds, coming into the job for each call), so that it takes part in work those bands share,
/// such as a shadow's blur that a single band needs (`ShadowCache.helpShared`), rather than spin idle.
///
/// `run(_:sharing:_:)` hands the caller's non-Sendable band state (buffers, per-band drawers) to the
/// helpers as it is: the one place where that is unchecked, on the caller's promise that bands touch
/// disjoint parts of it.
final class BandWorkers: @unchecked Sendable {  // unchecked: the job fields (with a job's shared context) are published by the release/acquire of `generation` (atomics), as described above
    /// Helper threads (the caller makes one more).
    let helpers: Int
    /// Seconds a helper spins waiting for the next job before it sleeps.
    let spin: Double
    /// Seconds a helper with no band left keeps calling a job's `idle` while other bands are drawn.
    let idleSpin: Double
    private let generation = Atomic<Int>(0)
    private let nextBand = Atomic<Int>(0)
    /// The current job's generation (from `entryShift` up), whether it is closed (`closedBit`) and
    /// how many helpers are inside it (below `closedBit`). Written with a new generation by the
    /// caller before it bumps `generation`; helpers come in and leave by compare-and-swap and
    /// subtraction; the caller closes it by setting the bit.
    private let entry = Atomic<Int>(0)
    private static let closedBit = 1 << 16
    private static let entryShift = 17
    /// Bands of the job drawn to their end.
    private let bandsDone = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private var job: ((Int) -> Void)?
    private var idle: (() -> Bool)?
    private var bandCount = 0
    private let sleepers = NSCondition()
    /// Helpers asleep or about to sleep on `sleepers`: counted before a helper looks at
    /// `generation` under the lock, read by the caller after it bumps it (both sequentially
    /// consistent), so the caller takes the lock to wake them only when one may be asleep, and no
    /// wake-up is lost.
    private let sleeping = Atomic<Int>(0)
    /// When the current job was published (uptime nanoseconds): a helper judges whether jobs come
    /// back to back by it, not by when it woke (its wake-up's latency is not the caller's gap).
    private let publishedAt = Atomic<UInt64>(0)

    /// Starts `helpers` threads (at least 1).
    init(helpers: Int, spin: Double = 0.0003, idleSpin: Double = 0.001) {
        self.helpers = max(1, helpers)
        self.spin = spin
        self.idleSpin = idleSpin
        helpersRunning.store(self.helpers, ordering: .relaxed)
        for k in 0..<self.helpers {
            let t = Thread { [unowned self] in self.helperLoop() }
            t.name = "lamina.band.\(k + 1)"
            t.stackSize = 8 << 20   // as a main thread's: a band draws what the caller would
            t.start()
        }
    }

    /// Stops the helpers: each ends when it next looks (the object outlives them: they hold it
    /// unowned, so the owner must call this before letting it go).
    func stop() {
        stopping.store(true, ordering: .releasing)
        sleepers.lock(); sleepers.broadcast(); sleepers.unlock()
        while helpersRunning.load(ordering: .acquiring) > 0 { usleep(50) }
    }

    private let helpersRunning = Atomic<Int>(0)

    /// Runs `body(0) ... body(count - 1)` on the caller and the helpers, each band once (band 0
    /// on the caller), and returns when all are done. `idle`: called by a thread with no band left
    /// while others are drawn (see the type's description); true when it did some work.
    /// Returns how many bands the caller drew (all of them: no helper came in while bands were left).
    @discardableResult
    func run(_ count: Int, idle: (() -> Bool)? = nil, _ body: (Int) -> Void) -> Int {
        guard count > 0 else { return 0 }
        return withoutActuallyEscaping(body) { body in
            job = body
            self.idle = idle
            bandCount = count
            // Band 0 is the caller's, always (the helpers take from 1 on): a band balanced by
            // when it finished is drawn by the same thread from frame to frame (see BandBalancer).
            nextBand.store(1, ordering: .relaxed)
            bandsDone.store(0, ordering: .relaxed)
            // Only this thread bumps the generation: the next is known before it is published.
            let g = generation.load(ordering: .relaxed) &+ 1
            entry.store(g << BandWorkers.entryShift, ordering: .relaxed)
            publishedAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
            generation.add(1, ordering: .sequentiallyConsistent)
            // The lock only when a helper may sleep: helpers spinning see the bump by themselves.
            if sleeping.load(ordering: .sequentiallyConsistent) > 0 {
                sleepers.lock(); sleepers.broadcast(); sleepers.unlock()
            }
            body(0)
            bandsDone.add(1, ordering: .releasing)
            let own = 1 + takeBands(body, count)
            var polls = 0
            while bandsDone.load(ordering: .acquiring) < count {
                if let idle, polls & 31 == 0, idle() { continue }
                BandWorkers.pause(&polls)
            }
            // Close the job: a helper not in yet stays out; wait for those inside to leave.
            var e = entry.bitwiseOr(BandWorkers.closedBit, ordering: .acquiringAndReleasing).newValue
            while e & (BandWorkers.closedBit - 1) != 0 {
                BandWorkers.pause(&polls)
                e = entry.load(ordering: .acquiring)
            }
            job = nil
            self.idle = nil
            return own
        }
    }

    /// Runs `body(context, 0) ... body(context, count - 1)` as `run(_:idle:_:)` does, handing every band
    /// the same `context` (not Sendable: the caller promises each band touches only its own part of
    /// it, and only reads the rest). `body` itself is checked: what it captures must be Sendable.
    @discardableResult
    func run<Context>(_ count: Int, sharing context: Context, idle: (() -> Bool)? = nil, _ body: @Sendable (Context, Int) -> Void) -> Int {
        run(count, idle: idle) { b in body(context, b) }
    }

    /// Draws bands while any are left; returns how many it drew.
    @discardableResult
    private func takeBands(_ body: (Int) -> Void, _ count: Int) -> Int {
        var drawn = 0
        while true {
            let b = nextBand.add(1, ordering: .relaxed).oldValue
            guard b < count else { return drawn }
            body(b)
            drawn += 1
            bandsDone.add(1, ordering: .releasing)
        }
    }

    /// A helper comes into job `g` (true) unless that job is closed or over.
    private func enter(_ g: Int) -> Bool {
        var e = entry.load(ordering: .acquiring)
        while true {
            guard e >> BandWorkers.entryShift == g, e & BandWorkers.closedBit == 0 else { return false }
            let (done, now) = entry.compareExchange(expected: e, desired: e + 1, ordering: .acquiringAndReleasing)
            if done { return true }
            e = now
        }
    }

    /// A helper leaves the job it came into: what it did there happens before the caller's close.
    private func leave() { entry.subtract(1, ordering: .releasing) }

    /// A helper with no band left: calls the job's `idle` while other bands are drawn, for at most
    /// `idleSpin` seconds, coming into job `g` for each call (it is never called once the job is
    /// closed); `count` is the job's band count.
    private func idleWhileDrawn(_ idle: () -> Bool, _ g: Int, _ count: Int) {
        let started = DispatchTime.now().uptimeNanoseconds
        var polls = 0
        while bandsDone.load(ordering: .acquiring) < count {
            if polls & 31 == 0 {
                guard enter(g) else { return }
                let worked = idle()
                leave()
                if worked { continue }
                if Double(DispatchTime.now().uptimeNanoseconds - started) * 1e-9 > idleSpin { return }
            }
            BandWorkers.pause(&polls)
        }
    }

    /// One turn of a wait on another thread (`SpinWait`, 256 turns of spinning). `idle` is asked
    /// only every 32 turns: each call touches what the drawing threads share.
    private static func pause(_ polls: inout Int) { SpinWait.pause(&polls, spinning: 256) }

    private func helperLoop() {
        defer { helpersRunning.subtract(1, ordering: .releasing) }
        var seen = 0
        // Whether jobs came back to back last time: only then is spinning worth its CPU (a window
        // drawing 60 frames a second gets a job every 16 ms, and its helpers sleep at once).
        var backToBack = true
        while true {
            // Wait for the next job: spin a while (when jobs come back to back), then sleep.
            var spins = 0
            let started = DispatchTime.now().uptimeNanoseconds
            while generation.load(ordering: .acquiring) == seen {
                if stopping.load(ordering: .acquiring) { return }
                // (Past a short spin, giving the CPU up each turn: the caller may need it.)
                if spins < 256 { lamina_cpu_relax() } else { sched_yield() }
                spins += 1
                if !backToBack || (spins & 255 == 0 && Double(DispatchTime.now().uptimeNanoseconds - started) * 1e-9 > spin) {
                    sleeping.add(1, ordering: .sequentiallyConsistent)
                    sleepers.lock()
                    while generation.load(ordering: .sequentiallyConsistent) == seen && !stopping.load(ordering: .acquiring) { sleepers.wait() }
                    sleepers.unlock()
                    sleeping.subtract(1, ordering: .relaxed)
                }
            }
            seen = generation.load(ordering: .acquiring)
            // The gap between this helper's last job and the caller's next (negative: published
            // before it finished), without the wake-up: a helper woken late once (on a loaded
            // machine) otherwise took every later job for a slow one and slept at once.
            let gap = Int64(bitPattern: publishedAt.load(ordering: .relaxed) &- started)
            backToBack = Double(gap) * 1e-9 <= 2 * spin
            // Only inside the job: its fields are the caller's again once it is closed. A job
            // closed before this helper came in was shorter than its wake-up: wait for the next
            // spinning (for `spin` at most), or it would sleep and miss every job from then on.
            guard enter(seen) else { backToBack = true; continue }
            let count = bandCount, idle = self.idle
            if let body = job { takeBands(body, count) }
            leave()
            if let idle { idleWhileDrawn(idle, seen, count) }
        }
    }
}
