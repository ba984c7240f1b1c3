import Foundation
import QuartzCore
@_spi(LaminaInternal) import Lottie
import Yams
#if canImport(Glibc)
import Glibc
#endif

/// Lottie animations in scenes (Lamina): a Lottie JSON file opened where a scene is expected
/// (`Scene.load(contentsOf:)`) becomes a scene of one `LottieAnimationLayer` playing it looped from
/// media time 0; and a scene layer with `lottie: file.json` is a `LottieAnimationLayer` playing
/// that file (`loopMode`, `animationSpeed`, `contentMode`, `autoPlay`, and every CALayer key).
enum SceneLottie {
    /// The name of the layer that plays a Lottie file opened as a scene.
    static let layerName = "animation"
    /// The class name scenes and `lamina eval` give a layer with `lottie:`.
    static let className = "LottieAnimationLayer"
    /// The keys of a layer with `lottie:` besides CALayer's.
    static let keys: [String: SceneValueKind] = [
        "lottie": .string, "loopMode": .string, "animationSpeed": .number, "contentMode": .string, "autoPlay": .bool,
    ]
    /// The keys read once when the layer is made, never carried over a reload (`adoptState`).
    static let ownKeys: Set<String> = Set(keys.keys)
    /// How much of a `.json` file is looked at to tell a Lottie file from a scene.
    static let sniffBytes = 1 << 20

    /// Whether `url` names a Lottie file rather than a scene: a regular file ending in `.lottie`
    /// (dotLottie), or one ending in `.json` whose
    /// first megabyte has one of the keys every Lottie file has and no scene takes (`"fr"`, `"ip"`,
    /// `"op"`, before a colon). Anything else (a missing file, a fifo, a scene) is left to the scene
    /// reader, which names the problem.
    static func isLottieFile(_ url: URL) -> Bool {
        let ext = url.pathExtension.lowercased()
        guard ext == "json" || ext == "lottie" else { return false }
        var st = stat()
        guard stat(url.path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
        // A dotLottie file (zip): its first animation is played (`LottieAnimation(contentsOf:)`).
        if ext == "lottie" { return true }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: sniffBytes) else { return false }
        return hasLottieKey(Array(data))
    }

    /// Whether `bytes` hold `"fr"`, `"ip"` or `"op"` followed (after blanks) by a colon: a JSON key.
    static func hasLottieKey(_ bytes: [UInt8]) -> Bool {
        let quote = UInt8(ascii: "\""), colon = UInt8(ascii: ":")
        let keys: [(UInt8, UInt8)] = [(UInt8(ascii: "f"), UInt8(ascii: "r")), (UInt8(ascii: "i"), UInt8(ascii: "p")), (UInt8(ascii: "o"), UInt8(ascii: "p"))]
        var i = 0
        while i + 4 <= bytes.count {
            if bytes[i] == quote, bytes[i + 3] == quote, keys.contains(where: { $0.0 == bytes[i + 1] && $0.1 == bytes[i + 2] }) {
                var j = i + 4
                while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == colon { return true }
            }
            i += 1
        }
        return false
    }

    /// Whether scene text is Lottie JSON: an object (its first character after blanks is `{`) with
    /// one of Lottie's keys in its first megabyte (`hasLottieKey`).
    static func isLottieText(_ text: String) -> Bool {
        guard text.first(where: { !$0.isWhitespace }) == "{" else { return false }
        return hasLottieKey(Array(text.utf8.prefix(sniffBytes)))
    }

    /// The scene of a Lottie file: the composition's size (scaled down to fit 8192 points a side,
    /// up to 16 at least), transparent, one layer named `animation` playing the file looped from
    /// the current media time. Throws the file's `LottieLoadError` (file, JSON path, what was expected).
    static func scene(lottieAt url: URL) throws -> Scene {
        let scene = scene(playing: try LottieAnimation(contentsOf: url))
        scene.lottieFile = url
        return scene
    }

    /// The scene of Lottie JSON text (`Scene.parse` given a Lottie file's text), as `scene(lottieAt:)`;
    /// `file` names it in errors, `directory` holds its image files.
    static func scene(lottieText text: String, file: String, directory: URL?) throws -> Scene {
        scene(playing: try LottieAnimation.from(data: Data(text.utf8), file: file, folder: directory))
    }

    /// A scene of the animation's size playing it looped, in a layer named `animation`.
    private static func scene(playing animation: LottieAnimation) -> Scene {
        let size = windowSize(for: animation.size)
        let scene = Scene.make(size: size, background: nil)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let layer = LottieAnimationLayer(animation: animation)
        layer.name = layerName
        layer.frame = CGRect(origin: .zero, size: size)
        layer.loopMode = .loop
        scene.root.addSublayer(layer)
        scene.register(layerName, layer, className: className)
        layer.play()
        return scene
    }

    /// A window size for a composition of `size` points: the same size when it fits 16...8192
    /// points a side, else scaled to fit (each side then kept within those limits).
    static func windowSize(for size: CGSize) -> CGSize {
        let w = max(Double(size.width), 1), h = max(Double(size.height), 1)
        var s = min(1, 8192 / max(w, h))
        if min(w, h) * s < 16 { s = min(16 / min(w, h), 8192 / max(w, h)) }
        func side(_ v: Double) -> CGFloat { CGFloat(min(8192, max(16, (v * s).rounded()))) }
        return CGSize(width: side(w), height: side(h))
    }

