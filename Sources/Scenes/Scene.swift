import Foundation
import QuartzCore
import LaminaAssets
import Synchronization
import Yams

/// A scene loaded from a file: a window size and background, a tree of named layers, and the
/// animations started at load. Built by `Scene.load(contentsOf:)` or `Scene.parse(_:file:)`.
public final class Scene {
    /// The window size in points.
    public let size: CGSize
    /// The root layer (the window's content).
    public let root: CALayer
    /// Every named layer, by name.
    public private(set) var layers: [String: CALayer] = [:]
    /// Names in document order.
    public private(set) var order: [String] = []
    /// Class names by layer name.
    public private(set) var classes: [String: String] = [:]
    /// The interactions, in document order.
    public internal(set) var interactions: [SceneInteraction] = []
    /// The media time the scene was loaded at (timers count from it).
    public internal(set) var loadTime: CFTimeInterval = CACurrentMediaTime()
    var firedTimers = Set<Int>()
    /// The properties each named layer declares in the file, as written (for reloads).
    public internal(set) var declarations: [String: [String: Node]] = [:]
    /// The animations started at load, by layer name and animation key, as written (for reloads).
    public internal(set) var animationSpecs: [String: [String: Node]] = [:]
    /// The Lottie file this scene plays, when it was loaded from one (`SceneLottie`); nil for a scene file.
    public internal(set) var lottieFile: URL?
    /// The files the scene reads besides itself (images), watched for live reload.
    public internal(set) var assets: [URL] = []
    /// The bytes the scene's decoded images take: width x height x 4 for each distinct image file
    /// (however many layers, paths and links name it), at most the `imageBudget` it loaded under.
    public internal(set) var decodedImageBytes = 0

    /// Limits that guard the machine.
    public enum Limits {
        /// Largest scene file, in bytes.
        public static let fileBytes = 4 << 20
        /// Most layers.
        public static let layers = 20_000
        /// Most animations.
        public static let animations = 20_000
    }

    /// The shared assets folder (Lamina's Assets/, `LaminaAssets.directory` by default), searched
    /// for images after the scene's own folder. Paths may not leave these two folders.
    public static var assetsDirectory: URL? {
        get { resources.withLock { $0.assets } }
        set { resources.withLock { $0.assets = newValue } }
    }

    /// Decodes images named in scenes: PNG and JPEG through `PNGCodec` by default (a file that does
    /// not decode is the scene's located error). Replace it to read images from elsewhere.
    public static var imageLoader: (@Sendable (URL) -> CGImage?)? {
        get { resources.withLock { $0.loader } }
        set { resources.withLock { $0.loader = newValue } }
    }

    /// `assetsDirectory` and `imageLoader`: set by the app (any thread), read while scenes load.
    private static let resources = Mutex<(assets: URL?, loader: (@Sendable (URL) -> CGImage?)?)>(
        (LaminaAssets.directory, { try? PNGCodec.read(contentsOf: $0) }))

    /// The most bytes the decoded images of one scene may take together, counted as width x height
    /// x 4 for each distinct file: `Limits.defaultImageBudget` (1 GiB) unless changed (`lamina`'s
    /// `--image-budget`). Loading a scene whose images would pass it stops at the image that does,
    /// with a located error naming it and the sizes; a negative value counts as 0. Read by each load
    /// as it starts (a `SceneSession`'s reloads too); safe to set from any thread.
    public static var imageBudget: Int {
        get { imageBudgetStore.load(ordering: .relaxed) }
        set { imageBudgetStore.store(max(0, newValue), ordering: .relaxed) }
    }
    private static let imageBudgetStore = Atomic<Int>(Limits.defaultImageBudget)

    private init(size: CGSize, root: CALayer) { self.size = size; self.root = root }

