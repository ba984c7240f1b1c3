import Foundation

/// A 3x3 projective map of the plane in row-vector form: [x y 1] · H = [X Y W], point (X/W, Y/W).
/// Entries named row by row: (a b c / d e f / g h i).
public struct Projective2D: Equatable, Sendable {
    /// Row 1.
    public var a, b, c: Double
    /// Row 2.
    public var d, e, f: Double
    /// Row 3 (the translation row).
    public var g, h, i: Double

    /// Creates a map from its entries.
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h, self.i) = (a, b, c, d, e, f, g, h, i)
    }

    /// The identity.
    public static let identity = Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)

    /// Maps to homogeneous coordinates.
    @inline(__always)
    public func homogeneous(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * a + y * d + g, x * b + y * e + h, x * c + y * f + i)
    }

    /// Whether the map is affine (no perspective row).
    public var isAffine: Bool { c == 0 && f == 0 && i == 1 }

    /// The inverse map, or nil when singular or not finite.
    public var inverse: Projective2D? {
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det.isFinite, abs(det) > 1e-300 else { return nil }
        let D = -(b * i - c * h), E = a * i - c * g, F = -(a * h - b * g)
        let G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d
        let k = 1 / det
        let r = Projective2D(a: A * k, b: D * k, c: G * k, d: B * k, e: E * k, f: H * k, g: C * k, h: F * k, i: I * k)
        guard [r.a, r.b, r.c, r.d, r.e, r.f, r.g, r.h, r.i].allSatisfy({ $0.isFinite }) else { return nil }
        return r
    }

    /// `self` followed by `o`.
    public func then(_ o: Projective2D) -> Projective2D {
        Projective2D(a: a * o.a + b * o.d + c * o.g, b: a * o.b + b * o.e + c * o.h, c: a * o.c + b * o.f + c * o.i,
                     d: d * o.a + e * o.d + f * o.g, e: d * o.b + e * o.e + f * o.h, f: d * o.c + e * o.f + f * o.i,
                     g: g * o.a + h * o.d + i * o.g, h: g * o.b + h * o.e + i * o.h, i: g * o.c + h * o.f + i * o.i)
    }

    /// Maps a polygon (local points) to the screen, clipped against the near plane W >= `nearW` first
    /// so that nothing behind the eye turns into garbage; empty when fewer than 3 points survive.
    public func projectClipped(_ poly: [(x: Double, y: Double)], nearW: Double = 1e-6) -> [(x: Double, y: Double)] {
        var hs = poly.map { homogeneous($0.x, $0.y) }
        if hs.contains(where: { !($0.w >= nearW) }) {
            var out: [(x: Double, y: Double, w: Double)] = []
            out.reserveCapacity(hs.count + 2)
            for k in 0..<hs.count {
                let p = hs[k], q = hs[(k + 1) % hs.count]
                let pin = p.w >= nearW, qin = q.w >= nearW
                if pin { out.append(p) }
                if pin != qin, p.w.isFinite, q.w.isFinite {
                    let t = (nearW - p.w) / (q.w - p.w)
                    out.append((p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t, nearW))
                }
            }
            hs = out
        }
        guard hs.count >= 3 else { return [] }
        var r: [(x: Double, y: Double)] = []
        r.reserveCapacity(hs.count)
        for p in hs {
            let x = p.x / p.w, y = p.y / p.w
            guard x.isFinite, y.isFinite else { return [] }
            r.append((x, y))
        }
        return r
    }

    /// `projectClipped` of a polygon of `CGPoint`s (a filled shape's contour), the same points: in
    /// one pass with one array when no point is behind the near plane (every 2D layer), through
    /// `projectClipped` otherwise.
    public func projectClipped(_ points: [CGPoint], nearW: Double = 1e-6) -> [(x: Double, y: Double)] {
        guard points.count >= 3 else { return [] }
        var r: [(x: Double, y: Double)] = []
        r.reserveCapacity(points.count)
        for p in points {
            let q = homogeneous(Double(p.x), Double(p.y))
            guard q.w >= nearW else { return projectClipped(points.map { (x: Double($0.x), y: Double($0.y)) }, nearW: nearW) }
            let x = q.x / q.w, y = q.y / q.w
            guard x.isFinite, y.isFinite else {
                // A point before the plane has an infinite image only when the map is not finite;
                // the general path decides (points after this one may be behind the plane).
                return projectClipped(points.map { (x: Double($0.x), y: Double($0.y)) }, nearW: nearW)
            }
            r.append((x, y))
        }
        return r
    }
}
