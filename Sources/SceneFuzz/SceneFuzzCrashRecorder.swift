import Foundation
import CoreGraphics
@_spi(LaminaInternal) import Scenes
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the fuzz input being run in a plain buffer so that, when it crashes the process (a Swift
/// trap is SIGILL or SIGTRAP, a bad access SIGSEGV or SIGBUS, an abort SIGABRT), a signal handler
/// can write it to `crash.yaml` in a folder with async-signal-safe calls only (to a temporary
/// `crash.yaml.partial-PID` created exclusively, never through a link, synced and renamed), say so on stderr,
/// and let the signal end the process as it would have. Off until `install(directory:)`. A testing
/// aid.
@_spi(LaminaInternal) public enum SceneFuzzCrashRecorder {
    // The statics below are read by the signal handler, where no lock is async-signal-safe; they
    // are written on the fuzzing thread only, before and between inputs.
    nonisolated(unsafe) static var buffer: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var capacity = 0
    nonisolated(unsafe) static var length = 0
    nonisolated(unsafe) static var index = 0
    nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var temporary: UnsafeMutablePointer<CChar>?   // signal handler state (see above)

    /// Writes crashing inputs to `directory`/crash.yaml from now on.
    public static func install(directory: URL) {
        try? SafeFile.makeFolder(at: directory.path)
        path = strdup(directory.appendingPathComponent("crash.yaml").path)
        temporary = strdup(directory.appendingPathComponent("crash.yaml.partial-\(getpid())").path)
        for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(sig) { sig in
                if let p = SceneFuzzCrashRecorder.path, let t = SceneFuzzCrashRecorder.temporary, let b = SceneFuzzCrashRecorder.buffer {
                    // Whatever is at the temporary's name (a link) goes; the file is made fresh.
                    unlink(t)
                    let fd = open(t, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                    if fd >= 0 {
                        let ok = write(fd, b, SceneFuzzCrashRecorder.length) == SceneFuzzCrashRecorder.length && fsync(fd) == 0
                        close(fd)
                        if ok { rename(t, p) } else { unlink(t) }
                    }
                    let msg: StaticString = "\nfuzz-scenes: an input crashed the process; it is saved as crash.yaml in the --save-failures folder\n"
                    _ = write(2, msg.utf8Start, msg.utf8CodeUnitCount)
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }

    /// Notes the input about to run (cheap: a copy into a reused buffer, only once installed).
    static func record(_ text: String, index: Int) {
        guard path != nil else { return }
        let n = text.utf8.count
        if n > capacity {
            buffer?.deallocate()
            capacity = max(n, 2 * capacity)
            buffer = .allocate(capacity: capacity)
        }
        length = 0
        var i = 0
        for b in text.utf8 { buffer![i] = b; i += 1 }
        length = n
        self.index = index
    }
}
