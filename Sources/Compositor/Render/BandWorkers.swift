import Foundation
import Synchronization
import CPixelKernels

/// The threads that draw a frame's bands beside the caller's own, kept from frame to frame.
/// Between frames each helper spins for `spin` seconds before it sleeps (when the last job came
/// within twice that; otherwise it sleeps at once, as between a window's frames), so frames drawn back to
/// back (recordings, headless renders, benchmarks) do not pay the kernel's wake-up latency twice a
/// frame: measured on a 2-core VM, Dispatch's `concurrentPerform` spent about 80 µs a frame outside
/// the bands' own work (0.374 ms frames whose two bands took 0.293 ms each).
///
/// Every helper takes part in every job, exactly once and in order (it takes bands while any are
/// left, then says it is done), and `run` returns only when all have: so no helper ever holds a
/// job's closure past `run`, and jobs never mix.
///
/// Threads: `run` is called by one thread at a time (the renderer's caller); the helpers are
/// this object's own threads, ended when it is released. The job fields are written by the
/// caller before `generation` is bumped (release) and read by the helpers after they see it
/// (acquire); the counters are atomics; sleeping is on `sleepers`, announced by `sleeping`.
///
/// A job may come with an `idle` function: a thread with no band left calls it while other bands
/// are still being drawn (the caller until every band is done, a helper for at most `idleSpin`
/// seconds), so that it takes part in work those bands share, such as a shadow's blur that a
/// single band needs (`ShadowCache.helpShared`), rather than spin idle.
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
    private let helpersDone = Atomic<Int>(0)
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
    func run(_ count: Int, idle: (() -> Bool)? = nil, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        withoutActuallyEscaping(body) { body in
            job = body
            self.idle = idle
            bandCount = count
            // Band 0 is the caller's, always (the helpers take from 1 on): a band balanced by
            // when it finished is drawn by the same thread from frame to frame (see BandBalancer).
            nextBand.store(1, ordering: .relaxed)
            bandsDone.store(0, ordering: .relaxed)
            helpersDone.store(0, ordering: .relaxed)
            publishedAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
            generation.add(1, ordering: .sequentiallyConsistent)
            // The lock only when a helper may sleep: helpers spinning see the bump by themselves.
            if sleeping.load(ordering: .sequentiallyConsistent) > 0 {
                sleepers.lock(); sleepers.broadcast(); sleepers.unlock()
            }
            body(0)
            bandsDone.add(1, ordering: .releasing)
            takeBands(body, count)
            var polls = 0
            while helpersDone.load(ordering: .acquiring) < helpers {
                if let idle, polls & 31 == 0, bandsDone.load(ordering: .acquiring) < count, idle() { continue }
                BandWorkers.pause(&polls)
            }
            job = nil
            self.idle = nil
        }
    }

    /// Runs `body(context, 0) ... body(context, count - 1)` as `run(_:idle:_:)` does, handing every band
    /// the same `context` (not Sendable: the caller promises each band touches only its own part of
    /// it, and only reads the rest). `body` itself is checked: what it captures must be Sendable.
    func run<Context>(_ count: Int, sharing context: Context, idle: (() -> Bool)? = nil, _ body: @Sendable (Context, Int) -> Void) {
        run(count, idle: idle) { b in body(context, b) }
    }

    private func takeBands(_ body: (Int) -> Void, _ count: Int) {
        while true {
            let b = nextBand.add(1, ordering: .relaxed).oldValue
            guard b < count else { return }
            body(b)
            bandsDone.add(1, ordering: .releasing)
        }
    }

    /// A helper with no band left: calls the job's `idle` while other bands are drawn, for at most
    /// `idleSpin` seconds.
    private func idleWhileDrawn(_ idle: () -> Bool, _ count: Int) {
        let started = DispatchTime.now().uptimeNanoseconds
        var polls = 0
        while bandsDone.load(ordering: .acquiring) < count {
            if polls & 31 == 0 {
                if idle() { continue }
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
            if let body = job { takeBands(body, bandCount) }
            if let idle { idleWhileDrawn(idle, bandCount) }
            helpersDone.add(1, ordering: .releasing)
        }
    }
}