    /// Loads a scene file (YAML; JSON is YAML too). A file that cannot be a scene is refused naming
    /// the cause (`SceneFileReader`: no such file, a directory, permission denied, a fifo or device,
    /// an image, bytes that are not UTF-8 with their line and column), never blocking on a fifo or
    /// reading more than `Limits.fileBytes` and one byte.
    ///
    /// A Lottie JSON file (a `.json` file with Lottie's keys, see `SceneLottie`) is read as a scene
    /// of its composition's size holding one `LottieAnimationLayer`, named `animation`, that plays it
    /// looped from the media time of the load; its errors are `LottieLoadError`s (the file, the JSON
    /// path, what was expected there). A dotLottie file (`.lottie`) is read the same way, playing
    /// its first animation.
    public static func load(contentsOf url: URL) throws -> Scene {
        if SceneLottie.isLottieFile(url) { return try SceneLottie.scene(lottieAt: url) }
        let text = try SceneFileReader.text(of: url)
        return try parse(text, file: url.path, directory: url.deletingLastPathComponent())
    }

    /// Parses scene text; `file` names it in errors, `directory` resolves image paths. Lottie JSON
    /// text (an object with Lottie's keys, as `load(contentsOf:)` tells a Lottie file) is read as
    /// the scene of that animation, its errors `LottieLoadError`s.
    public static func parse(_ text: String, file: String = "<string>", directory: URL? = nil) throws -> Scene {
        guard text.utf8.count <= Limits.fileBytes else {
            throw SceneError(file: file, line: 0, column: 0, message: "the scene is larger than \(Limits.fileBytes) bytes")
        }
        if SceneLottie.isLottieText(text) { return try SceneLottie.scene(lottieText: text, file: file, directory: directory) }
        try SceneDocumentGuard.check(text, file: file)
        let node: Node
        do {
            guard let n = try Yams.compose(yaml: text) else { throw SceneError(file: file, line: 1, column: 1, message: "the scene is empty") }
            node = n
        } catch let e as YamlError {
            let at = e.position(in: text)
            throw SceneError(file: file, line: at.line, column: at.column, message: "not valid YAML: \(e.problemText)")
        }
        // One decode per image file for the whole document, however many layers name it, all of
        // them held to the budget.
        let images = SceneImageCache(budget: imageBudget)
        let scene = try SceneImageCache.$current.withValue(images) {
            try SceneParser(file: file, directory: directory).scene(node)
        }
        scene.decodedImageBytes = images.decodedBytes
        return scene
    }

    func declareAnimation(layer: String, key: String, node: Node) { animationSpecs[layer, default: [:]][key] = node }

    func register(_ name: String, _ layer: CALayer, className: String) { layers[name] = layer; order.append(name); classes[name] = className }

    static func make(size: CGSize, background: CGColor?) -> Scene {
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: size)
        root.backgroundColor = background
        return Scene(size: size, root: root)
    }
}

extension YamlError {
    /// Where the problem is: the scanner's, parser's or composer's mark, or for a reader error (a
    /// control character, bytes that are not UTF-8) the line and column of its character offset;
    /// 1-based, columns counted in Unicode scalars as Yams counts them. (0, 0) when unknown.
    func position(in text: String) -> (line: Int, column: Int) {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return (mark.line, mark.column)
        case .reader(_, let offset?, _, _): return YamlError.position(ofCharacter: offset, in: text)
        default: return (0, 0)
        }
    }

    /// The 1-based line and column (in Unicode scalars) of the character at `offset` in `text`.
    static func position(ofCharacter offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for ch in text.prefix(max(0, offset)) {
            if ch == "\n" || ch == "\r\n" || ch == "\r" { line += 1; column = 1 } else { column += ch.unicodeScalars.count }
        }
        return (line, column)
    }

    /// What the problem is, in one line (a reader error names the character it refused).
    var problemText: String {
        switch self {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): return problem
        case .reader(let problem, _, let value, _):
            return value >= 0 ? problem + String(format: " (U+%04X)", value) : problem
        default: return "\(self)"
        }
    }
}
