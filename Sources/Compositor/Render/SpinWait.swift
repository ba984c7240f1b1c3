import Foundation
import CPixelKernels

/// One turn of a thread's wait on another (a band's helper waiting for bands, a part of a shared
/// blur waiting for the stage before it): a short spin, then giving the CPU up each turn (on a
/// loaded machine the thread waited for may be waiting for this CPU).
enum SpinWait {
    /// Turn `turns` (counted up here) of a wait: `lamina_cpu_relax` for the first `spinning`
    /// turns, `sched_yield` from then on.
    @inline(__always)
    static func pause(_ turns: inout Int, spinning: Int) {
        turns += 1
        if turns < spinning { lamina_cpu_relax() } else { sched_yield() }
    }
}
