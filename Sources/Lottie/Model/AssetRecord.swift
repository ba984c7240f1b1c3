import Foundation
import CoreGraphics

/// Reads one entry of `assets`: a precomposition (an object with `layers`) is kept; any other
/// asset (an image, a sound) is only drawn through the layers that use it, which note what they do not draw.
struct AssetRecord: Decodable {
    var precomp: PrecompAsset?
    var image: ImageAsset?
    var notes: [LottieDiagnostic] = []

    init(from decoder: any Decoder) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected an asset, an object with \"id\""))
        }
        guard c.has("layers") else {
            // An image has a size; sounds and other assets do not, and are not drawn.
            if c.has("p"), c.has("w"), c.has("h") { image = try ImageAsset(c) }
            return
        }
        guard c.has("id") else { throw DecodingError.keyNotFound(AnyKey("id"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"id\", the precomposition's id")) }
        let id = try PrecompModel.id(c, "id")
        var layers: [LayerModel] = []
        var u = try arrayContainer(c.superDecoder(forKey: AnyKey("layers")), expected: "a list of layers")
        while !u.isAtEnd {
            guard layers.count < LottieAnimation.maximumLayerCount else { throw c.mismatch("layers", expected: "at most \(LottieAnimation.maximumLayerCount) layers") }
            let r = try u.decode(LayerRecord.self)
            notes += r.notes
            layers.append(r.layer)
        }
        for key in ["w", "h"] {
            if let v = try c.number(key), !(v >= 0 && v <= LottieAnimation.maximumPrecompSide) {
                throw c.mismatch(key, expected: "a precomposition size between 0 and \(Int(LottieAnimation.maximumPrecompSide)), found \(v)")
            }
        }
        precomp = PrecompAsset(id: id, layers: layers, width: try c.number("w"), height: try c.number("h"))
    }
}
