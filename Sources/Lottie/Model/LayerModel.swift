import Foundation
import CoreGraphics

/// One entry of a composition's `layers`, as far as this player draws it.
struct LayerModel: Sendable {
    /// What the layer draws.
    enum Content: Sendable {
        /// A shape layer's items (`ty` 4).
        case shapes([ShapeItem])
        /// A solid (`ty` 1): colour and size.
        case solid(color: CGColor, width: Double, height: Double)
        /// A precomposition (`ty` 0): the asset `refId`'s layers, clipped to `w` × `h` when given.
        case precomp(PrecompModel)
        /// An image (`ty` 2): the image asset `refId`, drawn at its size from the layer's origin.
        case image(String)
        /// Text (`ty` 5): its documents over time (`TextLayerBuilder`).
        case text(TextLayerModel)
        /// A camera (`ty` 13): it draws nothing; the composition's 3D layers are seen through it.
        case camera(CameraModel)
        /// Nothing: a null layer (`ty` 3), or a layer type not drawn yet (noted).
        case none
    }

    var name: String?
    /// `ind`, the index other layers name as their `parent`.
    var index: Int?
    var parent: Int?
    /// In and out points in composition frames (visible for ip ≤ frame < op).
    var inPoint: Double
    var outPoint: Double
    /// Start time: the layer's own frames are composition frames minus this.
    var startTime: Double
    /// Time stretch (`sr`): a precomposition's frames are (layer frames) / this.
    var timeStretch: Double = 1
    var transform: TransformModel
    var content: Content
    /// Whether the layer is hidden (`hd`) or is another's matte (`td`): not drawn, but still a parent.
    var isDrawn: Bool
    /// The layer's masks (`masksProperties`), in order.
    var masks: [MaskModel] = []
    /// The track matte this layer is drawn through (`tt`), and the `ind` of the layer that is its
    /// matte when given (`tp`; else the layer listed just before).
    var matte: MatteMode?
    var matteParent: Int?
    /// Whether the layer can be drawn as another's matte (a drawn type, not hidden).
    var canBeMatte = false
    /// The layer's blend mode (`bm`) as a compositing filter name; nil for normal.
    var blendMode: String?
    /// `ddd`: the layer's transform is 3D (z, rotations about x and y, orientation).
    var is3D = false
    /// `ao`: the layer turns along its position's direction of travel.
    var autoOrient = false
    /// The layer's drop shadow effect, if any.
    var shadow: DropShadowModel?
    /// The JSON path of the layer, for messages.
    var path: String
}

/// Reads one layer; what it cannot draw goes to `notes`.
struct LayerRecord: Decodable {
    var layer: LayerModel
    var notes: [LottieDiagnostic] = []

    /// The largest solid side accepted.
    static let maxSolidSide = 100_000.0

