import Foundation

/// A 4x4 transform in row-vector form, as CATransform3D: a point [x y z 1] maps to [x y z 1] · M.
/// The compositor's own value type, so the rasteriser never depends on QuartzCore.
public struct Matrix4x4: Equatable, Sendable {
    /// The 16 entries, row by row (m11, m12, m13, m14, m21, …, m44).
    public var m: SIMD16<Double>

    /// The identity.
    public static let identity = Matrix4x4(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// A matrix from 16 entries, row by row; any other count gives the identity.
    public init(m: [Double]) {
        self.m = m.count == 16 ? SIMD16(m) : SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    }

    /// A matrix from its 16 entries as a vector.
    public init(_ m: SIMD16<Double>) { self.m = m }

    /// A translation.
    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Matrix4x4 {
        Matrix4x4(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    /// A scale.
    public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Matrix4x4 {
        Matrix4x4(m: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// `self` followed by `o` (a point maps through self first): self · o.
    public func then(_ o: Matrix4x4) -> Matrix4x4 {
        var r = SIMD16<Double>()
        for i in 0..<4 {
            for j in 0..<4 {
                r[i * 4 + j] = m[i * 4] * o.m[j] + m[i * 4 + 1] * o.m[4 + j] + m[i * 4 + 2] * o.m[8 + j] + m[i * 4 + 3] * o.m[12 + j]
            }
        }
        return Matrix4x4(r)
    }

    /// This matrix with its input z ignored (third row zeroed): the map of the plane z = 0 only.
    /// Core Animation flattens a layer's sublayers into its plane this way: `child · flattenZ · parent`.
    public var flatteningInput: Matrix4x4 {
        var r = m
        r[8] = 0; r[9] = 0; r[10] = 0; r[11] = 0
        return Matrix4x4(r)
    }

    /// Maps the point (x, y, 0) to homogeneous (X, Y, Z, W).
    @inline(__always)
    public func apply(x: Double, y: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m[0] + y * m[4] + m[12], x * m[1] + y * m[5] + m[13], x * m[2] + y * m[6] + m[14], x * m[3] + y * m[7] + m[15])
    }

    /// The plane-to-screen projective map: input z = 0, output z dropped.
    public var projective: Projective2D {
        Projective2D(a: m[0], b: m[1], c: m[3], d: m[4], e: m[5], f: m[7], g: m[12], h: m[13], i: m[15])
    }

    /// Whether every entry is finite.
    public var isFinite: Bool { (0..<16).allSatisfy { m[$0].isFinite } }
}
