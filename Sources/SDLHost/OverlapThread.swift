import Foundation
import Synchronization

/// A thread of its own that runs one job at a time while the thread that hands it the job does
/// something else: the render loop rasterises frame N+1 here while it presents frame N itself (the
/// present waits on the display: the X server's copy of the frame, or a vsync), as Core Animation's
/// render server overlaps a frame's display with the next one's render. The render thread keeps
/// every SDL call.
///
/// Threads: `run(_:while:)` and `shutdown()` are called by one thread, the owner (the render
/// thread); the job runs on the overlap thread. What both touch is `state` (one mutex) and the
/// semaphores; a job hands its result back through what it captures (Sendable by the compiler's
/// check). Between `run`'s start and its return the job's thread owns what the job uses; the owner
/// must keep off it until `run` returns, which it does only once the job has finished.
final class OverlapThread: Sendable {
    /// What the owner and the overlap thread share.
    private struct State {
        /// The job handed over and not yet taken.
        var job: (@Sendable () -> Void)?
        /// `shutdown()` was called: the thread ends once it has no job.
        var stopping = false
        /// The thread has left its loop (set last, just before `gone` is signalled).
        var exited = false
        /// Jobs finished so far.
        var finished = 0
        /// Seconds the last job took on the thread.
        var lastJobSeconds = 0.0
    }

    private let state = Mutex(State())
    /// Signalled when a job is handed over or `shutdown()` is called.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled when a job has finished.
    private let done = DispatchSemaphore(value: 0)
    /// Signalled once, when the thread has left its loop (after `State.exited` is set).
    private let gone = DispatchSemaphore(value: 0)

    /// Overlap threads alive now (started and not yet exited), in this process: for tests that
    /// check that a window's run joins its thread.
    static var alive: Int { liveThreads.load(ordering: .acquiring) }
    private static let liveThreads = Atomic<Int>(0)
    /// Jobs finished by every overlap thread so far, in this process (for tests).
    static var jobsRun: Int { allJobs.load(ordering: .acquiring) }
    private static let allJobs = Atomic<Int>(0)

    /// Starts the thread, named `name`.
    init(name: String) {
        OverlapThread.liveThreads.add(1, ordering: .relaxed)
        let thread = Thread { [self] in loop() }
        thread.name = name
        thread.start()
    }

    /// Whether the thread has ended (after `shutdown()`).
    var hasExited: Bool { state.withLock { $0.exited } }
    /// Jobs finished so far.
    var jobsFinished: Int { state.withLock { $0.finished } }
    /// Seconds the last job took on the thread (its own work, not the owner's), after `run` returned.
    var lastJobSeconds: Double { state.withLock { $0.lastJobSeconds } }

    /// Runs `job` on the overlap thread and `here` on this one at the same time; returns when both
    /// have finished (so what the job wrote is this thread's again).
    func run(_ job: @escaping @Sendable () -> Void, while here: () throws -> Void) rethrows {
        state.withLock { s in
            precondition(s.job == nil && !s.stopping, "OverlapThread: one job at a time, before shutdown")
            s.job = job
        }
        wake.signal()
        defer { done.wait() }
        try here()
    }

    /// Ends the thread and waits until it has (joins it). Owner only; more calls do nothing.
    func shutdown() {
        let first = state.withLock { s in
            defer { s.stopping = true }
            return !s.stopping
        }
        guard first else { return }
        wake.signal()
        gone.wait()
    }

    /// The thread's loop: a job at a time, until `shutdown()`.
    private func loop() {
        while true {
            wake.wait()
            let (job, stop) = state.withLock { s in
                defer { s.job = nil }
                return (s.job, s.stopping)
            }
            if let job {
                let start = DispatchTime.now().uptimeNanoseconds
                job()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                state.withLock { $0.finished += 1; $0.lastJobSeconds = seconds }
                OverlapThread.allJobs.add(1, ordering: .releasing)
                done.signal()
            } else if stop {
                break
            }
        }
        state.withLock { $0.exited = true }
        OverlapThread.liveThreads.subtract(1, ordering: .releasing)
        gone.signal()
    }
}
