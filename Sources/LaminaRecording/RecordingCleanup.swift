import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a recording leaves when lamina is told to stop: on SIGINT, SIGTERM or SIGHUP (once
/// `installSignalHandlers` has run, as `lamina record` does), every running ffmpeg (and its process
/// group) is killed and its partial file removed, then lamina dies of the signal as it would have.
/// SIGKILL cannot be caught: then ffmpeg dies with lamina (`ChildProcess`) and the partial file
/// stays, under a name that says it is partial (`FFmpegPipe.partialPath(for:)`).
///
/// The table is fixed (`capacity` slots, allocated once) so that the signal handler only reads
/// memory and makes system calls; updates block the signals on the updating thread while they
/// change it.
package enum RecordingCleanup {
    /// Recordings tracked at once (more are not cleaned up on a signal; they keep partial names).
    package static let capacity = 8

    private struct Table {
        package let pids: UnsafeMutablePointer<pid_t>
        package let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    }

    nonisolated(unsafe) private static let table: Table = {  // unchecked: read by a signal handler (no lock is async-signal-safe); written with signals blocked
        let pids = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        pids.initialize(repeating: 0, count: capacity)
        let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        paths.initialize(repeating: nil, count: capacity)
        return Table(pids: pids, paths: paths)
    }()

    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Tracks a running ffmpeg and the partial file it writes (`pid` 0: the file alone, made before
    /// its ffmpeg starts; `attach` gives it its ffmpeg).
    package static func register(pid: pid_t, path: String) {
        let t = table
        withSignalsBlocked {
            for i in 0..<capacity where t.paths[i] == nil {
                t.pids[i] = pid
                t.paths[i] = strdup(path)
                return
            }
        }
    }

    /// Gives the partial file `path`, tracked alone, the ffmpeg writing it.
    package static func attach(pid: pid_t, path: String) {
        let t = table
        withSignalsBlocked {
            for i in 0..<capacity where t.pids[i] == 0 {
                if let p = t.paths[i], strcmp(p, path) == 0 { t.pids[i] = pid; return }
            }
        }
    }

    /// Stops tracking the partial file `path` (its ffmpeg never started).
    package static func unregister(path: String) {
        let t = table
        withSignalsBlocked {
            for i in 0..<capacity {
                if let p = t.paths[i], strcmp(p, path) == 0 { t.pids[i] = 0; free(p); t.paths[i] = nil }
            }
        }
    }

    /// Stops tracking `pid` (its recording ended, one way or the other).
    package static func unregister(pid: pid_t) {
        let t = table
        withSignalsBlocked {
            for i in 0..<capacity where pid > 0 && t.pids[i] == pid {
                t.pids[i] = 0
                free(t.paths[i])
                t.paths[i] = nil
            }
        }
    }

    /// Installs the handlers for SIGINT, SIGTERM and SIGHUP (for commands that own the process, such
    /// as `lamina record`; a window leaves them to SDL, which turns them into a quit that finishes
    /// the recording properly).
    package static func installSignalHandlers() {
        _ = table
        for s in signals {
            signal(s) { sig in
                let t = RecordingCleanup.table
                for i in 0..<RecordingCleanup.capacity {
                    let pid = t.pids[i]
                    if pid > 0 { _ = kill(-pid, SIGKILL); _ = kill(pid, SIGKILL) }
                    if let p = t.paths[i] { unlink(p) }
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }

    private static func withSignalsBlocked(_ body: () -> Void) {
        var block = sigset_t(), old = sigset_t()
        sigemptyset(&block)
        for s in signals { sigaddset(&block, s) }
        pthread_sigmask(SIG_BLOCK, &block, &old)
        body()
        pthread_sigmask(SIG_SETMASK, &old, nil)
    }
}
