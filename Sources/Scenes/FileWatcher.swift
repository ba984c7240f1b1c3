import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches files through inotify on their folders, so that every way editors save works: in place,
/// truncate-then-write, in several writes, by rename, or delete and recreate. `poll(now:)` is cheap
/// and non-blocking; it reports a change once the changed files have been quiet for `settle`
/// seconds of the clock its caller passes in (media time, so virtual time works too).
public final class FileWatcher {
    /// The file whose change matters most (the scene); it must exist for a change to be reported.
    public let url: URL
    /// Every watched file, `url` first.
    public private(set) var files: [URL]
    /// How long the files must be quiet before a change is reported.
    public var settle: Double = 0.08
    private var fd: Int32 = -1
    private var folders: [Int32: String] = [:]
    private var watched: Set<String> = []
    private var pendingSince: Double?

    /// Watches `url` (its folder must exist) and, optionally, other files it depends on.
    public init(url: URL, also others: [URL] = []) {
        self.url = url.standardizedFileURL
        self.files = [self.url]
        #if canImport(Glibc)
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #endif
        watch([self.url] + others)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Replaces the files watched besides `url` (after a reload finds new assets).
    public func watch(also others: [URL]) { watch([url] + others) }

    private func watch(_ urls: [URL]) {
        files = urls.map { $0.standardizedFileURL }
        watched = Set(files.map(\.path))
        #if canImport(Glibc)
        guard fd >= 0 else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for dir in Set(files.map { $0.deletingLastPathComponent().path }) where !folders.values.contains(dir) {
            let wd = inotify_add_watch(fd, dir, mask)
            if wd >= 0 { folders[wd] = dir }
        }
        #endif
    }

    /// Reads pending file events; true once a change to a watched file has settled.
    public func poll(now: Double) -> Bool {
        #if canImport(Glibc)
        guard fd >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, len, eventName) = buffer.withUnsafeBytes { raw -> (Int32, Int, String) in
                    let e = raw.load(fromByteOffset: offset, as: inotify_event.self)
                    let len = Int(e.len)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(start + len, n)].prefix { $0 != 0 }
                    return (e.wd, len, String(decoding: bytes, as: UTF8.self))
                }
                if let dir = folders[wd], watched.contains(dir + "/" + eventName) { pendingSince = now }
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
