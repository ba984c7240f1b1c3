import Foundation
import CoreGraphics

/// Frames of an animation, in its own frame rate (lottie-ios's `AnimationFrameTime`).
public typealias AnimationFrameTime = CGFloat

/// A position in an animation from 0 (its first frame) to 1 (its last) (lottie-ios's `AnimationProgressTime`).
public typealias AnimationProgressTime = CGFloat

/// A Lottie animation read from its JSON (Bodymovin) file: the composition's size, frame range and
/// rate, and its layers (lottie-ios's `LottieAnimation`). Immutable once read, so it may be shared
/// between threads; play it with `LottieAnimationLayer`.
///
/// What the file holds that this player does not draw yet is listed in `diagnostics`, each with
/// its JSON path, never dropped silently.
public final class LottieAnimation: Decodable, Sendable {
    /// The largest width or height accepted, in points.
    public static let maximumSide: Double = 32_768
    /// The largest precomposition size accepted, in points (Lamina): a precomposition's `w` and
    /// `h` only clip its layers (nothing of that size is allocated), and exporters write sizes such
    /// as 99999 to mean "no clip", which lottie-ios plays.
    public static let maximumPrecompSide: Double = 1_000_000
    /// The most frames (`op` − `ip`) accepted.
    public static let maximumFrameCount: Double = 10_000_000
    /// The most layers accepted.
    public static let maximumLayerCount = 100_000
    /// The most levels of parenting accepted.
    public static let maximumParentDepth = 256
    /// The most levels of precompositions inside precompositions accepted (Lamina).
    public static let maximumPrecompDepth = 32
    /// The most layers drawn once every precomposition is expanded where it is used (Lamina).
    public static let maximumExpandedLayerCount = 200_000

    /// The first frame (`ip`).
    public let startFrame: AnimationFrameTime
    /// The frame the animation ends at (`op`).
    public let endFrame: AnimationFrameTime
    /// Frames per second (`fr`).
    public let framerate: Double
    /// The composition's width and height in points (`w`, `h`).
    let width: Double
    let height: Double
    /// The file's format version (`v`), when given.
    public let version: String?
    /// The composition's name (`nm`), when given (Lamina).
    public let name: String?
    /// What this player leaves out or draws differently, once per place in the file (Lamina).
    public let diagnostics: [LottieDiagnostic]
    /// The layers, first on top.
    let layers: [LayerModel]
    /// The precompositions of `assets`, by id.
    let precomps: [String: PrecompAsset]
    /// The images of `assets`, by id (files beside the JSON are read by `init(contentsOf:)`).
    let images: [String: ImageAsset]
    /// The fonts (`fonts.list`) and glyphs (`chars`) text layers are drawn with.
    let textFonts: TextFonts
    /// The markers (`markers`), in the file's order.
    let markers: [MarkerModel]