    /// A loop mode from its scene spelling: `playOnce`, `loop`, `autoReverse`, `repeat(N)` or
    /// `repeatBackwards(N)` (N a finite number of at least 0); nil for anything else.
    static func loopMode(_ text: String) -> LottieLoopMode? {
        let t = text.trimmingCharacters(in: .whitespaces)
        switch t {
        case "playOnce": return .playOnce
        case "loop": return .loop
        case "autoReverse": return .autoReverse
        default: break
        }
        for (word, make) in [("repeatBackwards", LottieLoopMode.repeatBackwards), ("repeat", LottieLoopMode.repeat)] {
            guard t.hasPrefix(word + "("), t.hasSuffix(")") else { continue }
            let inner = t.dropFirst(word.count + 1).dropLast().trimmingCharacters(in: .whitespaces)
            guard let n = Float(inner), n.isFinite, n >= 0 else { return nil }
            return make(n)
        }
        return nil
    }

    /// The content modes by their lottie-ios names.
    static let contentModes: [String: LottieContentMode] = [
        "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill, "center": .center,
        "top": .top, "bottom": .bottom, "left": .left, "right": .right,
        "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    ]
}

extension SceneParser {
    /// The layer of a `lottie:` key: the file found next to the scene or in Assets/ (by the rules of
    /// images), read, its layer tree built; sized to the composition until `frame` or `bounds` say
    /// otherwise. A file that cannot be read is a located error quoting the Lottie error (its JSON path).
    func lottieLayer(_ node: Node, scene: Scene) throws -> LottieAnimationLayer {
        guard let path = node.string, !path.isEmpty, !path.contains("\0") else { throw error(node, "expected the path of a Lottie JSON or .lottie file") }
        let roots = [directory, Scene.assetsDirectory].compactMap { $0 }
        guard !roots.isEmpty else { throw error(node, "Lottie files need a scene file (its folder resolves \"\(path)\")") }
        let url: URL
        switch SceneAssetResolver(roots: roots).lookup(path) {
        case .found(let u): url = u
        case .leaves(let where_):
            throw error(node, "the Lottie path \"\(path)\" leaves the scene's folder and Assets/ (it resolves to \(where_)); Lottie files must be inside them")
        case .missing(let looked):
            throw error(node, "cannot find the Lottie file \"\(path)\" next to the scene or in Assets/ (looked for \(looked.joined(separator: ", ")))")
        }
        guard SceneAssetResolver.isRegularFile(url.path) else { throw error(node, "the Lottie path \"\(path)\" is not a file (\(url.path))") }
        let animation: LottieAnimation
        do { animation = try LottieAnimation(contentsOf: url) } catch {
            throw self.error(node, "the Lottie file \"\(path)\" cannot be read: \(error)")
        }
        if !scene.assets.contains(url) { scene.assets.append(url) }
        return LottieAnimationLayer(animation: animation)
    }

    /// Sets one of a Lottie layer's own keys (`SceneLottie.keys`, `lottie` itself aside); returns
    /// whether it should play once built (`autoPlay`, true unless set false).
    func setLottie(_ l: LottieAnimationLayer, key: String, node: Node) throws {
        switch key {
        case "loopMode":
            guard let s = node.string, let mode = SceneLottie.loopMode(s) else {
                throw error(node, "expected a loop mode: playOnce, loop, autoReverse, repeat(N) or repeatBackwards(N)")
            }
            l.loopMode = mode
        case "animationSpeed":
            let n = try reader.value(node, kind: .number) as! CGFloat
            guard n.isFinite, abs(n) <= 1000 else { throw error(node, "animationSpeed is a number from -1000 to 1000") }
            l.animationSpeed = n
        case "contentMode":
            guard let s = node.string, let mode = SceneLottie.contentModes[s] else {
                throw error(node, "expected a content mode: " + SceneLottie.contentModes.keys.sorted().joined(separator: ", "))
            }
            l.contentMode = mode
        default:
            break
        }
    }
}

extension Scene {
    /// Whether `url` is a Lottie JSON file, which `load(contentsOf:)` reads as a scene playing it
    /// (Lamina; see `SceneLottie`).
    public static func isLottieFile(_ url: URL) -> Bool { SceneLottie.isLottieFile(url) }

    /// Whether scene text is Lottie JSON, which `parse(_:file:directory:)` reads as a scene playing
    /// it (the fuzzer keeps such inputs JSON when it mutates them).
    @_spi(LaminaInternal) public static func isLottieText(_ text: String) -> Bool { SceneLottie.isLottieText(text) }

    /// The layers playing Lottie animations (a Lottie file's `animation`, a scene's `lottie:`
    /// layers), in the order they are drawn from the back; not those inside another one.
    public var lottieLayers: [LottieAnimationLayer] {
        var out: [LottieAnimationLayer] = []
        func walk(_ l: CALayer, depth: Int) {
            if let a = l as? LottieAnimationLayer { out.append(a); return }
            guard depth < 512 else { return }
            if let m = l.mask { walk(m, depth: depth + 1) }
            for s in l.sublayers ?? [] { walk(s, depth: depth + 1) }
        }
        walk(root, depth: 0)
        return out
    }
}
