import Foundation
import CoreGraphics
import ZIPFoundation

/// A dotLottie file (`.lottie`): a zip archive holding `manifest.json`, one or more animations
/// (`animations/<id>.json`, or `a/<id>.json` in version 2) and their images (`images/` or `i/`),
/// read whole into memory (lottie-ios's `DotLottieFile`). Immutable once read, so it may be shared
/// between threads; play one of its animations with `LottieAnimationLayer(dotLottie:animationId:)`.
///
/// Reading is guarded against hostile archives: an entry whose declared uncompressed size is over
/// `maximumEntrySize`, archives declaring more than `maximumTotalSize` in all or more than
/// `maximumEntryCount` entries, and entries that inflate past their declared size are refused with
/// a located `LottieLoadError`, as are a broken zip, a missing or malformed manifest and an
/// animation the manifest lists that the archive does not hold.
public final class DotLottieFile: Sendable {
    /// One animation of the file with the playback settings its manifest gives.
    public struct Animation: Sendable {
        /// The animation, its images resolved from the archive.
        public let animation: LottieAnimation
        /// Its id, loop mode and speed from the manifest.
        public let configuration: DotLottieConfiguration
    }

    /// The animations, in the manifest's order.
    public let animations: [Animation]

    /// The largest declared uncompressed size of one entry accepted, in bytes (256 MiB, as
    /// `LottieAnimation.maximumFileSize`).
    public static let maximumEntrySize = LottieAnimation.maximumFileSize
    /// The largest sum of declared uncompressed sizes accepted, in bytes (1 GiB).
    public static let maximumTotalSize = 1 << 30
    /// The most entries an archive may hold.
    public static let maximumEntryCount = 10_000

    /// Reads a dotLottie archive from `data`; `filename` names it in errors.
    public convenience init(data: Data, filename: String) throws {
        try self.init(archive: DotLottieArchive(data: data, file: filename), filename: filename)
    }

    /// The animations of an opened archive.
    private init(archive zip: DotLottieArchive, filename: String) throws {
        let manifest = try DotLottieManifest(zip.entry("manifest.json"), file: filename)
        var out: [Animation] = []
        for (i, entry) in manifest.animations.enumerated() {
            let name = manifest.animationFolders.map { "\($0)/\(entry.id).json" }
            guard let path = name.first(where: { zip.contains($0) }), let json = try zip.entry(path) else {
                throw LottieLoadError(file: filename + " (manifest.json)", path: "animations[\(i)].id",
                                      message: "expected an animation the archive holds, found no \(name.map { "\"\(TerminalText.escaped($0.prefix(200)))\"" }.joined(separator: " or "))")
            }
            let located = filename + " (" + path + ")"
            let parsed = try LottieAnimation.from(data: json, file: located, folder: nil)
            let animation = try LottieAnimation(copying: parsed, file: located) { asset, _ in
                let base = (asset.fileName as NSString).lastPathComponent
                let candidates = manifest.imageFolders.map { "\($0)/\(base)" }
                guard !base.isEmpty, base != "..", let found = candidates.first(where: { zip.contains($0) }) else {
                    throw LottieLoadError(file: located, path: asset.path, message: "expected an image the archive holds, found no \(candidates.map { "\"\(TerminalText.escaped($0.prefix(200)))\"" }.joined(separator: " or "))")
                }
                return try zip.entry(found)
            }
            out.append(Animation(animation: animation, configuration: DotLottieConfiguration(id: entry.id, loopMode: entry.loopMode, speed: entry.speed)))
        }
        animations = out
    }

    /// Reads the dotLottie file at `url`; throws a located `LottieLoadError` (Lamina).
    public convenience init(contentsOf url: URL) throws {
        let name = url.isFileURL ? url.path : url.absoluteString
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= LottieAnimation.maximumFileSize else {
            throw LottieLoadError(file: name, path: "(archive)", message: "expected a file of at most \(LottieAnimation.maximumFileSize >> 20) MB, found \(size >> 20) MB")
        }
        guard url.isFileURL, let handle = FileHandle(forReadingAtPath: url.path) else {
            throw LottieLoadError(file: name, path: "(archive)", message: "cannot read the file")
        }
        let magic = handle.readData(ofLength: 2)
        try? handle.close()
        guard magic == Data([0x50, 0x4B]) else {
            throw LottieLoadError(file: name, path: "(archive)", message: "expected a zip archive (a dotLottie file), found bytes that do not start with \"PK\"")
        }
        try self.init(archive: DotLottieArchive(url: url, file: name), filename: name)
    }

    /// The animation whose manifest id is `id`, or the first when `id` is nil (lottie-ios's).
    public func animation(for id: String? = nil) -> Animation? {
        guard let id else { return animations.first }
        return animations.first { $0.configuration.id == id }
    }

    /// The animation at `index` of the manifest, nil past the end (lottie-ios's).
    public func animation(at index: Int) -> Animation? {
        animations.indices.contains(index) ? animations[index] : nil
    }

    /// Loads the dotLottie file at an absolute path (lottie-ios's asynchronous `loadedFrom(filepath:)`;
    /// the file is read on the calling task).
    public static func loadedFrom(filepath: String) async throws -> DotLottieFile {
        try DotLottieFile(contentsOf: URL(fileURLWithPath: filepath))
    }

    /// Loading that blocks the calling thread until the file is read (lottie-ios's names).
    public enum SynchronouslyBlockingCurrentThread {
        /// The dotLottie file at an absolute path, or the located error.
        public static func loadedFrom(filepath: String) -> Result<DotLottieFile, any Error> {
            Result { try DotLottieFile(contentsOf: URL(fileURLWithPath: filepath)) }
        }

        /// A dotLottie file from its bytes; `filename` names it in errors.
        public static func loadedFrom(data: Data, filename: String) -> Result<DotLottieFile, any Error> {
            Result { try DotLottieFile(data: data, filename: filename) }
        }

        /// `name`.lottie from a bundle (`name` may end in ".lottie").
        public static func named(_ name: String, bundle: Bundle = Bundle.main, subdirectory: String? = nil) -> Result<DotLottieFile, any Error> {
            let base = name.hasSuffix(".lottie") ? String(name.dropLast(7)) : name
            guard let url = bundle.url(forResource: base, withExtension: "lottie", subdirectory: subdirectory) else {
                return .failure(LottieLoadError(file: base + ".lottie", path: "(archive)", message: "expected the file in \(TerminalText.escaped(bundle.bundlePath))\(subdirectory.map { "/" + TerminalText.escaped($0) } ?? ""), found none"))
            }
            return Result { try DotLottieFile(contentsOf: url) }
        }
    }
}

/// One animation's playback settings from a dotLottie manifest (lottie-ios's `DotLottieConfiguration`).
public struct DotLottieConfiguration: Sendable {
    /// The animation's id in the manifest.
    public var id: String
    /// `.loop` when the manifest says `loop`, `.autoReverse` for mode "bounce", else `.playOnce`.
    public var loopMode: LottieLoopMode
    /// The manifest's speed times its direction (−1 plays backwards).
    public var speed: Double
}
