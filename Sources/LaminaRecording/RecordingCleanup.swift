import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What a recording leaves when lamina is told to stop: on SIGINT, SIGTERM or SIGHUP (once
/// `installSignalHandlers` has run, as `lamina record` does), every running ffmpeg (and its process
/// group) is killed and its partial file removed, then lamina dies of the signal as it would have.
/// SIGKILL cannot be caught: then ffmpeg dies with lamina (`ChildProcess`) and the partial file
/// stays, under a name that says it is partial (`FFmpegPipe.partialPath(for:)`).
///
/// The table is fixed (`capacity` slots, made once) and every slot is a pair of atomics, so the
/// signal handler only loads and exchanges lock-free words and makes system calls. Threads that start
/// and end recordings change the table one at a time (`writers`, a lock the handler never takes), so
/// two never take the same slot and none reads a path another frees; a path is freed only by whoever
/// exchanged it out of its slot, and the handler only unlinks what it exchanges out.
package enum RecordingCleanup {
    /// Recordings tracked at once (more are not cleaned up on a signal; they keep partial names).
    package static let capacity = 8

    /// One tracked partial file: the bit pattern of its `strdup`ed path (0: the slot is free) and
    /// the process group of the ffmpeg writing it (0: none yet). Any thread, and the signal handler.
    private final class Slot: Sendable {
        let path = Atomic<Int>(0)
        let pid = Atomic<Int32>(0)
    }

    private static let slots: [Slot] = (0..<capacity).map { _ in Slot() }

    /// Serialises `register`, `attach` and `unregister` (never taken by the signal handler).
    private static let writers = Mutex<Void>(())

    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Whether the slot's path is `path` (called holding `writers`, so no other thread frees it meanwhile).
    private static func holds(_ slot: Slot, _ path: String) -> Bool {
        guard let p = UnsafePointer<CChar>(bitPattern: slot.path.load(ordering: .acquiring)) else { return false }
        return strcmp(p, path) == 0
    }

    /// Tracks a running ffmpeg and the partial file it writes (`pid` 0: the file alone, made before
    /// its ffmpeg starts; `attach` gives it its ffmpeg).
    package static func register(pid: pid_t, path: String) {
        guard let copy = strdup(path) else { return }
        let bits = Int(bitPattern: copy)
        let claimed = writers.withLock { _ in
            for slot in slots where slot.path.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged {
                slot.pid.store(pid, ordering: .releasing)
                return true
            }
            return false
        }
        if !claimed { free(copy) }
    }

    /// Gives the partial file `path`, tracked alone, the ffmpeg writing it.
    package static func attach(pid: pid_t, path: String) {
        writers.withLock { _ in
            for slot in slots where slot.pid.load(ordering: .acquiring) == 0 && holds(slot, path) {
                slot.pid.store(pid, ordering: .releasing)
                return
            }
        }
    }

    /// Stops tracking the partial file `path` (its ffmpeg never started).
    package static func unregister(path: String) {
        writers.withLock { _ in
            for slot in slots where holds(slot, path) { release(slot) }
        }
    }

    /// Stops tracking `pid` (its recording ended, one way or the other).
    package static func unregister(pid: pid_t) {
        guard pid > 0 else { return }
        writers.withLock { _ in
            for slot in slots where slot.pid.load(ordering: .acquiring) == pid { release(slot) }
        }
    }

    /// The paths tracked now (for tests).
    package static var trackedPaths: [String] {
        writers.withLock { _ in
            slots.compactMap { slot in
                UnsafePointer<CChar>(bitPattern: slot.path.load(ordering: .acquiring)).map { String(cString: $0) }
            }
        }
    }

    /// Frees a slot: its pid first (so a claimed slot never pairs a new path with an old pid), then its
    /// path, freed by whoever exchanged it out (this thread, or nobody if the handler took it).
    private static func release(_ slot: Slot) {
        slot.pid.store(0, ordering: .releasing)
        let old = slot.path.exchange(0, ordering: .acquiringAndReleasing)
        free(UnsafeMutableRawPointer(bitPattern: old))
    }

    /// Installs the handlers for SIGINT, SIGTERM and SIGHUP (for commands that own the process, such
    /// as `lamina record`; a window leaves them to SDL, which turns them into a quit that finishes
    /// the recording properly).
    package static func installSignalHandlers() {
        _ = slots
        for s in signals {
            signal(s) { sig in
                for slot in RecordingCleanup.slots {
                    let pid = slot.pid.load(ordering: .acquiring)
                    if pid > 0 { _ = kill(-pid, SIGKILL); _ = kill(pid, SIGKILL) }
                    if let p = UnsafePointer<CChar>(bitPattern: slot.path.exchange(0, ordering: .acquiringAndReleasing)) { unlink(p) }
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }
}
