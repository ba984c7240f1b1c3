import Foundation
import QuartzCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The images decoded while one scene document loads, and the decoded-image budget they are held
/// to. Every layer reaching the same file shares one decoded `CGImage` (one decode, one copy in
/// memory) however it names it, by a path, a symbolic link or a hard link: the file is known by its
/// identity (device and inode), with its size and modification time, so a file replaced between
/// two looks (a save while the scene reloads) is not mistaken for the one decoded.
///
/// Each distinct file counts its decoded size (width x height x 4 bytes) once against `budget`;
/// an image that would take the total past it is refused (`Outcome.overBudget`) before it is
/// decoded when its header declares its size (`SceneImageHeader`), else once decoded.
///
/// One cache lives for one `Scene.parse` (bound as `current` around it): a reload decodes afresh,
/// and nothing is kept after the load.
public final class SceneImageCache: Sendable {
    /// The cache of the load running on this task or thread (nil outside a load).
    @TaskLocal public static var current: SceneImageCache?

    /// A file, by what it is: where its bytes live and which version of them.
    struct Key: Hashable {
        let device: UInt64, inode: UInt64, size: Int64, modified: Int64, modifiedNanoseconds: Int64
    }

    /// What looking an image up gave.
    enum Outcome {
        /// The image: decoded now, or shared with an earlier name of the same file.
        case image(CGImage)
        /// The loader gave no image.
        case unreadable
        /// Taking it would pass the budget: the bytes it needs (declared, or decoded), whether
        /// that was known before decoding, and the bytes and distinct images already held.
        case overBudget(needs: Int, declared: Bool, used: Int, images: Int)
    }

    private struct State {
        var images: [Key: CGImage] = [:]
        var decodes = 0
        var bytes = 0
    }

    private let state = Mutex(State())

    /// The most bytes the decoded images of this load may take together.
    public let budget: Int

    /// How many files were decoded (each once) and taken into the scene.
    public var decodes: Int { state.withLock { $0.decodes } }

    /// The bytes the decoded images take (width x height x 4 for each distinct file).
    public var decodedBytes: Int { state.withLock { $0.bytes } }

    /// An empty cache holding its images to `budget` bytes (`Scene.imageBudget` by default).
    public init(budget: Int = Scene.imageBudget) { self.budget = max(0, budget) }

    /// The bytes an image of `width` x `height` pixels takes decoded (four bytes a pixel).
    static func bytes(width: Int, height: Int) -> Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || product > Int.max / 4 ? Int.max : product * 4
    }

    /// The identity of the file at `url` (already resolved), or nil when it cannot be read.
    static func key(_ url: URL) -> Key? {
        var st = stat()
        guard stat(url.path, &st) == 0 else { return nil }
        return Key(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                   modified: Int64(st.st_mtim.tv_sec), modifiedNanoseconds: Int64(st.st_mtim.tv_nsec))
    }

    /// The image at `url`: the one decoded earlier in this load when the file is the same, else
    /// `decode(url)`, counted against the budget (checked first against `declared`, the size the
    /// header gives, when there is one) and remembered.
    func image(at url: URL, declared: (width: Int, height: Int)?, decode: (URL) -> CGImage?) -> Outcome {
        let key = SceneImageCache.key(url)
        if let key, let hit = state.withLock({ $0.images[key] }) { return .image(hit) }
        if let declared {
            let needs = SceneImageCache.bytes(width: declared.width, height: declared.height)
            let held = state.withLock { ($0.bytes, $0.decodes) }
            if needs > budget - held.0 { return .overBudget(needs: needs, declared: true, used: held.0, images: held.1) }
        }
        guard let image = decode(url) else { return .unreadable }
        let needs = SceneImageCache.bytes(width: image.width, height: image.height)
        // The file as it is now: if it changed while it was decoded, the image is used but not
        // remembered under either identity.
        let after = SceneImageCache.key(url)
        return state.withLock { s in
            if let key, key == after, let hit = s.images[key] { return .image(hit) }
            guard needs <= budget - s.bytes else { return .overBudget(needs: needs, declared: false, used: s.bytes, images: s.decodes) }
            s.decodes += 1
            s.bytes += needs
            if let key, key == after { s.images[key] = image }
            return .image(image)
        }
    }
}
