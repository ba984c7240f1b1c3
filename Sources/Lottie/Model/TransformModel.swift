import Foundation

/// A layer's `ks` or a group's `tr`: anchor, position (one property or separate x and y), scale in
/// percent, skew, rotation in degrees, opacity in percent.
struct TransformModel: Sendable {
    /// Where the position comes from.
    enum Position: Sendable {
        /// One point property, `p`.
        case combined(Animated<[Double]>)
        /// Separate x and y properties (`p: {"s": true, "x": ..., "y": ...}`).
        case separate(x: Animated<[Double]>, y: Animated<[Double]>)
    }

    var anchor: Animated<[Double]>
    var position: Position
    var scale: Animated<[Double]>
    var rotation: Animated<[Double]>
    var opacity: Animated<[Double]>
    /// Skew in degrees (`sk`) along the axis at `sa` degrees: between scale and rotation.
    var skew = Animated<[Double]>([0])
    var skewAxis = Animated<[Double]>([0])

    /// Whether the transform skews at some time.
    var hasSkew: Bool { skew.isAnimated || skew.initial.at(0) != 0 }

    /// The identity: what a layer or group without a transform has.
    static let identity = TransformModel(anchor: Animated([0, 0]), position: .combined(Animated([0, 0])),
                                         scale: Animated([100, 100]), rotation: Animated([0]), opacity: Animated([100]))

    init(anchor: Animated<[Double]>, position: Position, scale: Animated<[Double]>, rotation: Animated<[Double]>, opacity: Animated<[Double]>) {
        self.anchor = anchor; self.position = position; self.scale = scale; self.rotation = rotation; self.opacity = opacity
    }

    /// Reads a transform object; what it cannot draw (skew, 3D rotation) goes to `notes`.
    init(from decoder: any Decoder, notes: inout [LottieDiagnostic]) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected a transform object"))
        }
        anchor = try c.animated("a", default: [0, 0], notes: &notes)
        if c.has("p"), let sub = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("p")), try sub.flag("s") {
            position = .separate(x: try sub.animated("x", default: [0], notes: &notes), y: try sub.animated("y", default: [0], notes: &notes))
            if sub.has("z") { Self.noteNonZero(try sub.animated("z", default: [0], notes: &notes), path: JSONPath.string(sub.codingPath, "z"), what: "a z position (3D) is not drawn; z is taken as 0", notes: &notes) }
        } else {
            position = .combined(try c.animated("p", default: [0, 0], notes: &notes))
        }
        scale = try c.animated("s", default: [100, 100], notes: &notes)
        rotation = c.has("r") ? try c.animated("r", default: [0], notes: &notes) : try c.animated("rz", default: [0], notes: &notes)
        opacity = try c.animated("o", default: [100], notes: &notes)
        skew = try c.animated("sk", default: [0], notes: &notes)
        skewAxis = try c.animated("sa", default: [0], notes: &notes)
        for (key, what) in [("rx", "rotation about x (3D) is not drawn; it is taken as 0"),
                            ("ry", "rotation about y (3D) is not drawn; it is taken as 0")] where c.has(key) {
            Self.noteNonZero(try c.animated(key, default: [0], notes: &notes), path: JSONPath.string(c.codingPath, key), what: what, notes: &notes)
        }
        if c.has("or") {
            let o = try c.animated("or", default: [0, 0, 0], notes: &notes)
            if o.isAnimated || o.initial.contains(where: { $0 != 0 }) {
                notes.append(LottieDiagnostic(path: JSONPath.string(c.codingPath, "or"), message: "3D orientation is not drawn; it is taken as 0"))
            }
        }
    }

    private static func noteNonZero(_ p: Animated<[Double]>, path: String, what: String, notes: inout [LottieDiagnostic]) {
        if p.isAnimated || p.initial.at(0) != 0 { notes.append(LottieDiagnostic(path: path, message: what)) }
    }
}
