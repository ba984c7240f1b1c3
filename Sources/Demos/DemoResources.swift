import Foundation
import Synchronization
import QuartzCore

/// Where demos find files: the Assets folder and an image decoder, both given by the app (the
/// decoder lives in the SDL host, which the demos do not depend on).
public enum DemoResources {
    /// Both, set by the app (any thread) and read by demos.
    private static let resources = Mutex<(assets: URL?, loader: (@Sendable (URL) -> CGImage?)?)>((nil, nil))

    /// The Assets folder.
    public static var assetsDirectory: URL? {
        get { resources.withLock { $0.assets } }
        set { resources.withLock { $0.assets = newValue } }
    }

    /// Decodes an image file (nil when it cannot).
    public static var imageLoader: (@Sendable (URL) -> CGImage?)? {
        get { resources.withLock { $0.loader } }
        set { resources.withLock { $0.loader = newValue } }
    }

    /// The images `Assets/<folder>/<name>` for the names given, skipping any that cannot be read.
    public static func images(in folder: String, named names: [String]) -> [CGImage] {
        guard let dir = assetsDirectory?.appendingPathComponent(folder), let load = imageLoader else { return [] }
        return names.compactMap { load(dir.appendingPathComponent($0)) }
    }
}
