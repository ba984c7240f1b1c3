import Foundation
@_spi(LaminaInternal) import Scenes
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the fuzz input being run in a plain buffer so that, when it crashes the process (a Swift
/// trap is SIGILL or SIGTRAP, a bad access SIGSEGV or SIGBUS, an abort SIGABRT), a signal handler
/// can write it to `crash.yaml` in a folder with async-signal-safe calls only, say so on stderr,
/// and let the signal end the process as it would have. Off until `install(directory:)`. A testing
/// aid.
@_spi(LaminaInternal) public enum SceneFuzzCrashRecorder {
    nonisolated(unsafe) static var buffer: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var capacity = 0
    nonisolated(unsafe) static var length = 0
    nonisolated(unsafe) static var index = 0
    nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>?

    /// Writes crashing inputs to `directory`/crash.yaml from now on.
    public static func install(directory: URL) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = strdup(directory.appendingPathComponent("crash.yaml").path)
        for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(sig) { sig in
                if let p = SceneFuzzCrashRecorder.path, let b = SceneFuzzCrashRecorder.buffer {
                    let fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                    if fd >= 0 { _ = write(fd, b, SceneFuzzCrashRecorder.length); close(fd) }
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
