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
    /// The z position when x and y are separate (`p.z`); a combined `p` keeps z as its third value.
    var zPosition = Animated<[Double]>([0])
    /// Rotations about x and y in degrees (`rx`, `ry`), and the orientation (`or`, [x, y, z] degrees).
    var rotationX = Animated<[Double]>([0])
    var rotationY = Animated<[Double]>([0])
    var orientation = Animated<[Double]>([0, 0, 0])

    /// Whether the transform skews at some time.
    var hasSkew: Bool { skew.isAnimated || skew.initial.at(0) != 0 }

    /// The identity: what a layer or group without a transform has.
    static let identity = TransformModel(anchor: Animated([0, 0]), position: .combined(Animated([0, 0])),
                                         scale: Animated([100, 100]), rotation: Animated([0]), opacity: Animated([100]))

    init(anchor: Animated<[Double]>, position: Position, scale: Animated<[Double]>, rotation: Animated<[Double]>, opacity: Animated<[Double]>) {
        self.anchor = anchor; self.position = position; self.scale = scale; self.rotation = rotation; self.opacity = opacity
    }

    /// Whether a 3D part (a z of position or anchor, `rx`, `ry`, `or`) is not zero at some time.
    var has3DParts: Bool {
        func moves(_ p: Animated<[Double]>, _ i: Int) -> Bool { p.isAnimated || p.initial.at(i) != 0 }
        let z: Bool
        switch position {
        case .combined(let p): z = moves(p, 2)
        case .separate: z = moves(zPosition, 0)
        }
        return z || moves(anchor, 2) || moves(rotationX, 0) || moves(rotationY, 0)
            || orientation.isAnimated || orientation.initial.contains { $0 != 0 }
    }

    /// Reads a transform object; 3D parts are kept when `allows3D` (a `ddd` layer's), else what is
    /// not zero among them goes to `notes` as not drawn.
    init(from decoder: any Decoder, allows3D: Bool = false, notes: inout [LottieDiagnostic]) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected a transform object"))
        }
        anchor = try c.animated("a", default: [0, 0], notes: &notes)
        if c.has("p"), let sub = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("p")), try sub.flag("s") {
            position = .separate(x: try sub.animated("x", default: [0], notes: &notes), y: try sub.animated("y", default: [0], notes: &notes))
            zPosition = try sub.animated("z", default: [0], notes: &notes)
            if !allows3D && sub.has("z") { Self.noteNonZero(zPosition, path: JSONPath.string(sub.codingPath, "z"), what: "a z position is drawn only on a 3D layer (ddd); z is taken as 0", notes: &notes) }
        } else {
            position = .combined(try c.animated("p", default: [0, 0], notes: &notes))
        }
        scale = try c.animated("s", default: [100, 100], notes: &notes)
        rotation = c.has("r") ? try c.animated("r", default: [0], notes: &notes) : try c.animated("rz", default: [0], notes: &notes)
        opacity = try c.animated("o", default: [100], notes: &notes)
        skew = try c.animated("sk", default: [0], notes: &notes)
        skewAxis = try c.animated("sa", default: [0], notes: &notes)
        rotationX = try c.animated("rx", default: [0], notes: &notes)
        rotationY = try c.animated("ry", default: [0], notes: &notes)
        orientation = try c.animated("or", default: [0, 0, 0], notes: &notes)
        guard !allows3D else { return }
        for (key, p) in [("rx", rotationX), ("ry", rotationY)] where c.has(key) {
            Self.noteNonZero(p, path: JSONPath.string(c.codingPath, key), what: "rotation about \(key == "rx" ? "x" : "y") is drawn only on a 3D layer (ddd); it is taken as 0", notes: &notes)
        }
        if c.has("or"), orientation.isAnimated || orientation.initial.contains(where: { $0 != 0 }) {
            notes.append(LottieDiagnostic(path: JSONPath.string(c.codingPath, "or"), message: "orientation is drawn only on a 3D layer (ddd); it is taken as 0"))
        }
    }

    private static func noteNonZero(_ p: Animated<[Double]>, path: String, what: String, notes: inout [LottieDiagnostic]) {
        if p.isAnimated || p.initial.at(0) != 0 { notes.append(LottieDiagnostic(path: path, message: what)) }
    }
}
