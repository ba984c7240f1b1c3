import Foundation
import QuartzCore

/// Where demos find files: the Assets folder and an image decoder, both given by the app (the
/// decoder lives in the SDL host, which the demos do not depend on).
public enum DemoResources {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var _assets: URL?
    nonisolated(unsafe) private static var _loader: ((URL) -> CGImage?)?

    /// The Assets folder.
    public static var assetsDirectory: URL? {
        get { lock.lock(); defer { lock.unlock() }; return _assets }
        set { lock.lock(); _assets = newValue; lock.unlock() }
    }

    /// Decodes an image file (nil when it cannot).
    public static var imageLoader: ((URL) -> CGImage?)? {
        get { lock.lock(); defer { lock.unlock() }; return _loader }
        set { lock.lock(); _loader = newValue; lock.unlock() }
    }

    /// The images `Assets/<folder>/<name>` for the names given, skipping any that cannot be read.
    public static func images(in folder: String, named names: [String]) -> [CGImage] {
        guard let dir = assetsDirectory?.appendingPathComponent(folder), let load = imageLoader else { return [] }
        return names.compactMap { load(dir.appendingPathComponent($0)) }
    }
}
