import Foundation
import CoreGraphics

/// What a precomposition layer (`ty` 0) shows: the layers of the asset `refId`, clipped to its
/// `w` × `h`, at the frames its start time, stretch or time remapping give.
struct PrecompModel: Sendable {
    /// The `id` of the asset whose `layers` are drawn.
    var refId: String
    /// The clipping size (`w`, `h` of the layer); nil when the layer gives none (then the asset's, if any, is used).
    var width: Double?
    var height: Double?
    /// Time remapping (`tm`): the precomposition's time in seconds at each of the layer's frames.
    var timeRemap: Animated<[Double]>?

    /// Reads the precomposition fields of a layer object.
    init(_ c: KeyedDecodingContainer<AnyKey>, notes: inout [LottieDiagnostic]) throws {
        guard c.has("refId") else {
            throw DecodingError.keyNotFound(AnyKey("refId"), .init(codingPath: c.codingPath, debugDescription: "expected \"refId\", the id of the precomposition's asset"))
        }
        refId = try Self.id(c, "refId")
        for key in ["w", "h"] {
            if let v = try c.number(key), !(v >= 0 && v <= LottieAnimation.maximumPrecompSide) {
                throw c.mismatch(key, expected: "a precomposition size between 0 and \(Int(LottieAnimation.maximumPrecompSide)), found \(v)")
            }
        }
        width = try c.number("w"); height = try c.number("h")
        timeRemap = c.has("tm") ? try c.animated("tm", default: [0], notes: &notes) : nil
    }

    /// An asset id: a string, or a number written without quotes (some exporters do).
    static func id(_ c: KeyedDecodingContainer<AnyKey>, _ key: String) throws -> String {
        if let s = try? c.decode(String.self, forKey: AnyKey(key)) { return s }
        if let n = try? c.decode(Double.self, forKey: AnyKey(key)), n.isFinite { return n == n.rounded() ? String(Int(n)) : String(n) }
        throw c.mismatch(key, expected: "an asset id (a string)")
    }
}

/// One entry of a composition's `assets` holding `layers`: a precomposition.
struct PrecompAsset: Sendable {
    /// The asset's `id`.
    var id: String
    /// Its layers, first on top.
    var layers: [LayerModel]
    /// Its size (`w`, `h`), when given.
    var width: Double?
    var height: Double?
}
