import Foundation
import CoreGraphics

extension LottieAnimation {
    /// The largest file read, in bytes.
    public static let maximumFileSize = 256 << 20

    /// Reads an animation from Lottie JSON data; throws a `LottieLoadError` naming the JSON path of
    /// what is wrong (lottie-ios's `from(data:)`).
    public static func from(data: Data) throws -> LottieAnimation {
        try decode(data, file: nil)
    }

    /// Reads an animation from Lottie JSON `data` read from `file` (named in errors), its image
    /// files resolved in `folder` (Lamina: scenes given Lottie text, the fuzzer).
    @_spi(LaminaInternal) public static func from(data: Data, file: String, folder: URL?) throws -> LottieAnimation {
        let a = try decode(data, file: file)
        return try LottieAnimation(copying: a, folder: folder, file: file)
    }

    /// Reads the Lottie JSON file at `url`, or the first animation of a dotLottie file (a name
    /// ending in `.lottie`, see `DotLottieFile`); throws a `LottieLoadError` naming the file, the
    /// JSON path and what was expected (Lamina).
    public convenience init(contentsOf url: URL) throws {
        let name = url.isFileURL ? url.path : url.absoluteString
        if url.pathExtension.lowercased() == "lottie" {
            let first = try DotLottieFile(contentsOf: url).animations[0]
            try self.init(copying: first.animation, folder: nil, file: name)
            return
        }
        let data: Data
        do {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= Self.maximumFileSize else {
                throw LottieLoadError(file: name, path: "(top level)", message: "expected a file of at most \(Self.maximumFileSize >> 20) MB, found \(size >> 20) MB")
            }
            data = try Data(contentsOf: url)
        } catch let e as LottieLoadError {
            throw e
        } catch {
            throw LottieLoadError(file: name, path: "(top level)", message: "cannot read the file: \(error.localizedDescription)")
        }
        let a = try Self.decode(data, file: name)
        try self.init(copying: a, folder: url.isFileURL ? url.deletingLastPathComponent() : nil, file: name)
    }

    /// Loads the animation at an absolute file path; nil (with the located error reported through
    /// `LaminaDiagnostics`) when it cannot be read (lottie-ios's `filepath(_:)`).
    public static func filepath(_ filepath: String) -> LottieAnimation? {
        do { return try LottieAnimation(contentsOf: URL(fileURLWithPath: filepath)) } catch {
            LaminaDiagnostics.report("Lottie: \(error)")
            return nil
        }
    }

    /// Loads `name`.json from a bundle (lottie-ios's `named(_:bundle:subdirectory:)`); nil, with the
    /// reason reported through `LaminaDiagnostics`, when it is missing or cannot be read. `name` may
    /// end in ".json". On Linux, Foundation's `Bundle` finds resources in the bundle's folder (and a
    /// SwiftPM resource bundle's), so pass `Bundle.module` for a package's resources.
    public static func named(_ name: String, bundle: Bundle = Bundle.main, subdirectory: String? = nil) -> LottieAnimation? {
        let base = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard let url = bundle.url(forResource: base, withExtension: "json", subdirectory: subdirectory) else {
            LaminaDiagnostics.report("Lottie: no animation \"\(TerminalText.escaped(base)).json\" in \(TerminalText.escaped(bundle.bundlePath))\(subdirectory.map { "/" + TerminalText.escaped($0) } ?? "")")
            return nil
        }
        return filepath(url.path)
    }

    private static func decode(_ data: Data, file: String?) throws -> LottieAnimation {
        guard data.count <= maximumFileSize else {
            throw LottieLoadError(file: file, path: "(top level)", message: "expected at most \(maximumFileSize >> 20) MB of JSON, found \(data.count >> 20) MB")
        }
        do { return try JSONDecoder().decode(LottieAnimation.self, from: data) } catch {
            throw LottieLoadError(error, file: file)
        }
    }
}
