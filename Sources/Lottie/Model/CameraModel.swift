import Foundation

/// A camera layer (`ty` 13): its perspective distance (`pe`, the zoom) and its transform: position,
/// point of interest (`a`, when given), rotations and orientation.
struct CameraModel: Sendable {
    /// The distance from the eye to the plane drawn at its own size, in pixels.
    var perspective: Animated<[Double]>
    /// Position (z away from the viewer), point of interest in `anchor`, `rx`, `ry`, `rz`, `or`.
    var transform: TransformModel
    /// Whether the camera turns towards its point of interest (`ks.a` given).
    var hasPointOfInterest: Bool

    /// The smallest perspective distance accepted.
    static let minimumPerspective = 1.0

    /// Reads `pe` and notes what is not drawn.
    init(_ c: KeyedDecodingContainer<AnyKey>, transform: TransformModel, notes: inout [LottieDiagnostic]) throws {
        guard c.has("pe") else {
            throw DecodingError.keyNotFound(AnyKey("pe"), .init(codingPath: c.codingPath, debugDescription: "expected \"pe\", the camera's perspective distance"))
        }
        perspective = try c.animated("pe", default: [0], notes: &notes)
        let values = perspective.keyframes.map { $0.value.at(0) }
        guard values.allSatisfy({ $0.isFinite && $0 >= Self.minimumPerspective }) else {
            throw c.mismatch("pe", expected: "a perspective distance of at least \(Int(Self.minimumPerspective))")
        }
        self.transform = transform
        hasPointOfInterest = (try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("ks")))?.has("a") ?? false
    }
}
