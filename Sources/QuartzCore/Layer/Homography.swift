import Foundation
import CoreGraphics
import Compositor

/// A 3x3 projective map of the plane in row-vector form: [x y 1] · H, then divide by w.
/// Each layer's plane maps into its superlayer's through the homography of its 4x4 transform.
struct Homography {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static let identity = Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    /// The plane-to-plane part of a 4x4 transform: rows and columns 1, 2 and 4 (z = 0 in, z dropped out).
    init(_ t: CATransform3D) {
        m = (Double(t.m11), Double(t.m12), Double(t.m14),
             Double(t.m21), Double(t.m22), Double(t.m24),
             Double(t.m41), Double(t.m42), Double(t.m44))
    }

    init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    /// Maps a point; nil when it lands at or behind the eye (w <= 0) or is not finite.
    func apply(_ p: CGPoint) -> CGPoint? {
        let x = Double(p.x), y = Double(p.y)
        let X = x * m.0 + y * m.3 + m.6
        let Y = x * m.1 + y * m.4 + m.7
        let W = x * m.2 + y * m.5 + m.8
        guard W > 1e-12, X.isFinite, Y.isFinite else { return nil }
        return CGPoint(x: X / W, y: Y / W)
    }

    /// `self` followed by `o`.
    func then(_ o: Homography) -> Homography {
        let a = m, b = o.m
        return Homography(m: (
            a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
            a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
            a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    /// The inverse, or nil when singular (computed by the compositor's Projective2D).
    func inverted() -> Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        guard let r = Projective2D(a: a, b: b, c: c, d: d, e: e, f: f, g: g, h: h, i: i).inverse else { return nil }
        return Homography(m: (r.a, r.b, r.c, r.d, r.e, r.f, r.g, r.h, r.i))
    }
}