    /// Reads an animation from a decoder holding Lottie JSON; errors carry the coding path of the
    /// offending value (turn them into a `LottieLoadError` for a readable, located message).
    public required init(from decoder: any Decoder) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected a Lottie animation, a JSON object with \"w\", \"h\", \"fr\", \"ip\", \"op\" and \"layers\""))
        }
        func required(_ key: String, _ what: String) throws -> Double {
            guard let v = try c.number(key) else { throw DecodingError.keyNotFound(AnyKey(key), .init(codingPath: decoder.codingPath, debugDescription: "expected \"\(key)\", \(what)")) }
            return v
        }
        let fr = try required("fr", "the frame rate"), ip = try required("ip", "the first frame"), op = try required("op", "the end frame")
        let w = try required("w", "the width"), h = try required("h", "the height")
        guard fr > 0, fr <= 1000 else { throw c.mismatch("fr", expected: "a frame rate above 0 and at most 1000, found \(fr)") }
        guard w > 0, w <= Self.maximumSide else { throw c.mismatch("w", expected: "a width above 0 and at most \(Int(Self.maximumSide)), found \(w)") }
        guard h > 0, h <= Self.maximumSide else { throw c.mismatch("h", expected: "a height above 0 and at most \(Int(Self.maximumSide)), found \(h)") }
        guard op >= ip else { throw c.mismatch("op", expected: "an end frame not before the first frame \(ip), found \(op)") }
        guard op - ip <= Self.maximumFrameCount else { throw c.mismatch("op", expected: "at most \(Int(Self.maximumFrameCount)) frames, found \(op - ip)") }
        framerate = fr; startFrame = CGFloat(ip); endFrame = CGFloat(op); width = w; height = h
        version = try? c.string("v")
        name = try? c.string("nm")

        var notes: [LottieDiagnostic] = []
        var layers: [LayerModel] = []
        guard c.has("layers") else { throw DecodingError.keyNotFound(AnyKey("layers"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"layers\", the list of layers")) }
        var u = try arrayContainer(c.superDecoder(forKey: AnyKey("layers")), expected: "a list of layers")
        while !u.isAtEnd {
            guard layers.count < Self.maximumLayerCount else { throw c.mismatch("layers", expected: "at most \(Self.maximumLayerCount) layers") }
            let r = try u.decode(LayerRecord.self)
            notes += r.notes
            layers.append(r.layer)
        }
        var precomps: [String: PrecompAsset] = [:]
        var images: [String: ImageAsset] = [:]
        if c.has("assets") {
            var a = try arrayContainer(c.superDecoder(forKey: AnyKey("assets")), expected: "a list of assets")
            var count = layers.count
            while !a.isAtEnd {
                let asset = try a.decode(AssetRecord.self)
                notes += asset.notes
                if let i = asset.image, images[i.id] == nil {
                    images[i.id] = i
                    if case .file(let f) = i.source {
                        notes.append(LottieDiagnostic(path: i.path, message: "the image file \"\(f)\" is read only when the animation is loaded from its file; until then its layers are drawn empty"))
                    }
                    if case .remote(let u) = i.source {
                        notes.append(LottieDiagnostic(path: i.path, message: "the image at \"\(u.prefix(200))\" is not fetched; its layers are drawn empty"))
                    }
                    if case .unavailable(let why) = i.source {
                        notes.append(LottieDiagnostic(path: i.path, message: why + "; its layers are drawn empty"))
                    }
                }
                guard let p = asset.precomp else { continue }
                count += p.layers.count
                guard count <= Self.maximumLayerCount else { throw c.mismatch("assets", expected: "at most \(Self.maximumLayerCount) layers in all") }
                if precomps[p.id] == nil { precomps[p.id] = p }
            }
        }
        let textFonts = try TextFonts(c, notes: &notes)
        try BundledFont.check(layers + precomps.keys.sorted().flatMap { precomps[$0]!.layers }, fonts: textFonts, notes: &notes)
        try Self.checkParents(layers, notes: &notes)
        Self.check3D(layers, precomps: precomps, notes: &notes)
        for p in precomps.values.sorted(by: { $0.id < $1.id }) { try Self.checkParents(p.layers, notes: &notes) }
        try PrecompCheck(precomps: precomps, images: images).check(layers, notes: &notes)
        self.layers = layers
        self.precomps = precomps
        self.images = images
        self.textFonts = textFonts
        markers = try MarkerModel.read(c, notes: &notes)
        var seen = Set<LottieDiagnostic>()
        diagnostics = notes.filter { seen.insert($0).inserted }
    }

    /// A copy of `other` whose image files are read from `folder` (for the convenience
    /// initialisers that read files); a file that cannot be read or decoded is noted, and its layers drawn empty.
    convenience init(copying other: LottieAnimation, folder: URL?, file: String?) throws {
        try self.init(copying: other, file: file) { asset, relative in
            guard let folder else { return nil }
            guard asset.isInsideFolder else {
                throw LottieLoadError(file: file, path: asset.path, message: "expected an image file name inside the animation's folder, found \"\(TerminalText.escaped(relative.prefix(120)))\"")
            }
            let url = folder.appendingPathComponent(relative)
            do {
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
                guard size <= Self.maximumFileSize else {
                    throw LottieLoadError(file: file, path: asset.path, message: "expected an image file of at most \(Self.maximumFileSize >> 20) MB")
                }
                return try Data(contentsOf: url)
            } catch let e as LottieLoadError {
                throw e
            } catch {
                throw LottieLoadError(file: file, path: asset.path, message: "cannot read the image file \"\(relative)\": \(error.localizedDescription)")
            }
        }
    }

    /// A copy of `other` whose image files' bytes come from `imageData` (given the asset and its
    /// path relative to the animation; nil leaves the image undrawn, as noted). An image whose
    /// bytes cannot be had (`imageData` throws) or do not decode is noted at its asset's `p`, and
    /// its layers are drawn empty, as lottie-ios draws an image its provider does not give.
    init(copying other: LottieAnimation, file: String?, imageData: (ImageAsset, String) throws -> Data?) throws {
        startFrame = other.startFrame; endFrame = other.endFrame; framerate = other.framerate
        width = other.width; height = other.height; version = other.version; name = other.name
        layers = other.layers; precomps = other.precomps; textFonts = other.textFonts; markers = other.markers
        var images = other.images, read = Set<String>(), failed: [LottieDiagnostic] = []
        for (id, asset) in other.images.sorted(by: { $0.key < $1.key }) {
            guard case .file(let relative) = asset.source else { continue }
            do {
                guard let data = try imageData(asset, relative) else { continue }
                images[id]?.source = .embedded(try ImageAsset.decode(data, codingPath: [AnyKey(asset.path)]))
            } catch {
                let why = (error as? LottieLoadError)?.message ?? LottieLoadError(error, file: file).message
                images[id]?.source = .unavailable(why)
                failed.append(LottieDiagnostic(path: asset.path, message: why + "; its layers are drawn empty"))
            }
            read.insert(asset.path)
        }
        self.images = images
        diagnostics = other.diagnostics.filter { !read.contains($0.path) } + failed
    }

    /// Parents must exist (else noted: the layer is drawn without one) and must not form a cycle (an error).
    private static func checkParents(_ layers: [LayerModel], notes: inout [LottieDiagnostic]) throws {
        var byIndex: [Int: Int] = [:]
        for (i, l) in layers.enumerated() { if let ind = l.index, byIndex[ind] == nil { byIndex[ind] = i } }
        for (i, l) in layers.enumerated() {
            guard let p = l.parent else { continue }
            guard byIndex[p] != nil else {
                notes.append(LottieDiagnostic(path: l.path + ".parent", message: "no layer has \"ind\" \(p); the layer is drawn without a parent"))
                continue
            }
            var seen: Set<Int> = [i]
            var cur = byIndex[p]
            while let c = cur {
                guard seen.count <= Self.maximumParentDepth else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [AnyKey(l.path + ".parent")], debugDescription: "expected at most \(Self.maximumParentDepth) levels of parents"))
                }
                guard seen.insert(c).inserted else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [AnyKey(l.path + ".parent")], debugDescription: "expected parents that do not form a cycle (layer \(i) is its own ancestor)"))
                }
                cur = layers[c].parent.flatMap { byIndex[$0] }
            }
        }
    }

    /// Notes the cameras that are not drawn: all but the first of the animation's own layers, and any in a precomposition.
    private static func check3D(_ layers: [LayerModel], precomps: [String: PrecompAsset], notes: inout [LottieDiagnostic]) {
        func isCamera(_ l: LayerModel) -> Bool { if case .camera = l.content { true } else { false } }
        for l in layers.filter(isCamera).dropFirst() {
            notes.append(LottieDiagnostic(path: l.path, message: "only the first camera is drawn; this one is ignored"))
        }
        for p in precomps.values.sorted(by: { $0.id < $1.id }) {
            for l in p.layers where isCamera(l) {
                notes.append(LottieDiagnostic(path: l.path, message: "a camera inside a precomposition is not drawn; its 3D layers are drawn without perspective"))
            }
        }
    }

    /// The layers of `list` by their `ind` (the first of each).
    static func layersByIndex(_ list: [LayerModel]) -> [Int: LayerModel] {
        var byIndex: [Int: LayerModel] = [:]
        for l in list { if let ind = l.index, byIndex[ind] == nil { byIndex[ind] = l } }
        return byIndex
    }

    /// The chain of parent layers of `layer` among `list` (indexed by `byIndex`), nearest first
    /// (ones that do not exist are left out).
    static func parentChain(of layer: LayerModel, in list: [LayerModel], byIndex: [Int: LayerModel]) -> [LayerModel] {
        var out: [LayerModel] = []
        var cur = layer.parent.flatMap { byIndex[$0] }
        while let c = cur, out.count <= list.count {
            out.append(c)
            cur = c.parent.flatMap { byIndex[$0] }
        }
        return out
    }
}
