import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches one file through inotify on its folder, so that every way editors save works: in place,
/// truncate-then-write, in several writes, by rename, or delete and recreate. `poll(now:)` is cheap
/// and non-blocking; it reports a change once the file has been quiet for `settle` seconds.
public final class FileWatcher {
    /// The watched file.
    public let url: URL
    /// How long the file must be quiet before a change is reported.
    public var settle: Double = 0.08
    private var fd: Int32 = -1
    private var pendingSince: Double?

    /// Watches `url` (its folder must exist).
    public init(url: URL) {
        self.url = url.standardizedFileURL
        #if canImport(Glibc)
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd >= 0 {
            let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
            _ = inotify_add_watch(fd, self.url.deletingLastPathComponent().path, mask)
        }
        #endif
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Reads pending file events; true once a change to the file has settled.
    public func poll(now: Double) -> Bool {
        #if canImport(Glibc)
        guard fd >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let name = url.lastPathComponent
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (len, eventName) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let e = raw.load(fromByteOffset: offset, as: inotify_event.self)
                    let len = Int(e.len)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(start + len, n)].prefix { $0 != 0 }
                    return (len, String(decoding: bytes, as: UTF8.self))
                }
                if eventName == name { pendingSince = now }
                offset += MemoryLayout<inotify_event>.size + len
            }
        }
        #endif
        if let since = pendingSince, now - since >= settle {
            pendingSince = nil
            return FileManager.default.fileExists(atPath: url.path)
        }
        return false
    }
}
