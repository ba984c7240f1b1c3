import Foundation
import QuartzCore
import Yams
#if canImport(Glibc)
import Glibc
#endif

/// Where a scene's image paths resolve: first next to the scene file, then in the shared assets
/// folder (`Scene.assetsDirectory`, the repository's Assets/). A path, once `..` and symbolic links
/// are resolved, must stay inside one of these folders; a path that leaves them is refused.
struct SceneAssetResolver {
    /// The folders searched, in order.
    let roots: [URL]

    /// The outcome of looking a path up.
    enum Lookup: Equatable {
        /// The file, with every symbolic link resolved.
        case found(URL)
        /// The path leaves the folders (lexically or through a link); the offending location.
        case leaves(String)
        /// Nothing at that path in any folder; the places looked at.
        case missing([String])
    }

    /// Resolves `path` (relative to each root in turn; an absolute path must lie inside a root).
    func lookup(_ path: String) -> Lookup {
        var looked: [String] = []
        let realRoots = roots.compactMap { Self.realPath($0.path) }
        for root in roots {
            let base = root.standardizedFileURL.path
            let candidate = path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL
                : root.appendingPathComponent(path).standardizedFileURL
            guard Self.isInside(candidate.path, base) || realRoots.contains(where: { Self.isInside(candidate.path, $0) }) else {
                if path.hasPrefix("/") { continue }
                return .leaves(candidate.path)
            }
            looked.append(candidate.path)
            guard let real = Self.realPath(candidate.path) else { continue }
            guard realRoots.contains(where: { Self.isInside(real, $0) }) else { return .leaves(real) }
            return .found(URL(fileURLWithPath: real))
        }
        if path.hasPrefix("/") && looked.isEmpty { return .leaves(path) }
        return .missing(looked)
    }

    /// `path` is strictly inside the folder `root` (both absolute, without `..`).
    static func isInside(_ path: String, _ root: String) -> Bool {
        let r = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(r) && path.count > r.count
    }

    /// The canonical absolute path with every symbolic link resolved, or nil if nothing is there.
    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// There is a regular file at `path` (not a folder, device or pipe).
    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// Nil when an image of `width` x `height` pixels is within the limits, else why not.
    static func sizeProblem(width: Int, height: Int) -> String? {
        guard width > Scene.Limits.imageSide || height > Scene.Limits.imageSide || width * height > Scene.Limits.imagePixels else { return nil }
        return "is \(width)x\(height) pixels; images are limited to \(Scene.Limits.imageSide) pixels a side and \(Scene.Limits.imagePixels) pixels (64 Mpx) in all"
    }
}

extension SceneParser {
    /// An image next to the scene or in Assets/, and the file it was read from; paths that leave
    /// those folders and images over the size limits are refused with a located error. Within one
    /// load, a file is decoded once and its image shared by every layer that names it.
    func image(_ path: String, node: Node) throws -> (CGImage, URL) {
        let roots = [directory, Scene.assetsDirectory].compactMap { $0 }
        guard !roots.isEmpty else { throw error(node, "images need a scene file (its folder resolves \"\(path)\")") }
        guard !path.isEmpty, !path.contains("\0") else { throw error(node, "expected an image path") }
        let url: URL
        switch SceneAssetResolver(roots: roots).lookup(path) {
        case .found(let u): url = u
        case .leaves(let where_):
            throw error(node, "the image path \"\(path)\" leaves the scene's folder and Assets/ (it resolves to \(where_)); images must be inside them")
        case .missing(let looked):
            throw error(node, "cannot find the image \"\(path)\" next to the scene or in Assets/ (looked for \(looked.joined(separator: ", ")))")
        }
        guard SceneAssetResolver.isRegularFile(url.path) else {
            throw error(node, "the image path \"\(path)\" is not a file (\(url.path))")
        }
        let declared = SceneImageHeader.size(of: url)
        if let s = declared, let problem = SceneAssetResolver.sizeProblem(width: s.width, height: s.height) {
            throw error(node, "the image \"\(path)\" \(problem)")
        }
        guard let load = Scene.imageLoader else { throw error(node, "cannot read the image \"\(path)\" (\(url.path)): no image loader is set") }
        // Every layer naming the same file in this load shares one decode, counted once against
        // the scene's decoded-image budget (`SceneImageCache`).
        let cache = SceneImageCache.current ?? SceneImageCache()
        let image: CGImage
        switch cache.image(at: url, declared: declared, decode: load) {
        case .image(let i): image = i
        case .unreadable: throw error(node, "cannot read the image \"\(path)\" (\(url.path))")
        case .overBudget(let needs, let declared, let used, let images):
            throw error(node, SceneParser.overBudget(path: path, url: url, needs: needs, declared: declared, used: used, images: images, budget: cache.budget))
        }
        if let problem = SceneAssetResolver.sizeProblem(width: image.width, height: image.height) {
            throw error(node, "the image \"\(path)\" \(problem)")
        }
        return (image, url)
    }

