import Foundation
import Synchronization
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
    /// What the signal handler reads: one block, allocated once by `install(directory:)` and
    /// published by its address; written on the fuzzing thread only, before and between inputs.
    struct Slot {
        var buffer: UnsafeMutablePointer<UInt8>?
        var capacity = 0
        var length = 0
        var index = 0
        var path: UnsafeMutablePointer<CChar>?
        var temporary: UnsafeMutablePointer<CChar>?
    }
    /// The address of the `Slot` (0 until installed): an atomic, so the handler needs no lock (none
    /// is async-signal-safe).
    static let slotAddress = Atomic<Int>(0)

    /// The installed slot, if any.
    static var slot: UnsafeMutablePointer<Slot>? {
        UnsafeMutablePointer(bitPattern: slotAddress.load(ordering: .acquiring))
    }

    /// Writes crashing inputs to `directory`/crash.yaml from now on.
    public static func install(directory: URL) {
        try? SafeFile.makeFolder(at: directory.path)
        let s = slot ?? {
            let fresh = UnsafeMutablePointer<Slot>.allocate(capacity: 1)
            fresh.initialize(to: Slot())
            return fresh
        }()
        s.pointee.path = strdup(directory.appendingPathComponent("crash.yaml").path)
        s.pointee.temporary = strdup(directory.appendingPathComponent("crash.yaml.partial-\(getpid())").path)
        slotAddress.store(Int(bitPattern: s), ordering: .releasing)
        for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(sig) { sig in
                if let s = SceneFuzzCrashRecorder.slot, let p = s.pointee.path, let t = s.pointee.temporary, let b = s.pointee.buffer {
                    // Whatever is at the temporary's name (a link) goes; the file is made fresh.
                    unlink(t)
                    let fd = open(t, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                    if fd >= 0 {
                        let ok = write(fd, b, s.pointee.length) == s.pointee.length && fsync(fd) == 0
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
        guard let s = slot else { return }
        let n = text.utf8.count
        if n > s.pointee.capacity {
            s.pointee.buffer?.deallocate()
            s.pointee.capacity = max(n, 2 * s.pointee.capacity)
            s.pointee.buffer = .allocate(capacity: s.pointee.capacity)
        }
        s.pointee.length = 0
        var i = 0
        for b in text.utf8 { s.pointee.buffer![i] = b; i += 1 }
        s.pointee.length = n
        s.pointee.index = index
    }
}
