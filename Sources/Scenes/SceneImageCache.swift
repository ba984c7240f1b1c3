import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// The images decoded while one scene document loads, so that every layer naming the same file
/// shares one decoded `CGImage` (one decode, one copy in memory) instead of decoding it again:
/// keyed by the resolved path (every symbolic link followed) and the file's identity (device,
/// inode, size and modification time), so two names for one file share, and a file replaced
/// between two looks is not mistaken for the one decoded.
///
/// One cache lives for one `Scene.parse` (bound as `current` around it): a reload decodes afresh,
/// and nothing is kept after the load. Shared only within that load's thread; the lock guards it
/// all the same, since a task-local may be read from any thread.
public final class SceneImageCache: @unchecked Sendable {
    /// The cache of the load running on this task or thread (nil outside a load).
    @TaskLocal public static var current: SceneImageCache?

    /// A file, by where it is and what it is.
    struct Key: Hashable {
        let path: String
        let device: UInt64, inode: UInt64, size: Int64, modified: Int64, modifiedNanoseconds: Int64
    }

    private let lock = NSLock()
    private var images: [Key: CGImage] = [:]
    /// How many files were decoded (each once).
    public private(set) var decodes = 0

    /// An empty cache.
    public init() {}

    /// The identity of the regular file at `url` (already resolved), or nil when it cannot be read.
    static func key(_ url: URL) -> Key? {
        var st = stat()
        guard stat(url.path, &st) == 0 else { return nil }
        return Key(path: url.path, device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                   modified: Int64(st.st_mtim.tv_sec), modifiedNanoseconds: Int64(st.st_mtim.tv_nsec))
    }

    /// The image at `url`: the one decoded earlier in this load when the file is the same, else
    /// `decode(url)` (remembered when it succeeds).
    func image(at url: URL, decode: (URL) -> CGImage?) -> CGImage? {
        let key = SceneImageCache.key(url)
        if let key {
            lock.lock()
            let hit = images[key]
            lock.unlock()
            if let hit { return hit }
        }
        guard let image = decode(url) else { return nil }
        lock.lock()
        decodes += 1
        if let key { images[key] = image }
        lock.unlock()
        return image
    }
}