    /// Why an image is refused for the decoded-image budget, naming it and the sizes.
    static func overBudget(path: String, url: URL, needs: Int, declared: Bool, used: Int, images: Int, budget: Int) -> String {
        let held = images == 0 ? "which is more than"
            : "but \(images) image\(images == 1 ? "" : "s") already take\(images == 1 ? "s" : "") \(byteCount(used)) of"
        return "the image \"\(path)\" (\(url.path)) needs \(byteCount(needs)) decoded\(declared ? " (the size its header gives)" : ""), "
            + "\(held) the scene's decoded-image budget of \(byteCount(budget)); "
            + "raise it with --image-budget (Scene.imageBudget) or use smaller images"
    }

    /// `bytes` for a reader: whole GiB, MiB or KiB when it is a whole number of them, MiB with one
    /// decimal from 1 MiB up, else bytes ("1 GiB", "256 MiB", "1.5 MiB", "96 KiB", "100 bytes").
    static func byteCount(_ bytes: Int) -> String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        if bytes >= 1 << 20 {
            let tenths = Int((Double(bytes) / Double(1 << 20) * 10).rounded(.down))
            return "\(tenths / 10).\(tenths % 10) MiB"
        }
        return "\(bytes) byte\(bytes == 1 ? "" : "s")"
    }

    /// A font file (.ttf or .otf) next to the scene or in Assets/, by the same rules as images, that
    /// has a font's structure (`SceneFontFile`: text, a truncated font or a fake .otf is a located
    /// error naming the file); CATextLayer takes its path as the font name.
    func fontFile(_ path: String, node: Node) throws -> URL {
        let roots = [directory, Scene.assetsDirectory].compactMap { $0 }
        guard !roots.isEmpty else { throw error(node, "font files need a scene file (its folder resolves \"\(path)\")") }
        guard !path.contains("\0") else { throw error(node, "expected a font name or a .ttf/.otf path") }
        switch SceneAssetResolver(roots: roots).lookup(path) {
        case .found(let u):
            guard SceneAssetResolver.isRegularFile(u.path) else { throw error(node, "the font path \"\(path)\" is not a file (\(u.path))") }
            if let problem = SceneFontFile.problem(u) {
                throw error(node, "the font \"\(path)\" (\(u.path)) cannot be used: \(problem); text in it would draw nothing")
            }
            return u
        case .leaves(let where_):
            throw error(node, "the font path \"\(path)\" leaves the scene's folder and Assets/ (it resolves to \(where_)); fonts must be inside them")
        case .missing(let looked):
            throw error(node, "cannot find the font \"\(path)\" next to the scene or in Assets/ (looked for \(looked.joined(separator: ", ")))")
        }
    }

    /// Whether a font value names a file rather than a family.
    static func isFontFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")
    }
}