    init(from decoder: any Decoder) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected a layer, an object with \"ty\""))
        }
        let here = JSONPath.string(decoder.codingPath)
        var notes: [LottieDiagnostic] = []
        func note(_ key: String?, _ message: String) {
            notes.append(LottieDiagnostic(path: key.map { JSONPath.string(decoder.codingPath, $0) } ?? here, message: message))
        }
        guard let tyNumber = try c.number("ty") else { throw DecodingError.keyNotFound(AnyKey("ty"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"ty\", the layer's type")) }
        let ty = smallInt(tyNumber)
        guard let ip = try c.number("ip") else { throw DecodingError.keyNotFound(AnyKey("ip"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"ip\", the layer's in point")) }
        guard let op = try c.number("op") else { throw DecodingError.keyNotFound(AnyKey("op"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"op\", the layer's out point")) }
        let is3D = try c.flag("ddd")
        var transform = TransformModel.identity
        if c.has("ks") { transform = try TransformModel(from: c.superDecoder(forKey: AnyKey("ks")), allows3D: is3D || ty == 13, notes: &notes) }
        if is3D, try c.flag("ao") {
            note("ao", "auto-orient is not drawn on a 3D layer with 3D parts or under a camera; such a layer keeps its own rotation")
        }

        var content = LayerModel.Content.none
        switch ty {
        case 4:
            if c.has("shapes") {
                let list = try c.decode(ShapeItemList.self, forKey: AnyKey("shapes"))
                notes += list.notes
                content = .shapes(list.items)
            } else { content = .shapes([]) }
        case 1:
            let w = try c.number("sw") ?? 0, h = try c.number("sh") ?? 0
            guard w >= 0, h >= 0, w <= Self.maxSolidSide, h <= Self.maxSolidSide else {
                throw c.mismatch(w < 0 || w > Self.maxSolidSide ? "sw" : "sh", expected: "a solid size between 0 and \(Int(Self.maxSolidSide))")
            }
            let hex = try c.string("sc") ?? "#000000"
            guard let color = Self.color(hex: hex) else { throw c.mismatch("sc", expected: "a colour written #rrggbb, found \"\(TerminalText.escaped(hex.prefix(40)))\"") }
            content = .solid(color: color, width: w, height: h)
        case 3:
            content = .none
        case 0:
            content = .precomp(try PrecompModel(c, notes: &notes))
        case 2:
            guard c.has("refId") else {
                throw DecodingError.keyNotFound(AnyKey("refId"), .init(codingPath: c.codingPath, debugDescription: "expected \"refId\", the id of the layer's image"))
            }
            content = .image(try PrecompModel.id(c, "refId"))
        case 5:
            guard c.has("t") else { throw DecodingError.keyNotFound(AnyKey("t"), .init(codingPath: c.codingPath, debugDescription: "expected \"t\", the text layer's text")) }
            content = .text(try TextLayerModel(from: c.superDecoder(forKey: AnyKey("t")), notes: &notes))
        case 13:
            content = .camera(try CameraModel(c, transform: transform, notes: &notes))
            if c.has("parent") { note("parent", "a camera's parent is not applied; the camera is placed by its own transform") }
        default:
            let names = [6: "audio", 15: "data"]
            note("ty", "layer type \(ty)\(names[ty].map { " (\($0))" } ?? "") is not drawn yet; the layer is left out (its transform still parents others)")
        }

        var blendMode: String?
        if let bm = try c.number("bm"), bm != 0 {
            blendMode = Self.blendModes[smallInt(bm)]
            if blendMode == nil { note("bm", "blend mode \(smallInt(bm))\(smallInt(bm) == 17 ? " (hard mix)" : "") is not drawn; the layer is drawn with normal blending") }
        }
        // Keyframes are written in composition frames (bodymovin applies the stretch to them): `sr`
        // and `tm` change only the time a precomposition's own layers see.
        let stretch = try c.number("sr") ?? 1
        if ty == 0 {
            guard stretch > 0, stretch <= 1000 else { throw c.mismatch("sr", expected: "a time stretch above 0 and at most 1000, found \(stretch)") }
        } else if c.has("tm") {
            note("tm", "time remapping applies to precompositions only; it is ignored here")
        }
        let isMatte = try c.flag("td")
        var matte: MatteMode?
        if let tt = try c.number("tt"), tt != 0 {
            guard let m = MatteMode(rawValue: smallInt(tt)) else { throw c.mismatch("tt", expected: "a track matte mode from 0 to 4, found \(tt)") }
            matte = m
        }
        var masks: [MaskModel] = []
        if c.has("masksProperties") {
            var u = try arrayContainer(c.superDecoder(forKey: AnyKey("masksProperties")), expected: "a list of masks")
            while !u.isAtEnd {
                guard masks.count < 1_000 else { throw c.mismatch("masksProperties", expected: "at most 1000 masks") }
                masks.append(try MaskModel(from: u.superDecoder(), notes: &notes))
            }
        }
        let effectShadow = c.has("ef") ? try DropShadowModel.read(c, notes: &notes) : nil
        let styleShadow = c.has("sy") ? try DropShadowModel.readStyles(c, notes: &notes) : nil
        if effectShadow != nil, styleShadow != nil {
            note("sy", "a drop shadow effect and a drop shadow layer style: the effect is drawn, as lottie-ios draws it")
        }
        // The effect wins when both are given, as in lottie-ios.
        let shadow = effectShadow ?? styleShadow
        let drawnType = (0...5).contains(ty)
        let hidden = try c.flag("hd")
        layer = LayerModel(name: try c.string("nm"), index: try c.number("ind").map(smallInt), parent: try c.number("parent").map(smallInt),
                           inPoint: ip, outPoint: op, startTime: try c.number("st") ?? 0, timeStretch: ty == 0 ? stretch : 1,
                           transform: transform, content: content, isDrawn: drawnType && !hidden && !isMatte,
                           masks: masks, matte: matte, matteParent: try c.number("tp").map(smallInt), canBeMatte: drawnType && !hidden,
                           blendMode: blendMode, is3D: is3D, autoOrient: try c.flag("ao"), shadow: shadow, path: here)
        self.notes = notes
    }

    /// Lottie's blend modes (`bm`) as Core Animation compositing filter names (17, hard mix, has none).
    static let blendModes: [Int: String] = [
        1: "multiplyBlendMode", 2: "screenBlendMode", 3: "overlayBlendMode", 4: "darkenBlendMode", 5: "lightenBlendMode",
        6: "colorDodgeBlendMode", 7: "colorBurnBlendMode", 8: "hardLightBlendMode", 9: "softLightBlendMode",
        10: "differenceBlendMode", 11: "exclusionBlendMode", 12: "hueBlendMode", 13: "saturationBlendMode",
        14: "colorBlendMode", 15: "luminosityBlendMode", 16: "plusL",
    ]

    /// "#rrggbb" (or "#rgb", with or without "#") as an opaque sRGB colour.
    static func color(hex: String) -> CGColor? {
        var s = Substring(hex.trimmingCharacters(in: .whitespaces))
        if s.hasPrefix("#") { s = s.dropFirst() }
        if s.count == 3 { s = Substring(s.map { "\($0)\($0)" }.joined()) }
        guard s.count == 6 || s.count == 8, let v = UInt32(s.prefix(6), radix: 16) else { return nil }
        return CGColor(srgbRed: CGFloat((v >> 16) & 0xFF) / 255, green: CGFloat((v >> 8) & 0xFF) / 255, blue: CGFloat(v & 0xFF) / 255, alpha: 1)
    }
}
